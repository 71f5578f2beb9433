"""The Necromancer `heuristic` bot (issue 26): its orders are legal, a game of it (and of
the `search` bot) replays bit for bit, and each of its own ideas shows in a position made for it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from warjudge.core import bots
from warjudge.core.record import GameRecord
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.diplomacy.variants.necromancer.position import parse_position

GAME = "necromancer-diplomacy"


def _played(seed: int, bot: str = "heuristic") -> NecromancerDiplomacyGame:
    game = NecromancerDiplomacyGame.new(seed=seed, max_year=2780)
    seats = {p: bots.make(GAME, bot if i == 0 else "heuristic" if i % 2 == 0 else "random", bots.bot_rng(seed, p))
             for i, p in enumerate(game.powers)}
    bots.play_out(game, seats, 5_000)
    return game


def _orders(game: NecromancerDiplomacyGame, seed: int, power: str = "GONDOR") -> list[str]:
    """Every order the bot gives `power` this turn, on a copy of the game."""
    bot, orders, copy = bots.make(GAME, "heuristic", random.Random(seed)), [], game.clone(reseed=False)
    while power in copy.waiting_for():
        action = bot.choose(copy, power)
        copy.act(power, action)
        orders.append(action["order"])
    return orders


@pytest.mark.parametrize("bot", ["heuristic", "search"])
def test_a_short_game_of_the_bot_is_legal_and_replays_bit_for_bit(bot):
    game = _played(4, bot)   # `act` refuses an illegal order, so every order the bots gave was legal
    assert game.is_over and game.state.phase.year > 2780
    again = NecromancerDiplomacyGame.from_record(GameRecord.from_json(game.record.to_json()))
    assert again.record.to_json() == game.record.to_json() and again.state == game.state
    assert _played(4, bot).record.to_json() == game.record.to_json()   # the bots are deterministic from their seeds


def test_in_an_adjustment_turn_a_unit_holds_the_unowned_centre_it_stands_on():
    # centres change hands only in the turns whose year ends in 0 (TA 2780): the army in
    # Lossarnach, the one unowned centre near Gondor, stays to take it rather than step
    # on towards the centres further off (which it did when every turn was valued alike)
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["A Los", "A Pel"], "ROHAN": ["A Edo"]}, game.map)
    owners = {pid: owner for pid, owner in game.state.owners.items() if pid != "Los"} | {"SIt": "GONDOR"}
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position, owners=owners)
    for seed in range(5):
        orders = _orders(game, seed)
        assert "A Los H" in orders, orders


def test_in_an_adjustment_turn_a_unit_on_a_centre_not_its_own_holds_it_even_when_a_home_centre_is_threatened():
    # EN 6.2: centres change hands only in the turns that adjust. Rohan's army in the
    # Westfold (unowned) keeps it rather than going back to guard Edoras from Gondor's
    # three armies: a centre stood on is a sure gain, a threat only a chance of a loss
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"ROHAN": ["A Wes", "A Hel"], "GONDOR": ["A Pin", "A Lam", "A DAm"]}, game.map)
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position)
    for seed in range(5):
        assert "A Wes H" in _orders(game, seed, "ROHAN")


def test_a_multiple_unit_moves_whole():
    # EN 4.2 vi: an MU's move is written with its size at the destination ("2A Pel - 2A
    # SIt"); Gondor's MU, which the bot held in Pelargir for ever (it gave only moves
    # written without a size), marches on Harad's way as one unit of strength 2
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["2A Pel", "A Pin"], "HARAD": ["A Cit"]}, game.map)
    game.state = replace(game.state, phase=NPhase(2795, "M"), position=position)
    for seed in range(5):
        assert "2A Pel - 2A SIt" in _orders(game, seed)


def test_in_an_adjustment_turn_with_a_build_due_a_unit_leaves_its_home_centre():
    # EN 6.3: builds go on empty home centres. Harad (3 centres, taking Harondor, 3 armies)
    # will have a build due: the army in Umbar, which held there and so waived it, steps out
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"HARAD": ["A Cit", "A Har", "A NrH"], "GONDOR": ["A Pel"]}, game.map)
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position)
    for seed in range(5):
        orders = _orders(game, seed, "HARAD")
        assert "A Har H" in orders and "A Cit H" not in orders, orders


def test_units_hemmed_in_by_their_own_march_out_in_a_column():
    # Harad's four armies fill its corner: the ones nearest a centre not Harad's are
    # ordered first and the ones behind follow them out (Umbar and Near Harad held when
    # every province next to them had one of ours in it)
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"HARAD": ["A Cit", "A Har", "A FHa", "A NrH"], "GONDOR": ["A Pel"]}, game.map)
    owners = dict(game.state.owners) | {"Har": "HARAD"}
    game.state = replace(game.state, phase=NPhase(2795, "M"), position=position, owners=owners)
    for seed in range(5):
        orders = _orders(game, seed, "HARAD")
        assert not any(order.endswith(" H") for order in orders), orders


def test_a_unit_nobody_threatens_steps_towards_a_centre_not_its_own():
    # Gondor's armies stand on its own centres with no enemy near: the one in Dol Amroth,
    # which used to hold there, steps into Anfalas (an unowned centre) instead
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["A Pin", "A DAm", "A Lam", "A Pel", "A MTi"], "DWARVES": ["A Ere"]},
                              game.map)
    owners = dict(game.state.owners) | {"Los": "GONDOR", "SIt": "GONDOR"}
    game.state = replace(game.state, phase=NPhase(2795, "M"), position=position, owners=owners)
    for seed in range(5):
        assert "A DAm - Anf" in _orders(game, seed)


def _attack(orders: list[str], target: str) -> tuple[list[str], list[str]]:
    """The moves into `target` among `orders` and the supports of them."""
    moves = [o for o in orders if " S " not in o and o.endswith(f"- {target}")]
    return moves, [o for o in orders if " S " in o and o.endswith(f"- {target}")]


def test_an_attack_on_a_held_fortress_goes_in_with_two_supports():
    # EN 4.1 i-iii: a unit holding a Fortress defends with one more strength. Gondor's
    # three armies round Minas Morgul (Sauron's army in it, strength 2 there) attack it
    # one moving and two supporting (strength 3); the bot sent one in alone and bounced
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["A NIt", "A SIt", "A Gor"], "SAURON": ["A MMo"]}, game.map)
    owners = dict(game.state.owners) | {"NIt": "GONDOR", "SIt": "GONDOR"}
    game.state = replace(game.state, phase=NPhase(2795, "M"), position=position, owners=owners)
    for seed in range(5):
        moves, supports = _attack(_orders(game, seed), "MMo")
        assert len(moves) == 1 and len(supports) == 2, (moves, supports)
        assert all(s.endswith(moves[0]) for s in supports), (moves, supports)


def test_after_ta_3020_an_attack_on_sauron_s_fortress_needs_one_support():
    # EN 7.8.3 iv: an eliminated Sauron's units lose the Fortress's strength, so his army
    # left in Minas Morgul holds with 1: Gondor's two armies next to it take it, one
    # moving and one supporting (the centres his Civil Disorder units keep are the
    # easiest gains at the end of the game)
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"GONDOR": ["A NIt", "A SIt"], "SAURON": ["A MMo"]}, game.map)
    owners = dict(game.state.owners) | {"NIt": "GONDOR", "SIt": "GONDOR"}
    game.state = replace(game.state, phase=NPhase(3035, "M"), position=position, owners=owners)
    for seed in range(5):
        moves, supports = _attack(_orders(game, seed), "MMo")
        assert len(moves) == 1 and len(supports) == 1 and supports[0].endswith(moves[0]), (moves, supports)


def test_an_army_in_eriador_marches_out_to_a_centre_it_can_take():
    # EN 5.1 iv: Eriador's centre never changes hands, so standing there gains nothing.
    # The bot took it for an unowned centre: in a turn that adjusts the Elves' army held
    # it (and the armies built there piled up into a Multiple Unit that held for the
    # rest of the game); now it steps out to Angmar, Glanduin or Hollin, unowned centres
    # beside it
    for orders in _elves_beside_dwarves():
        assert {"A Eri - Ang", "A Eri - Gld", "A Eri - Hol"} & set(orders), orders


def test_no_army_walks_into_dunharrow_a_dead_end_behind_the_mountains():
    # EN 5.2: only the Nazgûl cross mountains. The bot spread values and counted steps
    # across them, so Rohan's army in Edoras marched into Dunharrow "next to" Gondor's
    # Lamedon and Pinnath Gelin, which no army can reach from there, and stayed for good
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"ROHAN": ["A DrF", "A Edo"], "GONDOR": ["A DAm"]}, game.map)
    ours = dict.fromkeys(("Eas", "Edo", "Wes", "Wol", "MTi", "Gap", "Hel"), "ROHAN")
    owners = dict(game.state.owners) | ours | dict.fromkeys(("Lam", "Los", "Pin"), "GONDOR")
    game.state = replace(game.state, phase=NPhase(2795, "M"), position=position, owners=owners)
    for seed in range(5):
        orders = _orders(game, seed, "ROHAN")
        assert "A Edo - Dhw" not in orders and "A Edo H" not in orders, orders


def test_in_a_turn_that_adjusts_units_walk_into_the_empty_centres_beside_them():
    # EN 6.2: a unit standing on a centre in a turn that adjusts takes it. Rohan's armies
    # beside the empty Eastfold and Wold (unowned) take both, one each, rather than throw
    # themselves at Gondor's two armies in Minas Tirith (the bot sent one in, supported,
    # and bounced; the empty centres stayed empty)
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"ROHAN": ["A Wes", "A Ano", "A DrF", "A Edo"], "GONDOR": ["2A MTi", "A Pel"]},
                              game.map)
    owners = dict(game.state.owners) | dict.fromkeys(("Lam", "Los", "Pin", "MTi"), "GONDOR")
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position, owners=owners)
    for seed in range(5):
        orders = _orders(game, seed, "ROHAN")
        moved_to = {o.split(" - ")[1] for o in orders if " - " in o and " S " not in o}
        assert {"Eas", "Wol"} <= moved_to, orders


def test_in_the_last_turn_that_adjusts_a_unit_on_a_threatened_centre_of_ours_holds_it():
    # A centre lost in the last turn that adjusts before the year limit is never won back:
    # Rohan's army in the Wold, beside Saruman's army in Fangorn, holds there in TA 2780
    # when the game ends after it (it wandered off, or attacked Fangorn alone); with
    # turns that adjust still to come it may leave
    def orders(max_year: int) -> list[list[str]]:
        game = NecromancerDiplomacyGame.new(seed=1, max_year=max_year)
        position = parse_position({"ROHAN": ["A Wol", "A Hel"], "SARUMAN": ["A Fan"], "GONDOR": ["A Pin"],
                                   "ELVES": ["A Lor"]}, game.map)
        ours = dict.fromkeys(("Wol", "Hel", "Edo", "Eas", "Wes"), "ROHAN")
        game.state = replace(game.state, phase=NPhase(2780, "M"), position=position,
                             owners=dict(game.state.owners) | ours)
        return [_orders(game, seed, "ROHAN") for seed in range(5)]

    assert all("A Wol H" in given for given in orders(2780)), orders(2780)
    assert not any("A Wol H" in given for given in orders(2810)), orders(2810)


def test_in_a_turn_that_adjusts_the_elves_hold_the_woodland_realm_beside_a_dwarf_army():
    # EN 7.2 i: the Woodland Realm is worth 3 Victory Points to the Elves. Their army
    # there left it beside the Dwarves' army in Erebor, in a turn that adjusts, for Dale
    # or the Mountains of Mirkwood (unowned, worth 1); now it holds, while the army in
    # Lórien (no other power near) still steps out
    for orders in _elves_beside_dwarves():
        assert "A Woo H" in orders and "A Lor H" not in orders, orders


def _elves_beside_dwarves() -> list[list[str]]:
    """The Elves' orders for five bot seeds in TA 2780 (a turn that adjusts), their armies
    in Eriador, Lórien and the Woodland Realm, the Dwarves' in Erebor and the Iron Hills."""
    game = NecromancerDiplomacyGame.new(seed=1)
    position = parse_position({"ELVES": ["A Eri", "A Lor", "A Woo"], "DWARVES": ["A Ere", "A Iro"]}, game.map)
    game.state = replace(game.state, phase=NPhase(2780, "M"), position=position)
    return [_orders(game, seed, "ELVES") for seed in range(5)]
