"""The `search` bot for SJG Necromancer (issue 26): `core.ismcts` over the game's
interface, the registered `heuristic` bot as its prior, and each candidate scored right
after it is played, from the seat's own view, by the strength each side still has on
the board.

A turn's single moves and the secret set-up are left to the heuristic (hundreds of
actions, each worth little alone); attacks, conversions, searches and choices are
searched; advances and retreats too are left to the heuristic (see LEFT_TO_PRIOR)."""

from __future__ import annotations

import random
from typing import Any

from warjudge.core import bots
from warjudge.core.game import View
from warjudge.core.ismcts import SearchBot, share

NECROMANCER_WEIGHT = 40   # his fall ends the game (2.21): worth several units' strength
# an advance changes no strength when played (scored at once, every candidate gained 0)
# and its listing tries every answer on a clone: up to 3 s for nothing. A retreat too:
# the heuristic answers one in milliseconds (its weakest lost, the nearest hex home,
# tried on a clone) where the search listed every loss, hex and displacement to draw its
# candidates (2,234 retreats, 0.94 s, for one with no loss and three hexes: the longest
# decision of a 40-game tournament), and in traced games they mostly scored as the
# heuristic's choice or worse
LEFT_TO_PRIOR = frozenset({"move", "deploy", "advance", "retreat"})
# a candidate is scored right after it is played (its dice rolled, a retreat it forces
# owed): rollouts two actions on stopped before a retreat, an advance or a search (their
# listings cost up to 0.5 s) and went on through anything else, so an ended phase was
# scored after the heuristic's next conversion and a Miasma search before it
DEPTH = 0
WIDTH = 4


def worth(unit: dict[str, Any]) -> float:
    """A unit's part of its side's strength: attack plus defence, the Necromancer weighted."""
    return float(NECROMANCER_WEIGHT if unit["kind"] == "necromancer" else unit["direct"] + unit["defence"])


def strength(view: View, side: str) -> float:
    """What `side` still fields, less what the retreats it owes will cost it."""
    return sum(worth(u) for u in view["units"] if u["side"] == side) - owed_losses(view, side)


def owed_losses(view: View, side: str) -> float:
    """The worth of the units `side` must give up in the retreats it owes (6.52), its
    weakest first (the Necromancer is never a loss while another unit can be). A
    candidate is scored before the retreat it forces is answered: counted only once
    answered, an attack whose result was a retreat with losses scored as a miss."""
    by_id = {u["id"]: u for u in view["units"]}
    lost = 0.0
    for owed in view["decisions"]:
        if owed["player"] == side and owed["kind"] == "retreat":
            losable = sorted(worth(by_id[u]) for u in owed["info"]["units"]
                             if u in by_id and by_id[u]["kind"] != "necromancer")
            lost += sum(losable[:owed["info"]["losses"]])
    return lost


def evaluate(view: View, side: str) -> float:
    rival = next(s for s in view["sides"] if s != side)
    return share(strength(view, side), strength(view, rival))


def heuristic(rng: random.Random) -> bots.Bot:
    return bots.make("necromancer-sjg", "heuristic", rng)


def search_bot(rng: random.Random, iterations: int | None = None, scale: float = 1.0) -> SearchBot:
    return SearchBot(rng, heuristic, evaluate, LEFT_TO_PRIOR, iterations=iterations, depth=DEPTH, width=WIDTH,
                     scale=scale)
