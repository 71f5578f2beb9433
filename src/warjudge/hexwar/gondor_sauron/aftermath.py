"""What follows an attack in Gondor & Sauron: casualties applied, retreats and their
displacements (SPI 7.5, 7.6), advances, retreat before combat (7.7), a stacked Leader
sharing the unit's fate (8.24). Choices are returned as lists for the owner to pick from;
nothing here chooses for a player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from warjudge.hexwar import terrain
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult
from warjudge.hexwar.gondor_sauron.moves import step_cost
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.siege import climbs
from warjudge.hexwar.gondor_sauron.units import CAVALRY, CombatUnit
from warjudge.hexwar.grid import distance

LEADER_SHARES = (5, 6)          # 8.24
BEFORE_COMBAT_DISRUPTED = (1, 2, 3)   # 7.7
DISPLACEMENT_HEXES = 1          # 7.61 ruling: a displaced unit retreats one hex
MAX_DISPLACED = 4               # 7.64 ruling: the longest chain of displacements one retreat makes


def flip(unit: CombatUnit) -> bool:
    """An 'A' (or a lone unit's 1/2 E) result: flip to reduced strength; True if that
    eliminates it (already reduced, or no reduced side printed)."""
    if unit.reduced or unit.reduced_side is None:
        return True
    unit.reduced = True
    return False


def casualty_eliminates(unit: CombatUnit, result: CasualtyResult) -> bool:
    """Apply the strength part of a Casualty Result (7.42, 8.46 for a lone unit);
    True if the unit is eliminated. The retreat part is the owner's decision."""
    if result.eliminated:
        return True
    if result.flip or result.half:
        return flip(unit)
    return False


@dataclass(frozen=True)
class RetreatChoice:
    """A retreat path (the hexes entered) and, when its last hex holds a friend, the
    displacement chain that makes way (7.61, 7.64): `chain[0]` is where the friend in
    the path's last hex goes; when that hex holds a friend too, `chain[1]` is where that
    one goes, and so on, the last into a free hex."""

    path: tuple[str, ...]
    chain: tuple[str, ...] = ()


def _steps(pos: Position, unit: CombatUnit, here: str, seen: set[str]) -> list[str]:
    """Hexes a retreat may enter next (7.55, 6.2): passable, no enemy, no enemy ZOC."""
    zoc = pos.enemy_zoc(unit.side)
    return [n for n in pos.map.neighbours(here) if n not in seen and n not in zoc
            and step_cost(pos, unit, here, n) is not None]


def retreat_paths(pos: Position, unit: CombatUnit, hexes: int) -> list[tuple[str, ...]]:
    """Every path of `hexes` distinct hexes the unit may retreat along (7.54, 7.55, 6.2),
    ending anywhere (occupied or not)."""
    paths: list[tuple[tuple[str, ...], set[str], str]] = [((), {unit.hex}, unit.hex)]
    for _ in range(hexes):
        paths = [(p + (n,), seen | {n}, n) for p, seen, here in paths for n in _steps(pos, unit, here, seen)]
    return sorted(p for p, _, _ in paths)


def _friends_at(pos: Position, unit: CombatUnit, h: str) -> list[CombatUnit]:
    return sorted((u for u in pos.units.values() if u.hex == h and u.side == unit.side and u is not unit),
                  key=lambda u: u.id)


def _make_way(pos: Position, friends: list[CombatUnit], taken: frozenset[str], room: int) -> list[tuple[str, ...]]:
    """The ways the friend standing in a hex a retreat needs can make way (7.61-7.64):
    it retreats one hex by the rules of retreat, never into a hex the retreat or the
    chain uses (`taken`), into a free hex if it has one, else displacing in turn the
    friend in a hex it could enter, at most `room` more times. A hex with two friends
    (a formation) or a disrupted friend cannot make way (5.0; 7.57, 7.63)."""
    if len(friends) != 1 or friends[0].disrupted:
        return []
    friend = friends[0]
    hexes = [q[-1] for q in retreat_paths(pos, friend, DISPLACEMENT_HEXES) if q[-1] not in taken]
    free: list[tuple[str, ...]] = [(h,) for h in hexes if not _friends_at(pos, friend, h)]
    if free or room == 0:
        return free
    return [(h, *rest) for h in hexes
            for rest in _make_way(pos, _friends_at(pos, friend, h), taken | {h}, room - 1)]


def retreat_choices(pos: Position, unit: CombatUnit, hexes: int) -> list[RetreatChoice]:
    """The owner's choices for a retreat of `hexes` (empty: the unit is eliminated,
    7.56). A disrupted unit forced to retreat is eliminated (7.57). Paths ending on a
    friend are offered only when no free path exists, each with every chain of
    displacements that makes way (7.61-7.64, at most MAX_DISPLACED units); with none
    the retreating unit dies instead (7.63)."""
    if unit.disrupted:
        return []
    paths = retreat_paths(pos, unit, hexes)
    free = [RetreatChoice(p) for p in paths if not _friends_at(pos, unit, p[-1])]
    if free:
        return free
    return [RetreatChoice(p, chain) for p in paths
            for chain in _make_way(pos, _friends_at(pos, unit, p[-1]), frozenset({unit.hex, *p}), MAX_DISPLACED - 1)]


def advance_hexes(pos: Position, winner: CombatUnit, vacated: str, melee: bool) -> list[str]:
    """7.51-7.53: after a melee (only) the victor may enter the vacated hex, whatever
    the enemy ZOC, but across a wall, gate or tower hexside only where it is breached
    or from a siege tower or ladder."""
    if not melee or winner.disrupted or vacated not in pos.map.neighbours(winner.hex):
        return []
    if pos.side_at(vacated) is not None:
        return []
    if climbs(pos, winner, winner.hex, vacated):   # 7.53: on a ladder or in a siege tower
        crossed = pos.breached | {frozenset((winner.hex, vacated))}
        ok = terrain.step_cost(pos.rules, pos.map, winner.hex, vacated, winner.kind, crossed) is not None
        return [vacated] if ok else []
    return [] if step_cost(pos, winner, winner.hex, vacated) is None else [vacated]


def may_retreat_before_combat(defender: CombatUnit, attackers: list[CombatUnit]) -> bool:
    """7.7: bowmen with only a missile strength; cavalry attacked solely by infantry."""
    if defender.disrupted:
        return False
    if defender.ratings.missile_only:
        return True
    return defender.kind == CAVALRY and bool(attackers) and all(a.kind != CAVALRY for a in attackers)


def leader_shares(die: int) -> bool:
    """8.24: a Leader stacked with a unit suffering an A or E result shares it on 5-6."""
    return die in LEADER_SHARES


def nearest_friend(pos: Position, side: str, here: str,
                   fits: Callable[[CombatUnit], bool] = lambda u: True) -> list[str]:
    """8.24: where a Leader left alone goes: the hexes of the nearest friendly combat
    units (those that `fits`), in hex order."""
    friends = sorted({u.hex for u in pos.units.values() if u.side == side and fits(u)})
    if not friends:
        return []
    best = min(distance(here, h) for h in friends)
    return [h for h in friends if distance(here, h) == best]


__all__ = ["RetreatChoice", "advance_hexes", "casualty_eliminates", "flip", "leader_shares",
           "may_retreat_before_combat", "nearest_friend", "retreat_choices", "retreat_paths"]
