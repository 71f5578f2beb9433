"""The Diplomacy `search` bot (issue 26): regret matching as Hart and Mas-Colell define it,
and plans made from the public position only (its games: test_heuristic.py)."""

from __future__ import annotations

import random

import pytest

from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.search import SearchBot, _policy


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
