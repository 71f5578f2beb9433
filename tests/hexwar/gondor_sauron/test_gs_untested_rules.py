"""Rules no test reached in play before issue 23: breaches (6.13, 7.53), simultaneous
demoralization (9.23), Freeze and Fear against formations (8.47), fanaticism and missile
fire (7.37, ruling), missiles along Tunnels (7.13), catapults (7.11-7.14) and a Leader's
share of every A (8.24). Scenario files and `act` only. Neighbours of 0505: 0504 NE, 0605
E, 0506 SE, 0406 SW, 0405 W, 0404 NW."""

import json

import pytest

from warjudge.hexwar.gondor_sauron.charts import DEFAULT_CHARTS
from tests.support.gs_scenarios import (
    RING, S, W, battle, charts, events, leader, new, play_until, unit, where)

CITY_WALL = [(f"05{r:02d}", f"06{r:02d}") for r in range(1, 10)]   # between columns 05 and 06
SEEDS = range(1, 41)


def fires(g, player):
    return {(a["unit"], a["target"]) for a in g.legal_actions(player) if a["type"] == "fire"}


# --- 6.13, 7.35, 7.53: a wall breached in the Siege Phase ----------------------------------

def siege(**changes) -> dict:
    cat = {"id": "cat", "side": S, "kind": "catapult", "allowance": 2, "missile": "c", "hex": "0905"}
    return battle("gondor", [unit("w", W, "0505"), unit("s", S, "0605"), unit("back", W, "0101")],
                  walls=CITY_WALL, engines=[cat], siege={"breach_on": {"wall": list(range(2, 13))}}, **changes)


@pytest.mark.parametrize("bombard", [True, False])
def test_a_breach_made_in_the_siege_phase_opens_the_wall_to_zoc_melee_and_advance(bombard):
    # SPI 6.13 "ZOC's do extend through Wall, Gate or Tower hexes that have been Breached";
    # 7.35 no melee through an unbreached wall; 7.53 an advance across a breached wall
    g = new("gondor", siege(), charts=charts("r1"))
    play_until(g, S, "B")
    if bombard:
        g.act(S, {"type": "bombard", "engine": "cat", "hexside": ["0505", "0605"]})
        assert g.view(None)["breached"] == [["0505", "0605"]]
    play_until(g, S, "D", "melee")
    if not bombard:   # the wall stands: no zone of control through it, no melee across it
        assert g.legal_actions(S) == [{"type": "end"}]
        return
    assert g.legal_actions(S) == [{"type": "attack", "unit": "s", "target": "w"}]   # 7.31: obliged
    g.act(S, {"type": "attack", "unit": "s", "target": "w"})
    g.act(W, g.legal_actions(W)[0])                          # w retreats one hex
    g.act(S, {"type": "advance", "unit": "s"})
    assert where(g, "s") == "0505"


# --- 9.23: both armies demoralized in one Combat Phase ------------------------------------

def test_both_armies_demoralized_in_one_combat_phase_are_so_together_at_its_end():
    # SPI 9.22 either or both sides may become demoralized; 9.23 in the same Combat Phase,
    # simultaneously. A duel (charts: both Leaders killed) costs each side its boxed-in
    # unit (7.23), over both levels; until the phase ends neither army is demoralized: the
    # Sauron archer still has a zone of control (6.14) and the Z unit must still melee (9.32)
    mine = json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    mine["leader_combat"] = {k: ["E/E"] * 6 for k in mine["leader_combat"]}
    walls = [("0505", h) for h in RING] + [("0605", h) for h in ("0604", "0705", "0606", "0506", "0504")]
    doc = battle("sauron", [unit("a", W, "0505"), unit("d", S, "0605"), unit("z", W, "0202", "C2Z"),
                            unit("t", S, "0203", "e1Y"), unit("far", S, "0909")],
                 [leader("hero", W, "0505"), leader("orc", S, "0605")],
                 walls=walls, demoralization_levels={W: 7, S: 7})
    g = new("sauron", doc, charts=mine)
    play_until(g, W, "G", "leader")
    g.act(W, {"type": "duel", "leader": "hero", "target": "orc"})
    assert where(g, "a") is None and where(g, "d") is None
    view = g.view(None)
    assert view["losses"] == {W: 8, S: 8} and view["demoralized"] == []
    g.act(W, {"type": "next"})
    assert g.legal_actions(W) == [{"type": "attack", "unit": "z", "target": "t"}]
    g.act(W, {"type": "attack", "unit": "z", "target": "t"})
    while g.state.phase == "G":
        p = g.to_act()[0]
        legal = g.legal_actions(p)
        g.act(p, next((a for a in legal if a["type"] in ("stand", "stay", "end")), legal[0]))
    assert g.view(None)["demoralized"] == [S, W]
    assert [(e["turn"], e["phase"]) for e in events(g, "demoralized")] == [(1, "G"), (1, "G")]


# --- 8.47: Freeze Leader and Fear stop special formations ---------------------------------

@pytest.mark.parametrize("effect", ["freeze", "fear"])
def test_a_leader_under_freeze_or_fear_may_not_form_a_special_formation(effect):
    # SPI 8.47 "Leaders may not form Special Formations if they are under a Freeze Leader
    # Spell or a Fear Spell"; the spell's two dice decide (8.54): seeds give both outcomes
    doc = battle("sauron", [unit("c1", W, "0505", kind="cavalry"), unit("c2", W, "0504", kind="cavalry"),
                            unit("s", S, "0808")],
                 [leader("hero", W, "0505"), leader("witch", S, "0808", magic=8)],
                 spells=[{"id": effect, "side": S, "cost": 2, "effect": effect, "range": 6}])
    outcomes = set()
    for seed in SEEDS:
        g = new("sauron", doc, seed=seed)
        g.act(W, {"type": "end"})
        g.act(S, {"type": "cast", "leader": "witch", "spell": effect, "target": "hero"})
        worked = events(g, "cast")[-1]["success"]
        play_until(g, W, "F")
        forms = [a for a in g.legal_actions(W) if a["type"] == "form"]
        assert forms == ([] if worked else [{"type": "form", "units": ["c1", "c2"], "leader": "hero"}])
        outcomes.add(worked)
    assert outcomes == {True, False}


# --- 7.37, 9.33, 10.0: fanatical units and missile fire (ruling) ---------------------------

def test_fanatical_units_melee_without_the_casualty_table_but_fire_with_it():
    # SPI 10.0 Sauron's units are fanatical at night; 7.37 fanatical attackers skip the
    # Casualty Probability Table. Ruling (docs/rulings.md): for melee only: 7.37 is a rule
    # of Melee Combat and 9.32 opposes "attack/melee" to missile fire. A fanatical archer
    # rolls its two dice (a bug skipped them)
    doc = battle("sauron", [unit("arch", S, "0503", "e1Y"), unit("m", S, "0707"),
                            unit("w", W, "0505"), unit("v", W, "0708")], night_turns=[1])
    g = new("sauron", doc)
    play_until(g, S, "D", "missile")
    g.act(S, {"type": "fire", "unit": "arch", "target": "w"})
    assert events(g, "fire")[-1]["dice"] is not None
    play_until(g, S, "D", "melee")
    g.act(S, {"type": "attack", "unit": "m", "target": "v"})
    attack = events(g, "attack")[-1]
    assert attack["dice"] is None and attack["die"] is not None


# --- 7.13: missiles along Tunnels ------------------------------------------------------------

def test_missiles_go_into_and_out_of_tunnels_only_along_them():
    # SPI 7.13 "Missiles may be fired ... into or out of Tunnel hexes if they follow the path
    # of the tunnel". The tunnel runs 0405-0505-0605, its mouths 0305 and 0705. Ruling
    # (docs/rulings.md): only Tunnel hexes between shooter and target, and no step between
    # the tunnel and the outside across a wall (the tunnel's sides are rock). A bug let no
    # missile into or out of a tunnel at all
    tunnel = {h: "U0" for h in ("0405", "0505", "0605")}
    doc = battle("sauron", [unit("in", W, "0505"), unit("west", W, "0305"), unit("far", W, "0205"),
                            unit("east", S, "0705", "e1Y"), unit("inside", S, "0405", "e1Y"),
                            unit("across", S, "0503", "e1Y"), unit("side", S, "0506", "e1Y"),
                            unit("walled", S, "0504", "e1Y")],
                 walls=[("0504", "0505")], tokens=tunnel)
    g = new("sauron", doc)
    play_until(g, S, "D", "missile")
    assert fires(g, S) == {("east", "in"),                     # in at the mouth, along the tunnel
                           ("inside", "in"), ("inside", "west"),   # inside it; out at its mouth
                           ("side", "in")}                      # into it where a unit could walk in
    # not: "across" (its line runs outside the tunnel), "walled" (through its rock),
    # "inside" at "far" (out of the tunnel and on beyond its mouth)


# --- 7.11-7.14: catapults in play ------------------------------------------------------------

def test_a_catapult_fires_four_hexes_once_a_game_turn():
    # SPI 7.11 catapults fire when not used in the siege; 7.12 range four (the target hex
    # counted); 7.14 once a Game-Turn: again the next one
    cat = {"id": "cat", "side": W, "kind": "catapult", "allowance": 0, "missile": "c", "hex": "0105"}
    doc = battle("gondor", [unit("near", S, "0505"), unit("beyond", S, "0605"), unit("w", W, "0101")],
                 engines=[cat], siege={"breach_on": {"wall": [12]}})
    g = new("gondor", doc, charts=charts("-"))
    play_until(g, W, "G", "missile")
    assert fires(g, W) == {("cat", "near")}
    g.act(W, {"type": "fire", "unit": "cat", "target": "near"})
    assert fires(g, W) == set()
    play_until(g, W, "H")
    play_until(g, W, "G", "missile")
    assert g.state.turn == 2 and fires(g, W) == {("cat", "near")}


# --- 8.24: every way a unit suffers an A gives its Leader his roll --------------------------

SHOTS = {
    "melee": ({"type": "attack", "unit": "a", "target": "t"}, dict(units=[unit("a", W, "0503")])),
    "missile": ({"type": "fire", "unit": "bow", "target": "t"}, dict(units=[unit("bow", W, "0503", "e1Y")])),
    "catapult": ({"type": "fire", "unit": "cat", "target": "t"},
                 dict(engines=[{"id": "cat", "side": W, "kind": "catapult", "allowance": 0, "missile": "c",
                                "hex": "0305"}], units=[])),
    "oil": ({"type": "pour", "cauldron": "pot", "target": "t"},
            dict(cauldrons=[{"id": "pot", "hex": "0405"}], units=[], walls=[("0405", "0505")])),
}


@pytest.mark.parametrize("how", sorted(SHOTS))
def test_a_leader_rolls_to_share_an_a_by_melee_missile_catapult_or_oil(how):
    # SPI 8.24: an 'A' "by Melee, Missile" (catapults and the reconstructed oil are missile
    # fire, 7.11, docs/rulings.md): the Leader stacked with the unit rolls, 5-6 shares it
    action, extra = SHOTS[how]
    units = [unit("t", S, "0505", reduced="D2Y"), unit("home", W, "0101"), *extra.pop("units")]
    doc = battle("gondor", units, [leader("orc", S, "0505", rally=3)], siege={"breach_on": {"wall": [12]}},
                 **extra)
    g = new("gondor", doc, charts=charts("A"))
    if how == "melee":
        play_until(g, W, "F")
        g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    play_until(g, W, "G", "melee" if how == "melee" else "missile")
    g.act(W, action)
    roll = events(g, "leader-share")[-1]
    assert (roll["leader"], roll["unit"], roll["result"]) == ("orc", "t", "A")
    assert roll["shared"] == (roll["die"] in (5, 6))
    assert where(g, "t") == "0505" and where(g, "orc") == "0505"
