"""`warjudge games` and `warjudge selfplay`: the registry listed, and a whole game played
by bots through the interface, printed as one JSON document (issue 12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

import warjudge
from warjudge.cli import app
from warjudge.core import bots, games
from warjudge.core.games import GameInfo

from tests.support.registered import ENDING_OPTIONS
from tests.support.toygame import INFO

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def test_games_lists_every_registered_game_with_its_bots() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == games.ids()
    assert lines[games.ids().index("necromancer-sjg")].endswith("bots: random, heuristic, search")
    rows = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    assert {r["id"]: r["bots"] for r in rows}[INFO.id] == ["random"]


def test_games_names_the_old_record_ids_a_game_still_reads() -> None:
    games.register(GameInfo("toy-renamed", "A renamed toy", INFO.entry, legacy_ids=("toy-old",)))
    try:
        lines = runner.invoke(app, ["games"]).stdout.splitlines()
        assert "(records: also toy-old)" in lines[games.ids().index("toy-renamed")]
    finally:
        games.unregister("toy-renamed")


def test_games_names_the_capabilities_each_game_offers() -> None:
    # issue 25: the registry declares what each game offers beyond the interface
    rows = {r["id"]: r for r in json.loads(runner.invoke(app, ["games", "--json"]).stdout)}
    assert rows["necromancer-sjg"]["capabilities"] == ["cost", "default_action", "forced_action", "legal_groups",
                                                       "option_descriptions", "preview", "public_map", "sample_hidden",
                                                       "setup_plan"]
    assert rows[INFO.id]["capabilities"] == ["option_descriptions", "sample_hidden"]
    lines = runner.invoke(app, ["games"]).stdout.splitlines()
    assert "; offers: option_descriptions, pending_orders, sample_hidden, seat_names, waiting_for; bots:" in lines[games.ids().index("necromancer-diplomacy")]


def selfplay(*args: str) -> dict:
    result = runner.invoke(app, ["selfplay", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_selfplay_plays_to_the_end_and_the_same_seed_gives_the_same_hash() -> None:
    out = selfplay(INFO.id, "--seed", "9", "--option", "rounds=2")
    assert {"game", "seed", "actions", "outcome", "state_hash"} <= out.keys()
    assert out["game"] == INFO.id and out["seed"] == 9 and out["options"] == {"rounds": 2}
    assert out["actions"] == 4 and out["finished"] is True and out["outcome"]["reason"] in ("victory", "draw")
    assert len(out["state_hash"]) == 64
    assert selfplay(INFO.id, "--seed", "9", "--option", "rounds=2") == out
    hashes = {selfplay(INFO.id, "--seed", str(seed), "--option", "rounds=2")["state_hash"] for seed in range(6)}
    assert len(hashes) > 1   # the hash is of the game played, not a constant


def test_selfplay_seats_one_bot_per_player_in_order() -> None:
    out = selfplay(INFO.id, "--seed", "1", "--bots", "random,random")
    assert out["bots"] == {"north": "random", "south": "random"} and out["actions"] == 6   # 3 rounds


def test_selfplay_stops_at_max_actions_and_says_it_did_not_finish() -> None:
    out = selfplay(INFO.id, "--seed", "1", "--max-actions", "3")
    assert out["actions"] == 3 and out["finished"] is False and out["outcome"] is None


@pytest.mark.parametrize("args, message", [
    (["chess", "--seed", "1"], "unknown game 'chess'"),
    ([INFO.id, "--seed", "1", "--option", "rounds"], "write it as NAME=VALUE"),
    ([INFO.id, "--seed", "1", "--option", "rounds=99"], "rounds: a whole number from 1 to 20"),
    (["necromancer-sjg", "--seed", "1", "--option", "board={\"x\": 1}"], "unknown option(s) board"),  # issue 22
    (["necromancer-sjg", "--seed", "1", "--option", "map=/nonexistent/map.json"], "the map file"),
    ([INFO.id, "--seed", "1", "--bots", "random,random,random"], "one per player"),
    ([INFO.id, "--seed", "1", "--bots", "genius"], "no bot 'genius'"),
    ([INFO.id, "--seed", "1", "--max-actions", "0"], "at least 1"),
    ([INFO.id, "--seed", str(1 << 300)], "seed"),
])
def test_selfplay_refuses_bad_requests_with_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["selfplay", *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_selfplay_reads_a_file_option_from_the_file_it_names(tmp_path) -> None:
    # issue 22: a map of one's own is a described option; `--option map=FILE` reads the file
    board = json.loads((Path(warjudge.__file__).parent / "hexwar/sjg/board.json").read_text(encoding="utf-8"))
    board["name"] = "my own transcription"
    (tmp_path / "mine.json").write_text(json.dumps(board, indent=2), encoding="utf-8")
    out = selfplay("necromancer-sjg", "--seed", "1", "--max-actions", "3", "--option", f"map={tmp_path / 'mine.json'}")
    assert out["options"]["map"]["name"] == "my own transcription" and out["actions"] == 3


# --- every registered game, every kind of bot, in two processes ------------------------------

def bot_specs() -> list[tuple[str, str]]:
    """(game, --bots) for every registered game: random, and where the game offers one its
    heuristic bot alone and mixed with the random bot (seat by seat, in turn)."""
    specs = []
    for game_id in games.ids():
        specs.append((game_id, "random"))
        if "heuristic" in bots.names(game_id):
            seats = len(games.new(game_id, seed=0, **ENDING_OPTIONS.get(game_id, {})).players)
            specs += [(game_id, "heuristic"), (game_id, ",".join((["random", "heuristic"] * seats)[:seats]))]
    return specs


SELFPLAY_CLI = "import sys; from warjudge.cli import app; app(sys.argv[1:], prog_name='warjudge')"


@pytest.mark.parametrize("game_id, bot_names", bot_specs())
def test_selfplay_plays_every_game_with_its_bots_alike_in_every_process(game_id: str, bot_names: str) -> None:
    # issue 12: `warjudge selfplay GAME --seed N [--bots …]` plays a complete game through the
    # interface and prints one JSON document; the same seed gives the same state_hash in
    # every process and under any PYTHONHASHSEED
    options = [word for name, value in ENDING_OPTIONS.get(game_id, {}).items() for word in ("--option", f"{name}={value}")]
    command = [sys.executable, "-c", SELFPLAY_CLI, "selfplay", game_id, "--seed", "5", "--bots", bot_names, *options]
    runs = [subprocess.Popen(command, cwd=Path(__file__).parents[2], text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": hash_seed})
            for hash_seed in ("0", "123")]
    outs = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        outs.append(json.loads(out))
    first, second = outs
    assert first == second, "PYTHONHASHSEED 0 and 123 played different games"
    game = games.new(game_id, seed=5, **ENDING_OPTIONS.get(game_id, {}))
    names = bot_names.split(",")
    assert first["game"] == game_id and first["seed"] == 5
    assert first["bots"] == dict(zip(game.players, names * len(game.players) if len(names) == 1 else names))
    assert first["finished"] is True and first["actions"] > 0
    assert first["outcome"]["reason"] and set(first["outcome"]["winners"]) <= set(game.players)
    assert len(first["state_hash"]) == 64 and int(first["state_hash"], 16) >= 0
