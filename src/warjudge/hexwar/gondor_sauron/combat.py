"""Combat in Gondor & Sauron (SPI 7.0): who may fire, fight or melee whom, and the two
steps that resolve an attack. Checks are pure and return a reason; resolution reads the
game's own dice (`core.dice.Dice`)."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.core.dice import Dice
from warjudge.hexwar import terrain
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult, Charts
from warjudge.hexwar.gondor_sauron.moves import move_class
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.siege import CATAPULT, CATAPULT_RANGE, climbs, siege_towers
from warjudge.hexwar.gondor_sauron.units import CombatUnit, Engine, Leader
from warjudge.hexwar.grid import distance
from warjudge.hexwar.los import intervening_paths

BOW_RANGE = 2          # 7.12 (catapults: 4, Gondor's Exclusive Rules)
MAX_ARMOUR = 4         # 7.18


def two_dice(dice: Dice) -> int:
    return dice.roll() + dice.roll()


@dataclass(frozen=True)
class Strike:
    """One attack resolved (7.33): `total` of two dice on the Casualty Probability Table
    (None when a fanatical attacker skips it, 7.37), then `die` against morale."""

    total: int | None
    die: int | None
    result: CasualtyResult | None

    @property
    def casualty(self) -> bool:
        return self.result is not None


@dataclass(frozen=True)
class Terms:
    """What one attack is rolled with (7.33): the attack (melee or missile) strength, the
    target's armour (`cover` of it from a wall, 7.18) and morale, and whether the
    attacker is fanatical (7.37, 9.33, 10.0)."""

    attack: str
    armour: int
    morale: str
    fanatical: bool
    cover: int = 0


def melee_terms(pos: Position, attacker: CombatUnit, defender: CombatUnit) -> Terms:
    mine, theirs = pos.ratings(attacker), pos.ratings(defender)
    return Terms(mine.melee or "", theirs.armour, theirs.morale, pos.fanatical(attacker))


def missile_terms(pos: Position, shooter: CombatUnit | Engine, target: CombatUnit) -> Terms:
    """7.17: as melee (7.33), with the missile strength. Never fanatical (ruling: 7.37
    is a rule of Melee Combat, and the rules oppose "attack/melee" to missile fire, 9.32):
    fanatical archers still roll on the Casualty Probability Table."""
    armour = missile_armour(pos, shooter.hex, target, siege_towers(pos))
    strength = shooter.missile if isinstance(shooter, Engine) else shooter.ratings.missile
    return Terms(strength or "", armour, pos.ratings(target).morale, False, armour - pos.ratings(target).armour)


def strike(charts: Charts, dice: Dice, attack: str, armour: int, morale: str, fanatical: bool) -> Strike:
    """7.33: two dice against the attack strength and armour; on a casualty, one die
    against the defender's morale. 7.37: a fanatical attacker causes a casualty at once."""
    total = None
    if not fanatical:
        total = two_dice(dice)
        if total not in charts.casualty_totals(attack, armour):
            return Strike(total, None, None)
    die = dice.roll()
    return Strike(total, die, charts.casualty_result(morale, die))


def cannot_attack(pos: Position, unit: CombatUnit) -> str | None:
    """Why `unit` may not melee at all this phase, None if it may."""
    if unit.disrupted:
        return "a disrupted unit may not attack (SPI 7.57)"
    if unit.ratings.missile_only:
        return "a unit with only a missile strength may not melee (SPI 2.3)"
    if unit.side in pos.demoralized and unit.ratings.morale == "Z":
        return "a demoralized Z unit never melees (SPI 9.32)"
    return None


def melee_problem(pos: Position, attacker: CombatUnit, defender: CombatUnit) -> str | None:
    """Why `attacker` may not melee `defender`, None if it may (7.31-7.36)."""
    if defender.side == attacker.side:
        return "a unit attacks only enemy units (SPI 7.31)"
    why = cannot_attack(pos, attacker)
    if why:
        return why
    a, d = attacker.hex, defender.hex
    if d not in pos.map.neighbours(a):
        return "melee is against an adjacent enemy (SPI 7.31)"
    if terrain.melee_blocked(pos.rules, pos.map, a, d, pos.breached):
        if pos.map.level(a) <= pos.map.level(d) and not climbs(pos, attacker, a, d):
            return ("no melee across an unbreached wall, gate or tower hexside unless from a higher city "
                    "level, a siege tower or a ladder (SPI 7.35)")
    elif not terrain.zoc_reaches(pos.rules, pos.map, d, a, pos.breached):
        # ruling: a demoralized defender (no ZOC, 6.14) may still be meleed where its
        # zone would reach
        return f"{attacker.id} is not in {defender.id}'s zone of control (SPI 7.31, 6.13)"
    if terrain.step_cost(pos.rules, pos.map, a, d, move_class(attacker), pos.breached | {frozenset((a, d))}) is None:
        return f"{move_class(attacker)} may not attack into {pos.map.terrain(d)} (SPI 7.36)"
    return None


def obliged_to_attack(pos: Position, side: str) -> list[CombatUnit]:
    """7.31, 6.3: every phasing unit in an enemy ZOC that is able to melee must attack
    one enemy whose ZOC it is in."""
    return sorted((u for u in pos.units.values() if u.side == side and not cannot_attack(pos, u)
                   and any(not melee_problem(pos, u, e) for e in pos.controllers(u))), key=lambda u: u.id)


def _tunnel(pos: Position, h: str) -> bool:
    return pos.map.terrain(h) == "tunnel"


def clear_lines(pos: Position, a: str, b: str, siege_towers: frozenset[str] = frozenset()) -> list[list[str]]:
    """The clear lines of missile fire from `a` to `b`, ends included (7.13): not
    through Tower, Grove or Mountain hexes, nor over Siege Towers; through walls and
    units; into, out of or through a Tunnel only along the tunnel (`follows_tunnels`).
    A line that leaves the map is no line (ruling, as for SJG sight)."""
    found = []
    for line in intervening_paths(a, b):
        if any(h not in pos.map.hexes for h in line):
            continue
        if any(terrain.sight_blocked(pos.rules, pos.map, h) or h in siege_towers for h in line[1:-1]):
            continue
        if not follows_tunnels(pos, line):
            continue
        found.append(line)
    return found


def follows_tunnels(pos: Position, line: list[str]) -> bool:
    """7.13: missiles go into or out of Tunnel hexes only "if they follow the path of the
    tunnel". Ruling: a line that touches a Tunnel hex has only Tunnel hexes between its
    ends (it runs inside the tunnel, its ends at most one hex out, at a mouth), and it
    steps between a Tunnel hex and one outside only where a unit could (no unbreached
    wall, gate or tower hexside: the tunnel's sides are rock)."""
    if not any(_tunnel(pos, h) for h in line):
        return True
    if not all(_tunnel(pos, h) for h in line[1:-1]):
        return False
    for x, y in zip(line, line[1:]):
        if _tunnel(pos, x) != _tunnel(pos, y) and pos.map.hexside_kind(x, y) is not None \
                and frozenset((x, y)) not in pos.breached:
            return False
    return True


def missile_problem(pos: Position, shooter: CombatUnit, target: CombatUnit, fired: set[str],
                    reach: int = BOW_RANGE, siege_towers: frozenset[str] = frozenset()) -> str | None:
    """Why `shooter` may not fire at `target`, None if it may (7.11-7.14)."""
    if shooter.ratings.missile is None:
        return "only units with a missile strength fire missiles (SPI 7.11)"
    if shooter.disrupted:
        return "a disrupted unit may not fire (SPI 7.57)"
    if shooter.id in fired:
        return "a unit fires only once a Game-Turn (SPI 7.14)"
    return _target_problem(pos, shooter, target, reach, siege_towers)


def catapult_problem(pos: Position, catapult: Engine, target: CombatUnit, used: set[str]) -> str | None:
    """7.11-7.13: a catapult not used in the Siege Phase (nor fired) this Game-Turn
    fires at an enemy unit within four hexes along a clear line."""
    if catapult.kind != CATAPULT or catapult.missile is None:
        return "only catapults among the siege engines fire missiles (SPI 7.11)"
    if catapult.id in used:
        return "a catapult used in the Siege Phase or fired already waits for the next Game-Turn (SPI 7.11, 7.14)"
    return _target_problem(pos, catapult, target, CATAPULT_RANGE, siege_towers(pos))


def _target_problem(pos: Position, shooter: CombatUnit | Engine, target: CombatUnit, reach: int,
                    towers: frozenset[str]) -> str | None:
    """7.11-7.13: an enemy unit within range along a clear line."""
    if target.side == shooter.side:
        return "missiles are fired at enemy units (SPI 7.11)"
    if distance(shooter.hex, target.hex) > reach:
        return f"the target is beyond the range of {reach} hexes (SPI 7.12)"
    if not clear_lines(pos, shooter.hex, target.hex, towers):
        return "the line of fire is blocked (SPI 7.13)"
    return None


def missile_armour(pos: Position, shooter_hex: str, target: CombatUnit,
                   siege_towers: frozenset[str] = frozenset()) -> int:
    """7.18: a unit fired on through a wall hexside of its own hex adds one to its
    armour (four stays four). Ruling: the wall counts when every clear line of fire
    enters the target's hex across it; a line that enters beside the wall is an open
    shot (the shooter picks the better line, as "any part to any part" sight allows)."""
    armour = pos.ratings(target).armour
    covers = []
    for line in clear_lines(pos, shooter_hex, target.hex, siege_towers) or intervening_paths(shooter_hex, target.hex):
        kind = pos.map.hexside_kind(line[-2], line[-1])
        intact = kind is not None and frozenset((line[-2], line[-1])) not in pos.breached
        covers.append(pos.rules.hexsides[kind].missile_cover if kind is not None and intact else 0)
    return max(armour, min(MAX_ARMOUR, armour + min(covers)))


def leader_combat_problem(pos: Position, attacker: Leader, defender: Leader | CombatUnit, fought: set[str]) -> str | None:
    """7.21, 7.24, 7.25."""
    if not isinstance(defender, Leader):
        return "Leaders may not attack combat units, nor combat units Leaders (SPI 7.25, 8.21)"
    if defender.side == attacker.side:
        return "a Leader attacks enemy Leaders (SPI 7.21)"
    if attacker.id in fought:
        return "a Leader attacks only once a Combat Phase (SPI 7.24)"
    if defender.hex not in pos.map.neighbours(attacker.hex):
        return "Leader combat is between adjacent Leaders (SPI 7.21)"
    return None


def duel_differential(pos: Position, attacker: Leader, defender: Leader) -> int:
    """7.22: the attacker's Rally Rating minus the defender's (10.0: at night)."""
    return pos.rally_rating(attacker) - pos.rally_rating(defender)


def leader_fight(pos: Position, dice: Dice, attacker: Leader, defender: Leader) -> tuple[int, int, str, str]:
    """7.22: one die against attacker's minus defender's Rally Rating (10.0: Sauron's
    Leaders +3 at night). Returns (differential, die, attacker's result, defender's)."""
    differential = duel_differential(pos, attacker, defender)
    die = dice.roll()
    mine, theirs = pos.charts.leader_result(differential, die)
    return differential, die, mine, theirs


__all__ = ["Strike", "Terms", "cannot_attack", "duel_differential", "melee_terms", "missile_terms", "leader_combat_problem", "leader_fight", "clear_lines", "follows_tunnels", "melee_problem",
           "missile_armour", "missile_problem", "catapult_problem", "obliged_to_attack", "strike", "two_dice"]
