"""Combat rules of SJG Necromancer (section 6): who may attack whom and how, strengths,
odds and die-roll modifiers. Pure functions; the game applies the results.
"""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.hexwar.grid import distance
from warjudge.hexwar.los import intervening_paths
from warjudge.hexwar.sjg.problems import Problem, problem
from warjudge.hexwar.sjg.state import Position, Unit
from warjudge.hexwar.sjg.tables import DEMON_STRENGTH, UnitType, odds_column

INDIRECT_KINDS = frozenset({UnitType.NECROMANCER, UnitType.SKELETON, UnitType.APPRENTICE, UnitType.MERCENARY})
FULL_STRENGTH_ON_SLOPES = frozenset({UnitType.NECROMANCER, UnitType.APPRENTICE})  # 6.31


def can_direct(position: Position, attacker: Unit, target: str) -> bool:
    """6.21: the target is in the attacker's zone of control; 6.32: or would be, but for
    the Miasma around the target. Never from inside the Miasma (7.3), never over a cliff."""
    board = position.board
    return (target in board.neighbours(attacker.hex) and not board.is_cliff(attacker.hex, target)
            and not position.in_miasma(attacker.hex))


def indirect_modifier(position: Position, attacker: Unit, target: str) -> int | None:
    """None if `attacker` cannot attack `target` indirectly; else its die modifier sign
    for 6.22(b) (+1 from above, -1 from below, 0 at two hexes)."""
    if attacker.kind not in INDIRECT_KINDS or position.in_miasma(attacker.hex):
        return None
    board = position.board
    here, there = attacker.hex, target
    d = distance(here, there)
    if d == 1:
        if board.level(here) == board.level(there):
            return None
        return 1 if board.level(here) > board.level(there) else -1
    if d != 2 or board.level(there) > board.level(here):
        return None
    return 0 if any(_clear(position, here, path, there) for path in intervening_paths(here, there)) else None


def _clear(position: Position, here: str, path: list[str], there: str) -> bool:
    """6.22(a): no monolith or terrain higher than the shooter between; a cliff may be
    shot over only from the hex at its edge."""
    board = position.board
    middle = path[1]
    if middle not in board.hexes:
        return False  # a line nudged off the map's edge sees nothing there
    if board.terrain(middle) == "monolith" or board.level(middle) > board.level(here):
        return False
    return not board.is_cliff(middle, there)


def can_boulder(position: Position, attacker: Unit, target: str) -> bool:
    """6.23: from the high side of a cliff down onto the adjacent hex below; not a dragon,
    which "attacks directly (only)" (10.54)."""
    return (position.board.cliff_high_side(attacker.hex, target) == attacker.hex
            and not position.in_miasma(attacker.hex) and attacker.kind != UnitType.DRAGON)


def attack_strength(position: Position, unit: Unit, method: str) -> int:
    value = position.direct_strength(unit) if method in ("direct", "boulder") else position.indirect_strength(unit)
    if position.board.terrain(unit.hex) == "slope" and unit.kind not in FULL_STRENGTH_ON_SLOPES:
        value //= 2  # 2.12, 6.31: half, rounded down
    return value


@dataclass(frozen=True)
class AttackPlan:
    """A validated attack: who attacks how, against which hexes, at what odds."""

    direct: tuple[int, ...]
    indirect: tuple[int, ...]
    boulder: tuple[int, ...]
    targets: tuple[str, ...]
    attack: int
    defence: int
    column: str
    modifier: int
    demon: bool = False
    # each die-roll modifier with the rule that gives it; their values sum to `modifier`
    modifiers: tuple[tuple[int, str], ...] = ()


def plan_attack(position: Position, side: str, direct: list[int], indirect: list[int], boulder: list[int],
                targets: list[str], *, spent: set[int], demon: bool = False) -> AttackPlan | Problem:
    """The attack if legal, else the reason it is not. `spent` are units that have
    already attacked this turn (6.2). `demon`: the target is the Miasma demon (10.4),
    which defends alone at its strength whatever else is in its hex."""
    ids = direct + indirect + boulder
    if not ids:
        return problem("no_attackers")
    if len(set(ids)) != len(ids):
        return problem("attacker_twice")
    if not targets or len(set(targets)) != len(targets):
        return problem("targets_once")
    if boulder and (direct or indirect):
        return problem("boulders_alone")
    if boulder and len(targets) != 1:
        return problem("boulder_one_hex")
    units = []
    for uid in ids:
        unit = position.units.get(uid)
        if unit is None or unit.side != side:
            return problem("not_yours", unit=uid)
        if uid in spent:
            return problem("already_attacked", unit=unit.ref())
        if position.in_miasma(unit.hex):
            return problem("attacks_from_miasma", unit=unit.ref())
        units.append(unit)
    if demon:
        if position.miasma.demon is None or targets != [position.miasma.demon]:
            return problem("no_demon_there", demon=position.miasma.demon)
    for target in [] if demon else targets:
        defenders = position.at(target)
        if not defenders or defenders[0].side == side:
            return problem("no_enemy_there", hex=target)
    modifiers = set()
    for uid in direct:
        unit = position.units[uid]
        for t in targets:
            if not can_direct(position, unit, t):
                return problem("cannot_attack_directly", unit=unit.ref(), hex=t)
    for uid in indirect:
        unit = position.units[uid]
        for t in targets:
            m = indirect_modifier(position, unit, t)
            if m is None:
                return problem("cannot_attack_indirectly", unit=unit.ref(), hex=t)
            modifiers.add(m)
    for uid in boulder:
        unit = position.units[uid]
        if not can_boulder(position, unit, targets[0]):
            return problem("not_above", unit=unit.ref(), hex=targets[0])
    if boulder and not demon and all(position.boulder_defence(u) is None for u in position.at(targets[0])):
        return problem("immune_to_boulders", hex=targets[0])
    attack = sum(attack_strength(position, position.units[u], "direct") for u in direct)
    attack += sum(attack_strength(position, position.units[u], "indirect") for u in indirect)
    attack += sum(attack_strength(position, position.units[u], "boulder") for u in boulder)
    reasons = [(1, "indirect attack from above (SJG 6.22b)")] if 1 in modifiers else []
    reasons += [(-1, "indirect attack from below (SJG 6.22b)")] if -1 in modifiers else []  # mixed: they cancel
    if any(position.in_miasma(t) for t in targets):
        reasons.append((-1, "a target in the Miasma (SJG 6.32, 7.3)"))
    modifier = sum(value for value, _ in reasons)
    defence = DEMON_STRENGTH if demon else sum(position.defence_strength(u) for t in targets for u in position.at(t))
    column = "per unit" if boulder else odds_column(attack, defence)
    return AttackPlan(tuple(direct), tuple(indirect), tuple(boulder), tuple(targets), attack, defence, column, modifier,
                      demon, tuple(reasons))


def must_be_attacked(position: Position, side: str) -> set[str]:
    """Hexes of enemy units in a friendly zone of control (6.21: all must be attacked)."""
    enemy_hexes = {u.hex for u in position.units.values() if u.side != side}
    friendly_hexes = {u.hex for u in position.units.values() if u.side == side}
    return {h for h in enemy_hexes
            if any(n in friendly_hexes and position.zoc_reaches(n, h) for n in position.board.neighbours(h))}
