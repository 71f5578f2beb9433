"""Two bots for Gondor & Sauron, both choosing only among `legal_actions`, so they are
always legal, and reading only the player's `view`: `random_action` picks uniformly;
`heuristic_action` fires, pours oil, attacks (stating every unit it can against the
defender it picks, SPI 7.32, then resolving) and forms when it can, rallies, advances,
brings on reinforcements, bombards walls, casts spells, keeps its Leaders stacked with its
units (8.1), closes in on the enemy with each unit once a phase, retreats away from the
enemy and ends a part of the turn only when nothing useful is left. Both draw on the caller's
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


def _leader_moves(view: dict[str, Any], player: str, legal: list[Action]) -> tuple[list[Action], list[Action]]:
    """8.1: the moves that stack a lone Leader with a friendly unit (he joins one, or one
    joins him), and the moves that would leave a Leader alone where no unit stands."""
    mine = {u["hex"] for u in view["units"] if u["side"] == player and u.get("hex")}
    leaders = {x["id"]: x["hex"] for x in view["leaders"] if x["side"] == player and x.get("hex")}
    lone = set(leaders.values()) - mine
    moves = [a for a in legal if a["type"] == "move"]
    joining = [a for a in moves if (a["piece"] in leaders and leaders[a["piece"]] in lone and a["to"] in mine)
               or (a["piece"] not in leaders and a["to"] in lone)]
    astray = [a for a in moves if a["piece"] in leaders and a["to"] not in mine]
    return joining, astray


def heuristic_action(game, player: str, rng: random.Random) -> Action:
    legal = game.legal_actions(player)
    view = game.view(player)
    for kind in EAGER:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return rng.choice(found)
    retreats = [a for a in legal if a["type"] in ("retreat", "evade")]
    if retreats:   # as far from the enemy as the rules allow, displacing as few friends as may be (never declining)
        return max(retreats, key=lambda a: (_nearest_enemy(view, player, a["path"][-1]),
                                            -len(a.get("then_to", [])) - ("displace_to" in a)))
    joining, astray = _leader_moves(view, player, legal)
    if joining:
        return rng.choice(joining)
    moves = [a for a in legal if a["type"] == "move" and a not in astray]
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
    spread = _spreading(view, player, moves)
    return rng.choice(spread or legal)


def _spreading(view: dict[str, Any], side: str, moves: list[Action]) -> list[Action]:
    """Moves of a unit off a hex it shares with a friend to a hex no friend holds: what
    puts a stack right before the Movement Phase may end (SPI 4.28)."""
    mine = [u["hex"] for u in view["units"] if u["side"] == side and u.get("hex") and not u.get("formation")]
    shared = {h for h in mine if mine.count(h) > 1}
    where = {u["id"]: u["hex"] for u in view["units"]}
    return [a for a in moves if where.get(a["piece"]) in shared and a["to"] not in mine]


__all__ = ["heuristic_action", "random_action"]


class HeuristicBot:
    """`heuristic_action` as a `core.bots` bot, so the CLI's selfplay and the play server's
    seats can name it (`heuristic`) for Gondor and Sauron."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game: Any, player: str) -> Action:
        return heuristic_action(game, player, self.rng)
