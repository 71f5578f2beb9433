"""The Diplomacy `search` bot (issue 26): regret matching as Hart and Mas-Colell define it,
and plans made from the public position only (its games: test_heuristic.py)."""

from __future__ import annotations

import random

import pytest

from tests.support.benchmark_script import load
from warjudge.core import bots
from warjudge.core.game import Outcome
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.phases import GameState, Phase
from warjudge.diplomacy.rollout import heuristic_orders, play_on, worth
from warjudge.diplomacy.search import SearchBot, _policy
from warjudge.diplomacy.units import Unit


def test_regret_matching_plays_in_proportion_to_positive_regret():
    assert _policy([3.0, 1.0, -2.0, 0.0]) == pytest.approx([0.75, 0.25, 0.0, 0.0])
    assert _policy([-1.0, 0.0]) == [1.0, 1.0]   # no regret anywhere: every option alike


def test_it_does_not_read_the_other_powers_orders_of_the_phase():
    # the same position with and without Germany's orders given: the same plan
    plans = []
    for german_first in (False, True):
        game = DiplomacyGame(seed=4)
        if german_first:
            game.act("GERMANY", {"type": "order", "order": "A mun - bur"})
        bot = SearchBot(random.Random(9))
        bot.choose(game, "FRANCE")
        assert bot._planned is not None
        plans.append(bot._planned[2])
    assert plans[0] == plans[1]


def _position(phase: str, units: list[tuple[str, str, str]], centers: dict[str, set[str]]) -> DiplomacyGame:
    game = DiplomacyGame(seed=1)
    game.state = GameState(Phase.parse(phase), {u[2]: Unit(*u) for u in units}, centers)
    return game


def _orders(game: DiplomacyGame, power: str, bot_name: str, seed: int) -> set[str]:
    """Every order the bot gives `power` this phase (each one accepted by the game)."""
    bot, phase, given = bots.make("diplomacy", bot_name, random.Random(seed)), game.state, set()
    while game.state is phase and power in game.to_act():
        action = bot.choose(game, power)
        game.act(power, action)
        given.add(action["order"])
    return given


def test_it_finds_a_supported_attack_the_heuristic_does_not_make():
    # Germany holds Belgium and Munich; alone each French army only bounces, together they take Belgium
    position = ("F1901M", [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("GERMANY", "A", "bel"),
                           ("GERMANY", "A", "mun")], {"FRANCE": {"par", "mar", "bre"}, "GERMANY": {"ber", "kie", "mun", "bel"}})
    for seed in range(3):
        assert _orders(_position(*position), "FRANCE", "heuristic", seed) == {"A bur - mun", "A pic - bel"}
        orders = _orders(_position(*position), "FRANCE", "search", seed)
        move = next(o for o in orders if o.endswith("- bel") and " S " not in o)
        assert {move, f"{'A bur' if move.startswith('A pic') else 'A pic'} S {move}"} == orders, orders


def test_a_rollout_plays_every_phase_kind_to_the_end_of_the_fall_it_is_given():
    # from the spring of 1901 to the end of the fall of 1902: the winter's builds are made
    # and the centres counted after each fall
    game = DiplomacyGame(seed=2)
    state = game.state
    end = play_on(game.map, state, heuristic_orders(game.map, state, random.Random(1)), 1902, random.Random(2))
    assert (end.phase.year, end.phase.season) in ((1902, "W"), (1903, "S"))
    units = {p: sum(1 for u in end.units.values() if u.power == p) for p in game.powers}
    assert sum(units.values()) > 22   # builds were made in the winter of 1901
    assert worth(game.map, end, "FRANCE") == len(end.centers["FRANCE"]) > 0


def _last_fall_with_search(seed: int, power: str) -> Outcome:
    """Seed `seed`'s heuristic game ending after 1905, the search playing `power` from the
    fall of 1905 on (`benchmarks/diplomacy_last_year.py` measures the same from the spring)."""
    outcome = load("diplomacy_last_year").searched_from(seed, power, 1905, "F1905M")
    assert outcome is not None
    return outcome


def test_in_the_last_fall_it_plays_for_the_centres_the_game_ends_with():
    # issue 26: a game that ends after 1905 scores the centres held then; a rollout on to the
    # end of 1906 valued centres France could no longer score. Seed 0, the search as France
    # in the fall of 1905: 8 centres and the lead (6 and England's lead when its rollouts
    # ran a year past the end)
    outcome = _last_fall_with_search(0, "FRANCE")
    assert outcome.winners == ("FRANCE",) and outcome.scores["FRANCE"] == 8


def test_in_the_last_fall_it_plays_for_the_sum_of_squares_share():
    # issue 26's score: the power's centres squared over everyone's. Seed 1, the search as
    # Russia in the fall of 1905: its 7 centres whichever plan, but the plan that keeps
    # France to 7 shares the lead (valued by its own centres, it let France end alone on 8)
    outcome = _last_fall_with_search(1, "RUSSIA")
    assert outcome.winners == ("FRANCE", "RUSSIA") and outcome.scores["RUSSIA"] == outcome.scores["FRANCE"] == 7


def test_a_smaller_think_budget_plays_fewer_rollouts_and_fewer_rounds(monkeypatch):
    # issue 26: a seat's think budget scales the search's rollouts, counted (never timed)
    from warjudge.diplomacy import search

    rollouts: list[int] = []
    # each rollout counted and cut short (the position as it stands): only how many matter here
    monkeypatch.setattr(search, "play_on", lambda dmap, state, *rest: rollouts.append(1) or state)
    position = ("F1901M", [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("GERMANY", "A", "bel"),
                           ("GERMANY", "A", "mun")], {"FRANCE": {"par", "mar", "bre"}, "GERMANY": {"ber", "kie", "mun", "bel"}})
    counts = {}
    for budget in bots.BUDGETS:
        rollouts.clear()
        bot = bots.make("diplomacy", "search", random.Random(2), budget)
        bot.choose(_position(*position), "FRANCE")
        counts[budget] = (len(rollouts), bot.iterations)
    assert 0 < counts["quick"][0] < counts["normal"][0] < counts["long"][0], counts
    assert counts["quick"][1] < counts["normal"][1] < counts["long"][1], counts
