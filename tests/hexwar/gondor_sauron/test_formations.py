"""SPI 8.4: special formations (Wedge, Shield Wall). Neighbours of 0505: 0504 NE, 0605 E,
0506 SE, 0406 SW, 0405 W, 0404 NW."""

import json

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.formations import form_problem
from warjudge.hexwar.gondor_sauron.moves import destinations, stacking_problems
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.hexwar.gondor_sauron.units import Ratings
from tests.support.gs_positions import S, W, ScriptedDice, cavalry, leader, position, unit


def pair(kind="infantry", ratings="C2X", where=("0505", "0504")):
    make = cavalry if kind == "cavalry" else unit
    return make("a", W, where[0], ratings), make("b", W, where[1], ratings)


def test_who_may_form():
    # SPI 8.41-8.43
    a, b = pair()
    ldr = leader("l", W, "0505")
    assert form_problem(position(a, b, ldr), a, b, ldr, set()) is None
    c = unit("c", W, "0504", "C2Y")
    assert "same nationality" in form_problem(position(a, c, ldr), a, c, ldr, set())
    d = unit("d", W, "0504", "C2X", nationality="rohan")
    assert "same nationality" in form_problem(position(a, d, ldr), a, d, ldr, set())
    e = cavalry("e", W, "0504", "C2X")
    assert "type" in form_problem(position(a, e, ldr), a, e, ldr, set())
    far = unit("far", W, "0707", "C2X")
    assert "beside the Leader" in form_problem(position(a, far, ldr), a, far, ldr, set())
    assert "clear terrain" in form_problem(position(a, b, ldr, tokens={"0505": "G0"}), a, b, ldr, set())
    assert "8.41" in form_problem(position(a, b, ldr, sides={("0504", "0505"): "wall"}), a, b, ldr, set())
    assert "enemy zone" in form_problem(position(a, b, ldr, unit("x", S, "0603")), a, b, ldr, set())
    assert "together" in form_problem(position(a, b, ldr), a, b, ldr, {"l"})
    orcs = unit("o1", S, "0202", "E1Z"), unit("o2", S, "0302", "E1Z")
    nazgul = leader("n", S, "0202")
    assert "only Westernesse" in form_problem(position(*orcs, nazgul), *orcs, nazgul, set())


def test_formation_ratings_allowance_and_terrain():
    # SPI 8.44 A and armour 4 with the units' morale; 8.45 Wedge 3, Shield Wall 2; 8.41 clear only;
    # 5.0 b the two share a hex
    a, b = pair("cavalry", "D2Y", ("0505", "0505"))
    pos = position(a, b, tokens={"0604": "G0"}, formations={"a": "b", "b": "a"})
    assert pos.ratings(a) == Ratings("A", None, 4, "Y") and pos.allowance(a) == 3
    assert stacking_problems(pos, W) == []
    reach = destinations(pos, a)
    assert "0604" not in reach and "0805" in reach and "0905" not in reach
    i, j = pair("infantry", "C2X", ("0505", "0505"))
    assert position(i, j, formations={"a": "b", "b": "a"}).allowance(i) == 2


def small(units, leaders):
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=[])
    doc.update({"units": units, "leaders": leaders, "turns": 2, "night_turns": [], "reinforcements": [], "spells": [],
                "pedestal": None})
    return doc


def u(uid, side, hex_, ratings="C2X", kind="infantry"):
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": kind,
            "ratings": ratings, "hex": hex_}


def to_phase(g, phase, stage=None):
    while not (g.state.phase == phase and (stage is None or g.state.stage == stage) and g.to_act() == (W,)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def test_forming_moving_and_disbanding_in_play():
    # SPI 8.43 the units move into the Leader's hex; 8.45 no move the turn formed; 8.48 disband
    doc = small([u("a", W, "0505"), u("b", W, "0504"), u("s", S, "0909")],
                [{"id": "l", "side": W, "nationality": "gondor", "rally": 2, "hex": "0505"}])
    g = games.new("sauron", seed=1, scenario=doc)
    to_phase(g, "F")
    form = {"type": "form", "units": ["a", "b"], "leader": "l"}
    assert form in g.legal_actions(W)
    g.act(W, form)
    assert g.state.position.units["b"].hex == "0505" and g.state.position.formations == {"a": "b", "b": "a"}
    assert not [x for x in g.legal_actions(W) if x.get("piece") in ("a", "b") or x["type"] == "split"]
    g.act(W, {"type": "end"})
    to_phase(g, "F")       # the next turn
    moves = [x for x in g.legal_actions(W) if x["type"] == "move" and x["piece"] in ("a", "b")]
    assert moves and {x["piece"] for x in moves} == {"a"}          # one piece
    g.act(W, {"type": "move", "piece": "a", "to": "0305"})
    assert (g.state.position.units["a"].hex, g.state.position.units["b"].hex) == ("0305", "0305")
    doc2 = small([u("a", W, "0505"), u("b", W, "0504"), u("s", S, "0909")],
                 [{"id": "l", "side": W, "nationality": "gondor", "rally": 2, "hex": "0505"}])
    g2 = games.new("sauron", seed=1, scenario=doc2)
    to_phase(g2, "F")
    g2.act(W, form)
    g2.act(W, {"type": "end"})
    to_phase(g2, "F")
    g2.act(W, {"type": "split", "unit": "b", "to": "0605"})
    assert g2.state.position.formations == {} and g2.state.position.units["a"].hex == "0505" and g2.state.position.units["b"].hex == "0605"


def test_half_e_costs_a_formation_one_unit():
    # SPI 8.46: a 1/2 E result eliminates one of the formation's units
    doc = small([u("a", W, "0505", "C2W"), u("b", W, "0504", "C2W"), u("s", S, "0703", "B3Y")],
                [{"id": "l", "side": W, "nationality": "gondor", "rally": 2, "hex": "0505"}])
    g = games.new("sauron", seed=1, scenario=doc)
    to_phase(g, "F")
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l"})
    while not (g.state.phase == "C" and g.to_act() == (S,)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})
    g.act(S, {"type": "move", "piece": "s", "to": "0605"})
    g.act(S, {"type": "end"})
    g.act(S, {"type": "next"})
    g.act(S, {"type": "next"})
    assert g.legal_actions(S) == [{"type": "attack", "unit": "s", "target": "a"}]   # one target
    g.dice = ScriptedDice(1, 1, 1, 1)     # 2: a casualty against armour 4 (8.44); W, 1: 1/2 E
    g.act(S, {"type": "attack", "unit": "s", "target": "a"})
    assert set(g.state.position.units) == {"a", "s"} and g.state.position.formations == {} and g.state.eliminated == ["b"]
