"""FROZEN COPY of the heuristic bot as it was before issue 10 (commit 5eb1f3e), kept only so
that benchmarks/sjg_necromancer.py can measure the improved bot against it. Not part of
the product; do not edit.

A heuristic bot for SJG Necromancer that plays to win: it keeps its Necromancer
behind its troops, sends wraiths to search the Miasma and carries Jewels home, marches
the rest on the enemy Necromancer, attacks at good odds (always when the enemy wizard
is in reach), converts the biggest stacks it can afford and retreats towards home.

It answers only the decisions it has an opinion on and asks the random bot for the rest,
so it is always legal.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from warjudge.hexwar.grid import distance
from warjudge.hexwar.movement import path_to
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.combat import can_direct, indirect_modifier, must_be_attacked, plan_attack
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.moves import may_join, reachable_hexes
from warjudge.hexwar.sjg.state import Position, Unit, other
from warjudge.hexwar.sjg.tables import UnitType

# units each game's bot has already placed this turn (one move action per call)
_CONSIDERED: "weakref.WeakKeyDictionary[SjgNecromancerGame, tuple[int, set[int]]]" = weakref.WeakKeyDictionary()
GOOD_ODDS = ("2-1", "3-1", "4-1", "auto-DE")
SEARCHERS = 6  # wraiths sent into the Miasma while Jewels remain


def heuristic_action(game: SjgNecromancerGame, rng: random.Random) -> dict[str, Any]:
    decision = game.pending
    chooser = _CHOOSERS.get(decision.kind)
    action = chooser(game, decision.player, rng) if chooser else None
    return action or bots.random_action(game, rng)


def _enemy_wizard(pos: Position, side: str) -> str | None:
    n = pos.necromancer(other(side))
    return n.hex if n else None


def _move(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos = game.state.position
    home = pos.necromancer(side)
    target = _enemy_wizard(pos, side)
    if home is None or target is None:
        return None
    searching = sum(1 for u in pos.side_units(side) if u.hex in pos.miasma.hexes)
    turn, considered = _CONSIDERED.get(game, (None, set()))
    if turn != game.state.turn:
        considered = set()
        _CONSIDERED[game] = (game.state.turn, considered)
    for unit in sorted(pos.side_units(side), key=lambda u: (u.kind == UnitType.NECROMANCER, u.id)):
        if unit.id in game.state.moved or unit.id in game.state.locked or unit.id in considered:
            continue
        considered.add(unit.id)
        found = reachable_hexes(pos, unit, game.state.locked)
        carrying = [j.id for j in pos.jewels_at(unit.hex)]
        goal = _goal(game, unit, side, home.hex, target, carrying, searching)
        if goal is None:
            continue
        best = min((h for h in found if h == unit.hex or may_join(pos, [unit], h)),
                   key=lambda h: (distance(h, goal), found[h][0]))
        if best == unit.hex:
            continue
        if unit.kind == UnitType.WRAITH and goal in pos.miasma.hexes and best in pos.miasma.hexes:
            searching += 1
        loose = [j.id for j in pos.jewels.values() if j.hex in path_to(found, best) and not j.delivered_to]
        return {"type": "move", "side": side, "units": [unit.id], "path": path_to(found, best),
                "jewels": sorted(set(carrying) | set(loose))}
    return {"type": "end", "side": side}


def _goal(game: SjgNecromancerGame, unit: Unit, side: str, home: str, target: str, carrying: list[str],
          searching: int) -> str | None:
    pos = game.state.position
    if unit.kind == UnitType.NECROMANCER:
        loose = [j.hex for j in pos.jewels.values() if j.hex and not pos.at(j.hex)]
        near = [h for h in loose if distance(h, home) <= 3]
        return near[0] if near else None  # otherwise stay put behind the lines
    if carrying:
        return home
    if (unit.kind == UnitType.WRAITH and pos.miasma.hexes and searching < SEARCHERS
            and game._jewel_left() and pos.miasma.jewels_found < len(pos.jewels)):
        return min(sorted(pos.miasma.hexes), key=lambda h: distance(h, unit.hex))
    return target


def _combat(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    """The enemy Necromancer first, then what must be attacked, then good odds."""
    pos = game.state.position
    free = [u for u in pos.side_units(side) if u.id not in game.state.attacked and not pos.in_miasma(u.hex)]
    wizard = _enemy_wizard(pos, side)
    enemy_hexes = sorted({u.hex for u in pos.side_units(other(side))} - game.state.attacked_hexes,
                         key=lambda h: (h != wizard, h not in must_be_attacked(pos, side), h))
    for target in enemy_hexes:
        direct = [u.id for u in free if can_direct(pos, u, target)]
        indirect = [u.id for u in free if u.id not in direct and indirect_modifier(pos, u, target) is not None]
        if not direct and not indirect:
            continue
        plan = plan_attack(pos, side, direct, indirect, [], [target], spent=game.state.attacked)
        if isinstance(plan, Problem):
            continue
        forced = target in must_be_attacked(pos, side)
        if plan.column in GOOD_ODDS or forced or target == wizard:
            return {"type": "attack", "side": side, "targets": [target], "direct": direct, "indirect": indirect}
    return {"type": "end", "side": side}


def _convert(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos = game.state.position
    me = pos.sides[side]
    enemy_n = pos.necromancer(other(side))
    best = None
    for t in sorted({u.hex for u in pos.side_units(other(side))}):
        stack = pos.at(t)
        if enemy_n and distance(enemy_n.hex, t) <= 1 or any(pos.resistance(u) is None for u in stack):
            continue
        value = len(stack) + 5 * any(pos.jewels_at(t))
        if best is None or value > best[0]:
            best = (value, t, sum(pos.resistance(u) for u in stack))
    if best is None:
        return {"type": "end", "side": side}
    _, t, resistance = best
    if me.free_attempts:
        return {"type": "convert", "side": side, "target": t, "free": True}
    for multiple in (4, 3, 2):
        if multiple * resistance <= me.cp and game._attempts_left():
            return {"type": "convert", "side": side, "target": t, "multiple": multiple}
    return {"type": "end", "side": side}


def _retreat(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos, info = game.state.position, game.pending.info
    home = pos.necromancer(side)
    units = [pos.units[u] for u in info["units"] if u in pos.units]
    counted = sorted((u for u in units if u.kind != UnitType.NECROMANCER), key=lambda u: u.kind == UnitType.ZOMBIE)
    lose = [u.id for u in counted[:info["losses"]]]
    staying = [u for u in units if u.id not in lose]
    fits = [h for h in info["options"] if may_join(pos, staying, h)]
    if not fits or home is None:
        return None
    to = min(fits, key=lambda h: distance(h, home.hex))
    return {"type": "retreat", "side": side, "lose": lose, "to": to, "carry": info["jewels"]}


_CHOOSERS = {"move": _move, "combat": _combat, "convert": _convert, "retreat": _retreat}


def play_game(red, black, seed: int, max_turns: int = 150, **options: Any) -> SjgNecromancerGame:
    """Play `red` against `black` (functions game, rng -> action) from a fresh game."""
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, **options)
    players = {"red": red, "black": black}
    while not game.is_over and game.state.turn <= max_turns:
        side = game.pending.player
        game.act(side, players[side](game, rng))   # the one way in (issue 12); the bot is unchanged
    return game
