"""One CLI shell (issue 25 points 3 and 9, cli/shell.py): every command group fails through
one `fail`, loads and updates saved games through the registry (core.games.load), and
the Diplomacy commands serve both Diplomacy games without asking which one they hold."""

from __future__ import annotations

import ast
from pathlib import Path

from typer.testing import CliRunner

import warjudge.cli
from warjudge.cli import app
from warjudge.core import games

runner = CliRunner()
CLI = Path(warjudge.cli.__file__).parent


def _calls_and_defs(path: Path) -> tuple[set[str], set[str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defs = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    return defs, attrs


def test_every_group_has_the_one_fail_and_goes_through_the_registry():
    for path in sorted(CLI.glob("*.py")):
        defs, attrs = _calls_and_defs(path)
        if path.name != "shell.py":
            assert "_fail" not in defs and "fail" not in defs, path.name   # one fail: cli/shell.py
        assert "_is_necromancer" not in defs, path.name                   # no branching on the variant
        assert not attrs & {"from_record", "winner", "turn_limit_reached"}, path.name   # around the registry


def test_a_record_of_another_game_is_refused_by_name_and_left_alone(tmp_path):
    sjg = tmp_path / "sjg.json"
    games.new("necromancer-sjg", seed=1).record.save(sjg)
    before = sjg.read_bytes()
    for command in (["diplomacy", "show", str(sjg)], ["diplomacy", "process", str(sjg)]):
        r = runner.invoke(app, command)
        assert r.exit_code == 2 and r.stderr.startswith("error: ") and "Traceback" not in r.output
        assert "this record is for 'necromancer-sjg', not a Diplomacy game" in r.stderr
    assert sjg.read_bytes() == before
    dip = tmp_path / "dip.json"
    assert runner.invoke(app, ["diplomacy", "new", str(dip)]).exit_code == 0
    r = runner.invoke(app, ["sjg", "show", str(dip)])
    assert r.exit_code == 2 and "this record is for 'diplomacy', not an SJG Necromancer game" in r.stderr


def test_both_diplomacy_games_run_through_the_same_gm_commands(tmp_path):
    for variant, power, order in (("standard", "france", "A par - bur"), ("necromancer", "saruman", "Build A Gap")):
        path = tmp_path / f"{variant}.json"
        assert runner.invoke(app, ["diplomacy", "new", str(path), "--variant", variant]).exit_code == 0
        r = runner.invoke(app, ["diplomacy", "orders", str(path), power], input=f"{order}\n")
        assert r.exit_code == 0, r.output
        r = runner.invoke(app, ["diplomacy", "process", str(path)])
        assert r.exit_code == 0 and "succeeds" in r.output, r.output
        r = runner.invoke(app, ["diplomacy", "draw", str(path), "NARNIA"])
        assert r.exit_code == 2 and r.stderr.startswith("error: ") and "surviving powers" in r.stderr
