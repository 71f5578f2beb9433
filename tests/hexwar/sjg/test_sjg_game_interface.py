"""SJG Necromancer through the one game interface (issue 12): the registry, who acts,
flat legal actions checked against hand-derived sets, strict act, the hidden marks of the
views, the turn limit, replay and the clone's chance."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from tests.hexwar.sjg.sjg_helpers import make_map, nb, snapshot, start, two
from warjudge.core import games
from warjudge.core.errors import IllegalAction
from warjudge.core.game import Game
from warjudge.core.record import GameRecord
from warjudge.core.visibility import hidden_objects
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.game import SjgNecromancerGame

SEED = 11


def play(game, rng: random.Random, steps: int) -> None:
    """Random play through the interface only: a random acting side, a random legal action."""
    for _ in range(steps):
        if game.is_over:
            return
        side = rng.choice(game.to_act())
        game.act(side, rng.choice(game.legal_actions(side)))


def full(game) -> str:
    return json.dumps(game.view(None), sort_keys=True)


def test_the_registry_builds_the_sjg_game_and_it_answers_the_interface():
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    assert type(game) is SjgNecromancerGame and isinstance(game, Game)
    assert game.players == ("red", "black")
    # SJG 9.1: both sides set up at once, behind a screen
    assert game.to_act() == ("red", "black")
    assert game.decision("black").kind == "deploy"
    json.dumps(game.view("red"))
    assert game.view(None)["board"]["sha256"] and "seed" not in full(game)


def test_a_random_game_ends_at_the_turn_limit_and_its_record_replays():
    game = games.new("necromancer-sjg", seed=SEED, first="red", max_turns=3)
    play(game, random.Random(1), 5000)
    outcome = game.outcome()
    assert game.is_over and game.to_act() == () and outcome.reason == "turn-limit"
    units = {s: sum(1 for u in game.state.position.units.values() if u.side == s) for s in game.players}
    assert outcome.scores == {s: float(n) for s, n in units.items()}
    assert set(outcome.winners) == {s for s in units if units[s] == max(units.values())}
    with pytest.raises(IllegalAction):
        game.act("red", {"type": "end"})
    assert full(games.load(game.record)) == full(game)


def test_legal_destinations_of_a_zombie_are_the_hand_derived_set():
    # SJG 4.1-4.2: a zombie (MA 3) moves 1 MP a plateau hex; 2.13: nothing enters a
    # monolith. East of it a monolith: that hex, and the hex 3 east (whose only 3-MP
    # path runs through it), are out of reach; every other hex within 3 is reachable.
    here = "1009"
    board = make_map({nb(here, "E"): "M1"})
    game, u = start({"z": ("zombie", "red", here), "n": ("necromancer", "black", "2016")}, board=board)
    east3 = nb(nb(nb(here, "E"), "E"), "E")
    expected = {h for h in board.hexes if 0 < distance(here, h) <= 3} - {nb(here, "E"), east3}
    moves = [a for a in game.legal_actions("red") if a["type"] == "move" and a["units"] == [u["z"].id]]
    assert {a["path"][-1] for a in moves} == expected
    assert len(moves) == len(expected)  # one canonical path each
    assert {"type": "end", "side": "red"} in game.legal_actions("red") and game.legal_actions("black") == []


def test_a_stack_may_move_together_or_apart():
    # SJG 4.4: units in one hex may move as a stack or one by one
    game, u = start({"a": ("zombie", "red", "1009"), "b": ("zombie", "red", "1009"),
                     "n": ("necromancer", "black", "2016")})
    groups = {tuple(a["units"]) for a in game.legal_actions("red") if a["type"] == "move"}
    assert groups == {(u["a"].id,), (u["b"].id,), (u["a"].id, u["b"].id)}


def test_every_listed_action_is_accepted_and_others_are_refused_unchanged():
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    rng = random.Random(2)
    while not (game.decision(game.to_act()[0]).kind == "move" and game.state.turn >= 2):
        play(game, rng, 1)
    side = game.to_act()[0]
    legal = game.legal_actions(side)
    for action in rng.sample(legal, 60):
        game.clone(reseed=False).act(side, action)
    unit = next(u for u in game.state.position.side_units(side) if u.id not in game.state.locked)
    listed = {a["path"][-1] for a in legal if a["type"] == "move" and a["units"] == [unit.id]}
    far = next(h for h in game.state.position.board.hexes if distance(h, unit.hex) == 9)
    assert far not in listed
    before = snapshot(game)
    for bad in ({"type": "move", "units": [unit.id], "path": [unit.hex, far]},
                {"type": "end", "side": "red" if side == "black" else "black"},
                {"type": "search", "hex": unit.hex}, "end"):
        with pytest.raises(IllegalAction):
            game.act(side, bad)
    with pytest.raises(IllegalAction):
        game.act("red" if side == "black" else "black", {"type": "end"})
    assert snapshot(game) == before


def test_undo_is_listed_after_a_move_and_restores_the_position():
    game, u = start({"z": ("zombie", "red", "1009"), "n": ("necromancer", "black", "2016")})
    assert {"type": "undo", "side": "red"} not in game.legal_actions("red")
    before = {k: v for k, v in game.view(None).items() if k != "events"}
    move = next(a for a in game.legal_actions("red") if a["type"] == "move")
    game.act("red", move)
    assert game.state.position.units[u["z"].id].hex == move["path"][-1]
    assert {"type": "undo", "side": "red"} in game.legal_actions("red")
    assert not any(a["type"] == "move" for a in game.legal_actions("red"))  # the only unit has moved
    game.act("red", {"type": "undo"})
    after = game.view(None)
    assert {k: v for k, v in after.items() if k != "events"} == before   # the position as it was
    assert [e["code"] for e in after["events"][-2:]] == ["sjg.moved", "sjg.taken_back"]  # the log says both


def test_set_up_is_placed_one_unit_at_a_time_behind_the_screen():
    # SJG 9.1: "deployed secretly (use a screen)"; units within 3 hexes of the Necromancer
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    skull = game.state.position.necromancer("red").hex
    places = [a for a in game.legal_actions("red") if a["type"] == "place"]
    assert places and all(distance(a["hex"], skull) <= 3 for a in places)
    game.act("red", places[0])
    assert {"type": "undo", "side": "red"} in game.legal_actions("red")
    full_view = game.view(None)
    secret = [o for o in hidden_objects(full_view, "black")]
    assert secret and all(o.get("side") == "red" for o in secret)
    assert "placements" not in json.dumps(game.view("black")) and "placements" in json.dumps(game.view("red"))
    rng = random.Random(3)
    while "red" in game.to_act():  # red finishes; black has not deployed yet
        game.act("red", rng.choice([a for a in game.legal_actions("red") if a["type"] != "undo"]))
    red_units = [u for u in game.view("black")["units"] if u["side"] == "red"]
    assert [u["kind"] for u in red_units] == ["necromancer"]  # only the Necromancer on his skull hex is public
    assert len([u for u in game.view("red")["units"] if u["side"] == "red"]) > 40
    assert game.to_act() == ("black",)


def test_both_sides_choose_items_at_once_and_the_first_choice_stays_secret():
    # SJG 10.5: each player chooses his items in secret
    game = games.new("necromancer-sjg", seed=SEED, first="red", items={"red": 1, "black": 1})
    assert game.to_act() == ("red", "black")
    options = game.legal_actions("black")
    assert {"type": "choose", "side": "black", "items": ["sword"]} in options
    assert all(a["type"] == "choose" for a in options)
    game.act("black", {"type": "choose", "items": ["sword"]})
    assert game.to_act() == ("red",)
    assert game.view("red")["secrets"] == []
    assert [o["items"] for o in game.view("black")["secrets"]] == [["sword"]]
    assert game.view("red")["decisions"] == game.clone(reseed=False).view("red")["decisions"]
    json_red = json.dumps(game.view("red"))
    assert '"items": ["sword"]' not in json_red


def test_the_demon_counter_is_hidden_from_both_sides():
    # SJG 10.4: the Miasma counters are placed face down
    game = games.new("necromancer-sjg", seed=SEED, first="red", optional=["miasma_demon"])
    counter = game.state.position.miasma.demon_counter
    assert counter
    for side in game.players:
        assert list(hidden_objects(game.view(None), side)) == [{"hex": counter, "hidden_from": ["red", "black"]}]
        assert "demon_counter" not in game.view(side)["miasma"]


def test_an_exact_clone_plays_on_identically_and_a_reseeded_one_rolls_afresh():
    game = games.new("necromancer-sjg", seed=SEED, first="red")
    play(game, random.Random(4), 250)
    exact, again = game.clone(reseed=False), game.clone(reseed=False)
    play(exact, random.Random(5), 200)
    play(again, random.Random(5), 200)
    assert full(exact) == full(again)
    assert len(exact.record.actions) == len(game.record.actions) + 200 or exact.is_over
    fresh = game.clone()
    assert fresh.record.seed != game.record.seed and fresh.dice.seed != game.dice.seed
    assert full(game.clone(reseed=False)) == full(game) == full(fresh)
    real, twin = game.clone(reseed=False), game.clone(reseed=False)
    real_rolls = [real.dice.roll() for _ in range(20)]
    assert real_rolls == [twin.dice.roll() for _ in range(20)]      # exact: the game's own next rolls
    assert real_rolls != [fresh.dice.roll() for _ in range(20)]     # reseeded: not them


def test_no_view_ever_holds_what_the_full_view_hides_from_it():
    # SJG 9.1 screen, 10.5 secret choices, 10.4 face-down counters, through a whole set-up
    game = games.new("necromancer-sjg", seed=SEED, first="red", items={"red": 2, "black": 1},
                     optional=["miasma_demon"], max_turns=2)
    rng = random.Random(6)
    seen_hidden = 0
    while not game.is_over:
        whole = game.view(None)
        for side in game.players:
            secret = [json.dumps({k: v for k, v in o.items() if k != "hidden_from"}, sort_keys=True)
                      for o in hidden_objects(whole, side)]
            seen_hidden += len(secret)
            shown = json.dumps(game.view(side), sort_keys=True)
            assert not any(o in shown for o in secret)
            assert list(hidden_objects(game.view(side), side)) == []
        play(game, rng, 1)
    assert seen_hidden > 0


def test_a_retreat_into_a_full_hex_is_listed_with_the_displacement_that_makes_room():
    # SJG 6.52: friendly units in the way may be moved one hex; 4.4: at most 3 in a hex
    game, u = start({"z": ("zombie", "red", "1010"), "e": ("zombie", "black", "1110"),
                     "f": ("zombie", "black", "1110"), "g1": ("zombie", "black", "1210"),
                     "g2": ("zombie", "black", "1210"), "rn": ("necromancer", "red", "0208"),
                     "bn": ("necromancer", "black", "2208")})
    game.state.position.sides["black"].count = 77  # zombies 3: 12 to 6 is 2-1
    while game.pending.kind != "combat":
        game.act("red", {"type": "end"})
    game.dice.push(*two(3))  # 2-1, 3: DR
    game.act("red", {"type": "attack", "targets": ["1110"], "direct": [u["z"].id]})
    legal = game.legal_actions("black")
    into_full = [a for a in legal if a.get("to") == "1210" and not a.get("lose")]
    g = sorted([u["g1"].id, u["g2"].id])
    assert into_full and all(a.get("displace") for a in into_full)
    assert {"type": "retreat", "side": "black", "to": "1210",
            "displace": [{"units": g, "to": "1310"}]} in into_full
    assert not any(d["to"] == "1410" for a in into_full for d in a["displace"])  # one hex only
    game.act("black", {"type": "retreat", "to": "1210", "displace": [{"units": g, "to": "1310"}]})
    assert u["g1"].hex == "1310" and u["e"].hex == "1210" and u["f"].hex == "1210"


def test_attacks_on_two_hexes_at_once_are_listed():
    # SJG 6.21: a unit may attack several adjacent enemy hexes together
    game, u = start({"z": ("zombie", "red", "1009"), "a": ("zombie", "black", nb("1009", "E")),
                     "b": ("zombie", "black", nb("1009", "W")), "rn": ("necromancer", "red", "0208"),
                     "bn": ("necromancer", "black", "2208")})
    while game.pending.kind != "combat":
        game.act("red", {"type": "end"})
    attacks = [a for a in game.legal_actions("red") if a["type"] == "attack"]
    assert {tuple(a["targets"]) for a in attacks} == {(nb("1009", "E"),), (nb("1009", "W"),),
                                                       tuple(sorted([nb("1009", "E"), nb("1009", "W")]))}
    assert all(a["direct"] == [u["z"].id] for a in attacks)
    # 6.21: both hexes are in its zone of control and must be attacked: no 'end' yet
    assert {"type": "end", "side": "red"} not in game.legal_actions("red")


def test_conversion_attempts_listed_are_those_the_points_pay_for():
    # SJG 5.2: an attempt commits 1-4 times the stack's resistance in CP
    game, u = start({"rn": ("necromancer", "red", "0208"), "e": ("zombie", "black", "1009"),
                     "bn": ("necromancer", "black", "2208")})
    resistance = game.state.position.resistance(u["e"])
    game.state.position.sides["red"].cp = 2 * resistance + 1
    while game.pending.kind != "convert":
        game.act("red", {"type": "end"})
    converts = [a for a in game.legal_actions("red") if a["type"] == "convert"]
    assert converts == [{"type": "convert", "side": "red", "target": "1009", "multiple": m} for m in (1, 2)]


def test_a_record_written_before_the_interface_replays_to_the_same_position():
    # Written by the engine at commit 798e750 (random bots, seed 2, 10.4 demon, 10.5 one item
    # each); its final position was noted then: turn 5, red to move, CP 142/104, 98 units.
    record = GameRecord.load(Path(__file__).parents[2] / "data" / "sjg_record_before_interface.json")
    game = games.load(record)
    units = sorted([u.id, u.kind.value, u.side, u.hex] for u in game.state.position.units.values())
    assert (game.state.turn, game.phase, game.to_act()) == (5, "move", ("red",))
    assert {s: game.state.position.sides[s].cp for s in game.players} == {"red": 142, "black": 104}
    assert hashlib.sha256(json.dumps(units).encode()).hexdigest() == \
        "204bea3df9656aec5b033e99df7729bd05eb856fad7688f4a3efbf1e9b1cf7f2"
