"""A search bot for games with hidden information and dice (issue 26): the root level of
single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), with a game's
heuristic bot as prior, move ordering and rollout policy.

Each iteration draws one world the searching seat cannot tell from the real game
(`sample_hidden`, or a clone where the game has nothing hidden), gives it dice from the
bot's own RNG (so the search never sees the real rolls to come, and a decision is a pure
function of the bot's seed: no wall clock, no operating-system randomness), picks a
candidate action by UCB1, plays it, lets heuristic bots play on for a few actions and
scores the result from the seat's own view. Deeper tree levels would have to be shared
across worlds whose legal lists differ; with hundreds of actions a turn the heuristic
rollout is where the depth comes from, and the tree is the choice at hand.

Candidates: the heuristic's own choice first (it wins ties and is what the bot plays
where searching is not worth it: a lone legal action, or a decision kind the game's
registration leaves to the heuristic, such as a turn's many single moves), then other
legal actions in the RNG's order, up to `width`. The budget is counted in iterations
(`iterations`, default ITERATIONS); the "every registered bot" tests use a small one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from warjudge.core.bots import TAKE_BACKS, Bot
from warjudge.core.dice import Dice
from warjudge.core.game import Action, Game, View

ITERATIONS = 24     # worlds per decision: about 1 s CPU on SJG combat (docs/bots.md)
DEPTH = 4           # heuristic actions played after the candidate before scoring
WIDTH = 8           # candidate actions at most, the heuristic's choice among them
EXPLORATION = 0.5   # UCB1's constant, for values in [0, 1]
PRIOR_VISITS = 2    # the heuristic's choice starts with this many wins' worth of trust


Evaluate = Callable[[View, str], float]   # (the seat's view, the seat) -> value in [0, 1]


@dataclass
class Arm:
    action: Action
    visits: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class SearchBot:
    """The bot for one seat. `prior` makes the game's heuristic bot from an RNG;
    `evaluate` scores a position from the seat's view; `left_to_prior` are the decision
    kinds answered by the heuristic alone."""

    rng: random.Random
    prior: Callable[[random.Random], Bot]
    evaluate: Evaluate
    left_to_prior: frozenset[str] = frozenset()
    iterations: int | None = None   # None: ITERATIONS, read when deciding (tests lower it)
    depth: int = DEPTH
    width: int = WIDTH
    searched: int = field(default=0, init=False)   # decisions searched, for benchmarks

    def choose(self, game: Game, player: str) -> Action:
        first = self.prior(random.Random(self.rng.getrandbits(64))).choose(game, player)
        decision = game.decision(player)
        budget = ITERATIONS if self.iterations is None else self.iterations
        if budget <= 0 or decision is None or decision.kind in self.left_to_prior:
            return first
        arms = self._candidates(game, player, first)
        if len(arms) < 2:
            return first
        self.searched += 1
        arms[0].visits, arms[0].total = PRIOR_VISITS, float(PRIOR_VISITS) * 0.5
        for iteration in range(budget):
            arm = self._select(arms, iteration + PRIOR_VISITS)
            arm.total += self._simulate(game, player, arm.action)
            arm.visits += 1
        return max(arms, key=lambda a: (a.mean(), a.visits, a is arms[0])).action

    def _candidates(self, game: Game, player: str, first: Action) -> list[Arm]:
        others = [a for a in game.legal_actions(player) if a != first and a.get("type") not in TAKE_BACKS]
        if len(others) > self.width - 1:
            others = self.rng.sample(others, self.width - 1)
        return [Arm(first)] + [Arm(a) for a in others]

    @staticmethod
    def _select(arms: list[Arm], played: int) -> Arm:
        """UCB1, untried arms first, the earlier arm on a tie."""
        for arm in arms:
            if arm.visits == 0:
                return arm
        log_n = math.log(played)
        return max(arms, key=lambda a: a.mean() + EXPLORATION * math.sqrt(log_n / a.visits))

    def _simulate(self, game: Game, player: str, action: Action) -> float:
        world = game.sample_hidden(player, self.rng) or game.clone()
        world.dice = Dice(self.rng.getrandbits(128))   # rolls the real game cannot have
        world.act(player, action)
        bots: dict[str, Bot] = {}
        for _ in range(self.depth):
            waiting = world.to_act()
            if world.is_over or not waiting:
                break
            seat = waiting[0]
            if seat not in bots:
                bots[seat] = self.prior(random.Random(self.rng.getrandbits(64)))
            world.act(seat, bots[seat].choose(world, seat))
        return value(world, player, self.evaluate)


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


__all__ = ["DEPTH", "ITERATIONS", "WIDTH", "SearchBot", "share", "value"]
