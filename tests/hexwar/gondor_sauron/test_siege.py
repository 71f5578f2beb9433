"""Gondor's siege warfare, reconstructed (docs/rulings.md): the Siege Phase (SPI 3.0 B),
breaches (6.13, 7.35, 7.53), siege towers and ladders (7.35, 7.53), catapults (7.11-7.13)
and engines as a stacking exception (5.0 c). Neighbours of 0505: 0504 NE, 0605 E, 0506 SE,
0406 SW, 0405 W, 0404 NW."""

import json

import pytest

from warjudge.core import games
from warjudge.hexwar.gondor_sauron import siege
from warjudge.hexwar.gondor_sauron.aftermath import advance_hexes
from warjudge.hexwar.gondor_sauron.combat import catapult_problem, melee_problem
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS, ScenarioError
from warjudge.hexwar.gondor_sauron.units import Engine
from tests.support.gs_positions import S, W, ScriptedDice, position, unit

WALL = {("0505", "0605"): "wall"}
BREACH_ON = {"wall": [11, 12], "tower": [12], "gate": [10, 11, 12]}


def engine(eid, side, hex_, kind, missile=None):
    return Engine(eid, side, kind, hex_, 2, missile)


def with_engines(pos, *engines):
    pos.engines.update({e.id: e for e in engines})
    return pos


def test_siege_tower_and_ladder_carry_a_melee_over_an_unbreached_wall():
    # SPI 7.35: no melee through an unbreached Wall or Tower hexside unless by Siege
    # Tower or Ladder (ruling: a ladder climbs walls only, a siege tower walls and towers)
    a, d = unit("a", S, "0505"), unit("d", W, "0605")
    assert "SPI 7.35" in melee_problem(position(a, d, sides=WALL), a, d)
    for kind in ("siege_tower", "ladder"):
        pos = with_engines(position(a, d, sides=WALL), engine("e", S, "0505", kind))
        assert melee_problem(pos, a, d) is None
    tower_side = {("0505", "0605"): "tower"}
    ladder = with_engines(position(a, d, sides=tower_side), engine("e", S, "0505", "ladder"))
    assert "SPI 7.35" in melee_problem(ladder, a, d)
    tower = with_engines(position(a, d, sides=tower_side), engine("e", S, "0505", "siege_tower"))
    assert melee_problem(tower, a, d) is None
    theirs = with_engines(position(a, d, sides=WALL), engine("e", W, "0505", "siege_tower"))
    assert "SPI 7.35" in melee_problem(theirs, a, d)          # the enemy's tower carries nobody
    elsewhere = with_engines(position(a, d, sides=WALL), engine("e", S, "0504", "siege_tower"))
    assert "SPI 7.35" in melee_problem(elsewhere, a, d)       # the unit must stand with it


def test_a_higher_city_level_melees_over_a_wall():
    # SPI 7.35: "or if the attacking unit is on a city level higher than the defending unit"
    a, d = unit("a", W, "0505"), unit("d", S, "0605")
    assert melee_problem(position(a, d, tokens={"0505": "2", "0605": "1"}, sides=WALL), a, d) is None
    assert "SPI 7.35" in melee_problem(position(a, d, tokens={"0505": "1", "0605": "2"}, sides=WALL), a, d)


def test_advance_over_a_wall_only_from_a_tower_or_ladder_or_through_a_breach():
    # SPI 7.53
    a = unit("a", S, "0505")
    assert advance_hexes(position(a, sides=WALL), a, "0605", melee=True) == []
    towered = with_engines(position(a, sides=WALL), engine("t", S, "0505", "siege_tower"))
    assert advance_hexes(towered, a, "0605", melee=True) == ["0605"]
    breached = position(a, sides=WALL, breached=frozenset({frozenset(("0505", "0605"))}))
    assert advance_hexes(breached, a, "0605", melee=True) == ["0605"]


def test_zones_of_control_extend_through_breached_walls_only():
    # SPI 6.13
    a = unit("a", W, "0505")
    assert "0605" not in position(a, sides=WALL).zoc_of(a)
    assert "0605" in position(a, sides=WALL, breached=frozenset({frozenset(("0505", "0605"))})).zoc_of(a)


def test_catapults_fire_four_hexes_over_walls_not_through_groves_or_siege_towers():
    # SPI 7.11, 7.12 (range 4, the target hex counted), 7.13 (blocked by Tower, Grove,
    # Mountain hexes and Siege Towers, not by walls), 7.14 once a Game-Turn
    cat = engine("cat", W, "0105", "catapult", "c")
    near, far = unit("near", S, "0505"), unit("far", S, "0605")
    pos = with_engines(position(near, far, sides={("0205", "0305"): "wall"}), cat)
    assert catapult_problem(pos, cat, near, set()) is None
    assert "SPI 7.12" in catapult_problem(pos, cat, far, set())
    assert "SPI 7.11" in catapult_problem(pos, cat, near, {"cat"})   # used in the siege or fired
    grove = with_engines(position(near, tokens={"0305": "G0"}), cat)
    assert "SPI 7.13" in catapult_problem(grove, cat, near, set())
    towered = with_engines(position(near), cat, engine("st", S, "0305", "siege_tower"))
    assert "SPI 7.13" in catapult_problem(towered, cat, near, set())
    ladder = engine("lad", W, "0105", "ladder")
    assert "SPI 7.11" in catapult_problem(with_engines(position(near), ladder), ladder, near, set())


def test_bombarding_breaches_on_the_scenario_numbers():
    # SPI 3.0 B: catapults in the Siege Phase; 6.13 a breach stays; range 4 (7.12, ruling)
    cat = engine("cat", S, "0905", "catapult", "c")
    pos = with_engines(position(sides=WALL), cat)
    side = ("0505", "0605")
    assert siege.bombard_problem(pos, cat, side, set()) is None
    assert "SPI 3.0 B" in siege.bombard_problem(pos, cat, side, {"cat"})
    assert "range" in siege.bombard_problem(pos, engine("c2", S, "0101", "catapult", "c"), side, set())
    assert "SPI 3.0 B" in siege.bombard_problem(pos, engine("t", S, "0705", "siege_tower"), side, set())
    assert not siege.bombard(pos, side, 10, BREACH_ON) and pos.breached == frozenset()
    assert siege.bombard(pos, side, 11, BREACH_ON) and frozenset(side) in pos.breached
    assert "breached already" in siege.bombard_problem(pos, cat, side, set())
    assert siege.breachable_sides(pos) == []


def test_engines_do_not_count_for_stacking_and_are_lost_to_the_enemy():
    # SPI 5.0 c: siege equipment is a stacking exception; ruling: an engine sharing its
    # hex with an enemy combat unit is destroyed
    a = unit("a", S, "0505")
    pos = with_engines(position(a, unit("w", W, "0707")), engine("t", S, "0505", "siege_tower"),
                       engine("l", W, "0707", "ladder"))
    assert siege.capture(pos) == [] and set(pos.engines) == {"t", "l"}
    pos.units["w"].hex = "0505"
    pos.units["a"].hex = "0909"
    assert siege.capture(pos) == ["t"] and set(pos.engines) == {"l"}


# --- in play -------------------------------------------------------------------------------

def gondor(engines, units, leaders=(), **changes) -> dict:
    """A 9x9 Gondor scenario: a wall between columns 05 and 06 (0509-0609 a gate)."""
    doc = json.loads((SCENARIOS / "gondor.json").read_text(encoding="utf-8"))
    sides = [{"hexes": ["05%02d" % r, "06%02d" % r], "kind": "gate" if r == 9 else "wall"} for r in range(1, 10)]
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=sides)
    doc.update({"units": list(units), "leaders": list(leaders), "engines": list(engines), "turns": 2,
                "night_turns": [], "reinforcements": [], "spells": [], "cauldrons": [], **changes})
    return doc


def u(uid, side, hex_, ratings="C2X", kind="infantry"):
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": kind,
            "ratings": ratings, "hex": hex_}


def to_phase(g, phase, stage=None):
    while not (g.state.phase == phase and (stage is None or g.state.stage == stage)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def test_the_siege_phase_bombards_and_the_catapult_rests_that_turn():
    # SPI 3.0 B: the Siege Phase; "units used for this purpose may not move in the
    # Game-Turn"; 7.11 catapults fire missiles only when not used for sieges
    doc = gondor([{"id": "cat", "side": S, "kind": "catapult", "allowance": 2, "missile": "c", "hex": "0805"}],
                 [u("w", W, "0505"), u("s", S, "0905"), u("target", W, "0705")])
    g = games.new("gondor", seed=1, scenario=doc)
    to_phase(g, "B")
    assert g.to_act() == (S,)
    legal = g.legal_actions(S)
    assert {"type": "bombard", "engine": "cat", "hexside": ["0505", "0605"]} in legal
    assert {"type": "end"} in legal
    g.dice = ScriptedDice(5, 6)                      # 11: a wall breaks on 11-12
    g.act(S, {"type": "bombard", "engine": "cat", "hexside": ["0505", "0605"]})
    assert g.view(None)["breached"] == [["0505", "0605"]]
    assert not [a for a in g.legal_actions(S) if a["type"] == "bombard"]   # once a turn
    g.act(S, {"type": "end"})
    assert g.state.phase == "C" and not [a for a in g.legal_actions(S) if a.get("piece") == "cat"]
    to_phase(g, "D", "missile")
    assert not [a for a in g.legal_actions(S) if a.get("unit") == "cat"]


def test_catapults_fire_in_the_missile_stage_and_siege_towers_move():
    # SPI 7.11, 7.12: a catapult not used in the siege fires at range 4; the siege
    # tower moves in the Movement Phase (ruling: as infantry, its own allowance)
    doc = gondor([{"id": "cat", "side": S, "kind": "catapult", "allowance": 2, "missile": "c", "hex": "0905"},
                  {"id": "st", "side": S, "kind": "siege_tower", "allowance": 2, "hex": "0909"}],
                 [u("w", W, "0501"), u("s", S, "0901"), u("target", W, "0705")])
    g = games.new("gondor", seed=3, scenario=doc)
    to_phase(g, "C")
    moves = {a["to"] for a in g.legal_actions(S) if a.get("piece") == "st"}
    assert "0709" in moves and "0509" not in moves     # two hexes; never over the wall
    g.act(S, {"type": "move", "piece": "st", "to": "0709"})
    to_phase(g, "D", "missile")
    assert {"type": "fire", "unit": "cat", "target": "target"} in g.legal_actions(S)
    g.dice = ScriptedDice(1, 1, 1)                   # c against armour 2: a casualty; die 1 vs X: E
    g.act(S, {"type": "fire", "unit": "cat", "target": "target"})
    assert "target" not in g.state.position.units and g.events[-2]["event"] == "fire"


def test_a_unit_in_a_siege_tower_storms_the_wall_and_advances():
    # SPI 7.35, 7.53: the melee across the wall from the siege tower, then the advance
    doc = gondor([{"id": "st", "side": W, "kind": "siege_tower", "allowance": 2, "hex": "0505"}],
                 [u("w", W, "0505", "B3X"), u("s", S, "0605", "E1Z"), u("far", S, "0909")])
    g = games.new("gondor", seed=4, scenario=doc)
    to_phase(g, "G", "melee")
    assert {"type": "attack", "unit": "w", "target": "s"} in g.legal_actions(W)
    assert {"type": "end"} in g.legal_actions(W)    # 7.31: not in its ZOC (the wall), so not obliged
    g.dice = ScriptedDice(2, 1, 6)                   # 3: a casualty; 6 against Z: retreat two
    g.act(W, {"type": "attack", "unit": "w", "target": "s"})
    assert g.to_act() == (S,)
    g.act(S, g.legal_actions(S)[0])
    assert g.legal_actions(W) == [{"type": "advance", "unit": "w"}, {"type": "stay"}]
    g.act(W, {"type": "advance", "unit": "w"})
    assert g.state.position.units["w"].hex == "0605"


def test_engines_are_validated_with_the_scenario():
    doc = gondor([{"id": "cat", "side": S, "kind": "catapult", "allowance": 2, "hex": "0805"},
                  {"id": "lad", "side": S, "kind": "ladder", "allowance": 2, "missile": "c", "hex": "0805"},
                  {"id": "off", "side": S, "kind": "ladder", "allowance": 2, "hex": "9999"}],
                 [u("w", W, "0505"), u("s", S, "0905")], siege=None)
    with pytest.raises(ScenarioError) as caught:
        games.new("gondor", seed=1, scenario=doc)
    problems = caught.value.problems
    assert "engine off: 9999 is not on the map" in problems
    assert "engine cat: a catapult has a missile strength, other engines none (SPI 7.11)" in problems
    assert "engine lad: a catapult has a missile strength, other engines none (SPI 7.11)" in problems
    assert "set-up: 2 siege engines in 0805; one a hex (ruling)" in problems
    assert "siege: Sauron's catapults need the Siege Phase's breach numbers (SPI 3.0 B)" in problems
    sauron = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    sauron["engines"] = [{"id": "cat", "side": S, "kind": "ladder", "allowance": 2, "hex": "0909"}]
    with pytest.raises(ScenarioError) as caught:
        games.new("sauron", seed=1, scenario=sauron)
    assert "engines: siege engines are Gondor's (SPI 5.0 c)" in caught.value.problems
