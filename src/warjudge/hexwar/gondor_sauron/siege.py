"""Gondor's siege warfare (SPI 3.0 B, 5.0 c, 6.13, 7.11-7.13, 7.35, 7.53), a reconstruction
of the Exclusive Rules the Standard Rules refer to (docs/rulings.md): siege engines are
markers that move but never fight for a hex, catapults breach walls in the Siege Phase or
fire missiles at range 4, siege towers and ladders carry the unit stacked with them over
an unbreached wall. Every check is pure and returns a reason."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import CombatUnit, Engine
from warjudge.hexwar.grid import distance

CATAPULT, SIEGE_TOWER, LADDER = "catapult", "siege_tower", "ladder"
ENGINE_KINDS = (CATAPULT, SIEGE_TOWER, LADDER)
CATAPULT_RANGE = 4                      # 7.12
CLIMBS = {SIEGE_TOWER: ("wall", "tower"), LADDER: ("wall",)}   # 7.35: what each carries a unit over


def siege_towers(pos: Position) -> frozenset[str]:
    """7.13: the hexes missiles may not be fired over."""
    return frozenset(e.hex for e in pos.engines.values() if e.kind == SIEGE_TOWER)


def climbs(pos: Position, unit: CombatUnit, a: str, b: str) -> bool:
    """7.35, 7.53: a unit stacked with a friendly siege tower (wall or tower hexside) or
    ladder (wall hexside) crosses the unbreached hexside a-b to melee or advance."""
    if unit.hex != a:
        return False
    kind = pos.map.hexside_kind(a, b)
    return any(e.hex == a and e.side == unit.side and kind in CLIMBS.get(e.kind, ())
               for e in pos.engines.values())


def breachable_sides(pos: Position) -> list[tuple[str, str]]:
    """The unbreached wall, gate and tower hexsides of the map, each as a sorted pair."""
    return [hs for hs in pos.wall_sides if frozenset(hs) not in pos.breached]


def bombard_problem(pos: Position, engine: Engine, side: tuple[str, str], used: set[str]) -> str | None:
    """3.0 B: a catapult not yet used this Game-Turn bombards one unbreached hexside
    within its range (counted to the nearer hex of the two); it may not fire at an
    enemy unit this turn (7.11) nor move (3.0 B)."""
    if engine.kind != CATAPULT:
        return "only catapults bombard walls in the Siege Phase (SPI 3.0 B)"
    if engine.id in used:
        return "a catapult is used once a Game-Turn (SPI 3.0 B, 7.11)"
    a, b = side
    kind = pos.map.hexside_kind(a, b)
    if kind is None or not pos.map.vocabulary.hexsides[kind].breachable:
        return f"{a}-{b} is not a wall, gate or tower hexside"
    if frozenset(side) in pos.breached:
        return f"{a}-{b} is breached already"
    if min(distance(engine.hex, a), distance(engine.hex, b)) > CATAPULT_RANGE:
        return f"{a}-{b} is beyond the catapult's range of {CATAPULT_RANGE} (SPI 7.12)"
    return None


def bombard(pos: Position, side: tuple[str, str], total: int, breach_on: dict[str, list[int]]) -> bool:
    """Two dice against the hexside kind's breach numbers (scenario data); a breach is
    for the rest of the game (6.13)."""
    kind = pos.map.hexside_kind(*side) or ""
    if total in breach_on.get(kind, []):
        pos.breached = pos.breached | {frozenset(side)}
        return True
    return False


def capture(pos: Position) -> list[str]:
    """Ruling: an engine sharing its hex with an enemy combat unit is destroyed."""
    enemy_at = {(u.hex, u.side) for u in pos.units.values()}
    lost = sorted(e.id for e in pos.engines.values()
                  if any((e.hex, s) in enemy_at for s in ("westernesse", "sauron") if s != e.side))
    for eid in lost:
        del pos.engines[eid]
    return lost


__all__ = ["CATAPULT", "CATAPULT_RANGE", "ENGINE_KINDS", "Engine", "LADDER", "SIEGE_TOWER", "bombard",
           "bombard_problem", "breachable_sides", "capture", "climbs", "siege_towers"]
