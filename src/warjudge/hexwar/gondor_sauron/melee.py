"""Who melees whom (SPI 7.31, 7.32, 7.34): the Phasing Player states, defender by
defender, every unit attacking it, and only then are those attacks resolved, separately
and in the stated order; a stated unit is spent for the phase whatever happens.

A statement is a sequence of small decisions, so that `legal_actions` stays short and
complete (every ordered set of attackers is reachable, no list of 2^n subsets): the first
`attack` (unit, target) opens it, each further `attack` at the same target adds a unit,
`resolve` closes it. When no unit is left to add the statement closes by itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warjudge.hexwar.gondor_sauron import combat, formations
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import CombatUnit

Action = dict[str, Any]
RESOLVE: Action = {"type": "resolve"}


@dataclass
class Allocation:
    """The units stated against one defender (7.32): open while being stated, then
    resolved attack by attack (`done` counts those resolved or lapsed)."""

    target: str
    hex: str                  # the defender's hex when stated: elsewhere later, it retreated
    attackers: list[str] = field(default_factory=list)
    resolving: bool = False
    done: int = 0


def pairs(pos: Position, side: str, spent: set[str], closed: set[str]) -> list[tuple[CombatUnit, CombatUnit]]:
    """(attacker, defender) melees still possible: adjacent (7.31), allowed by terrain
    (7.35, 7.36), attackers not yet spent (7.34, 7.52), defenders not yet stated against
    (7.32) nor advanced (7.52); a formation counts once, by its first unit (8.45)."""
    mine = sorted((u for u in pos.units.values() if u.side == side and formations.is_lead(pos, u)
                   and u.id not in spent), key=lambda u: u.id)
    theirs = sorted((t for t in pos.units.values() if t.side != side and formations.is_lead(pos, t)
                     and t.id not in closed), key=lambda t: t.id)
    near = pos.map.neighbours
    return [(u, t) for u in mine for t in theirs if t.hex in near(u.hex) and not combat.melee_problem(pos, u, t)]


def obliged(pos: Position, found: list[tuple[CombatUnit, CombatUnit]]) -> list[str]:
    """7.31: units in the zone of an enemy they may still attack, which must attack one."""
    return sorted({u.id for u, t in found if u.hex in pos.zoc_of(t)})


def actions(pos: Position, found: list[tuple[CombatUnit, CombatUnit]], stating: Allocation | None) -> list[Action]:
    """The melee choices: any attack while nothing is being stated; while a statement is
    open, a unit more against its defender, or `resolve` unless that would leave a unit
    with no other defender it is obliged to attack (7.31)."""
    if stating is None:
        return [{"type": "attack", "unit": u.id, "target": t.id} for u, t in found]
    more = [{"type": "attack", "unit": u.id, "target": t.id} for u, t in found if t.id == stating.target]
    return more + ([RESOLVE] if not stranded(pos, found, stating.target) else [])


def stranded(pos: Position, found: list[tuple[CombatUnit, CombatUnit]], target: str) -> list[str]:
    """Units not stated that are obliged to attack and could attack only `target`
    among the defenders whose zone they are in: closing `target` now would free them."""
    options: dict[str, set[str]] = {}
    for u, t in found:
        if u.hex in pos.zoc_of(t):
            options.setdefault(u.id, set()).add(t.id)
    return sorted(uid for uid, ts in options.items() if ts == {target})


def lapse(pos: Position, allocation: Allocation, attacker_id: str) -> str | None:
    """Why a stated attack cannot be made when its turn comes (ruling: it lapses, the
    attacker still spent), None if it is made."""
    defender = pos.units.get(allocation.target)
    if defender is None:
        return "defender-eliminated"
    if defender.hex != allocation.hex:
        return "defender-retreated"
    attacker = pos.units.get(attacker_id)
    if attacker is None or combat.melee_problem(pos, attacker, defender):
        return "attacker-unable"
    return None


__all__ = ["RESOLVE", "Allocation", "actions", "lapse", "obliged", "pairs", "stranded"]
