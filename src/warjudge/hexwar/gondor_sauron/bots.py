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

from warjudge.hexwar.gondor_sauron import combat
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.strikes import expected_points
from warjudge.hexwar.gondor_sauron.units import CombatUnit
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


def _keeping_the_pedestal(view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """Sauron casts only while stacked with his pedestal ([BB-S]): he never walks off it,
    so that he can still cast darkness (10.0) when his army comes to grips."""
    pedestal = view.get("pedestal")
    if not pedestal:
        return legal
    return [a for a in legal if not (a["type"] == "move" and a["piece"] == pedestal["leader"]
                                     and a["to"] != pedestal["hex"])]


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
            if kind in ("fire", "attack"):
                return _best_strike(game.pos, found)
            return _best_cast(game, player, found) if kind == "cast" else rng.choice(found)
    retreats = [a for a in legal if a["type"] in ("retreat", "evade")]
    if retreats:   # as far from the enemy as the rules allow, displacing as few friends as may be (never declining)
        return max(retreats, key=lambda a: (_nearest_enemy(view, player, a["path"][-1]),
                                            -len(a.get("then_to", [])) - ("displace_to" in a)))
    legal = _keeping_the_pedestal(view, legal)
    joining, astray = _leader_moves(view, player, legal)
    if joining:
        return rng.choice(joining)
    every_move = [a for a in legal if a["type"] == "move"]
    dares = _Daring(game.pos)
    moves = [a for a in every_move if a not in astray and dares(a)]
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
    spread = _spreading(view, player, every_move)
    return rng.choice(spread or legal)


def _best_strike(pos: Position, found: list[Action]) -> Action:
    """The fire or melee that takes the most Demoralization Points from the enemy on
    average (`strikes`); a melee picks its defender by what every unit that may join the
    statement (7.32) is expected to take from it together."""
    def worth(a: Action) -> float:
        target = pos.units[a["target"]]
        if a["type"] == "fire":
            shooter = pos.units.get(a["unit"]) or pos.engines[a["unit"]]
            return expected_points(pos, combat.missile_terms(pos, shooter, target), target)
        return expected_points(pos, combat.melee_terms(pos, pos.units[a["unit"]], target), target)
    together: dict[str, float] = {}
    for a in found:
        together[a["target"]] = together.get(a["target"], 0.0) + worth(a)
    if found[0]["type"] == "fire":   # each missile unit fires alone (7.1)
        return max(found, key=worth)
    return max(found, key=lambda a: (together[a["target"]], worth(a)))


def _best_cast(game, player: str, found: list[Action]) -> Action:
    """Darkness first while the army is near the enemy: Sauron's units are fanatical at
    night (10.0) and so always cause a casualty (7.37); the daylight that takes it away
    too; then spells that open the city or bring an army; a disruption where most of the
    army's units are beside the target (a disrupted unit forced to retreat dies, 7.57)."""
    pos = game.pos
    spec = {sp.id: sp for sp in game.scenario.spec.spells}
    mine = [u.hex for u in pos.units.values() if u.side == player]

    def rank(a: Action) -> tuple[int, int]:
        effect = spec[a["spell"]].effect
        if effect == "darkness":
            return (4 if _engaged(pos, player, 6) else 0, 0)
        if effect == "disrupt":
            target = pos.units[a["target"]]
            beside = sum(distance(h, target.hex) == 1 for h in mine)
            return (2 if beside else 1, beside * target.full.demoralization_value())
        return ({"daylight": 4, "breach": 3, "arrive": 3}.get(effect, 1), 0)
    return max(found, key=rank)


class _Daring:
    """A unit ends its move beside an enemy unit only if it strikes that unit at least as
    hard as it is struck back (`strikes`): by day a weak army waits for the night, or for
    its darkness, that makes it fanatical (10.0, 7.37). Pairs are weighed once a decision."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.weighed: dict[tuple[str, str], bool] = {}

    def __call__(self, move: Action) -> bool:
        pos = self.pos
        unit = pos.units.get(move["piece"])
        if unit is None:
            return True
        near = set(pos.map.neighbours(move["to"]))
        return all(self._even(unit, e) for e in pos.units.values() if e.side != unit.side and e.hex in near)

    def _even(self, unit: CombatUnit, enemy: CombatUnit) -> bool:
        key = (unit.id, enemy.id)
        if key not in self.weighed:
            pos = self.pos
            dealt = expected_points(pos, combat.melee_terms(pos, unit, enemy), enemy)
            self.weighed[key] = dealt >= expected_points(pos, combat.melee_terms(pos, enemy, unit), unit)
        return self.weighed[key]


def _engaged(pos: Position, side: str, reach: int) -> bool:
    """Whether a unit of `side` is within `reach` hexes of an enemy unit."""
    theirs = [u.hex for u in pos.units.values() if u.side != side]
    return any(distance(u.hex, h) <= reach for u in pos.units.values() if u.side == side for h in theirs)


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
