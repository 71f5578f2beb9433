"""The `search` bot for SJG Necromancer (issue 26): `core.ismcts` over the game's
interface, the registered `heuristic` bot as its prior and rollouts, and a position
scored from the seat's own view by the strength each side still has on the board.

A turn's single moves and the secret set-up are left to the heuristic (hundreds of
actions, each worth little alone); attacks, retreats, advances, conversions, searches
and choices are searched."""

from __future__ import annotations

import random

from warjudge.core import bots
from warjudge.core.game import View
from warjudge.core.ismcts import SearchBot, share

NECROMANCER_WEIGHT = 40   # his fall ends the game (2.21): worth several units' strength
LEFT_TO_PRIOR = frozenset({"move", "deploy"})
# listed by trying each answer on a clone (hexwar/sjg/legal.py `_accepted`): a rollout
# that reached one spent up to 0.5 s on its listing, the worst decisions 5-7 s
STOP_AT = frozenset({"retreat", "advance", "search"})
DEPTH = 2   # an SJG action after the candidate costs about 5 ms (its view): 1 s a decision
WIDTH = 4


def strength(view: View, side: str) -> float:
    """What `side` still fields: attack plus defence of its units, its Necromancer weighted."""
    return float(sum(NECROMANCER_WEIGHT if u["kind"] == "necromancer" else u["direct"] + u["defence"]
                     for u in view["units"] if u["side"] == side))


def evaluate(view: View, side: str) -> float:
    rival = next(s for s in view["sides"] if s != side)
    return share(strength(view, side), strength(view, rival))


def heuristic(rng: random.Random) -> bots.Bot:
    return bots.make("necromancer-sjg", "heuristic", rng)


def search_bot(rng: random.Random, iterations: int | None = None, scale: float = 1.0) -> SearchBot:
    return SearchBot(rng, heuristic, evaluate, LEFT_TO_PRIOR, STOP_AT, iterations=iterations, depth=DEPTH, width=WIDTH,
                     scale=scale)
