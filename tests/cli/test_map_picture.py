"""`warjudge diplomacy map picture`: the map check of issue 14 at the terminal, for the shipped maps
or a user's own map and layout; problems listed at once, exit status 2, nothing written
when the input is broken."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.presentation.diplomacy_map.boards import HERE

runner = CliRunner()
STANDARD_MAP = "src/warjudge/diplomacy/variants/standard/map.json"


def test_the_shipped_maps_pass_and_the_picture_is_written(tmp_path):
    out = tmp_path / "standard.svg"
    result = runner.invoke(app, ["diplomacy", "map", "picture", "--variant", "standard", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "every adjacency can be seen" in result.output
    assert out.read_text().count("data-province=") == 75
    result = runner.invoke(app, ["diplomacy", "map", "picture", "--variant", "necromancer"])
    assert result.exit_code == 0, result.output


def test_a_users_layout_with_problems_gets_them_all_and_status_2(tmp_path):
    layout = json.loads((HERE / "standard_layout.json").read_text())
    layout["provinces"]["par"] = {"xy": [1000, 300]}
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(layout))
    result = runner.invoke(app, ["diplomacy", "map", "picture", STANDARD_MAP, "--variant", "standard", "--layout", str(path)])
    assert result.exit_code == 2
    assert "problem(s) in the picture" in result.output and "bre-par" in result.output
    assert result.output.count("  - ") > 3


def test_a_broken_layout_file_is_refused_and_nothing_is_written(tmp_path):
    path = tmp_path / "layout.json"
    path.write_text('{"format": "warjudge-diplomacy-layout/1", "width": 10')
    out = tmp_path / "x.svg"
    result = runner.invoke(app, ["diplomacy", "map", "picture", "--variant", "standard", "--layout", str(path), "--out", str(out)])
    assert result.exit_code == 2 and "error:" in result.output and "Traceback" not in result.output
    assert not out.exists()
    result = runner.invoke(app, ["diplomacy", "map", "picture", "--variant", "chess"])
    assert result.exit_code == 2 and "unknown variant" in result.output
