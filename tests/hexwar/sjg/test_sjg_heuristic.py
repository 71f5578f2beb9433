"""Issue 10 item 10: the heuristic bot guards its Necromancer, budgets its Conversion
Points, leaves slope-bound units out of attacks they cannot improve, walks round cliffs
and chooses useful optional units. Strength is measured in benchmarks/sjg_necromancer.py,
never here; these tests pin the behaviours."""

from __future__ import annotations

import random

from warjudge.hexwar.sjg.bots import random_action
from warjudge.hexwar.sjg.heuristic import heuristic_action, play_game, walking_distances
from warjudge.hexwar.grid import distance

from tests.hexwar.sjg.sjg_helpers import act, end, end_until, make_map, start


def test_the_necromancer_keeps_a_guard_through_the_game():
    # issue 10 item 10: "from turn 13 on no black unit stood within 2 hexes"
    game = play_game(random_action, heuristic_action, 7, max_turns=16)
    pos = game.position
    necro = pos.necromancer("black")
    if necro is not None:
        near = [u for u in pos.side_units("black") if u is not necro and distance(u.hex, necro.hex) <= 1]
        assert len(near) >= 2


def test_cp_are_budgeted_never_x4_and_a_reserve_kept():
    # issue 10 item 10: "150 -> 62 -> 38 -> 2 by its third turn, an x4 attempt included"
    rng = random.Random(3)
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

    game = SjgNecromancerGame.new(seed=3, first="red")
    spent_by_turn = {}
    while not game.is_over and game.turn <= 12:
        decision = game.pending
        action = heuristic_action(game, rng) if decision.player == "black" else random_action(game, rng)
        if action["type"] == "convert" and decision.player == "black":
            assert action.get("multiple", 3) != 4 or action.get("free")
        game.apply(action)
        spent_by_turn[game.turn] = game.position.sides["black"].cp
    cps = [cp for t, cp in sorted(spent_by_turn.items()) if t <= 6]
    assert min(cps) >= 40 or cps[-1] > 2


def test_no_attack_from_a_slope_that_halving_makes_pointless():
    # SJG 2.12, 6.31: a slope halves the attacker; the bot leaves it out when it adds nothing
    board = make_map({"1008": "S2", "1108": "2", "1208": "2", "0908": "2", "1007": "2", "1009": "2",
                      "1107": "2", "1109": "2"})
    game, u = start({"z1": ("zombie", "black", "1008"), "z2": ("zombie", "black", "1208"),
                     "z3": ("zombie", "black", "1209"), "d": ("wraith", "red", "1108"),
                     "N": ("necromancer", "black", "0414"), "n": ("necromancer", "red", "2014")},
                    board=board, first="black", fill={"red": 40})
    while game.pending.kind != "combat":
        end(game)
    action = heuristic_action(game, random.Random(0))
    assert action["type"] == "attack" and u["z1"].id not in action["direct"]
    assert u["z2"].id in action["direct"]


def test_the_bot_walks_round_cliffs_instead_of_into_them():
    # the stalled games at the turn cap: straight-line distance led units into cliff walls
    wall = [("1107", "1207"), ("1108", "1208"), ("1109", "1209")]
    board = make_map({"1107": "2", "1108": "2", "1109": "2"}, cliffs=wall)
    far = walking_distances(board, "1208")
    assert far["1108"] > distance("1108", "1208") == 1


def test_optional_units_and_items_are_chosen_and_used():
    # issue 10 item 10: "use the optional units"; SJG 10.5
    game = play_game(heuristic_action, heuristic_action, 5, max_turns=6, items={"red": 2, "black": 2})
    chosen = [a for a in game.record.actions if a["type"] == "choose"]
    assert chosen and all(set(a["items"]) <= {"mercenaries", "apprentice", "sword", "bow", "ring", "crystal_ball"}
                          for a in chosen)
    assert any(u.kind.value in ("mercenary", "apprentice") for u in game.position.units.values())


def test_a_lone_unit_does_not_walk_into_a_zone_it_must_attack_at_bad_odds():
    # SJG 6.21: a unit in an enemy zone must attack; the bot enters one only at 2-1 or better
    from warjudge.hexwar.sjg.heuristic import _worth_engaging

    game, u = start({"w": ("wraith", "red", "0808"), "z": ("zombie", "black", "1008"),
                     "z2": ("zombie", "black", "1009"), "N": ("necromancer", "red", "0414"),
                     "n": ("necromancer", "black", "2014")}, fill={"black": 40})
    pos = game.position
    assert not _worth_engaging(pos, u["w"], "0908", "2014")   # a wraith against two zombies
    assert _worth_engaging(pos, u["w"], "0707", "2014")       # no enemy next to 0707


def _bot_moves(game, side):
    """Let the heuristic bot play `side`'s whole move phase."""
    rng = random.Random(0)
    while game.pending.kind == "move" and game.pending.player == side:
        game.apply(heuristic_action(game, rng))


def test_units_step_next_to_the_enemy_necromancer_together():
    # SJG 6.21, 6.4: a zombie (10) alone is below 1-1 on a Necromancer (12); two together
    # are not. The old rule counted only units already beside him, so each waited for the
    # other and both armies stood two hexes off until the turn cap.
    game, u = start({"N": ("necromancer", "red", "0414"), "g1": ("zombie", "red", "0415"),
                     "g2": ("zombie", "red", "0415"), "g3": ("zombie", "red", "0415"),
                     "z1": ("zombie", "red", "1210"), "z2": ("zombie", "red", "1411"),
                     "n": ("necromancer", "black", "1212")}, fill={"red": 25})
    pos = game.position
    assert pos.direct_strength(u["z1"]) < pos.defence_strength(u["n"]) <= 2 * pos.direct_strength(u["z1"])
    assert distance(u["z1"].hex, "1212") == distance(u["z2"].hex, "1212") == 2
    _bot_moves(game, "red")
    assert distance(u["z1"].hex, "1212") == distance(u["z2"].hex, "1212") == 1
    assert {u["g1"].hex, u["g2"].hex, u["g3"].hex} <= {h for h in pos.board.within("0414", 1)}  # the guard stayed
    end_until(game, "combat")
    action = heuristic_action(game, random.Random(0))
    assert action["targets"] == ["1212"] and {u["z1"].id, u["z2"].id} <= set(action["direct"])


def test_a_small_army_spends_its_cp_instead_of_keeping_a_reserve():
    # SJG 5.1, 5.2: conversion is how a side rebuilds. A lone Necromancer kept 48 CP in
    # reserve to the turn cap; the reserve is for a big army's later turns.
    game, u = start({"N": ("necromancer", "red", "0414"), "z": ("zombie", "black", "1008"),
                     "n": ("necromancer", "black", "2014")}, cp={"red": 30})
    pos = game.position
    assert pos.resistance(u["z"]) * 3 == 30 and distance("0414", "1008") > 3
    end_until(game, "convert")
    action = heuristic_action(game, random.Random(0))
    assert action == {"type": "convert", "side": "red", "target": "1008", "multiple": 3}
    game.dice.push(4)
    game.apply(action)
    assert pos.sides["red"].cp == 0 and u["z"].side == "red" and u["z"].hex == "1008"   # 5.3: x3, 4 converts


def test_a_big_army_keeps_its_cp_reserve():
    # issue 10 item 10: "150 -> 62 -> 38 -> 2 by its third turn"; the same target as above
    # with twelve units on the track: no attempt that would leave under 40 CP
    game, u = start({"N": ("necromancer", "red", "0414"), "z": ("zombie", "black", "1008"),
                     "n": ("necromancer", "black", "2014")}, cp={"red": 60}, fill={"red": 12})
    end_until(game, "convert")
    assert game.position.resistance(u["z"]) * 3 == 30
    action = heuristic_action(game, random.Random(0))
    assert action.get("multiple") == 2   # x3 would leave 30 CP; x2 leaves 40


def test_a_dear_best_target_does_not_stop_a_cheaper_conversion():
    # the old bot picked the most valuable stack and, if it could not afford it, converted
    # nothing at all
    game, u = start({"N": ("necromancer", "red", "0414"), "z1": ("zombie", "black", "1008"),
                     "z2": ("zombie", "black", "1008"), "w": ("wraith", "black", "1508"),
                     "n": ("necromancer", "black", "2014")}, cp={"red": 15})
    end_until(game, "convert")
    action = heuristic_action(game, random.Random(0))
    assert action["type"] == "convert" and action["target"] == "1508"


def test_the_necromancer_keeps_his_guard_in_a_given_position():
    # issue 10 item 10: "from turn 13 on no black unit stood within 2 hexes"; the three
    # zombies nearest him stay beside him while the rest of the army marches off
    game, u = start({"N": ("necromancer", "red", "0608"), "g1": ("zombie", "red", "0808"),
                     "g2": ("zombie", "red", "0809"), "g3": ("zombie", "red", "0807"),
                     "z": ("skeleton", "red", "0710"), "n": ("necromancer", "black", "2014")}, fill={"red": 12})
    pos = game.position
    _bot_moves(game, "red")
    near = {name for name in ("g1", "g2", "g3") if distance(u[name].hex, u["N"].hex) <= 1}
    assert len(near) == 3, {name: u[name].hex for name in ("g1", "g2", "g3")}
    assert distance(u["z"].hex, "2014") < distance("0710", "2014")   # the others march on
    assert pos.necromancer("red") is u["N"]
