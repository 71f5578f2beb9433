"""The Gondor & Sauron heuristic's ideas (issue 26), one position each, on small scenario
files played through the interface. Each holds for every seed of the bot's RNG, so the
old bot, which picked among the same actions at random, fails them."""

import json
import random

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.bots import heuristic_action
from warjudge.hexwar.gondor_sauron.scenario import SCENARIOS
from warjudge.hexwar.grid import distance
from tests.support.gs_positions import S, W

SEEDS = range(12)


def battle(units, night=(), spells=(), leaders=()) -> dict:
    doc = json.loads((SCENARIOS / "sauron.json").read_text(encoding="utf-8"))
    doc["map"].update(width=9, height=9, rows=[" ".join(["0"] * 9)] * 9, hexsides=[])
    doc.update({"units": list(units), "leaders": list(leaders), "turns": 2, "night_turns": list(night),
                "reinforcements": [], "pedestal": None, "spells": list(spells)})
    return doc


def u(uid, side, hex_, ratings):
    return {"id": uid, "side": side, "nationality": "gondor" if side == W else "mordor", "kind": "infantry",
            "ratings": ratings, "hex": hex_}


def to_phase(g, phase, side, stage=None):
    while not (g.phase == phase and list(g.to_act()) == [side] and (stage is None or g.stage == stage)):
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})


def choices(g, side):
    return {json.dumps(heuristic_action(g, side, random.Random(seed)), sort_keys=True) for seed in SEEDS}


def test_it_melees_the_defender_worth_the_most_points_on_average():
    # SPI 7.33, 7.42, 9.12: an orc (E) beside a lightly armoured orc-killer (E1Z, value 3)
    # and a knight (B3W, value 11): 15/36 to hit armour 1 against 6/36 against armour 3,
    # and a Z morale suffers far worse results, so the light unit is worth more points
    g = games.new("sauron", seed=1, scenario=battle([u("orc", S, "0505", "E1Z"), u("knight", W, "0506", "B3W"),
                                                     u("light", W, "0605", "E1Z")]))
    to_phase(g, "D", S, "melee")
    assert choices(g, S) == {json.dumps({"type": "attack", "target": "light", "unit": "orc"}, sort_keys=True)}


def test_it_casts_darkness_first_when_its_army_is_near_the_enemy():
    # 10.0, 7.37: at night every Sauron unit is fanatical and always causes a casualty, so
    # Total Eclipse (darkness) comes before any other spell while the armies are close
    spells = [{"id": "eclipse", "side": S, "cost": 6, "effect": "darkness"},
              {"id": "wrath", "side": S, "cost": 4, "effect": "freeze", "range": 6}]
    leaders = [{"id": "dark", "side": S, "nationality": "mordor", "rally": 5, "magic": 45, "hex": "0505"},
               {"id": "elf", "side": W, "nationality": "gondor", "rally": 3, "hex": "0508"}]
    g = games.new("sauron", seed=1, scenario=battle([u("orc", S, "0505", "E1Z"), u("knight", W, "0508", "B3W")],
                                                    spells=spells, leaders=leaders))
    to_phase(g, "A", S)
    assert choices(g, S) == {json.dumps({"type": "cast", "leader": "dark", "spell": "eclipse"}, sort_keys=True)}


def test_a_weak_army_closes_in_only_at_night():
    # 7.31: a unit beside the enemy is attacked in the enemy's Combat Phase; by day an orc
    # (E1Z) that would end beside a knight (B3W) takes more than it gives and stays out
    # of reach; at night (10.0) it is fanatical (7.37) and closes in
    units = [u("orc", S, "0501", "E1Z"), u("knight", W, "0506", "B3W")]
    for night, beside in (((), False), ((1,), True)):
        g = games.new("sauron", seed=1, scenario=battle(units, night=night))
        to_phase(g, "C", S)
        moves = [json.loads(c) for c in choices(g, S)]
        assert all(m["type"] == "move" for m in moves)
        assert {distance(m["to"], "0506") == 1 for m in moves} == {beside}
