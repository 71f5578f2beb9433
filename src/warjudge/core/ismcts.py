"""A search bot for games with hidden information and dice (issue 26): flat Monte Carlo
at the root over sampled worlds (the root of single-observer information-set MCTS,
Cowling, Powley & Whitehouse 2012), with a game's heuristic bot as prior, move ordering
and rollout policy.

Each round draws one world the searching seat cannot tell from the real game
(`sample_hidden`, or a clone where the game has nothing hidden) and one seed for the
dice and one for the rollout bots, all from the bot's own RNG (so the search never sees
the real rolls to come, and a decision is a pure function of the bot's seed: no wall
clock, no operating-system randomness). Every candidate is played in a copy of that
same world with those same dice and bots, the heuristic plays on for `depth` actions
and the result is scored from the seat's own view. Common worlds and dice make the
comparison paired: with a handful of rounds a lucky roll for one candidate and not for
another was what the former UCB1 search (one world per visit) chose by, and it lost to
its own heuristic (docs/bots.md).

Candidates: the heuristic's own choice first, then other legal actions in the RNG's
order, up to `width`. Another candidate is played only if it beats the heuristic's
choice on average over the rounds by more than `MARGIN` standard errors of the paired
differences; the heuristic's choice is also what the bot plays where searching is not
worth it (a lone legal action, or a decision kind the game's registration leaves to the
heuristic, such as a turn's many single moves). The budget is counted in rounds
(`iterations`, default ITERATIONS times the seat's think budget `scale`, at least one);
the "every registered bot" tests use a small one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from warjudge.core.bots import TAKE_BACKS, Bot
from warjudge.core.dice import Dice
from warjudge.core.game import Action, Game, View

ITERATIONS = 6      # rounds (sampled worlds) per decision; each plays every candidate
DEPTH = 4           # heuristic actions played after the candidate before scoring
WIDTH = 6           # candidate actions at most, the heuristic's choice among them
MARGIN = 1.0        # standard errors a candidate must beat the heuristic's choice by


Evaluate = Callable[[View, str], float]   # (the seat's view, the seat) -> value in [0, 1]


@dataclass
class SearchBot:
    """The bot for one seat. `prior` makes the game's heuristic bot from an RNG;
    `evaluate` scores a position from the seat's view; `left_to_prior` are the decision
    kinds answered by the heuristic alone."""

    rng: random.Random
    prior: Callable[[random.Random], Bot]
    evaluate: Evaluate
    left_to_prior: frozenset[str] = frozenset()
    iterations: int | None = None   # None: ITERATIONS times `scale`, read when deciding (tests lower it)
    depth: int = DEPTH
    width: int = WIDTH
    scale: float = 1.0   # the seat's think budget (core.bots.BUDGETS)
    searched: int = field(default=0, init=False)   # decisions searched, for benchmarks
    rollouts: int = field(default=0, init=False)   # candidates played out, for benchmarks and tests

    def choose(self, game: Game, player: str) -> Action:
        first = self.prior(random.Random(self.rng.getrandbits(64))).choose(game, player)
        decision = game.decision(player)
        budget = max(1, round(ITERATIONS * self.scale)) if self.iterations is None else self.iterations
        if budget <= 0 or decision is None or decision.kind in self.left_to_prior:
            return first
        candidates = self._candidates(game, player, first)
        if len(candidates) < 2:
            return first
        self.searched += 1
        gains: list[list[float]] = [[] for _ in candidates]   # each candidate's value less the first's
        for _ in range(budget):
            world = game.sample_hidden(player, self.rng) or game.clone()
            dice, bots = self.rng.getrandbits(128), self.rng.getrandbits(64)
            values = [self._simulate(world.clone(), player, action, dice, bots) for action in candidates]
            for gain, v in zip(gains, values):
                gain.append(v - values[0])
        return candidates[best(gains)]

    def _candidates(self, game: Game, player: str, first: Action) -> list[Action]:
        others = [a for a in game.legal_actions(player) if a != first and a.get("type") not in TAKE_BACKS]
        if len(others) > self.width - 1:
            others = self.rng.sample(others, self.width - 1)
        return [first, *others]

    def _simulate(self, world: Game, player: str, action: Action, dice: int, bots_seed: int) -> float:
        self.rollouts += 1
        world.dice = Dice(dice)   # rolls the real game cannot have, the same for every candidate
        world.act(player, action)
        rng = random.Random(bots_seed)
        bots: dict[str, Bot] = {}
        for _ in range(self.depth):
            waiting = world.to_act()
            if world.is_over or not waiting:
                break
            seat = waiting[0]
            if seat not in bots:
                bots[seat] = self.prior(random.Random(rng.getrandbits(64)))
            world.act(seat, bots[seat].choose(world, seat))
        return value(world, player, self.evaluate)


def best(gains: list[list[float]]) -> int:
    """The candidate whose mean gain over the first is largest and clears MARGIN standard
    errors of its paired differences; the first (gain 0) when none does, the earlier on a tie."""
    chosen, top = 0, 0.0
    for i, gain in enumerate(gains[1:], start=1):
        n = len(gain)
        mean = sum(gain) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gain) / (n - 1) / n) if n > 1 else 0.0
        if mean > top and mean > MARGIN * spread:
            chosen, top = i, mean
    return chosen


def value(game: Game, player: str, evaluate: Evaluate) -> float:
    """1 for a win, 0 for a loss, 1/2 for a draw; else the game's estimate from the view."""
    outcome = game.outcome() if game.is_over else None
    if outcome is not None:
        if player in outcome.winners:
            return 0.5 if outcome.draw else 1.0
        return 0.0 if outcome.winners else 0.5
    return evaluate(game.view(player), player)


def share(mine: float, theirs: float) -> float:
    """`mine` as a share of both, 1/2 when both are nothing: an evaluation in [0, 1]."""
    return 0.5 if mine + theirs <= 0 else mine / (mine + theirs)


__all__ = ["DEPTH", "ITERATIONS", "MARGIN", "WIDTH", "SearchBot", "best", "share", "value"]
