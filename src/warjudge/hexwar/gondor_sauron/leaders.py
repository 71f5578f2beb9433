"""Leaders in Gondor & Sauron (SPI 8.1 stacking, 8.3 rallying, 8.5 magic). Checks are
pure and return a reason; rolls read the game's dice."""

from __future__ import annotations

from warjudge.core.dice import Dice
from warjudge.hexwar import terrain
from warjudge.hexwar.gondor_sauron.aftermath import nearest_friend
from warjudge.hexwar.gondor_sauron.combat import two_dice
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import CombatUnit, Leader

RALLIES_A_TURN = 3   # 8.32


def accepts(leader: Leader, unit: CombatUnit) -> bool:
    """8.1: a friendly combat unit the Leader may stack with: any, for a Magic Leader;
    one of his own nationality, for the others."""
    return unit.side == leader.side and (leader.is_magic or unit.nationality == leader.nationality)


def stacking_problem(pos: Position, leader: Leader) -> str | None:
    """8.1: at the start of a friendly Combat Phase a Leader stands with a combat unit,
    of its own nationality unless it is a Magic Leader."""
    here = [u for u in pos.units_at(leader.hex) if u.side == leader.side]
    if not here:
        return f"{leader.id} must be stacked with a combat unit (SPI 8.1)"
    if not any(accepts(leader, u) for u in here):
        return f"{leader.id} may stack only with a {leader.nationality} unit (SPI 8.1)"
    return None


def restack_hex(pos: Position, leader: Leader) -> str | None:
    """Where a Leader left without a unit he may stack with is transferred (8.24, and
    8.1 when he could not restack himself, ruling): the nearest hex holding a unit he
    may stack with, else the nearest holding any friendly combat unit (8.24's words);
    the first in hex order on ties; None with no friendly combat unit on the map."""
    found = nearest_friend(pos, leader.side, leader.hex, lambda u: accepts(leader, u)) \
        or nearest_friend(pos, leader.side, leader.hex)
    return found[0] if found else None


def rally_problem(pos: Position, leader: Leader, unit: CombatUnit, rallied_by: dict[str, int],
                  tried: set[str]) -> str | None:
    """Why `leader` may not try to rally `unit` now (8.31-8.36, 9.31). `rallied_by`:
    attempts each Leader made this turn; `tried`: units already tried this turn."""
    if not unit.disrupted:
        return f"{unit.id} is not disrupted (SPI 8.3)"
    if unit.side != leader.side:
        return "a Leader rallies only friendly units (SPI 8.31)"
    if unit.side in pos.demoralized:
        return "the units of a demoralized army may not be rallied (SPI 9.31)"
    if unit.nationality != leader.nationality and not leader.rallies_anyone:
        return f"{leader.id} rallies only {leader.nationality} units (SPI 8.31, 8.33)"
    if unit.hex not in pos.map.neighbours(leader.hex) and unit.hex != leader.hex:
        return "a Leader rallies adjacent units (SPI 8.31)"
    if unit.hex != leader.hex and terrain.melee_blocked(pos.rules, pos.map, leader.hex, unit.hex, pos.breached):
        return "an unbreached wall hexside separates them (SPI 8.31)"
    if rallied_by.get(leader.id, 0) >= RALLIES_A_TURN:
        return f"a Leader attempts at most {RALLIES_A_TURN} rallies a Game-Turn (SPI 8.32)"
    if unit.id in tried:
        return "a unit may be the object of one rally attempt a Game-Turn (SPI 8.36)"
    return None


def rally(pos: Position, dice: Dice, leader: Leader, unit: CombatUnit) -> tuple[int, bool]:
    """8.34: two dice on the Rally Table under the Leader's rating (10.0 at night);
    a rallied unit is no longer disrupted. Returns (total, rallied)."""
    total = two_dice(dice)
    ok = pos.charts.rallies(pos.rally_rating(leader), total)
    if ok:
        unit.disrupted = False
    return total, ok


def cast_problem(leader: Leader, cost: int, cast_in_a: bool, phase_code: str, moved: bool) -> str | None:
    """8.52-8.55 and 3.0 E."""
    if not leader.is_magic:
        return f"{leader.id} has no Magic Capability Rating (SPI 8.51)"
    if phase_code not in ("A", "E"):
        return "spells are cast in the Magic Leader Phases (SPI 8.54)"
    if phase_code == "E" and cast_in_a:
        return "a Leader that cast a spell in Phase A may not in Phase E (SPI 3.0)"
    if moved:
        return "a Magic Leader moves or casts in a Phase, not both (SPI 4.11, 8.52)"
    if cost > (leader.magic or 0):
        return f"{leader.id} has {leader.magic} Magic Capability Points, the spell needs {cost} (SPI 8.55)"
    return None


def cast(pos: Position, dice: Dice, leader: Leader, cost: int) -> tuple[int, bool]:
    """8.54, 8.56: two dice on the Magic Spell Chart under the points used; only a
    success spends them. Returns (total, success)."""
    total = two_dice(dice)
    ok = pos.charts.spell_succeeds(cost, total)
    if ok:
        leader.magic = (leader.magic or 0) - cost
    return total, ok


__all__ = ["accepts", "cast", "cast_problem", "rally", "rally_problem", "restack_hex", "stacking_problem"]
