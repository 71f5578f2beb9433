"""Special formations (SPI 8.4): two identical Westernesse units with a Leader form a Wedge
(cavalry) or a Shield Wall (infantry) in clear terrain; it attacks at A with armour 4,
moves 3 or 2 through clear terrain only, and breaks up by moving one unit away."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import WESTERNESSE, CombatUnit, Leader

CLEAR = "clear"


def clear_step(pos: Position, a: str, b: str) -> bool:
    """8.41: formations enter only clear hexes and cross no special hexside."""
    return pos.map.terrain(b) == CLEAR and pos.map.hexside_kind(a, b) is None


def form_problem(pos: Position, a: CombatUnit, b: CombatUnit, leader: Leader, moved: set[str]) -> str | None:
    """Why `a` and `b` may not form with `leader` now, None if they may (8.4-8.43)."""
    if a.id == b.id:
        return "a formation is two units (SPI 8.42)"
    if leader.side != WESTERNESSE or a.side != WESTERNESSE or b.side != WESTERNESSE:
        return "only Westernesse Leaders and units make special formations (SPI 8.4, 8.41)"
    if a.nationality != b.nationality or a.kind != b.kind or a.ratings != b.ratings:
        return "the two units must be of the same nationality, type and strengths (SPI 8.42, 8.43)"
    if {a.id, b.id, leader.id} & moved:
        return "the units and the Leader must begin the Movement Phase together (SPI 8.43)"
    if a.id in pos.formations or b.id in pos.formations or a.disrupted or b.disrupted:
        return "the units must be free and in good order (SPI 8.43, 7.57)"
    zoc = pos.enemy_zoc(WESTERNESSE)
    if a.hex in zoc or b.hex in zoc:
        return "units in an enemy zone of control may not form (SPI 8.43)"
    here = leader.hex
    if pos.map.terrain(here) != CLEAR:
        return "formations form only in clear terrain (SPI 8.41)"
    for u in (a, b):
        if u.hex != here and (u.hex not in pos.map.neighbours(here) or pos.map.terrain(u.hex) != CLEAR
                              or not clear_step(pos, u.hex, here)):
            return f"{u.id} must stand with or beside the Leader in clear terrain (SPI 8.41, 8.43)"
    if any(u.side == WESTERNESSE and u.id not in (a.id, b.id) for u in pos.units_at(here)):
        return "another combat unit stands with the Leader (SPI 5.0)"
    return None


def members(pos: Position, unit: CombatUnit) -> list[CombatUnit]:
    """The unit and its formation partner, if any, in id order."""
    partner = pos.formations.get(unit.id)
    return sorted([unit] + ([pos.units[partner]] if partner else []), key=lambda u: u.id)


def is_lead(pos: Position, unit: CombatUnit) -> bool:
    """A formation acts as one piece, named by its first unit in id order (ruling)."""
    return members(pos, unit)[0] is unit


def dissolve(pos: Position, unit: CombatUnit) -> None:
    partner = pos.formations.pop(unit.id, None)
    if partner:
        pos.formations.pop(partner, None)


__all__ = ["clear_step", "dissolve", "form_problem", "is_lead", "members"]
