"""The hex search bot's root search (issue 26, core/ismcts.py): candidates are compared
in the same sampled worlds with the same dice, and another candidate than the
heuristic's must win by a margin, so luck alone never picks it."""

from __future__ import annotations

import random

from warjudge.core.dice import Dice
from warjudge.core.game import Decision
from warjudge.core.ismcts import SearchBot

BETS = [{"type": "bet", "on": n} for n in range(8)]


class Coin:
    """One seat, one bet, then a die: every bet is worth the same, only the roll differs."""

    def __init__(self, odds_on: int | None = None) -> None:
        self.dice: Dice | None = Dice(0)
        self.odds_on = odds_on   # the bet that wins on 2 to 6 instead of 4 to 6
        self.roll: int | None = None

    @property
    def is_over(self) -> bool:
        return self.roll is not None

    def to_act(self) -> list[str]:
        return [] if self.is_over else ["me"]

    def decision(self, player: str) -> Decision | None:
        return None if self.is_over else Decision("me", "bet")

    def legal_actions(self, player: str) -> list[dict]:
        return [] if self.is_over else list(BETS)

    def act(self, player: str, action: dict) -> None:
        assert self.dice is not None
        self.roll = self.dice.roll()
        self.won = self.roll >= (2 if action["on"] == self.odds_on else 4)

    def clone(self) -> "Coin":
        return Coin(self.odds_on)   # the search gives it dice of its own

    def sample_hidden(self, player: str, rng: random.Random) -> "Coin":
        return self.clone()

    def outcome(self) -> None:
        return None

    def view(self, player: str) -> dict:
        return {"won": self.won}


class FirstBet:
    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, game: Coin, player: str) -> dict:
        return BETS[0]


def score(view: dict, player: str) -> float:
    return 1.0 if view["won"] else 0.0


def test_the_search_keeps_the_heuristics_choice_when_no_candidate_is_better_in_the_same_worlds():
    # issue 26: one world per visit let a lucky roll pick a bet no better than the heuristic's
    for seed in range(20):
        bot = SearchBot(random.Random(seed), FirstBet, score, iterations=6, width=8)
        assert bot.choose(Coin(), "me") == BETS[0]


def test_the_search_plays_a_candidate_that_wins_more_often_in_the_same_worlds():
    picked = [SearchBot(random.Random(seed), FirstBet, score, iterations=8, width=8).choose(Coin(odds_on=5), "me")
              for seed in range(10)]
    assert picked.count(BETS[5]) >= 8


def test_a_smaller_think_budget_plays_fewer_rollouts_and_a_larger_more():
    # issue 26: the seat's think budget scales the rounds, never a clock: counted, not timed
    made = {scale: SearchBot(random.Random(3), FirstBet, score, width=8, scale=scale) for scale in (0.25, 1.0, 2.0)}
    for bot in made.values():
        bot.choose(Coin(odds_on=5), "me")
    quick, normal, long = (made[s].rollouts for s in (0.25, 1.0, 2.0))
    assert 0 < quick < normal < long and long == 2 * normal
