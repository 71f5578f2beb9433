"""The GM commands and the demo, end to end through the CLI."""

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.cli.diplomacy import play_bot_game
from warjudge.core.record import GameRecord

runner = CliRunner()


def test_gm_game_flow(tmp_path):  # a GM runs a game: new, orders, process, show
    path = tmp_path / "game.json"
    assert runner.invoke(app, ["diplomacy", "new", str(path)]).exit_code == 0
    r = runner.invoke(app, ["diplomacy", "orders", str(path), "france"], input="A par - bur\n# comment\nA mar - pie\n")
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["diplomacy", "process", str(path)])
    assert r.exit_code == 0 and "succeeds" in r.output
    r = runner.invoke(app, ["diplomacy", "show", str(path)])
    assert "F1901M" in r.output and "A bur" in r.output
    assert [a["type"] for a in GameRecord.load(path).actions] == ["order", "order", "process"]   # issue 12: atomic


def test_gm_errors_are_clear_and_change_nothing(tmp_path):  # Standards: bad input changes nothing
    path = tmp_path / "game.json"
    runner.invoke(app, ["diplomacy", "new", str(path)])
    before = path.read_text()
    r = runner.invoke(app, ["diplomacy", "orders", str(path), "NARNIA"], input="A par - bur\n")
    assert r.exit_code == 2 and "unknown power" in r.output and "Traceback" not in r.output
    assert path.read_text() == before
    assert runner.invoke(app, ["diplomacy", "new", str(path)]).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{broken")
    r = runner.invoke(app, ["diplomacy", "show", str(bad)])
    assert r.exit_code == 2 and "not a valid warjudge record" in r.output


def test_demo_plays_a_whole_game():  # README: the main job
    r = runner.invoke(app, ["diplomacy", "demo", "--seed", "2", "--max-year", "1903"])
    assert r.exit_code == 0, r.output
    assert "W1903A" in r.output or "F1903M" in r.output
    assert "Centres" in r.output


def test_bot_game_is_deterministic():  # Standards: determinism
    a, b = play_bot_game(5, 1906), play_bot_game(5, 1906)
    assert a.record.to_json() == b.record.to_json()


def test_draw_of_a_standard_game(tmp_path):  # 2000 rulebook: a draw shared by all survivors
    path = str(tmp_path / "g.json")
    runner.invoke(app, ["diplomacy", "new", path])
    r = runner.invoke(app, ["diplomacy", "draw", path, "FRANCE", "ENGLAND"])
    assert r.exit_code == 2 and "surviving powers" in r.output
    r = runner.invoke(app, ["diplomacy", "draw", path, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"])
    assert r.exit_code == 0 and "drawn" in r.output
    r = runner.invoke(app, ["diplomacy", "process", path])
    assert r.exit_code == 2 and "over" in r.output


def test_show_reads_alike_for_both_games(tmp_path):  # issue 25: one report printer a game, no per-game branch
    path = tmp_path / "game.json"
    runner.invoke(app, ["diplomacy", "new", str(path)])
    runner.invoke(app, ["diplomacy", "orders", str(path), "FRANCE"], input="A par - bur\n")
    runner.invoke(app, ["diplomacy", "process", str(path)])
    svg = tmp_path / "board.svg"
    r = runner.invoke(app, ["diplomacy", "show", str(path), "--power", "italy", "--phase", "S1901M", "--lang", "fr",
                            "--svg", str(svg)])
    assert r.exit_code == 2 and "leave out --phase" in r.output   # a past phase is text only
    r = runner.invoke(app, ["diplomacy", "show", str(path), "--power", "italy", "--phase", "S1901M", "--lang", "fr"])
    assert r.exit_code == 0 and "A par - bur" in r.output and "Now F1901M" in r.output
    r = runner.invoke(app, ["diplomacy", "show", str(path), "--svg", str(svg)])
    assert r.exit_code == 0 and svg.read_text().startswith("<svg")
    r = runner.invoke(app, ["diplomacy", "show", str(path), "--phase", "F1905M"])
    assert r.exit_code == 2 and "no report for F1905M" in r.output
