"""`warjudge picture`: any saved game's board drawn by the presenter its registration
names (`GameInfo.board` as SVG, `GameInfo.png` as PNG), one code path for every game
(issue 25); a picture is drawn from the seat's own view, and a refusal is one error line
with nothing written."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterator

import pytest
from PIL import Image
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.core import games
from warjudge.core.record import GameRecord

from tests.support.toygame import INFO

runner = CliRunner()
BUILT_IN = ("diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def saved(tmp_path: Path, game_id: str) -> Path:
    path = tmp_path / f"{game_id}.json"
    games.new(game_id, seed=4).record.save(path)
    return path


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_svg_is_the_registered_board_of_the_seats_own_view(tmp_path: Path, game_id: str) -> None:
    path, out = saved(tmp_path, game_id), tmp_path / "board.svg"
    game = games.load(GameRecord.load(path))
    seat = game.players[0]
    result = runner.invoke(app, ["picture", str(path), "--seat", seat, "--lang", "fr", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    board = games.info(game_id).board_renderer()
    assert board is not None
    assert out.read_text(encoding="utf-8") == board(game, game.view(seat), "fr")


def test_the_sjg_png_is_its_registered_png_of_the_seats_own_view(tmp_path: Path) -> None:
    from warjudge.presentation.sjg.render import picture_size

    path, out = saved(tmp_path, "necromancer-sjg"), tmp_path / "board.png"
    result = runner.invoke(app, ["picture", str(path), "--seat", "red", "--png", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"Wrote {out}."
    game = games.load(GameRecord.load(path))
    photo = games.info("necromancer-sjg").png_renderer()
    assert photo is not None
    assert out.read_bytes() == photo(game, game.view("red"), "en")
    width, height = picture_size(game.public_map)
    assert Image.open(io.BytesIO(out.read_bytes())).size == (int(width), int(height))


@pytest.mark.parametrize("game_id", [g for g in BUILT_IN if g != "necromancer-sjg"])
def test_a_png_is_refused_for_a_game_that_draws_svg_only(tmp_path: Path, game_id: str) -> None:
    # no PNG renderer for these yet: their boards are SVG, and no SVG rasteriser is a dependency
    assert games.info(game_id).png_renderer() is None
    path, out = saved(tmp_path, game_id), tmp_path / "board.png"
    result = runner.invoke(app, ["picture", str(path), "--png", str(out), "--svg", str(tmp_path / "b.svg")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "SVG only" in result.stderr
    assert not out.exists() and not (tmp_path / "b.svg").exists()


@pytest.mark.parametrize("args, says", [
    ([], "say what to write"),
    (["--svg", "X", "--seat", "purple"], "no seat 'purple'"),
    (["--svg", "X", "--lang", "de"], "language 'de'"),
])
def test_bad_requests_are_one_error_line(tmp_path: Path, args: list[str], says: str) -> None:
    path = saved(tmp_path, "necromancer-sjg")
    result = runner.invoke(app, ["picture", str(path), *[str(tmp_path / a) if a == "X" else a for a in args]])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and says in result.stderr
    assert not (tmp_path / "X").exists()


def test_a_game_with_no_board_is_told_so(tmp_path: Path) -> None:
    path, out = saved(tmp_path, INFO.id), tmp_path / "board.svg"
    result = runner.invoke(app, ["picture", str(path), "--svg", str(out)])
    assert result.exit_code == 2 and "has no board picture" in result.stderr
    assert not out.exists()


def test_a_missing_file_is_one_error_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["picture", str(tmp_path / "none.json"), "--svg", str(tmp_path / "b.svg")])
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot read record")
