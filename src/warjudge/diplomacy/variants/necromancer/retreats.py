"""Necromancer retreat phase (EN 2.2.2 iv, 3.3 iii-v, 4.2 xii, 4.3 iii, 5.1 ii, 8.1 vi).

Each dislodged unit (an MU retreats whole) retreats or disbands. Retreats have Strength
0, so two into one province both fail, unless they are friends that may share (a
Personality with its own power's units, EN 3.3 iii) or the province is Eriador.
"""

from __future__ import annotations

from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.movement import (
    Dislodgement, fleet_survives, passable, without_auxiliary,
)
from warjudge.diplomacy.variants.necromancer.orders import Disband, Move, Retreat
from warjudge.diplomacy.variants.necromancer.pieces import FLEET
from warjudge.diplomacy.variants.necromancer.position import Piece, Position
from warjudge.diplomacy.variants.necromancer.resolver import Rules
from warjudge.diplomacy.variants.necromancer.results import NResult, parsed

OPPOSED = {("good", "evil"), ("evil", "good")}


def _personality_only(pieces: list[Piece]) -> bool:
    return all(p.component.personality for p in pieces)


def retreat_problem(nmap: NecroMap, position: Position, d: Dislodgement, dest: str,
                    standoffs: set[str], rules: Rules) -> str | None:
    """Why the dislodged unit may not retreat to `dest`, or None."""
    if dest == ERIADOR and nmap.border(d.province, dest) not in (None, "mountain"):
        return None                                                    # EN 5.1 ii
    reason = passable(nmap, d.pieces, d.province, dest)
    if reason:
        return reason
    if dest == d.attacker_from:
        return f"a unit cannot retreat to the province its attacker came from ({dest})"
    if dest in d.also_forbidden:
        return f"the Cavalry that overran it went on to {dest} (EN 7.6 iii)"
    if dest in standoffs:
        return f"{dest} was left vacant by a standoff"
    if rules.alignment:
        pa = rules.power_alignment.get(d.power, "neutral")
        if (pa, rules.province_alignment.get(dest, "neutral")) in OPPOSED:
            return "no unit may retreat into an oppositely aligned province (EN 8.1 vii)"
    there = position.get(dest, [])
    friends = [p for p in there if p.power == d.power]
    if there and len(friends) < len(there):
        if _personality_only([p for p in there if p.power != d.power]):
            return None  # legal, but the enemy Personality destroys it (EN 3.3 iv)
        return f"{dest} is occupied"
    if friends and not (_personality_only(d.pieces) or _personality_only(friends)):
        return f"{dest} is occupied"                                  # EN 3.3 iii
    return None


def judge_retreats(nmap: NecroMap, position: Position, dislodged: list[Dislodgement], standoffs: set[str],
                   orders: list[tuple[str, str]], rules: Rules) -> tuple[Position, list[NResult]]:
    results: list[NResult] = []
    chosen: dict[int, tuple[str, NResult]] = {}
    ordered: set[int] = set()
    for r, order in parsed(nmap, orders, results):
        power = r.power
        if isinstance(order, Move):
            order = Retreat(order.power, order.unit, order.dest)
        if not isinstance(order, (Retreat, Disband)):
            r.result, r.reason = "void", "only retreat and disband orders are allowed in a retreat phase"
            continue
        k = next((k for k, d in enumerate(dislodged) if d.power == power and d.province == order.unit.province), None)
        if k is None:
            r.result, r.reason = "void", f"{power} has no dislodged unit in {order.unit.province}"
            continue
        if k in ordered:
            r.result, r.reason = "void", "this unit already has an order"
            continue
        ordered.add(k)
        if isinstance(order, Disband):
            continue
        problem = retreat_problem(nmap, position, dislodged[k], order.dest, standoffs, rules)
        if problem:
            r.result, r.reason = "void", problem + "; the unit disbands"
            continue
        chosen[k] = (order.dest, r)
    after: Position = {p: list(v) for p, v in position.items()}
    for k, (dest, r) in chosen.items():
        d = dislodged[k]
        rivals = [j for j, (other, _) in chosen.items() if other == dest and j != k]
        clash = dest != ERIADOR and any(
            dislodged[j].power != d.power or not (_personality_only(dislodged[j].pieces) or _personality_only(d.pieces))
            for j in rivals)
        if clash:
            r.result, r.reason = "fails", f"another unit retreated to {dest}; both are destroyed (EN 2.2.2 iv, FR 3.3 v)"
            continue
        enemies = [p for p in position.get(dest, []) if p.power != d.power]
        if dest != ERIADOR and enemies:
            r.result, r.reason = "fails", f"an enemy Personality in {dest} destroys the retreating unit (EN 3.3 iv)"
            continue
        keep = fleet_survives(nmap, rules, d.province, dest)
        pieces = [p if keep else without_auxiliary(p, FLEET) for p in d.pieces]
        after.setdefault(dest, []).extend(pieces)
    return after, results
