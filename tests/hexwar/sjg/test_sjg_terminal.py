"""Issue 10 items 4-8: the text map read in 80 columns and in a mailed file, sides told
apart without colour, cliffs on all six hexsides, the bot's turn in short, line editing
and partial deployments at the prompt."""

from __future__ import annotations

import random
import re
import sys

from rich.console import Console
from typer.testing import CliRunner

from tests.support.sjg_deploy import deploy_action
from warjudge.cli import app
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.presentation.sjg.terminal import line_reader, run_session, turn_summary
from warjudge.presentation.sjg.render import render_terminal
from warjudge.hexwar.sjg.views import view
from warjudge.hexwar.grid import Grid

from tests.hexwar.sjg.sjg_helpers import make_map
from tests.support.sjg_act import act_as_its_side

runner = CliRunner()


def played(turns: int = 3, seed: int = 4) -> SjgNecromancerGame:
    game = SjgNecromancerGame.new(seed=seed, first="red")
    rng = random.Random(seed)
    while game.state.turn < turns:
        act_as_its_side(game, bots.random_action(game, rng))
    return game


def text_of(v: dict, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))
    console.print(render_terminal(v))
    return console.export_text()


def map_cells(text: str) -> list[str]:
    """Every stack label drawn (side glyph case kept)."""
    return re.findall(r"[»~^◆Ψ ]([0-9NnZzSsWwAaMmDd]{1,4})(?=[ ┃]|$)", text, flags=re.M)


def test_the_whole_map_fits_80_columns_and_nothing_is_cut():
    # issue 10 item 4: every column 01-23 and every stack of both sides, in 80 columns
    game = played()
    v = view(game, None)
    text = text_of(v, 80)
    assert max(len(line) for line in text.splitlines()) <= 80
    for col in range(1, 24):
        assert f"{col:02d}" in text
    stacks = {u["hex"] for u in v["units"]}
    labels = [c for c in map_cells(text) if not c.isdigit()]
    assert len(labels) >= len(stacks)                       # column 12 is drawn in both halves
    assert "West half" in text and "East half" in text


def test_show_piped_to_a_file_holds_both_armies(tmp_path):
    # issue 10 item 4: `show` into a file used to stop at column 15
    path = tmp_path / "g.json"
    assert runner.invoke(app, ["sjg", "new", str(path), "--seed", "4", "--first", "red"]).exit_code == 0
    for side in ("red", "black"):
        assert runner.invoke(app, ["sjg", "act", str(path), side, "deploy auto"]).exit_code == 0
    out = runner.invoke(app, ["sjg", "show", str(path)]).output
    assert max(len(line) for line in out.splitlines()) <= 80
    cells = map_cells(out)
    assert any(c.isupper() for c in cells) and any(c.islower() and c.isalpha() for c in cells)
    assert " 23" in out.splitlines()[out.splitlines().index(next(l for l in out.splitlines() if "East half" in l)) + 1]


def test_sides_differ_in_the_glyphs_without_colour():
    # issue 10 item 5: '2S1W' looked the same for black and red
    game = played()
    text = text_of(view(game, None), 200)
    red = {u["hex"] for u in view(game, None)["units"] if u["side"] == "red"}
    assert red and any(c.isupper() for c in map_cells(text))
    assert any(c.islower() and c.isalpha() for c in map_cells(text))
    flat = " ".join(text.split())
    assert "red: CAPITALS" in flat and "black: small" in flat


def test_cliffs_are_drawn_on_all_six_hexsides():
    # issue 10 item 5; SJG 2.16: one glyph per cliff hexside, whatever its direction
    centre = "1108"
    grid = Grid(23, 17)
    around = [grid.neighbour(centre, d) for d in range(1, 7)]
    board = make_map({centre: "2"}, cliffs=[(centre, h) for h in around])
    v = {"board": board, "units": [], "jewels": [], "miasma": [], "sides": {}, "pending": None, "winner": None}
    text = text_of(v, 200)
    assert sum(line[:150].count("┃") for line in text.splitlines()) == 2   # east and west sides
    lines = [line[:150] for line in text.splitlines()]  # the map, not the panel beside it
    row = next(i for i, line in enumerate(lines) if line.startswith("08 "))
    assert lines[row - 1].count("\\") + lines[row - 1].count("/") == 2   # north-west, north-east
    assert lines[row + 1].count("\\") + lines[row + 1].count("/") == 2   # south-west, south-east


def test_slope_miasma_and_last_moves_stay_visible_under_stacks():
    # issue 10 items 5 and 7
    game, rng = played(turns=3), random.Random(0)
    while not game.recent_moves():  # the random bot may have ended a movement phase at once
        act_as_its_side(game, bots.random_action(game, rng))
    v = view(game, None)
    text = text_of(v, 200)
    assert v["moved"] and "»" in text


def test_the_bots_turn_is_summarised_results_first():
    # issue 10 item 7: 19-46 "black moves" lines pushed the results out of view
    lines = ["— turn 4: black —", "black moves Z12 0305 0406 0507", "  roll 7 (combat)",
             "black moves W20, W21 0909 1009", "black ends the move phase",
             "black attacks 0808: 24 to 10, 2-1 column, roll 7+0: DR", "red retreats from 0808 to 0707"]
    out = turn_summary(lines)
    assert out[:3] == ["— turn 4: black —", "black attacks 0808: 24 to 10, 2-1 column, roll 7+0: DR",
                       "red retreats from 0808 to 0707"]
    assert out[-1] == "black moved 2 times: Z12 0305>0507; W20, W21 0909>1009"


def test_line_editing_is_on_at_the_prompt():
    # issue 10 item 8: the Up arrow printed ^[[A
    sys.modules.pop("readline", None)
    line_reader(Console(file=open("/dev/null", "w")))
    assert "readline" in sys.modules


def test_partial_hand_deployment_at_the_terminal():
    # issue 10 item 8; SJG 9.1: the set-up is sent once every unit is placed
    game = SjgNecromancerGame.new(seed=3, first="red")
    full = deploy_action(game, "red", random.Random(1))["placements"]
    hexes = sorted(full)
    parts = [" ".join(f"{h}:{','.join(full[h])}" for h in hexes[i:i + 5]) for i in range(0, len(hexes), 5)]
    typed = ["deploy " + parts[0], "deploy list", "deploy clear"] + ["deploy " + p for p in parts] + ["quit"]
    console = Console(record=True, width=100, color_system=None, file=open("/dev/null", "w"))
    run_session(game, bot_side="black", input_fn=lambda prompt: typed.pop(0), console=console,
                rng=random.Random(2), clear_fn=lambda: None)
    out = console.export_text()
    assert "still to place" in out and "set-up cleared" in out
    assert "red has deployed" in out
    assert sorted((u.hex, u.kind.value) for u in game.state.position.side_units("red") if u.kind.value != "necromancer") \
        == sorted((h, k) for h, ks in full.items() for k in ks)


def test_a_refused_deploy_line_places_nothing():
    # SJG 9.1 set-up at the terminal, one `place` action a unit; bad input changes nothing:
    # the whole line is tried on a copy first, so a bad hex at its end places none of it
    game = SjgNecromancerGame.new(seed=3, first="red")
    full = deploy_action(game, "red", random.Random(1))["placements"]
    first = sorted(full)[0]
    typed = [f"deploy {first}:{','.join(full[first])} 9999:z", "deploy list", "quit"]
    console = Console(record=True, width=100, color_system=None, file=open("/dev/null", "w"))
    run_session(game, bot_side="black", input_fn=lambda prompt: typed.pop(0), console=console,
                rng=random.Random(2), clear_fn=lambda: None)
    out = console.export_text()
    assert "9999 is not a hex on the map" in out and "nothing placed yet" in out
    assert not [a for a in game.record.actions if a["type"] == "place"]
    assert not [s for s in game.view("red")["secrets"] if s["kind"] == "set-up"]
