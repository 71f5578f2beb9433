"""Two bots for Gondor & Sauron, both choosing only among `legal_actions`, so they are
always legal, and reading only the player's `view`: `random_action` picks uniformly;
`heuristic_action` fires, pours oil, attacks (stating every unit it can against the
defender it picks, SPI 7.32, then resolving) and forms when it can, rallies, advances,
brings on reinforcements, bombards walls, casts spells, closes in on the enemy with each unit once a phase, retreats away from the enemy and ends
a part of the turn only when nothing useful is left. Both draw on the caller's
`random.Random`, never on the game's dice."""

from __future__ import annotations

import random
from typing import Any

from warjudge.hexwar.grid import distance

Action = dict[str, Any]
EAGER = ("fire", "pour", "attack", "resolve", "rally", "advance", "stand", "form", "enter", "bombard", "cast")


def random_action(game, player: str, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(player))


def _nearest_enemy(view: dict[str, Any], side: str, h: str) -> int:
    enemies = [u["hex"] for u in view["units"] if u["side"] != side and u.get("hex")]
    return min((distance(h, e) for e in enemies), default=0)


def _where(view: dict[str, Any]) -> dict[str, str]:
    """Piece id -> hex, for every piece the view shows on the map."""
    return {p["id"]: p["hex"] for key in ("units", "leaders", "engines") for p in view.get(key, []) if p.get("hex")}


def heuristic_action(game, player: str, rng: random.Random) -> Action:
    legal = game.legal_actions(player)
    view = game.view(player)
    for kind in EAGER:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return rng.choice(found)
    retreats = [a for a in legal if a["type"] in ("retreat", "evade")]
    if retreats:   # as far from the enemy as the rules allow
        return max(retreats, key=lambda a: (_nearest_enemy(view, player, a["path"][-1]), "displace_to" not in a))
    moves = [a for a in legal if a["type"] == "move"]
    if moves:      # the move that gains the most ground towards the enemy, if any gains
        where = _where(view)

        def gain(a: Action) -> int:
            return _nearest_enemy(view, player, where[a["piece"]]) - _nearest_enemy(view, player, a["to"])
        best = max(moves, key=gain)
        if gain(best) > 0:
            return rng.choice([a for a in moves if a["piece"] == best["piece"] and gain(a) == gain(best)])
    for kind in ("next", "end"):
        if {"type": kind} in legal:
            return {"type": kind}
    return rng.choice(legal)


__all__ = ["heuristic_action", "random_action"]


class HeuristicBot:
    """`heuristic_action` as a `core.bots` bot, so the CLI's selfplay and the play server's
    seats can name it (`heuristic`) for Gondor and Sauron."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game: Any, player: str) -> Action:
        return heuristic_action(game, player, self.rng)
