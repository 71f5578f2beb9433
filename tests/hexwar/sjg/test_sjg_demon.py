"""SJG Necromancer optional rule 10.4, the Miasma demon (with 6.2-6.6 combat, 7.x the
Miasma and 10.2 Miasma movement), through the public game API. Dice are scripted
(sjg_helpers.ScriptedDice), so each test also proves which dice the rules call for."""

import random


import pytest
from tests.hexwar.sjg.sjg_helpers import ScriptedDice, act, end, end_until, make_map, refused, start, two

from warjudge.presentation.sjg.wording_en import lines as log_lines
from warjudge.hexwar.sjg import demon as D
from warjudge.core.dice import Dice
from warjudge.hexwar.sjg.bots import random_action
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.heuristic import HeuristicBot
from warjudge.hexwar.sjg.views import view
from tests.support.sjg_act import act_as_its_side

RN = {"rn": ("necromancer", "red", "0208")}
BN = {"bn": ("necromancer", "black", "2208")}
MIASMA = ["1108", "1109", "1110", "1208", "1209", "1210", "1309"]  # 1209 and its neighbours, sorted
DEMON = ("miasma_demon",)


def demon_game(units, counter=None, demon=None, optional=DEMON, **kw):
    """A game at the start of red's turn with the Miasma on 1209 (`units` may move the
    Necromancers); `start` built it with real dice, so the counter and demon are set here."""
    game, u = start({**RN, **BN, **units}, miasma="1209", optional=optional, **kw)
    game.state.position.miasma.demon_counter = counter
    game.state.position.miasma.demon = demon
    return game, u


def ids(u, *names):
    return [u[n].id for n in names]


def last(game, text):
    return next(line for line in reversed(log_lines(game.events)) if text in line)


def on_demon(targets, **kw):
    return {"type": "attack", "targets": targets, "demon": True, **kw}


# --- placing the face-down counter ------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_counter_lies_under_one_miasma_hex(seed):
    # SJG 10.4: the Miasma counters are mixed and placed face down; one hides the demon
    game = SjgNecromancerGame.new(seed=seed, optional=["miasma_demon"])
    m = game.state.position.miasma
    assert m.demon_counter in m.hexes and m.demon is None
    plain = SjgNecromancerGame.new(seed=seed)
    assert plain.state.position.miasma.demon_counter is None and view(plain, "red")["demon"] is None


@pytest.mark.parametrize("faces, index", [((1, 1), 0), ((1, 2), 1), ((1, 3), 2), ((1, 4), 3), ((1, 5), 4),
                                          ((1, 6), 5), ((2, 1), 6), ((6, 5), 6), ((6, 6, 1, 3), 2),
                                          ((6, 6, 6, 6, 2, 2), 0)])
def test_each_of_the_seven_hexes_can_hide_the_demon(faces, index):
    # SJG 10.4 "mixed"; ruling: two dice read as 0-35, 35 (6,6) rolled again: 5 chances in 35 each
    dice = ScriptedDice(*faces)
    assert D.hidden_counter(list(reversed(MIASMA)), dice.roll) == MIASMA[index]
    assert dice.faces == []


def test_game_rolls_two_secret_dice_for_the_counter(monkeypatch):
    # SJG 7.2, 10.4: one die places the Miasma (3: the 3-4 spiral, 1209); two more dice,
    # not reported, choose the demon's counter ((6,6) rolled again, then (2,1): the 7th hex)
    monkeypatch.setattr(Dice, "of", staticmethod(lambda record: ScriptedDice(3, 6, 6, 2, 1)))
    game = SjgNecromancerGame.new(seed=0, board=make_map(), first="red", optional=["miasma_demon"])
    assert game.dice.faces == [] and sorted(game.state.position.miasma.hexes) == MIASMA
    assert game.state.position.miasma.demon_counter == "1309"
    assert [line for line in log_lines(game.events) if "roll" in line] == ["  roll 3 (Miasma placement (7.2))"]


# --- the counter is secret --------------------------------------------------------------

def test_views_and_log_do_not_reveal_the_counter():
    # SJG 10.4: "the monster counter's position is unknown" to both players
    board = make_map()
    units = {"w1": ("wraith", "red", "1209"), "w2": ("wraith", "red", "1209"), "e": ("zombie", "black", "1110")}
    games = [demon_game(units, counter=c, board=board)[0] for c in ("1209", "1108")]
    for step in range(2):
        for side in ("red", "black"):
            seen = [view(g, side) for g in games]
            assert seen[0] == seen[1]
            assert seen[0]["demon"] == {"hex": None, "hidden": True}
        assert [view(g, None)["demon"]["counter"] for g in games] == ["1209", "1108"]
        assert log_lines(games[0].events) == log_lines(games[1].events) and not any("demon" in line for line in log_lines(games[0].events))
        if step == 0:
            for g in games:
                end_until(g, "search")
                g.dice.push(*two(10))  # 6 SP in 7 hexes need 11: failed
                act(g, "search", hex="1209")
    assert games[0].state.position.miasma.demon_counter == "1209"  # SJG 10.4: a failed search turns nothing over


@pytest.mark.parametrize("seed", range(3))
def test_counter_dice_are_not_logged(seed):
    # SJG 10.4: only the Miasma placement (7.2) and the coin toss (9.1) are reported
    game = SjgNecromancerGame.new(seed=seed, optional=["miasma_demon"])
    assert len([line for line in log_lines(game.events) if "roll" in line]) == 2
    assert not any(game.state.position.miasma.demon_counter in line or "demon" in line for line in log_lines(game.events))


# --- searching: turning a counter over -------------------------------------------------

SEARCHERS = {"w1": ("wraith", "red", "1209"), "w2": ("wraith", "red", "1209")}  # 6 SP, defence 2 x 5


def test_blank_counter_nothing_happens():
    # SJG 10.4: a successful search turns the counter over; blank: nothing happens
    game, u = demon_game(SEARCHERS, counter="1110")
    end_until(game, "search")
    game.dice.push(*two(11), 4)  # success (needs 11), no Jewel; no further dice
    act(game, "search", hex="1209")
    m = game.state.position.miasma
    assert m.demon is None and m.demon_counter == "1110" and game.dice.faces == []
    assert u["w1"].id in game.state.position.units and view(game, "red")["demon"] == {"hex": None, "hidden": True}


def test_unleashed_demon_attacks_searchers_without_miasma_modifier():
    # SJG 10.4: after the Jewel roll the counter shows the demon; it attacks the
    # searchers at once, 30 to 10 = 3-1, with no -1: a 9 is DE (9-1 would be DR-2)
    game, u = demon_game(SEARCHERS, counter="1209")
    end_until(game, "search")
    game.dice.push(*two(11), 3, *two(9))
    act(game, "search", hex="1209")
    m = game.state.position.miasma
    assert m.demon == "1209" and m.demon_counter is None and game.dice.faces == []
    assert "30 to 10, 3-1 column, roll 9+0: DE" in last(game, "the demon attacks 1209")
    assert u["w1"].id not in game.state.position.units and u["w2"].id not in game.state.position.units
    assert view(game, "black")["demon"] == {"hex": "1209", "hidden": False}


def test_demon_kills_jewel_finders_and_the_jewel_is_lost():
    # SJG 10.4: "If it eliminates the units carrying a Jewel, the Jewel is lost in the mist"
    game, u = demon_game(SEARCHERS, counter="1209")
    end_until(game, "search")
    game.dice.push(*two(11), 1, *two(12))  # the red Jewel is found, then DE
    act(game, "search", hex="1209")
    pos = game.state.position
    assert pos.jewels["red"].hex is None and pos.miasma.jewels_found == 0 and pos.side_units("red") == [u["rn"]]
    assert pos.jewels["red"].delivered_to is None       # lost in the Miasma again: it may be found anew


def test_retreat_from_the_demon_then_it_hunts_on_the_next_turn():
    # SJG 10.4, 6.52: DR (3-1, roll 2): the searchers retreat; in the combat phase of the
    # next turn (black's) it moves onto the nearest stack in the Miasma and attacks it
    game, u = demon_game(SEARCHERS, counter="1209")
    end_until(game, "search")
    game.dice.push(*two(11), 5, *two(2))
    act(game, "search", hex="1209")
    assert game.pending.kind == "retreat" and game.pending.player == "red"
    assert "1208" in game.pending.info["options"]
    act(game, "retreat", to="1208")
    assert game.pending.kind == "search" and "search" in game.pending.accepts  # 7.41: a new hex to search
    game.dice.push(1)  # 7.5: x1 check of the stack in 1208: no effect
    end(game)
    assert game.state.phasing == "black" and "1209" not in game.state.position.miasma.hexes
    game.dice.push(*two(7))  # 30 to 10, 3-1: DR-2 - both wraiths lost
    end_until(game, "combat")
    assert game.pending.player == "black" and game.state.position.miasma.demon == "1208"
    assert "3-1 column, roll 7+0: DR-2" in last(game, "the demon attacks 1208")
    assert game.state.position.side_units("red") == [u["rn"]] and game.dice.faces == []


# --- the demon's turn in each combat phase ----------------------------------------------

def test_demon_moves_to_the_nearest_stack_in_the_miasma():
    # SJG 10.4: it moves onto the nearest unit(s) in the Miasma (1209, one hex from 1108;
    # not 1309, two hexes; not the red zombie next to it outside the Miasma) and attacks
    game, u = demon_game({"e1": ("zombie", "black", "1209"), "e2": ("zombie", "black", "1309"),
                          "z": ("zombie", "red", "1207")}, demon="1108")
    game.dice.push(*two(2))  # 30 to 12, 2-1: NE
    end_until(game, "combat")
    assert game.state.position.miasma.demon == "1209" and game.dice.faces == []
    assert "30 to 12, 2-1 column, roll 2+0: NE" in last(game, "the demon attacks 1209")


def test_demon_strikes_before_the_players_combat():
    # SJG 10.4: "The demon attacks before players' units can": the black stack red wanted
    # to attack is gone when red's combat decision comes
    game, u = demon_game({"e": ("zombie", "black", "1208"), "z": ("zombie", "red", "1307")}, demon="1209")
    game.dice.push(*two(11))  # 2-1: DE
    end_until(game, "combat")
    assert game.pending.player == "red" and u["e"].id not in game.state.position.units
    refused(game, {"type": "attack", "targets": ["1208"], "direct": ids(u, "z")}, "no enemy unit")
    end(game)


def test_tie_broken_by_a_die_too_high_faces_rolled_again():
    # SJG 10.4: "if more than one stack is equally near, roll a die"; ruling: the three
    # stacks in hex order 1110, 1208, 1309; faces 5 and 4 are rolled again; 2: 1208
    game, u = demon_game({"a": ("zombie", "black", "1110"), "b": ("zombie", "black", "1208"),
                          "c": ("wraith", "red", "1309")}, demon="1209")
    game.dice.push(5, 4, 2, *two(2))
    end_until(game, "combat")
    assert game.state.position.miasma.demon == "1208" and game.dice.faces == []
    assert "which stack the demon attacks" in log_lines(game.events)[-3]


def test_no_units_in_the_miasma_no_attack_and_no_dice():
    # SJG 10.4: it attacks units in the Miasma only
    game, u = demon_game({"z": ("zombie", "red", "1307"), "e": ("zombie", "black", "1409")}, demon="1209")
    end_until(game, "combat")
    assert game.dice.rolled == [] and game.state.position.miasma.demon == "1209"
    assert not any("the demon attacks" in line for line in log_lines(game.events))


def test_demon_attacks_in_both_players_combat_phases():
    # SJG 10.4: "in the combat phase of every subsequent turn (of either player)"
    game, u = demon_game({"e": ("zombie", "black", "1208")}, demon="1209")
    game.dice.push(*two(2))  # red's combat phase: 2-1, NE
    end_until(game, "combat")
    end(game)  # red's turn ends: no red stack in the Miasma, no 7.5 roll
    assert game.state.phasing == "black" and game.dice.faces == []
    game.dice.push(*two(3))  # black's combat phase: the demon, already on 1208, DR
    end_until(game, "retreat")
    assert game.pending.player == "black" and game.pending.info["hex"] == "1208"
    assert len([line for line in log_lines(game.events) if "the demon attacks 1208" in line]) == 2


# --- results of the demon's attacks -----------------------------------------------------

def test_demon_de_loses_the_jewel_in_the_mist():
    # SJG 10.4, 7.3: the bearers are eliminated, the Jewel must be searched for again
    game, u = demon_game({"e": ("zombie", "black", "1208")}, demon="1209")
    pos = game.state.position
    pos.jewels["green"].hex, pos.miasma.jewels_found = "1208", 1
    game.dice.push(*two(11))
    end_until(game, "combat")
    assert u["e"].id not in pos.units and pos.jewels["green"].hex is None and pos.miasma.jewels_found == 0


def test_demon_dr_gives_the_owner_a_retreat_and_play_goes_on():
    # SJG 10.4, 6.52: the owner retreats one hex farther from the demon, then red's combat
    game, u = demon_game({"e": ("zombie", "black", "1208")}, demon="1209")
    game.dice.push(*two(3))  # 2-1: DR
    end_until(game, "retreat")
    assert game.pending.player == "black" and "1307" in game.pending.info["options"]
    refused(game, {"type": "retreat", "side": "black", "to": "1110"}, "not a legal retreat")
    act(game, "retreat", to="1307")
    assert u["e"].hex == "1307" and game.pending.player == "red" and game.pending.kind == "combat"
    end(game)
    assert game.state.phasing == "black" and game.pending.kind == "move" and game.state.position.miasma.demon == "1208"


@pytest.mark.parametrize("zombies, faces, column, result, destroyed", [
    (3, two(2), "1-2", "AR-1", True),   # ruling: AR-1 / AR-2 / AE destroy the demon
    (3, two(3), "1-2", "AR", False),    # ruling: plain AR leaves it
    (3, two(5), "1-2", "NE", False),
    (6, two(3), "1-3", "AR-2", True),
    (8, (), "auto-AE", "AE", True),     # SJG 6.21: worse than 1-3, automatic AE, no roll
])
def test_bad_results_of_its_own_attack_destroy_the_demon(zombies, faces, column, result, destroyed):
    # SJG 10.4: "It can be destroyed by combat (bad results of its own attacks ...)";
    # black zombies of strength 12 (more than 3 only to reach the 1-3 and auto-AE columns)
    game, u = demon_game({f"e{i}": ("zombie", "black", "1208") for i in range(zombies)}, demon="1209")
    game.dice.push(*faces)
    end_until(game, "combat")
    assert f"30 to {12 * zombies}, {column} column" in last(game, "the demon attacks 1208")
    assert last(game, "the demon attacks 1208").endswith(f": {result}") and game.dice.faces == []
    assert game.state.position.miasma.demon == (None if destroyed else "1208")
    assert len(game.state.position.at("1208")) == zombies  # the defenders are untouched
    assert view(game, "red")["demon"]["hex"] == (None if destroyed else "1208")


# --- players attacking the demon --------------------------------------------------------

THREE = {"z1": ("zombie", "red", "1308"), "z2": ("zombie", "red", "1308"), "z3": ("zombie", "red", "1308")}


@pytest.mark.parametrize("extra, roll, text, destroyed", [
    ({}, 9, "36 to 30, 1-1 column, roll 9-1: DR", False),      # 9 would be DR-1; plain DR does nothing
    ({}, 12, "36 to 30, 1-1 column, roll 12-1: DR-1", True),   # ruling: DR-1 destroys it
    ({"rn": ("necromancer", "red", "1307")}, 12, "60 to 30, 2-1 column, roll 12-1: DE", True),
])
def test_direct_attack_on_the_demon_from_outside(extra, roll, text, destroyed):
    # SJG 10.4: either player may attack it from outside the Miasma, at -1 (7.3); defence 30
    game, u = demon_game({**THREE, **extra}, demon="1208")  # extra: the red Necromancer joins in
    end_until(game, "combat")
    game.dice.push(*two(roll))
    act(game, "attack", **on_demon(["1208"], direct=ids(u, *THREE, *extra)))
    assert text in last(game, "attacks the demon in 1208")
    assert game.state.position.miasma.demon == (None if destroyed else "1208")
    assert game.pending.kind == "combat" and game.pending.player == "red"  # no advance (ruling)
    assert {u[n].hex for n in THREE} == {"1308"}
    refused(game, on_demon(["1208"], direct=ids(u, "z1")), "already attacked|not there")


def test_attack_on_the_demon_below_1_3_eliminates_the_attackers():
    # SJG 6.21, 10.4: a wraith of strength 5 against 30: automatic AE, no dice
    game, u = demon_game({"w": ("wraith", "red", "1308")}, demon="1208")
    end_until(game, "combat")
    act(game, "attack", **on_demon(["1208"], direct=ids(u, "w")))
    assert u["w"].id not in game.state.position.units and game.state.position.miasma.demon == "1208"
    assert game.dice.rolled == []


def test_attackers_retreat_on_ar_indirect_attackers_ignore_it():
    # SJG 6.52, 6.22, 10.4: AR (1-1, roll 4-1 = 3) sends the direct attackers back one hex
    # from the demon; a skeleton shooting from two hexes ignores even an automatic AE
    game, u = demon_game({**THREE, "s": ("skeleton", "red", "1407")}, demon="1208")
    end_until(game, "combat")
    act(game, "attack", **on_demon(["1208"], indirect=ids(u, "s")))
    assert "8 to 30, auto-AE column, automatic: AE" in log_lines(game.events)[-1] and u["s"].hex == "1407"
    game.dice.push(*two(4))
    act(game, "attack", **on_demon(["1208"], direct=ids(u, *THREE)))
    assert log_lines(game.events)[-1].endswith("roll 4-1: AR") and game.pending.kind == "retreat"
    assert game.pending.info["hex"] == "1308" and game.pending.info["enemies"] == ["1208"]
    act(game, "retreat", to="1408")
    assert {u[n].hex for n in THREE} == {"1408"} and game.state.position.miasma.demon == "1208"
    assert game.pending.kind == "combat"


def test_boulders_on_the_demon():
    # SJG 10.4 "by any method", 6.23; ruling: AR-1 of a boulder attack destroys it (12 to
    # 30 = 1-3, roll 5-1 = 4: AR-1); boulder attackers ignore adverse results
    game, u = demon_game({"z": ("zombie", "red", "1307")}, demon="1208",
                         board=make_map({"1307": "2"}, cliffs=(("1307", "1208"),)))
    end_until(game, "combat")
    game.dice.push(*two(5))
    act(game, "attack", **on_demon(["1208"], boulder=ids(u, "z")))
    assert "12 to 30, 1-3 column, roll 5-1: AR-1" in last(game, "attacks the demon")
    assert game.state.position.miasma.demon is None and u["z"].hex == "1307"


def test_attacks_on_the_demon_refused():
    # SJG 7.3: not from inside the Miasma; 10.4: only where the demon is, once unleashed
    game, u = demon_game({"m": ("zombie", "red", "1309"), "z": ("zombie", "red", "1308")}, counter="1208")
    end_until(game, "combat")
    refused(game, on_demon(["1208"], direct=ids(u, "z")), "not there")  # still face down
    game.state.position.miasma.demon_counter, game.state.position.miasma.demon = None, "1208"
    refused(game, on_demon(["1208"], direct=ids(u, "m")), "in the Miasma")
    refused(game, on_demon(["1309"], direct=ids(u, "z")), "not there; it is in 1208")
    refused(game, {"type": "attack", "targets": ["1208"], "direct": ids(u, "z")}, "no enemy unit")


def test_opportunity_attacks_may_not_target_the_demon():
    # SJG 6.24: opportunity attacks fall on units that ended their move; ruling: not on
    # the demon, even in the hex where those units stand
    game, u = demon_game({"z": ("zombie", "red", "1309"), "s": ("skeleton", "black", "1306")}, demon="1208")
    act(game, "move", units=ids(u, "z"), path=["1309", "1208"])
    end(game)
    assert game.pending.kind == "opportunity" and game.pending.info["targets"] == ["1208"]
    refused(game, on_demon(["1208"], indirect=ids(u, "s")), "on units that ended a move")


def test_attacking_the_demon_is_not_attacking_the_units_with_it():
    # SJG 6.21: enemy units in a friendly ZOC must be attacked; the demon's hex 1309 was
    # searched out, so the black zombie there is in red's ZOC (and no -1 applies)
    game, u = demon_game({"e": ("zombie", "black", "1309"), "z1": ("zombie", "red", "1409"),
                          "z2": ("zombie", "red", "1310")}, demon="1309")
    game.state.position.miasma.hexes.discard("1309")
    end_until(game, "combat")
    game.dice.push(*two(8))
    act(game, "attack", **on_demon(["1309"], direct=ids(u, "z1")))
    assert "12 to 30, 1-3 column, roll 8+0: NE" in last(game, "attacks the demon")
    refused(game, {"type": "end"}, "must be attacked.*1309")
    game.dice.push(*two(5))
    act(game, "attack", targets=["1309"], direct=ids(u, "z2"))
    end(game)
    assert game.state.phasing == "black"


# --- the demon and the Miasma's fate ----------------------------------------------------

@pytest.mark.parametrize("unleashed", [True, False])
def test_demon_vanishes_when_the_miasma_does(unleashed):
    # SJG 8.4: the third Jewel found, the Miasma dissipates at the end of the turn;
    # 10.4: the demon "vanishes when the Miasma does" (and so does a hidden counter)
    units = {f"w{i}": ("wraith", "red", "1209") for i in range(3)}
    game, u = demon_game(units, demon="1208" if unleashed else None, counter=None if unleashed else "1110")
    pos = game.state.position
    pos.jewels["red"].hex, pos.jewels["green"].hex, pos.miasma.jewels_found = "0505", "0507", 2
    if unleashed:
        game.dice.push(*two(2))  # the demon moves onto 1209: 30 to 15, 2-1: NE
    end_until(game, "search")
    game.dice.push(*two(10), 2, 1)  # 9 SP: success, the blue Jewel; 7.5 check: no effect
    act(game, "search", hex="1209")
    end(game)
    assert pos.miasma.hexes == set() and pos.miasma.demon is None and pos.miasma.demon_counter is None
    assert view(game, None)["demon"] == {"hex": None, "hidden": False, "counter": None}
    assert game.dice.faces == [] and pos.jewels["blue"].hex == "1209"


@pytest.mark.parametrize("what", ["demon_counter", "demon"])
def test_counter_and_demon_drift_with_the_miasma(what):
    # SJG 10.2: the Miasma moves one hex a player-turn in the rolled direction (2: east);
    # ruling: the demon's counter, or the demon, goes with it
    game, u = demon_game({}, optional=DEMON + ("miasma_movement",), dice=(2,))
    m = game.state.position.miasma
    assert m.centre == "1309"
    setattr(m, what, "1309")
    while game.state.phasing == "red":
        end(game)
    assert m.centre == "1409" and getattr(m, what) == "1409" and game.dice.faces == []
    assert view(game, None)["demon"][{"demon_counter": "counter", "demon": "hex"}[what]] == "1409"


# --- replay ------------------------------------------------------------------------------

def _searching_bot(game, rng, heuristic: HeuristicBot):
    """Searches the Miasma whenever it may (the random bot ends half its search phases);
    otherwise Black plays the heuristic bot, which sends wraiths into the Miasma."""
    side = game.to_act()[0]
    searches = [a for a in game.legal_actions(side) if a["type"] == "search"]
    if searches:
        return searches[0]
    return heuristic.choose(game, side) if side == "black" else random_action(game, rng)


def test_game_with_the_demon_replays_and_never_shows_the_counter():
    # the record replays bit for bit; SJG 10.4: no player view ever holds the counter
    seed, rng = 0, random.Random(0)  # seed 0: these bots unleash and fight the demon
    game = SjgNecromancerGame.new(seed=seed, optional=["miasma_demon"])
    black = HeuristicBot(random.Random(seed))
    counter = game.state.position.miasma.demon_counter
    while not game.is_over and game.state.turn <= 40:
        for side in ("red", "black"):
            seen = view(game, side)["demon"]
            assert set(seen) == {"hex", "hidden"} and seen["hidden"] == (game.state.position.miasma.demon_counter is not None)
        act_as_its_side(game, _searching_bot(game, rng, black))
    turned = next(i for i, line in enumerate(log_lines(game.events)) if "unleashed" in line)
    assert f"counter in {counter} shows the demon" in log_lines(game.events)[turned]
    assert not any("demon" in line for line in log_lines(game.events)[:turned])
    assert any("attacks the demon" in line for line in log_lines(game.events))
    replay = SjgNecromancerGame.from_record(game.record)
    assert view(replay, None) == view(game, None) and log_lines(replay.events) == log_lines(game.events)
