"""The `search` bot for Gondor and Sauron (issue 26): `core.ismcts` over the game's
interface, the registered `heuristic` bot as its prior and rollouts, and a position
scored from the seat's own view by how near each army is to demoralization (9.1: the
Demoralization Points it has lost against its level).

The Movement Phase's single moves, the Magic Phase and the Siege Phase are left to the
heuristic; fire, melee, rallies, advances, retreats and the rest are searched. A spell's
effect (darkness, a Leader frozen, reinforcements called) or a breach in a wall shows in
no army's demoralization within a rollout's few actions: in the games traced (docs/bots.md)
every candidate of 56 searched Magic decisions (two games) and 5 Siege decisions (one)
gained exactly 0 and none was played, while such a decision cost up to 5.1 s of CPU (the heuristic tries spells on
clones in every rollout), beyond issue 26's 1 s."""

from __future__ import annotations

import random
from typing import cast

from warjudge.core import bots
from warjudge.core.game import View
from warjudge.core.ismcts import SearchBot, share
from warjudge.hexwar.gondor_sauron.view_types import GondorView

LEFT_TO_PRIOR = frozenset({"movement", "magic", "siege"})


def standing(view: GondorView, side: str) -> float:
    """The share of its demoralization level `side` has not yet lost (0 once demoralized)."""
    level = view["levels"][side]
    return max(0.0, 1.0 - view["losses"][side] / level) if level else 1.0


def evaluate(view: View, side: str) -> float:
    seen = cast(GondorView, view)   # ismcts gives this bot its own game's views only
    rival = next(s for s in seen["levels"] if s != side)
    return share(standing(seen, side), standing(seen, rival))


def search_bot(rng: random.Random, iterations: int | None = None, game_id: str = "gondor",
               scale: float = 1.0) -> SearchBot:
    def heuristic(r: random.Random) -> bots.Bot:
        return bots.make(game_id, "heuristic", r)
    return SearchBot(rng, heuristic, evaluate, LEFT_TO_PRIOR, iterations=iterations, scale=scale)


def gondor_bot(rng: random.Random, scale: float = 1.0) -> SearchBot:
    return search_bot(rng, game_id="gondor", scale=scale)


def sauron_bot(rng: random.Random, scale: float = 1.0) -> SearchBot:
    return search_bot(rng, game_id="sauron", scale=scale)
