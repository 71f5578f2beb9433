"""The `search` bot for Gondor and Sauron (issue 26): `core.ismcts` over the game's
interface, the registered `heuristic` bot as its prior and rollouts, and a position
scored from the seat's own view by the battle's two ways to win (docs/rulings.md, "End
of the battle"): each side's share of the fighting strength left on the map (a side
with no combat unit left loses at once) and the Demoralization Points each has inflicted
(the winner at the last Game-Turn), weighted by how battles end (mostly in a wipe-out),
with a little of how near each army is to demoralization (9.1).

The Movement Phase's single moves are left to the heuristic; fire, melee, spells,
rallies, advances, retreats and the rest are searched."""

from __future__ import annotations

import math
import random

from warjudge.core import bots
from warjudge.core.game import View
from warjudge.core.ismcts import SearchBot, share
from warjudge.hexwar.gondor_sauron.bots import points_value

LEFT_TO_PRIOR = frozenset({"movement"})
POINTS_SCALE = 20.0   # points ahead worth tanh(1) of the last turn's win
# Both battles end mostly in a wipe-out: `sauron` in 32 of 35 search games at d6897fe,
# `gondor` in 14 of 20 heuristic games (seed 26's game seeds), the rest at the last turn.
STRENGTH_WEIGHT = 0.6   # the wipe-out: strength left on the map
POINTS_WEIGHT = 0.2     # the last Game-Turn's measure: points inflicted
STANDING_WEIGHT = 0.2   # demoralization (9.3: no zones of control, no rallies)
BOOST = 3   # rounds per ismcts.ITERATIONS: a G&S decision cost 0.05-0.08 s of its 1 s
DEPTH = 6
WIDTH = 8


def standing(view: View, side: str) -> float:
    """The share of its demoralization level `side` has not yet lost (0 once demoralized)."""
    level = view["levels"][side]
    return max(0.0, 1.0 - view["losses"][side] / level) if level else 1.0


def forces(view: View, side: str) -> int:
    """The value (9.12, at the ratings each unit shows now) of the combat units `side` has
    on the map: none left (and none to come) loses the battle."""
    return sum(points_value(u["ratings"]) for u in view["units"] if u["side"] == side)


def evaluate(view: View, side: str) -> float:
    rival = next(s for s in view["levels"] if s != side)
    ahead = view["losses"][rival] - view["losses"][side]   # the points each has inflicted
    return (STRENGTH_WEIGHT * share(forces(view, side), forces(view, rival))
            + POINTS_WEIGHT * (0.5 + 0.5 * math.tanh(ahead / POINTS_SCALE))
            + STANDING_WEIGHT * share(standing(view, side), standing(view, rival)))


def search_bot(rng: random.Random, iterations: int | None = None, game_id: str = "gondor") -> SearchBot:
    def heuristic(r: random.Random) -> bots.Bot:
        return bots.make(game_id, "heuristic", r)
    return SearchBot(rng, heuristic, evaluate, LEFT_TO_PRIOR, iterations=iterations, depth=DEPTH, width=WIDTH,
                     boost=BOOST)


def gondor_bot(rng: random.Random) -> SearchBot:
    return search_bot(rng, game_id="gondor")


def sauron_bot(rng: random.Random) -> SearchBot:
    return search_bot(rng, game_id="sauron")
