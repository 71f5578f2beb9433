"""Issue 12, "The code moves": one command group per game family, so the Diplomacy
variant and the SJG game never share a CLI word; the previous release's words stay as
hidden aliases that say once, on standard error, which word replaces them."""

import json

import pytest
from typer.testing import CliRunner

from warjudge.cli import app

runner = CliRunner()
DOC = {"variant": "standard", "phase": "S1901M", "units": {"ENGLAND": ["A lvp"]}, "orders": {"ENGLAND": ["A lvp H"]}}


def _commands(args: list[str]) -> set[str]:
    """The command words a group's help lists."""
    out = runner.invoke(app, [*args, "--help"], terminal_width=200).stdout
    return {line.split()[1] for line in out.splitlines() if line.startswith("│ ") and len(line.split()) > 2}


def test_top_level_lists_one_group_per_family_and_hides_the_old_words():
    words = _commands([])
    assert {"diplomacy", "sjg", "gs", "games", "selfplay", "serve", "db"} <= words
    assert not words & {"necromancer", "game", "adjudicate", "demo", "map"}


def test_the_diplomacy_group_holds_the_gm_commands_adjudicate_demo_and_map():
    assert {"new", "orders", "process", "draw", "show", "adjudicate", "demo", "map"} <= _commands(["diplomacy"])
    assert {"new", "act", "show", "play", "map"} <= _commands(["sjg"])


def test_sjg_new_starts_an_sjg_game_and_the_old_word_does_the_same_with_a_notice(tmp_path):
    new = runner.invoke(app, ["sjg", "new", str(tmp_path / "a.json"), "--seed", "5"])
    old = runner.invoke(app, ["necromancer", "new", str(tmp_path / "b.json"), "--seed", "5"])
    assert new.exit_code == old.exit_code == 0
    assert new.stdout.replace("a.json", "b.json") == old.stdout      # the same game, the same report
    assert new.stderr == ""
    assert old.stderr.strip().splitlines() == [
        "warjudge necromancer is deprecated and goes in the next release; use 'warjudge sjg'."]
    assert json.loads((tmp_path / "a.json").read_text())["game"] == "necromancer-sjg"


def test_diplomacy_new_and_the_old_game_word(tmp_path):
    new = runner.invoke(app, ["diplomacy", "new", str(tmp_path / "a.json"), "--variant", "necromancer"])
    old = runner.invoke(app, ["game", "new", str(tmp_path / "b.json"), "--variant", "necromancer"])
    assert new.exit_code == old.exit_code == 0 and new.stderr == ""
    assert "use 'warjudge diplomacy'" in old.stderr and len(old.stderr.strip().splitlines()) == 1
    assert json.loads((tmp_path / "a.json").read_text())["game"] == json.loads((tmp_path / "b.json").read_text())["game"]


@pytest.mark.parametrize("old, new", [(["adjudicate"], ["diplomacy", "adjudicate"])])
def test_adjudicate_alias_answers_the_same_json_with_a_notice(old, new):
    a = runner.invoke(app, new, input=json.dumps(DOC))
    b = runner.invoke(app, old, input=json.dumps(DOC))
    assert a.exit_code == b.exit_code == 0 and json.loads(a.stdout) == json.loads(b.stdout)
    assert b.stderr.strip() == ("warjudge adjudicate is deprecated and goes in the next release; "
                                "use 'warjudge diplomacy adjudicate'.")


def test_map_alias_checks_a_map_with_a_notice():
    result = runner.invoke(app, ["map", "check", "--variant", "standard", "/no/such/map.json"])
    assert result.exit_code == 2 and "use 'warjudge diplomacy map'" in result.stderr


def test_the_sjg_words_are_not_diplomacy_words():
    """`warjudge diplomacy act` (an SJG word) and `warjudge sjg orders` (a Diplomacy one) do not exist."""
    assert runner.invoke(app, ["diplomacy", "act", "x.json", "red", "end"]).exit_code == 2
    assert runner.invoke(app, ["sjg", "orders", "x.json", "RED"]).exit_code == 2
