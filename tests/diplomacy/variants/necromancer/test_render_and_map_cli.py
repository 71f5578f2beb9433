"""The SVG map and the map commands a games master uses to check a transcription."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.diplomacy.variants.necromancer import mapfile
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.presentation.necromancer_diplomacy.render import Picture, render_svg, start_picture

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"
MAP_PATH = Path(mapfile.__file__).with_name("map.json")


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_initial_position_is_drawn():  # EN 6.1: every starting unit is on the picture
    nmap = load_necromancer_map()
    svg = render_svg(nmap, start_picture(nmap))
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    words = texts(svg)
    assert "A/F" in words and "W" in words and "N" in words and "C" in words
    assert any("Reconstructed map" in w for w in words)  # the picture says it is a reconstruction
    assert len([p for p in nmap.provinces]) == len([w for w in words if w in nmap.provinces])


def test_picture_shows_only_what_it_is_given():  # hidden information: the renderer adds nothing
    nmap = load_necromancer_map()
    view = Picture(units={"Ise": [("SARUMAN", "A")]}, owners={}, title="Rohan's view")
    words = texts(render_svg(nmap, view))
    assert "W" not in words and "N" not in words and words.count("A") == 1


def test_borders_drawn_by_kind():  # EN 5.2: mountain borders look different
    nmap = load_necromancer_map()
    svg = render_svg(nmap, Picture())
    lines = list(ET.fromstring(svg).iter(f"{SVG}line"))
    assert len(lines) >= len(nmap.borders)
    assert any(line.get("stroke") == "#7b4b2a" for line in lines)


def test_transcription_without_positions_still_draws(tmp_path):  # a GM's own map file
    raw = json.loads(MAP_PATH.read_text(encoding="utf-8"))
    for p in raw["provinces"]:
        p.pop("xy", None)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    out = tmp_path / "mine.svg"
    r = runner.invoke(app, ["diplomacy", "map", "render", "--map", str(path), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "No drawing position" in out.read_text(encoding="utf-8")


def test_map_check_accepts_the_shipped_maps():
    r = runner.invoke(app, ["diplomacy", "map", "check", str(MAP_PATH)])
    assert r.exit_code == 0 and "80 provinces" in r.output and "reconstruction" in r.output


def test_map_check_lists_every_problem(tmp_path):  # Standards: a broken map file gets a clear error
    raw = json.loads(MAP_PATH.read_text(encoding="utf-8"))
    raw["borders"].append(["Eri", "Dun", "land"])
    next(p for p in raw["provinces"] if p["id"] == "TOL")["sc"] = False
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    r = runner.invoke(app, ["diplomacy", "map", "check", str(path)])
    assert r.exit_code == 2
    assert "EN 5.1 i" in r.output and "Tolfalas" in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["diplomacy", "map", "check", str(tmp_path / "none.json")])
    assert r.exit_code == 2 and "cannot read" in r.output
