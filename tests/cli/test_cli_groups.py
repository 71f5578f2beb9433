"""Issue 12, "The code moves": one command group per game family, so the Diplomacy
variant and the SJG game never share a CLI word; the previous release's aliases are gone
(issue 25), so "necromancer" as a word means the Diplomacy variant only."""

import json

import pytest
from typer.testing import CliRunner

from warjudge.cli import app

runner = CliRunner()
DOC = {"variant": "standard", "phase": "S1901M", "units": {"ENGLAND": ["A lvp"]}, "orders": {"ENGLAND": ["A lvp H"]}}


def _commands(args: list[str]) -> set[str]:
    """The command words a group's help lists (a row's first column; a wrapped description's
    next rows leave it blank)."""
    out = runner.invoke(app, [*args, "--help"], terminal_width=200).stdout
    return {line.split()[1] for line in out.splitlines()
            if line.startswith("│ ") and line[2:3] not in (" ", "") and len(line.split()) > 2}


def test_top_level_lists_one_group_per_family_and_not_the_old_words():
    words = _commands([])
    assert {"diplomacy", "sjg", "gs", "games", "selfplay", "serve", "db"} <= words
    assert not words & {"necromancer", "game", "adjudicate", "demo", "map"}


def test_the_diplomacy_group_holds_the_gm_commands_adjudicate_demo_and_map():
    assert {"new", "orders", "process", "draw", "show", "adjudicate", "demo", "map"} <= _commands(["diplomacy"])
    assert {"new", "act", "show", "play", "map"} <= _commands(["sjg"])


def test_sjg_new_starts_an_sjg_game(tmp_path):
    new = runner.invoke(app, ["sjg", "new", str(tmp_path / "a.json"), "--seed", "5"])
    assert new.exit_code == 0 and new.stderr == ""
    assert json.loads((tmp_path / "a.json").read_text())["game"] == "necromancer-sjg"


def test_diplomacy_new_with_the_necromancer_variant_is_the_diplomacy_variant(tmp_path):
    new = runner.invoke(app, ["diplomacy", "new", str(tmp_path / "a.json"), "--variant", "necromancer"])
    assert new.exit_code == 0 and new.stderr == ""
    assert json.loads((tmp_path / "a.json").read_text())["game"] == "necromancer-diplomacy"


@pytest.mark.parametrize("old", [["necromancer", "new", "b.json"], ["game", "new", "b.json"], ["adjudicate"],
                                 ["demo"], ["map", "check", "/no/such/map.json"]])
def test_the_previous_releases_words_are_gone(old, tmp_path, monkeypatch):
    """The aliases kept for one release are removed: each is an unknown command, nothing written."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, old, input=json.dumps(DOC))
    assert result.exit_code == 2 and "No such command" in result.output
    assert list(tmp_path.iterdir()) == []


def test_the_sjg_words_are_not_diplomacy_words():
    """`warjudge diplomacy act` (an SJG word) and `warjudge sjg orders` (a Diplomacy one) do not exist."""
    assert runner.invoke(app, ["diplomacy", "act", "x.json", "red", "end"]).exit_code == 2
    assert runner.invoke(app, ["sjg", "orders", "x.json", "RED"]).exit_code == 2


def test_the_sjg_group_names_its_map_an_sjg_necromancer_map():
    """"necromancer" alone is the Diplomacy variant (issue 25): the SJG group's map check
    says whose map it checks, in its help and in its answer."""
    from warjudge.hexwar.sjg.board import DEFAULT_BOARD

    helped = runner.invoke(app, ["sjg", "map", "check", "--help"], terminal_width=200).stdout
    assert "Validate an SJG Necromancer map file" in helped
    checked = runner.invoke(app, ["sjg", "map", "check", str(DEFAULT_BOARD)])
    assert checked.exit_code == 0 and "is a valid SJG Necromancer map" in " ".join(checked.output.split())
