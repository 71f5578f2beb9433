"""SJG Necromancer optional rules 10.5-10.58 (extra magic items and units), with the rules
they touch (4.4, 4.21, 5.4, 6.23, 6.31, 6.52, 7.41, 7.5), through the public game API."""

import random


import pytest
from tests.hexwar.sjg.sjg_helpers import ScriptedDice, act, end, end_until, make_map, nb, refused, start, two

from tests.support.sjg_deploy import deploy_action
from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.sjg import bots, views
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.combat import plan_attack
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.state import Item
from warjudge.hexwar.sjg.tables import UnitType, search_target
from tests.support.sjg_act import act_as_its_side

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}
RIDGE = ["1010", "1110", "1210", "1310", "1410"]  # level 2, cliffs on their south sides


def ridge_board(extra=None):
    cliffs = tuple(dict.fromkeys((h, nb(h, d)) for h in RIDGE for d in ("SE", "SW")))
    return make_map({h: "2" for h in RIDGE} | (extra or {}), cliffs=cliffs)


def ids(u, *names):
    return [u[n].id for n in names]


def last(game, text):
    return next(line for line in reversed(log_lines(game.events)) if text in line)


def plan(game, side, targets, direct=(), indirect=(), boulder=()):
    p = plan_attack(game.state.position, side, list(direct), list(indirect), list(boulder), targets, spent=set())
    assert not isinstance(p, Problem), p
    return p


def give(game, item, unit):
    game.state.position.items[item] = Item(item, holder=unit.id)


def move(units, path, **kw):
    return {"type": "move", "units": units, "path": path, **kw}


# --- 10.5: choosing and sharing out ---------------------------------------------------------

def choosing(red, black, *faces):
    game = SjgNecromancerGame.new(seed=1, items={"red": red, "black": black}, first="red")
    game.dice = ScriptedDice(*faces)  # the only die of the choice is the odd counter's
    return game


def choose(game, side, *items):
    return act_as_its_side(game, {"type": "choose", "side": side, "items": list(items)})


def got(game, side):
    """What the side was granted, as picks."""
    extra, me = game.state.extra_units[side], game.state.position.sides[side]
    return sorted(["apprentice"] * extra.get(UnitType.APPRENTICE, 0) + ["dragon"] * extra.get(UnitType.DRAGON, 0)
                  + ["mercenaries"] * (extra.get(UnitType.MERCENARY, 0) // 2)
                  + [i for i, s in game.state.item_owner.items() if s == side] + ["crystal_ball"] * me.crystal_ball
                  + [f"extra_jewel:{j}" for j in me.extra_jewels])


def test_choice_must_weigh_exactly_the_allowance():
    # SJG 10.5: each player chooses his items; 10.54: the dragon counts as two items
    game = choosing(2, 1)
    refused(game, {"type": "choose", "items": ["sword"]}, "exactly 2, not 1")
    refused(game, {"type": "choose", "items": ["dragon", "sword"]}, "exactly 2, not 3")
    refused(game, {"type": "choose", "items": ["sword", "shield"]}, "not an item")
    refused(game, {"type": "choose", "items": ["sword", "extra_jewel:wishes"]}, "Jewel Table")
    assert game.to_act() == ("red", "black")  # 10.5: both choose at once and in secret (issue 12: either may answer first)
    choose(game, "red", "dragon")
    # 10.54: "it cannot be chosen if players agree to take one item each"
    refused(game, {"type": "choose", "items": ["dragon"]}, "a dragon counts as two")


def test_no_more_than_the_counters_in_the_box():
    # SJG 10.5: "no Necromancer may have more than four apprentices"; one Sword, two dragons
    game = choosing(6, 6)
    refused(game, {"type": "choose", "items": ["apprentice"] * 5 + ["bow"]}, "only 4 apprentice")
    refused(game, {"type": "choose", "items": ["sword", "sword", "bow", "ring", "apprentice", "apprentice"]}, "only 1")
    refused(game, {"type": "choose", "items": ["dragon"] * 3}, "only 2 dragon")
    refused(game, {"type": "choose", "items": ["mercenaries"] * 4 + ["bow", "ring"]}, "only 3 mercenaries")
    choose(game, "red", "extra_jewel:zombie_movement", "extra_jewel:zombie_movement", "apprentice", "apprentice",
           "apprentice", "apprentice")  # extra Jewels (10.51) have no counters


PICK = {"A": "apprentice", "M": "mercenaries", "D": "dragon", "S": "sword", "B": "bow"}
SHARE = [  # SJG 10.5: red's picks, black's, die faces, red gets, black gets, who chooses again for how many
    ("AS", "AB", (), "AS", "AB", []),  # enough for both
    ("S", "S", (1,), "S", "", [("black", 1)]),  # one Sword wanted by both: one die (ruling)
    ("S", "S", (3,), "S", "", [("black", 1)]),
    ("S", "S", (4,), "", "S", [("red", 1)]),
    ("S", "S", (6,), "", "S", [("red", 1)]),
    ("AAAA", "A", (), "AAA", "A", [("red", 1)]),  # Black chose fewer than half: Red gets the extras
    ("AAAA", "AA", (), "AA", "AA", [("red", 2)]),  # two is not fewer than half: divide equally
    ("AAA", "AAA", (), "AA", "AA", [("red", 1), ("black", 1)]),
    ("MM", "MM", (2,), "MM", "M", [("black", 1)]),  # three mercenary pairs: one each, the odd one by the die
    ("MM", "MM", (5,), "M", "MM", [("red", 1)]),
    ("M", "MMM", (), "M", "MM", [("black", 1)]),
    ("DD", "D", (), "D", "D", [("red", 2)]),  # a dragon is two items (10.54): two to choose again
]


@pytest.mark.parametrize("red, black, faces, red_gets, black_gets, again", SHARE)
def test_share_out(red, black, faces, red_gets, black_gets, again):
    red, black = [PICK[c] for c in red], [PICK[c] for c in black]
    game = choosing(len(red) + red.count("dragon"), len(black) + black.count("dragon"), *faces)
    choose(game, "red", *red)
    choose(game, "black", *black)
    assert game.dice.faces == [] and len(game.dice.rolled) == len(faces)
    assert (got(game, "red"), got(game, "black")) == (sorted(PICK[c] for c in red_gets),
                                                      sorted(PICK[c] for c in black_gets))
    queue = [(d.player, d.kind, d.info.get("allowance")) for d in game.state.queue]
    assert queue == ([(s, "choose", n) for s, n in again] or [("red", "deploy", None)])


def test_second_choice_only_from_the_counters_left():
    # SJG 10.5 example: Red took all four apprentices and Black none, so Black can get no
    # apprentices as a second choice (here Black lost the Sword to the die and chooses again)
    game = choosing(5, 5, 2)
    choose(game, "red", "apprentice", "apprentice", "apprentice", "apprentice", "sword")
    choose(game, "black", "sword", "bow", "ring", "crystal_ball", "extra_jewel:skeleton_strength")
    assert got(game, "red") == ["apprentice"] * 4 + ["sword"]
    d = game.pending
    assert (d.player, d.kind, d.info["allowance"]) == ("black", "choose", 1)
    assert d.info["counters_left"]["apprentice"] == 0 and d.info["counters_left"]["sword"] == 0
    refused(game, {"type": "choose", "items": ["apprentice"]}, "only 0 apprentice")
    refused(game, {"type": "choose", "items": ["sword"]}, "only 0 sword")
    choose(game, "black", "mercenaries")
    assert "mercenaries" in got(game, "black") and game.pending.kind == "deploy"


def test_a_choice_is_secret_until_both_are_in():
    # SJG 10.5 (ruling: both choose at once, in secret)
    game, other_game = choosing(2, 2), choosing(2, 2)
    choose(game, "red", "ring", "crystal_ball")
    choose(other_game, "red", "dragon")
    assert views.view(game, "black")["choices"] == {}
    assert views.view(game, "black") == views.view(other_game, "black")  # nothing tells them apart
    assert views.view(game, "red")["choices"] == {"red": ["ring", "crystal_ball"]}
    assert views.view(game, None)["choices"] == {"red": ["ring", "crystal_ball"]}
    choose(game, "black", "bow", "apprentice")
    assert views.view(game, "black")["choices"] == {} and views.view(game, "black")["sides"]["red"]["crystal_ball"]


def test_extra_jewel_works_from_the_start_and_is_not_found():
    # SJG 10.51: the Necromancer starts with the Jewel's ability; it cannot be captured and
    # is none of the Jewels to find (8.4)
    game = choosing(2, 1)
    choose(game, "red", "extra_jewel:necromancer_movement", "extra_jewel:conversion_points")
    choose(game, "black", "extra_jewel:two_free_conversions")
    red, black = game.state.position.sides["red"], game.state.position.sides["black"]
    assert (red.necromancer_mp, red.cp, red.extra_jewels) == (1, 170, ["necromancer_movement", "conversion_points"])
    assert (black.free_attempts, black.cp) == (2, 150)
    assert game.state.position.miasma.jewels_found == 0 and len(game.state.position.jewels) == 3
    assert all(j.hex is None and j.delivered_to is None for j in game.state.position.jewels.values())
    for side in ("red", "black"):
        act_as_its_side(game, deploy_action(game, side, random.Random(0)))
    necro = game.state.position.necromancer("red")
    assert game.state.position.movement_allowance(necro) == 3


def test_deploying_optional_units_and_who_holds_the_items():
    # SJG 10.5, 9.1: chosen units set up like the others; 10.57: the Sword goes to the
    # Necromancer or his apprentice; 9.1's screen hides a set-up, items included
    game = choosing(2, 2)
    choose(game, "red", "apprentice", "sword")
    choose(game, "black", "mercenaries", "crystal_ball")
    deploy = deploy_action(game, "red", random.Random(1))
    at = next(h for h, ks in deploy["placements"].items() if "apprentice" in ks)
    empty = next(h for h, ks in deploy["placements"].items() if "apprentice" not in ks)
    without = {h: [k for k in ks if k != "apprentice"] for h, ks in deploy["placements"].items()}
    refused(game, deploy | {"placements": without, "holders": {}}, "deploy exactly")
    refused(game, deploy | {"holders": {"sword": empty}}, "none is set up")
    refused(game, deploy | {"holders": {"bow": "necromancer"}}, "do not have the bow")
    act_as_its_side(game, deploy | {"holders": {"sword": at}})
    seen = views.view(game, "black")
    assert [u["kind"] for u in seen["units"] if u["side"] == "red"] == ["necromancer"] and seen["items"] == []
    black = deploy_action(game, "black", random.Random(2))
    merc = next(h for h, ks in black["placements"].items() if "mercenary" in ks)
    donor = next(h for h, ks in black["placements"].items() if "zombie" in ks and h != merc)
    mixed = {h: list(ks) for h, ks in black["placements"].items()}
    mixed[donor].remove("zombie")
    mixed[merc].append("zombie")
    refused(game, black | {"placements": mixed}, "mercenaries may stack only")
    act_as_its_side(game, black)
    assert game.pending.kind == "move"
    apprentice = next(u for u in game.state.position.units.values() if u.kind == UnitType.APPRENTICE)
    assert (apprentice.side, apprentice.hex) == ("red", at)
    assert views.view(game, "black")["items"] == [{"id": "sword", "holder": apprentice.id, "hex": at, "side": "red"}]
    assert views.view(game, "red")["sides"]["black"]["crystal_ball"] is True
    assert sum(1 for u in game.state.position.side_units("black") if u.kind == UnitType.MERCENARY) == 2


# --- 10.52 apprentice ---------------------------------------------------------------------

def test_apprentice_strengths_and_not_counted():
    # SJG 10.52: direct as one zombie, indirect as one skeleton, defence as the Necromancer's
    # (6.4: the boulder-defence row); the Conversion Track's note: he is not counted.
    # Red controls 45 undead: zombie 8, skeleton 6, boulder defence 10
    game, u = start({"a": ("apprentice", "red", "1010"), "e": ("zombie", "black", "1110"),
                     "f": ("zombie", "black", "1210"), **RN, **BN}, fill={"red": 45})
    assert game.state.position.sides["red"].count == 45
    assert plan(game, "red", ["1110"], direct=ids(u, "a")).attack == 8
    assert plan(game, "red", ["1210"], indirect=ids(u, "a")).attack == 6
    assert plan(game, "black", ["1010"], direct=ids(u, "e")).defence == 10
    end_until(game, "combat")
    game.dice.push(*two(5))
    act(game, "attack", targets=["1110"], direct=ids(u, "a"))
    assert "8 to 12, 1-2 column" in last(game, "attacks 1110")


@pytest.mark.parametrize("kind, jewel_mp, ma", [("apprentice", 0, 2), ("apprentice", 1, 3), ("necromancer", 1, 3),
                                              ("mercenary", 0, 4), ("mercenary", 1, 4), ("dragon", 0, 5)])
def test_movement_allowances(kind, jewel_mp, ma):
    # SJG 10.52: the apprentice's MA is the Necromancer's (ruling: with a "+1 MP" Jewel too,
    # 8.2); 10.53: mercenary 4; 10.54: dragon 5
    game, u = start({"x": (kind, "red", "0113"), **BN} | ({} if kind == "necromancer" else RN))
    game.state.position.sides["red"].necromancer_mp = jewel_mp
    path = [f"{c:02d}13" for c in range(1, ma + 3)]
    refused(game, move(ids(u, "x"), path), "movement points")
    act(game, "move", units=ids(u, "x"), path=path[:-1])


def test_conversion_of_apprentices_mercenaries_and_dragons():
    # SJG 10.52: he cannot be converted, units stacked with him neither; adjacent units can;
    # 10.53: a mercenary may not be converted; 10.54: a dragon resists 20 and, "converted",
    # flies away (5.3: its stack is tried together)
    game, u = start({"a": ("apprentice", "black", "1210"), "a2": ("apprentice", "black", "1212"),
                     "z2": ("zombie", "black", "1212"), "z": ("zombie", "black", "1310"),
                     "m": ("mercenary", "black", "1014"), "d": ("dragon", "black", "1414"),
                     "dz": ("zombie", "black", "1414"), **RN, **BN}, cp={"red": 100})
    end_until(game, "convert")
    refused(game, {"type": "convert", "target": "1014", "multiple": 4}, "cannot be converted")
    refused(game, {"type": "convert", "target": "1210", "multiple": 1}, "apprentice")
    refused(game, {"type": "convert", "target": "1212", "multiple": 1}, "apprentice")
    game.dice.push(6)
    act(game, "convert", target="1310", multiple=1)
    assert u["z"].side == "red" and u["a"].side == "black" and game.state.position.sides["red"].cp == 90
    game.dice.push(6)
    act(game, "convert", target="1414", multiple=1)
    assert "resistance 30, x1, 30 CP" in last(game, "tries to convert")
    assert u["d"].id not in game.state.position.units and u["dz"].side == "red" and game.state.position.sides["red"].cp == 60


@pytest.mark.parametrize("mover, zombies, ok", [("a", 3, False), ("n", 3, True), ("a", 2, True),
                                                ("d", 3, False), ("d", 2, True)])
def test_stacking_apprentice_and_dragon_count_necromancer_does_not(mover, zombies, ok):
    # SJG 4.4: only Necromancers are free of stacking; 10.54: the dragon is one unit;
    # ruling: so is the apprentice
    units = {f"z{i}": ("zombie", "red", "1010") for i in range(zombies)}
    game, u = start(units | {"a": ("apprentice", "red", "0910"), "n": ("necromancer", "red", "0910"),
                             "d": ("dragon", "red", "0910"), **BN})
    act(game, "move", units=ids(u, mover), path=["0910", "1010"])
    if ok:
        end(game)
        assert game.pending.kind != "move"
    else:
        refused(game, {"type": "end"}, "holds 4 units")


def test_slopes_halve_all_but_wizards():
    # SJG 6.31: on a slope units attack at half strength, Necromancers and apprentices at full
    game, u = start({"a": ("apprentice", "red", "1010"), "z": ("zombie", "red", "1010"),
                     "m": ("mercenary", "red", "1111"), "d": ("dragon", "red", "1109"),
                     "rn": ("necromancer", "red", "1209"), "e": ("zombie", "black", "1110"), **BN},
                    board=make_map({h: "S2" for h in ("1010", "1111", "1109", "1209")}))
    got_ = {n: plan(game, "red", ["1110"], direct=ids(u, n)).attack for n in ("a", "z", "m", "d", "rn")}
    assert got_ == {"a": 12, "z": 6, "m": 4, "d": 10, "rn": 24}


def test_boulders_apprentice_immune_mercenary_8_dragon_10():
    # SJG 6.23: apprentices are immune to boulders; mercenaries and dragons defend at 8 and 10
    # (10.53, 10.54), whatever the Conversion Track says (red: 12)
    game, u = start({"b1": ("zombie", "black", "1110"), "b2": ("zombie", "black", "1210"),
                     "b3": ("zombie", "black", "1310"), "d": ("dragon", "red", "1111"),
                     "m": ("mercenary", "red", "1311"), "a": ("apprentice", "red", "1211"),
                     "z": ("zombie", "red", "1211"), "a2": ("apprentice", "red", "1411"), **RN, **BN},
                    board=ridge_board(), first="black")
    end_until(game, "combat")
    refused(game, {"type": "attack", "targets": ["1411"], "boulder": ids(u, "b3")}, "immune")
    game.dice.push(*two(5), *two(5), *two(5))  # 1-1, 5: NE each
    act(game, "attack", targets=["1111"], boulder=ids(u, "b1"))
    act(game, "attack", targets=["1311"], boulder=ids(u, "b3"))
    act(game, "attack", targets=["1211"], boulder=ids(u, "b2"))
    lines = [line for line in log_lines(game.events) if "drops boulders" in line]
    assert ["12 to 10" in lines[0], "12 to 8" in lines[1], len(lines)] == [True, True, 3]
    assert u["z"].label in lines[2] and game.dice.faces == []


# --- 10.53 mercenaries ----------------------------------------------------------------------

def test_mercenary_and_dragon_fixed_strengths():
    # SJG 10.53: mercenary 8 (attack and defence), indirect 5; 10.54: dragon 20 directly
    # (ruling: it defends at 20). Red has 61 undead: zombie 6, skeleton 4 - not used here
    game, u = start({"m": ("mercenary", "red", "1010"), "d": ("dragon", "red", "1111"),
                     "e": ("zombie", "black", "1110"), "f": ("zombie", "black", "1210"), **RN, **BN}, fill={"red": 61})
    assert plan(game, "red", ["1110"], direct=ids(u, "m")).attack == 8
    assert plan(game, "red", ["1210"], indirect=ids(u, "m")).attack == 5
    assert plan(game, "red", ["1110"], direct=ids(u, "d")).attack == 20
    assert plan(game, "black", ["1010"], direct=ids(u, "e")).defence == 8
    assert plan(game, "black", ["1111"], direct=ids(u, "e")).defence == 20
    assert game.state.position.sides["red"].count == 61


@pytest.mark.parametrize("partner, ok", [("zombie", False), ("wraith", False), ("skeleton", False),
                                         ("dragon", False), ("mercenary", True), ("apprentice", True),
                                         ("necromancer", True)])
def test_mercenaries_stack_only_with_each_other_and_wizards(partner, ok):
    # SJG 10.53: mercenaries may not stack with any units except the Necromancer and his
    # apprentice (ruling: the two mercenary units together are fine); 4.4: only at the end of
    # movement, so they may pass through
    units = {"m": ("mercenary", "red", "1010"), "p": (partner, "red", "1110"), **BN} | (
        {} if partner == "necromancer" else RN)
    game, u = start(units)
    act(game, "move", units=ids(u, "m"), path=["1010", "1110"])
    if ok:
        end(game)
    else:
        refused(game, {"type": "end"}, "mercenaries may stack only")
    game, u = start(units)
    act(game, "move", units=ids(u, "m"), path=["1010", "1110", "1210"])
    end(game)


def test_mercenary_retreat_and_advance_keep_apart():
    # SJG 6.52: retreat "without violating stacking ... restrictions"; 6.6 advances too (10.53)
    game, u = start({"z": ("zombie", "red", "1010"), "m": ("mercenary", "black", "1110"),
                     "bz": ("zombie", "black", "1210"), "m2": ("mercenary", "black", "1311"), **RN, **BN})
    end_until(game, "combat")
    game.dice.push(*two(7))  # 12 to 8: 1-1, 7: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    refused(game, {"type": "retreat", "side": "black", "to": "1210"}, "mercenaries")
    refused(game, {"type": "retreat", "side": "black", "to": "1210",
                   "displace": [{"units": ids(u, "bz"), "to": "1311"}]}, "mercenaries")  # m2 is there
    act(game, "retreat", side="black", to="1210", displace=[{"units": ids(u, "bz"), "to": "1310"}])
    assert (u["m"].hex, u["bz"].hex) == ("1210", "1310")
    game, u = start({"m": ("mercenary", "red", "1010"), "z": ("zombie", "red", "1210"),
                     "w": ("wraith", "black", "1110"), **RN, **BN})
    game.state.position.sides["black"].count = 77  # wraith 1: 20 to 1, automatic DE
    end_until(game, "combat")
    act(game, "attack", targets=["1110"], direct=ids(u, "m", "z"))
    refused(game, {"type": "advance", "side": "red", "moves": {str(u["m"].id): "1110", str(u["z"].id): "1110"}},
            "mercenaries")
    act(game, "advance", side="red", moves={str(u["m"].id): "1110"})


def test_miasma_conversion_spares_mercenaries_and_apprentice_stacks_not_dragons():
    # SJG 7.5: all units in the Miasma except mercenaries, units with an apprentice, or with or
    # next to the Necromancer get a x1 roll; 10.54: a "converted" dragon flies away
    game, u = start({"m": ("mercenary", "red", "1209"), "a": ("apprentice", "red", "1309"),
                     "az": ("zombie", "red", "1309"), "d": ("dragon", "red", "1210"),
                     "z": ("zombie", "red", "1110"), **RN, **BN}, miasma="1209")
    end_until(game, "search")
    game.dice.push(1, 6)  # 1110: no effect; 1210: converted
    end(game)
    assert game.dice.faces == [] and game.state.phasing == "black"
    assert u["d"].id not in game.state.position.units
    assert all(u[n].side == "red" for n in ("m", "a", "az", "z"))


@pytest.mark.parametrize("units, ball, sp", [
    ({"a": "apprentice"}, None, 3), ({"m": "mercenary"}, None, 2), ({"d": "dragon", "z": "zombie"}, None, 1),
    ({"w": "wraith"}, "red", 5), ({"w": "wraith"}, "black", 3), ({"a": "apprentice"}, "red", 5)])
def test_search_points_and_the_crystal_ball(units, ball, sp):
    # SJG 7.41: SP per unit: apprentice 3 (10.52), mercenary 2 (10.53), dragon 0 (chart);
    # 10.56: the Crystal Ball adds 2 SP to any search its side makes: 5 SP needs 11 on 7 hexes
    game, u = start({n: (k, "red", "1209") for n, k in units.items()} | RN | BN, miasma="1209")
    if ball:
        game.state.position.sides[ball].crystal_ball = True
    end_until(game, "search")
    target = search_target(7, sp)
    game.dice.push(*two(11), *((6,) if target <= 11 else ()))  # a success also rolls for a Jewel
    act(game, "search", hex="1209")
    assert f"with {sp} SP: needs {target}, rolled 11" in last(game, "searches")
    assert ("1209" in game.state.position.miasma.searched_out) == (target <= 11) and game.dice.faces == []


# --- 10.54 dragon ---------------------------------------------------------------------------

def test_dragon_attacks_directly_only():
    # SJG 10.54: "attacks directly (only)": no indirect attack, no boulders (6.23)
    game, u = start({"d": ("dragon", "red", "1110"), "e": ("zombie", "black", "1010"),
                     "f": ("zombie", "black", "1211"), "g": ("zombie", "black", "1310"), **RN, **BN},
                    board=ridge_board())
    end_until(game, "combat")
    refused(game, {"type": "attack", "targets": ["1211"], "boulder": ids(u, "d")}, "cliff edge")
    refused(game, {"type": "attack", "targets": ["1310"], "indirect": ids(u, "d")}, "indirectly")
    refused(game, {"type": "attack", "targets": ["1211"], "direct": ids(u, "d")}, "directly")
    game.dice.push(*two(5))
    act(game, "attack", targets=["1010"], direct=ids(u, "d"))
    assert "20 to 12, 1-1 column" in last(game, "attacks 1010")


def test_dragon_carries_a_wizard_at_its_allowance():
    # SJG 10.54: MA 5, "will carry him" (ruling: the wizard moving with it uses its MA);
    # one wizard per dragon, so an apprentice along keeps his own MA of 2
    game, u = start({"d": ("dragon", "red", "0208"), "a": ("apprentice", "red", "0208"), **RN, **BN})
    row = ["0208", "0308", "0408", "0508", "0608", "0708", "0808"]
    refused(game, move(ids(u, "rn"), row[:4]), "rn|N-red")
    refused(game, move(ids(u, "d", "rn"), row), "D|N-red")
    refused(game, move(ids(u, "d", "rn", "a"), row[:6]), "movement points")
    act(game, "move", units=ids(u, "d", "rn"), path=row[:6])
    assert u["rn"].hex == u["d"].hex == "0708" and u["a"].hex == "0208"


@pytest.mark.parametrize("names, ring, ok", [
    (("d",), False, True), (("d", "n"), False, True), (("d", "a"), False, True),
    (("n",), False, False), (("d", "z"), False, False), (("d", "n", "a"), False, False),
    (("d", "n", "a"), True, True)])
def test_dragon_crosses_cliffs_with_one_wizard(names, ring, ok):
    # SJG 10.54: it crosses cliffs as a wraith (4.21) and may carry the Necromancer or his
    # apprentice, not both; a Ring wearer (10.55) flies by himself
    game, u = start({"d": ("dragon", "red", "1211"), "n": ("necromancer", "red", "1211"),
                     "a": ("apprentice", "red", "1211"), "z": ("zombie", "red", "1211"), **BN}, board=ridge_board())
    if ring:
        give(game, "ring", u["n"])
    action = move(ids(u, *names), ["1211", "1110"])
    if not ok:
        refused(game, action, "cliff")
        return
    refused(game, action | {"path": ["1211", "1110", "1010"]}, "whole move")  # 4.21
    act_as_its_side(game, action | {"side": "red"})
    assert {u[n].hex for n in names} == {"1110"}


def test_dragon_alone_may_not_carry_a_jewel():
    # SJG 10.54: it may not carry a Jewel when it is by itself (moves and retreats, 8.3);
    # 10.52: the apprentice can carry one but cannot determine its power (8.1)
    game, u = start({"d": ("dragon", "red", "1013"), "a": ("apprentice", "red", "1013"), **RN, **BN})
    game.state.position.jewels["green"].hex = "1013"
    refused(game, move(ids(u, "d"), ["1013", "1113"], jewels=["green"]), "dragon")
    act(game, "move", units=ids(u, "d", "a"), path=["1013", "1113", "1213"], jewels=["green"])
    jewel = game.state.position.jewels["green"]
    assert (jewel.hex, jewel.delivered_to, jewel.effect, game.dice.rolled) == ("1213", None, None, [])
    game, u = start({"z1": ("zombie", "red", "1010"), "z2": ("zombie", "red", "1010"),
                     "d": ("dragon", "black", "1110"), **RN, **BN})
    game.state.position.jewels["green"].hex = "1110"
    end_until(game, "combat")
    game.dice.push(*two(7))  # 24 to 20: 1-1, 7: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z1", "z2"))
    assert game.pending.kind == "retreat"
    refused(game, {"type": "retreat", "side": "black", "to": "1210", "carry": ["green"]}, "dragon")


# --- 10.55-10.58 items -----------------------------------------------------------------------

@pytest.mark.parametrize("kind, item, direct, indirect", [
    ("necromancer", None, 16, 12), ("necromancer", "sword", 22, 12), ("necromancer", "bow", 20, 16),
    ("apprentice", "sword", 14, 6), ("apprentice", "bow", 12, 10), ("zombie", "sword", 8, None),
    ("mercenary", "sword", 8, 5), ("mercenary", "bow", 8, 5), ("skeleton", "bow", 6, 6)])
def test_sword_and_bow_serve_only_a_wizard(kind, item, direct, indirect):
    # SJG 10.57: +6 direct, 10.58: +4 direct and indirect, to their user, the Necromancer or
    # apprentice; 10.53: mercenaries carry, but do not use (ruling: nor do undead)
    # red has 45 undead: zombie 8, skeleton 6; the Necromancer 16 / 12 (6.4)
    game, u = start({"h": (kind, "red", "1010"), "e": ("zombie", "black", "1110"),
                     "f": ("zombie", "black", "1210"), **BN} | ({} if kind == "necromancer" else RN),
                    fill={"red": 45})
    if item:
        give(game, item, u["h"])
    assert plan(game, "red", ["1110"], direct=ids(u, "h")).attack == direct
    if indirect is None:
        assert isinstance(plan_attack(game.state.position, "red", [], ids(u, "h"), [], ["1210"], spent=set()), Problem)
    else:
        assert plan(game, "red", ["1210"], indirect=ids(u, "h")).attack == indirect


@pytest.mark.parametrize("holder, mover, ok", [("n", "n", True), (None, "n", False), ("z", "n", False),
                                               ("z", "z", False), ("a", "a", True), ("a", "n", False)])
def test_ring_of_flight_crosses_cliffs(holder, mover, ok):
    # SJG 10.55: the Necromancer or apprentice wearing the Ring crosses cliffs as a wraith
    # (4.21: the crossing is the whole move); a zombie carrying it does not
    game, u = start({"n": ("necromancer", "red", "1211"), "a": ("apprentice", "red", "1211"),
                     "z": ("zombie", "red", "1211"), **BN}, board=ridge_board())
    if holder:
        give(game, "ring", u[holder])
    if not ok:
        refused(game, move(ids(u, mover), ["1211", "1110"]), "cliff")
        return
    refused(game, move(ids(u, mover), ["1211", "1110", "1010"]), "whole move")
    act(game, "move", units=ids(u, mover), path=["1211", "1110"])
    assert u[mover].hex == "1110" and game.state.position.items["ring"].holder == u[mover].id


@pytest.mark.parametrize("ring", [True, False])
def test_ring_wearer_retreats_across_a_cliff(ring):
    # SJG 10.55: the wearer may retreat across a cliff instead of being eliminated (6.52);
    # units with him that cannot fly are lost (ruling); without the Ring the Necromancer dies
    game, u = start({"z1": ("zombie", "red", "1109"), "z2": ("zombie", "red", "1209"),
                     "bn": ("necromancer", "black", "1110"), "w": ("wraith", "black", "1110"), **RN},
                    board=ridge_board({"1109": "2", "1209": "2"}))
    if ring:
        give(game, "ring", u["bn"])
    end_until(game, "combat")
    game.dice.push(*two(7))  # 24 to 17: 1-1, 7: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z1", "z2"))
    if not ring:
        assert game.state.winner == "red"
        return
    d = game.pending
    assert (d.kind, d.info["options"], sorted(d.info["flight"])) == ("retreat", [], ["1111", "1211"])
    refused(game, {"type": "retreat", "side": "black", "to": "1211"}, "only the wearer")
    act(game, "retreat", side="black", to="1211", lose=ids(u, "w"))
    assert u["bn"].hex == "1211" and game.state.position.items["ring"].holder == u["bn"].id and not game.state.winner


@pytest.mark.parametrize("over, lies", [("1211", "1211"), (None, "1110")])
def test_item_over_the_cliff_edge_lands_below(over, lies):
    # SJG 6.52: a unit carrying a magic item that must retreat and cannot is destroyed and the
    # item stays in its hex; at a cliff edge it may go over: the item ends up below
    game, u = start({"w": ("wraith", "black", "1110"), "z1": ("zombie", "red", "1109"),
                     "z2": ("zombie", "red", "1209"), "z3": ("zombie", "red", "1010"),
                     "z4": ("zombie", "red", "1210"), **RN, **BN}, board=ridge_board({"1109": "2", "1209": "2"}))
    give(game, "sword", u["w"])
    end_until(game, "combat")
    game.dice.push(*two(3))  # 12 to 5: 2-1, 3: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z1"))
    d = game.pending
    assert (d.kind, d.info["options"], sorted(d.info["over_cliff"])) == ("retreat", [], ["1111", "1211"])
    act(game, "retreat", side="black", **({"over_cliff": over} if over else {"lose": ids(u, "w")}))
    sword = game.state.position.items["sword"]
    assert (sword.holder, sword.hex, u["w"].id in game.state.position.units) == (None, lies, False)


def test_item_goes_over_the_edge_only_when_no_retreat_is_open():
    # SJG 6.52: the edge is the exception for a unit that "is forced to retreat and cannot"
    # (docs/rulings.md: "A stack with no legal retreat")
    game, u = start({"w": ("wraith", "black", "1110"), "z": ("zombie", "red", "1010"), **RN, **BN},
                    board=ridge_board())
    give(game, "sword", u["w"])
    end_until(game, "combat")
    game.dice.push(*two(3))  # 12 to 5: 2-1, 3: DR
    act(game, "attack", targets=["1110"], direct=ids(u, "z"))
    assert game.pending.info["options"] and game.pending.info["over_cliff"] == []
    refused(game, {"type": "retreat", "side": "black", "over_cliff": "1211"})


def test_take_an_item_lying_in_the_hex_or_from_a_friend():
    # ruling (10.53, 10.55, 10.57): in its movement phase a unit takes an item lying in its hex
    # or held by a friendly unit there; only a wizard uses it; 10.54: a dragon may not carry it
    game, u = start({"a": ("apprentice", "red", "1010"), "d": ("dragon", "red", "1010"),
                     "z": ("zombie", "red", "1110"), "e": ("zombie", "black", "1313"), **RN, **BN})
    game.state.position.items["sword"] = Item("sword", hex="1010")
    take = {"type": "take", "item": "sword"}
    refused(game, take | {"unit": u["z"].id}, "not on the ground")
    refused(game, take | {"unit": u["d"].id}, "dragon")
    refused(game, take | {"unit": u["e"].id}, "not one of yours")
    refused(game, take | {"item": "bow", "unit": u["a"].id}, "no bow")
    act(game, "take", item="sword", unit=u["a"].id)
    refused(game, take | {"unit": u["a"].id}, "already holds")
    assert game.state.position.direct_strength(u["a"]) == 18  # one zombie's 12 + 6
    act(game, "move", units=ids(u, "z"), path=["1110", "1010"])
    act(game, "take", item="sword", unit=u["z"].id)
    assert game.state.position.items["sword"].holder == u["z"].id and game.state.position.direct_strength(u["a"]) == 12
    act(game, "move", units=ids(u, "a"), path=["1010", "0910"])
    assert views.view(game, "black")["items"] == [{"id": "sword", "holder": u["z"].id, "hex": "1010", "side": "red"}]


def test_item_dropped_by_a_dead_apprentice_is_captured_by_the_enemy():
    # SJG 10.57: the Sword can be captured if the apprentice is killed; 6.52, 8.3: it lies
    # where he fell until a unit takes it, in its own movement phase
    units = {f"b{i}": ("zombie", "black", "1010" if i < 3 else "1210") for i in range(5)}
    game, u = start(units | {"a": ("apprentice", "red", "1110"), **RN, **BN}, first="black")
    give(game, "sword", u["a"])
    end_until(game, "combat")
    act(game, "attack", targets=["1110"], direct=ids(u, *units))  # 60 to 12: automatic DE
    assert u["a"].id not in game.state.position.units
    assert views.view(game, "red")["items"] == [{"id": "sword", "holder": None, "hex": "1110", "side": None}]
    act(game, "advance", moves={str(u["b0"].id): "1110"})
    refused(game, {"type": "take", "item": "sword", "unit": u["b0"].id}, "combat decision")
    end(game)  # black's combat: red's turn begins
    end(game)
    end_until(game, "move")
    assert game.state.phasing == "black"
    act(game, "take", item="sword", unit=u["b0"].id)
    assert game.state.position.items["sword"].holder == u["b0"].id and game.state.position.direct_strength(u["b0"]) == 12


# --- everything together --------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_random_games_with_items_replay_exactly(seed):
    # SJG 10.1-10.58 together: random legal play never breaks, items stay with a live unit or
    # in a hex, mercenaries never end a phase in mixed company, and the record replays exactly
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, items={"red": 3, "black": 3},
                               optional=["cp_allowance", "miasma_movement", "miasma_teleport", "miasma_demon",
                                         "fourth_jewel"])
    pos = game.state.position
    while not game.is_over and game.state.turn <= 30:
        act_as_its_side(game, bots.random_action(game, rng))
        for item in pos.items.values():
            holder = pos.units.get(item.holder) if item.holder is not None else None
            assert (holder is None) == (item.holder is None) and (holder is None or holder.kind != UnitType.DRAGON)
            assert holder is not None or item.hex is not None or game.phase in ("choose", "deploy")
        if game.phase in ("convert", "combat", "search"):
            for h in {u.hex for u in pos.units.values() if u.kind == UnitType.MERCENARY}:
                assert all(u.kind in (UnitType.MERCENARY, UnitType.NECROMANCER, UnitType.APPRENTICE)
                           for u in pos.at(h)), h
    replay = SjgNecromancerGame.from_record(game.record)
    assert views.view(replay, None) == views.view(game, None)
