"""A heuristic bot for SJG Necromancer that plays to win: it keeps its Necromancer
behind its troops with a guard beside him (and steps him back from enemies), sends
wraiths to search the Miasma and carries Jewels home, marches the rest on the enemy
Necromancer, steps into enemy zones only when the units still coming make the attack
worth it (and then the others join that attack), attacks at good odds (1-1 once clearly
the stronger; always when the enemy wizard is in reach), never attacks from a slope
where halving makes the attack pointless, converts the stacks that matter on a budget
that keeps CP in reserve while the army is big, chooses useful optional units and items,
and retreats towards home.

It answers only the decisions it has an opinion on and asks the random bot for the rest,
so it is always legal.
"""

from __future__ import annotations

import functools
import random
import weakref
from collections import deque
from typing import Any, Callable

from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.movement import path_to
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.problems import Problem
from warjudge.hexwar.sjg.combat import can_direct, indirect_modifier, must_be_attacked, plan_attack
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.moves import may_join, reachable_hexes
from warjudge.hexwar.sjg.state import Position, Unit, other
from warjudge.hexwar.sjg.tables import UnitType

# units each game's bot has already placed this turn (one move action per call), and its guards
_CONSIDERED: "weakref.WeakKeyDictionary[SjgNecromancerGame, tuple[int, set[int]]]" = weakref.WeakKeyDictionary()
# enemy hexes the bot's units have stepped next to this turn: the rest of the attack joins them
_RALLY: "weakref.WeakKeyDictionary[SjgNecromancerGame, set[str]]" = weakref.WeakKeyDictionary()
_GUARDS: "weakref.WeakKeyDictionary[SjgNecromancerGame, set[int]]" = weakref.WeakKeyDictionary()
GOOD_ODDS = ("2-1", "3-1", "4-1", "auto-DE")
SEARCHERS = 6  # wraiths sent into the Miasma while Jewels remain
GUARDS = 3     # units kept next to the bot's own Necromancer (issue 10 item 10)
MIN_ARMY_FOR_GUARDS = 12
AHEAD = 1.5    # strength ratio from which the bot presses the attack at 1-1
DANGER = 3     # enemy units this close make the Necromancer step back
CP_RESERVE = 40  # conversion points never spent below this, except on a Jewel bearer
ITEM_PREFERENCE = ("mercenaries", "apprentice", "sword", "bow", "ring", "crystal_ball")


def _owed(game: SjgNecromancerGame) -> Decision:
    decision = game.pending
    assert decision is not None, "no decision is pending: the bot was asked to act on a finished game"
    return decision


def heuristic_action(game: SjgNecromancerGame, rng: random.Random) -> dict[str, Any]:
    decision = _owed(game)
    chooser = _CHOOSERS.get(decision.kind)
    action = chooser(game, decision.player, rng) if chooser else None
    return action or bots.random_action(game, rng)


def _enemy_wizard(pos: Position, side: str) -> str | None:
    n = pos.necromancer(other(side))
    return n.hex if n else None


def _move(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos = game.position
    home = pos.necromancer(side)
    target = _enemy_wizard(pos, side)
    if home is None or target is None:
        return None
    searching = sum(1 for u in pos.side_units(side) if u.hex in pos.miasma.hexes)
    needed = 1 if ahead(pos, side) else 2
    turn, considered = _CONSIDERED.get(game, (None, set()))
    if turn != game.turn:
        considered = set()
        _CONSIDERED[game] = (game.turn, considered)
        _GUARDS[game] = _pick_guards(pos, side, home)
        _RALLY[game] = set()
    rally = _RALLY[game]
    # the Necromancer first, so that his guard follows him to where he stands
    for unit in sorted(pos.side_units(side), key=lambda u: (u.kind != UnitType.NECROMANCER, u.id)):
        if unit.id in game.moved or unit.id in game.locked or unit.id in considered:
            continue
        considered.add(unit.id)
        found = reachable_hexes(pos, unit, game.locked)
        carrying = [j.id for j in pos.jewels_at(unit.hex)]
        goal = _goal(game, unit, side, home.hex, target, carrying, searching)
        if goal is None:
            continue
        far = walking_distances(pos.board, goal)
        support = _support(game, side, target, unit)
        allowed = [h for h in found if h == unit.hex
                   or may_join(pos, [unit], h) and _worth_engaging(pos, unit, h, target, support, needed)]
        joining = [h for h in allowed if goal == target and _engaged(pos, side, h) & rally]
        best = min(joining or allowed, key=lambda h: (far.get(h, 999), distance(h, goal), found[h][0]))
        if best == unit.hex:
            continue
        rally |= _engaged(pos, side, best)
        if unit.kind == UnitType.WRAITH and goal in pos.miasma.hexes and best in pos.miasma.hexes:
            searching += 1
        loose = [j.id for j in pos.jewels.values() if j.hex in path_to(found, best) and not j.delivered_to]
        return {"type": "move", "side": side, "units": [unit.id], "path": path_to(found, best),
                "jewels": sorted(set(carrying) | set(loose))}
    return {"type": "end", "side": side}


def _engaged(pos: Position, side: str, h: str) -> set[str]:
    """The enemy hexes a unit standing in `h` must attack (6.21: their zones reach it)."""
    return {n for n in pos.board.neighbours(h) if pos.zoc_reaches(n, h)
            and any(e.side != side for e in pos.at(n))}


def walking_distances(board, goal: str) -> dict[str, int]:
    """Steps from every hex to `goal` walking round cliffs and monoliths (2.13, 2.16): a
    straight-line distance led the old bot into cliff walls it never got round, and games
    stalled at the turn cap. Cached on the board, per goal."""
    cache = board.__dict__.setdefault("_walking", {})
    if goal not in cache:
        found, todo = {goal: 0}, deque([goal])
        while todo:
            h = todo.popleft()
            for n in board.neighbours(h):
                if n not in found and board.terrain(n) != "monolith" and not board.is_cliff(h, n):
                    found[n] = found[h] + 1
                    todo.append(n)
        cache[goal] = found
    return cache[goal]


def _support(game: SjgNecromancerGame, side: str, wizard: str, mover: Unit) -> Callable[[str], int]:
    """For an enemy hex, the direct strength of the bot's other unmoved units that can
    still reach its side this phase and are heading past it to the enemy Necromancer (or
    to him): they will join the attack. Counting only units already there, each waited
    for another to go first and armies stood before a blocking stack, or two hexes from
    the wizard, until the turn cap. (Counting every unit near it, units stepped into zones
    their friends were not coming to and died.)"""
    pos = game.position
    to_wizard = walking_distances(pos.board, wizard)
    guards = _GUARDS.get(game, set())
    coming = [u for u in pos.side_units(side)
              if u is not mover and u.kind != UnitType.NECROMANCER and u.id not in guards and not pos.jewels_at(u.hex)
              and u.id not in game.moved and u.id not in game.locked and not pos.in_miasma(u.hex)]

    @functools.cache
    def support(enemy_hex: str) -> int:
        far = walking_distances(pos.board, enemy_hex)
        beyond = to_wizard.get(enemy_hex, 999)
        return sum(pos.direct_strength(u) for u in coming
                   if 1 < far.get(u.hex, 999) <= pos.movement_allowance(u) + 1 and to_wizard.get(u.hex, 999) > beyond)
    return support


def ahead(pos: Position, side: str) -> bool:
    """Is the side's army clearly the stronger (AHEAD times the enemy's direct strength)?
    Then 1-1 attacks pay (the CRT's 1-1 column gives the defender a retreat or a loss
    five times as often as the attacker) and waiting for 2-1 only runs out the clock."""
    def total(s: str) -> int:
        return sum(pos.direct_strength(u) for u in pos.side_units(s) if u.kind != UnitType.NECROMANCER)
    return total(side) >= AHEAD * total(other(side))


def _worth_engaging(pos: Position, unit: Unit, h: str, wizard: str,
                    support: Callable[[str], int] = lambda n: 0, needed: int = 2) -> bool:
    """A unit that stops in an enemy zone must attack (6.21); it goes there only if the
    attack it joins would be at `needed`-1 or better (1-1 on the enemy wizard), counting
    the `support(enemy hex)` still on its way. Walking into zones one unit at a time made
    the old bot attack at 1-3 and lose its army."""
    board = pos.board
    for n in board.neighbours(h):
        enemies = [e for e in pos.at(n) if e.side != unit.side]
        if not enemies or not pos.zoc_reaches(n, h):
            continue
        defence = sum(pos.defence_strength(e) for e in enemies)
        friends = [f for m in board.neighbours(n) if m != h and not board.is_cliff(m, n) and not pos.in_miasma(m)
                   for f in pos.at(m) if f.side == unit.side]
        attack = sum(pos.direct_strength(f) // (2 if board.terrain(f.hex) == "slope" else 1) for f in friends)
        attack += pos.direct_strength(unit) // (2 if board.terrain(h) == "slope" else 1)
        attack += support(n)
        if attack < (defence if n == wizard else needed * defence):
            return False
    return True


def _pick_guards(pos: Position, side: str, home: Unit) -> set[int]:
    """The sturdiest units nearest the Necromancer stay beside him this turn, while the
    army is big enough to spare them (a small army is strong, 3.1, and must attack)."""
    fighters = [u for u in pos.side_units(side) if u.kind in (UnitType.ZOMBIE, UnitType.SKELETON, UnitType.MERCENARY)]
    if pos.counted_units(side) < MIN_ARMY_FOR_GUARDS:
        return set()
    fighters.sort(key=lambda u: (distance(u.hex, home.hex), u.kind != UnitType.ZOMBIE, u.id))
    return {u.id for u in fighters[:GUARDS]}


def _threat(pos: Position, side: str, h: str) -> int:
    return sum(1 for u in pos.side_units(other(side)) if distance(u.hex, h) <= DANGER)


def _goal(game: SjgNecromancerGame, unit: Unit, side: str, home: str, target: str, carrying: list[str],
          searching: int) -> str | None:
    pos = game.position
    if unit.kind == UnitType.NECROMANCER:
        loose = [j.hex for j in pos.jewels.values() if j.hex and not pos.at(j.hex)]
        near = [h for h in loose if distance(h, home) <= 3 and not _threat(pos, side, h)]
        if near:
            return near[0]
        if _threat(pos, side, home):  # step back towards his own troops, away from the enemy
            ring = [h for h in pos.board.within(home, 2) if pos.board.terrain(h) == "plateau"
                    and not pos.board.grid.is_edge(h)]  # 6.52: at an edge a retreat has nowhere to go
            friends = lambda h: sum(1 for u in pos.side_units(side) if distance(u.hex, h) <= 1)  # noqa: E731
            return min(ring, key=lambda h: (_threat(pos, side, h) - friends(h), -distance(h, target), h), default=None)
        return None  # otherwise stay put behind the lines
    if carrying:
        return home
    if unit.id in _GUARDS.get(game, set()):
        return home
    if (unit.kind == UnitType.WRAITH and pos.miasma.hexes and searching < SEARCHERS
            and game._jewel_left() and pos.miasma.jewels_found < len(pos.jewels)):
        return min(sorted(pos.miasma.hexes), key=lambda h: distance(h, unit.hex))
    return target


def _combat(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    """The enemy Necromancer first, then what must be attacked, then good odds."""
    pos = game.position
    free = [u for u in pos.side_units(side) if u.id not in game.attacked and not pos.in_miasma(u.hex)]
    wizard = _enemy_wizard(pos, side)
    enemy_hexes = sorted({u.hex for u in pos.side_units(other(side))} - game.attacked_hexes,
                         key=lambda h: (h != wizard, h not in must_be_attacked(pos, side), h))
    forced_hexes = must_be_attacked(pos, side)
    pressing = ahead(pos, side)
    for target in enemy_hexes:
        direct = [u.id for u in free if can_direct(pos, u, target)]
        indirect = [u.id for u in free if u.id not in direct and indirect_modifier(pos, u, target) is not None]
        if not direct and not indirect:
            continue
        forced = target in forced_hexes
        plan = plan_attack(pos, side, direct, indirect, [], [target], spent=game.attacked)
        if isinstance(plan, Problem):
            continue
        # 2.12, 6.31: a unit on a slope attacks at half strength and still suffers the
        # results; leave it out unless the attack needs it
        flat = [u for u in direct if pos.board.terrain(pos.units[u].hex) != "slope"
                or pos.units[u].kind in (UnitType.NECROMANCER, UnitType.APPRENTICE)]
        if flat != direct and (flat or indirect):
            lighter = plan_attack(pos, side, flat, indirect, [], [target], spent=game.attacked)
            if not isinstance(lighter, Problem) and lighter.column == plan.column:
                direct, plan = flat, lighter
        good = plan.column in GOOD_ODDS or plan.column == "1-1" and pressing
        if good or forced or target == wizard and plan.column not in ("1-3", "auto-AE"):
            return {"type": "attack", "side": side, "targets": [target], "direct": direct, "indirect": indirect}
    return {"type": "end", "side": side}


def _convert(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos = game.position
    me = pos.sides[side]
    enemy_n = pos.necromancer(other(side))
    mine = pos.necromancer(side)
    options = []
    for t in sorted({u.hex for u in pos.side_units(other(side))}):
        stack = pos.at(t)
        resistance = _stack_resistance(pos, stack)
        if enemy_n and distance(enemy_n.hex, t) <= 1 or resistance is None:
            continue
        near_me = mine is not None and distance(mine.hex, t) <= 3
        value = len(stack) + 5 * any(pos.jewels_at(t)) + 3 * near_me
        options.append((-value, t, resistance, any(pos.jewels_at(t)) or near_me))
    if not options:
        return {"type": "end", "side": side}
    options.sort()
    if me.free_attempts:
        return {"type": "convert", "side": side, "target": options[0][1], "free": True}
    # a budget: x3 converts 5 times in 6 for the least CP per unit won (x4 risks an E and
    # costs more), and a reserve is kept for the turns to come unless the target matters
    # now (issue 10 item 10: 150 -> 2 CP in three turns) or the army is too small to wait
    # (a lone Necromancer sat on 48 CP to the turn cap)
    reserve = CP_RESERVE if pos.counted_units(side) >= MIN_ARMY_FOR_GUARDS else 0
    for _, t, resistance, urgent in options:
        for multiple in (3, 2):
            cost = multiple * resistance
            if game._attempts_left() and cost <= me.cp and (urgent or me.cp - cost >= reserve):
                return {"type": "convert", "side": side, "target": t, "multiple": multiple}
    return {"type": "end", "side": side}


def _stack_resistance(pos: Position, stack: list[Unit]) -> int | None:
    """The resistance of a whole stack, or None when a unit in it cannot be converted."""
    total = 0
    for u in stack:
        r = pos.resistance(u)
        if r is None:
            return None
        total += r
    return total


def _retreat(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    pos, info = game.position, _owed(game).info
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


def _choose(game: SjgNecromancerGame, side: str, rng: random.Random) -> dict[str, Any] | None:
    """10.5: units that fight and items a wizard uses, in that order, from what is left."""
    info = _owed(game).info
    left, need, picks = dict(info["counters_left"]), info["allowance"], []
    for name in ITEM_PREFERENCE * 2:
        if need and left.get(name, 0) > 0:
            picks.append(name)
            left[name] -= 1
            need -= 1
    return {"type": "choose", "side": side, "items": picks} if not need else None


_CHOOSERS = {"move": _move, "combat": _combat, "convert": _convert, "retreat": _retreat, "choose": _choose}


def play_game(red, black, seed: int, max_turns: int = 150, **options: Any) -> SjgNecromancerGame:
    """Play `red` against `black` (functions game, rng -> action) from a fresh game."""
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, **options)
    players = {"red": red, "black": black}
    while not game.is_over and game.turn <= max_turns:
        player = _owed(game).player
        game.act(player, players[player](game, rng))
    return game
