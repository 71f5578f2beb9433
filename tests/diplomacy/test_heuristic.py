"""The Diplomacy `heuristic` bot (issue 26, DumbBot-class): its orders are legal and a
game of it replays bit for bit, and each of its ideas shows in a position made for it."""

from __future__ import annotations

import random

import pytest

from warjudge.core import bots
from warjudge.core.record import GameRecord
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.units import Unit

FRANCE_HOME = {"par", "mar", "bre"}


def _position(phase: str, units: list[tuple[str, str, str]], centers: dict[str, set[str]]) -> DiplomacyGame:
    game = DiplomacyGame(seed=1)
    game.state = GameState(Phase.parse(phase), {u[2]: Unit(*u) for u in units}, centers)
    return game


def _orders(game: DiplomacyGame, power: str, seed: int) -> list[str]:
    """Every order the bot gives `power` this phase (each one accepted by the game)."""
    bot, phase, given = bots.make("diplomacy", "heuristic", random.Random(seed)), game.state, []
    while game.state is phase and power in game.to_act():
        action = bot.choose(game, power)
        game.act(power, action)
        given.append(action["order"])
    return given


def _played(seed: int, bot: str = "heuristic") -> DiplomacyGame:
    game = DiplomacyGame(seed=seed, max_year=1902 if bot == "heuristic" else 1901)
    seats = {p: bots.make("diplomacy", bot if i % 2 == 0 else "random", bots.bot_rng(seed, p))
             for i, p in enumerate(game.powers)}
    bots.play_out(game, seats, 2_000)
    return game


@pytest.mark.parametrize("bot", ["heuristic", "search"])
def test_a_short_game_of_the_bot_is_legal_and_replays_bit_for_bit(bot):
    game = _played(5, bot)   # `act` refuses an illegal order, so every order given was legal
    assert game.is_over and game.state.phase.year == (1903 if bot == "heuristic" else 1902)
    again = DiplomacyGame.from_record(GameRecord.from_json(game.record.to_json()))
    assert again.record.to_json() == game.record.to_json() and again.state == game.state
    assert _played(5, bot).record.to_json() == game.record.to_json()   # the bots are deterministic from their seeds


def test_it_takes_an_undefended_neutral_centre_next_to_it():
    # DumbBot: an unowned centre is worth attacking; nobody else can reach Belgium
    for seed in range(10):
        game = _position("F1901M", [("FRANCE", "A", "pic"), ("GERMANY", "A", "ber")],
                         {"FRANCE": set(FRANCE_HOME), "GERMANY": {"ber", "mun", "kie"}})
        assert _orders(game, "FRANCE", seed) == ["A pic - bel"]


def test_it_does_not_bounce_its_own_units():
    # two units next to the one prize: only one goes there
    for seed in range(10):
        game = _position("F1901M", [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("GERMANY", "A", "ber")],
                         {"FRANCE": set(FRANCE_HOME), "GERMANY": {"ber", "mun", "kie"}})
        moves = [o for o in _orders(game, "FRANCE", seed) if o.endswith("- bel")]
        assert len(moves) == 1, moves


def test_it_supports_a_move_into_a_contested_centre():
    # a German army can reach Belgium too: the French unit that does not go supports the one that does
    for seed in range(10):
        game = _position("F1901M", [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("GERMANY", "A", "hol")],
                         {"FRANCE": FRANCE_HOME | {"mun"}, "GERMANY": {"ber", "kie"}})
        orders = _orders(game, "FRANCE", seed)
        move = next(o for o in orders if o.endswith("- bel"))
        assert f"{'A bur' if move.startswith('A pic') else 'A pic'} S {move}" in orders, orders


def test_it_builds_in_its_free_home_centres_in_winter():
    # DumbBot builds wherever it may rather than waive
    for seed in range(10):
        game = _position("W1901A", [("FRANCE", "A", "spa"), ("FRANCE", "A", "bel")],
                         {"FRANCE": FRANCE_HOME | {"spa", "bel"}})
        orders = _orders(game, "FRANCE", seed)
        assert sorted(o.split()[2].split("/")[0] for o in orders) == sorted(FRANCE_HOME), orders


def test_a_dislodged_unit_retreats_towards_value_rather_than_disbanding():
    for seed in range(10):
        game = _position("F1901M", [("FRANCE", "A", "bur"), ("GERMANY", "A", "mun"), ("GERMANY", "A", "ruh"),
                                    ("GERMANY", "A", "kie")],
                         {"FRANCE": set(FRANCE_HOME), "GERMANY": {"ber", "mun", "kie"}})
        game.act("FRANCE", {"type": "order", "order": "A bur H"})
        for order in ("A mun - bur", "A ruh S A mun - bur", "A kie H"):
            game.act("GERMANY", {"type": "order", "order": order})
        assert game.state.phase.kind == "R"
        assert _orders(game, "FRANCE", seed)[0].startswith("A bur R "), seed


def test_an_army_on_an_island_is_convoyed_to_a_centre():
    # England's army cannot walk towards France's centres; its fleet, with nothing to take
    # next to it, carries the army across the Channel
    for seed in range(10):
        game = _position("S1902M", [("ENGLAND", "A", "lon"), ("ENGLAND", "F", "eng")],
                         {"ENGLAND": {"lon", "edi", "lvp", "bel", "bre", "hol", "den", "nwy", "spa", "por"},
                          "FRANCE": {"par", "mar"}})
        orders = _orders(game, "ENGLAND", seed)
        move = next(o for o in orders if o.startswith("A lon"))
        assert move.endswith(" via convoy") and f"F eng C {move.removesuffix(' via convoy')}" in orders, orders


def test_it_removes_the_unit_where_its_value_is_lowest():
    # the army that holds Paris against a large Germany is worth more than a fleet in the Barents Sea
    german = {"ber", "kie", "mun", "bel", "hol", "den", "mar", "bre", "spa", "por"}
    for seed in range(10):
        game = _position("W1901A", [("FRANCE", "A", "par"), ("FRANCE", "F", "bar"), ("GERMANY", "A", "bur")],
                         {"FRANCE": {"par"}, "GERMANY": german, "RUSSIA": {"stp", "mos", "war", "sev"}})
        assert _orders(game, "FRANCE", seed) == ["F bar D"]


def test_a_unit_makes_room_for_an_order_already_given():
    # the power already moved Burgundy into Picardy: Picardy's army moves on, neither holding
    # nor swapping (either would bounce our own units)
    for seed in range(10):
        game = _position("F1901M", [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("GERMANY", "A", "ber")],
                         {"FRANCE": set(FRANCE_HOME), "GERMANY": {"ber", "mun", "kie"}})
        game.act("FRANCE", {"type": "order", "order": "A bur - pic"})
        order = _orders(game, "FRANCE", seed)[0]
        assert order.startswith("A pic - ") and not order.endswith("bur"), order


TURKEY_AND_AROUND = {"ank", "con", "smy", "sev", "rum", "bul", "gre", "ser"}


def test_fleets_behind_the_lines_step_towards_a_centre_not_their_own():
    # Turkey holds every centre its fleets can reach soon and nobody threatens them: the
    # values barely reach past the Aegean, and the fleets used to hold in their home
    # centres for the rest of the game (blocking builds); now they head for the front
    for seed in range(10):
        game = _position("S1905M", [("TURKEY", "F", "ank"), ("TURKEY", "F", "bla"), ("TURKEY", "F", "con"),
                                    ("ENGLAND", "A", "lon")],
                         {"TURKEY": set(TURKEY_AND_AROUND), "ENGLAND": {"lon", "edi", "lvp"}})
        orders = _orders(game, "TURKEY", seed)
        assert "F con - aeg" in orders and sum(o.endswith(" H") for o in orders) <= 1, orders


def test_a_power_with_too_many_fleets_builds_armies():
    # an England of fleets values a fleet in each home centre more than an army, and used
    # to stall below eighteen centres with no army to take the inland ones
    english = {"lon", "edi", "lvp", "nwy", "bel", "hol", "den", "swe"}
    for seed in range(10):
        game = _position("W1905A", [("ENGLAND", "F", "nth"), ("ENGLAND", "F", "nrg"), ("ENGLAND", "F", "eng"),
                                    ("ENGLAND", "F", "bel"), ("ENGLAND", "A", "nwy"), ("FRANCE", "A", "par")],
                         {"ENGLAND": english, "FRANCE": {"par", "bre", "mar"}})
        builds = _orders(game, "ENGLAND", seed)
        assert [b.split()[1] for b in builds] == ["A", "A", "F"], builds   # an army while fleets outnumber armies by two or more
