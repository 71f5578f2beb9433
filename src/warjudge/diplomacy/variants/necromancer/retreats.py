"""Necromancer retreat phase (EN 2.2.2 iv, 3.3 iii-v, 4.2 xii, 4.3 iii, 5.1 ii, 8.1 vi).

Each dislodged unit (an MU retreats whole) retreats or disbands. Retreats have Strength
0, so two into one province both fail, unless they are friends that may share (a
Personality with its own power's units, EN 3.3 iii) or the province is Eriador: the
bounce is the standard game's (diplomacy/retreat_rules.py), these exceptions its hook.
The rest stays the variant's own: a dislodged unit is a group of Components (an MU, a
Wizard split from its A/F at sea, EN 7.7 viii), and which retreats are legal turns on
borders, Alignment, Personalities and Eriador (`retreat_problem`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator, Sequence

from warjudge.core.errors import OrderError
from warjudge.core.events import Event
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.movement import (
    Dislodgement, fleet_survives, passable, without_auxiliary,
)
from warjudge.diplomacy.variants.necromancer.orders import Disband, Move, NOrder, Retreat, Waive, parse_norder
from warjudge.diplomacy.variants.necromancer.pieces import FLEET, group_of
from warjudge.diplomacy.variants.necromancer.position import Piece, Position
from warjudge.diplomacy.variants.necromancer.reasons import because, nested
from warjudge.diplomacy.variants.necromancer.resolver import Rules
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.retreat_rules import bounced_retreats
from warjudge.diplomacy.report import OrderResult
from warjudge.diplomacy.variants.necromancer.results import NEntry, parsed


def _personality_only(pieces: list[Piece]) -> bool:
    return all(p.component.personality for p in pieces)


def retreat_problem(nmap: NecroMap, position: Position, d: Dislodgement, dest: str,
                    standoffs: set[str], rules: Rules, carriers: frozenset[str] = frozenset()) -> Event | None:
    """Why the dislodged unit may not retreat to `dest`, or None. `carriers`: seas a
    Saruman A/F retreats to in this phase (the Wizard may go with it, EN 7.7 viii)."""
    if dest == ERIADOR and nmap.border(d.province, dest) not in (None, "mountain"):
        return None                                                    # EN 5.1 ii
    reason = passable(nmap, d.pieces, d.province, dest)
    if reason:
        return reason
    if _personality_only(d.pieces) and nmap.provinces[dest].kind == "sea":
        aboard = any(p.power == d.power and p.component.aux == FLEET for p in position.get(dest, []))
        if nmap.provinces[d.province].kind != "sea" or not (aboard or dest in carriers):
            return because("necdip.retreat.wizard_sea")
    if dest == d.attacker_from:
        return because("necdip.retreat.attacker_origin", dest=dest)
    if dest in d.also_forbidden:
        return because("necdip.retreat.overrun", dest=dest)
    if dest in standoffs:
        return because("necdip.retreat.standoff", dest=dest)
    if rules.opposed(d.power, dest):
        return because("necdip.retreat.aligned")
    there = position.get(dest, [])
    friends = [p for p in there if p.power == d.power]
    if there and len(friends) < len(there):
        if _personality_only([p for p in there if p.power != d.power]):
            return None  # legal, but the enemy Personality destroys it (EN 3.3 iv)
        return because("necdip.occupied", province=dest)
    if friends and not (_personality_only(d.pieces) or _personality_only(friends)):
        return because("necdip.occupied", province=dest)               # EN 3.3 iii
    return None


def written_dislodged(d: Dislodgement) -> str:
    """How the rules write a dislodged unit: its first kind's Components ('2A/1F Pel'); a
    Nazgul or Wizard with them goes along (EN 3.3 iii, 7.8.1 viii)."""
    first = next((p.component.kind for p in d.pieces if not p.component.personality), d.pieces[0].component.kind)
    return str(group_of([p.component for p in d.pieces if p.component.kind == first], d.province))


def split_wizard_at_sea(nmap: NecroMap, dislodged: list[Dislodgement]) -> list[Dislodgement]:
    """EN 7.7 viii: a Wizard dislodged at sea retreats on its own terms, apart from its A/F
    (it may still go where the A/F goes)."""
    out = []
    for d in dislodged:
        wizard = [p for p in d.pieces if p.component.kind == "W"]
        rest = [p for p in d.pieces if p.component.kind != "W"]
        if wizard and rest and nmap.provinces[d.province].kind == "sea":
            out += [replace(d, pieces=rest), replace(d, pieces=wizard)]
        else:
            out.append(d)
    return out


def _peek(nmap: NecroMap, orders: Sequence[NEntry]) -> Iterator[tuple[str, NOrder | Waive]]:
    """(power, order) for every order that parses, without reporting anything."""
    for power, item in orders:
        if isinstance(item, Given):
            yield power, item.order
            continue
        try:
            yield power, parse_norder(item, power, nmap)
        except OrderError:
            continue


def judge_retreats(nmap: NecroMap, position: Position, dislodged: list[Dislodgement], standoffs: set[str],
                   orders: Sequence[NEntry], rules: Rules, blockers: list[tuple[str, Piece]] | None = None
                   ) -> tuple[Position, list[OrderResult]]:
    """The retreat phase; units of other powers that stopped a retreat by being where it
    went are added to `blockers` (a hidden one is revealed by it, EN 3.2.1 vi)."""
    blockers = blockers if blockers is not None else []
    results: list[OrderResult] = []
    chosen: dict[int, tuple[str, OrderResult]] = {}
    ordered: set[int] = set()
    dislodged = split_wizard_at_sea(nmap, dislodged)
    carriers = frozenset(
        o.dest for r, o in _peek(nmap, orders) if isinstance(o, (Retreat, Move)) and o.unit.auxiliaries
        and o.unit.kind != "W" and r == "SARUMAN" and nmap.provinces[o.dest].kind == "sea")
    for r, order in parsed(nmap, orders, results):
        power = r.power
        if isinstance(order, Move):
            order = Retreat(order.power, order.unit, order.dest)
        if not isinstance(order, (Retreat, Disband)):
            r.set_void(because("necdip.retreat.wrong_phase"))
            continue
        k = next((k for k, d in enumerate(dislodged) if d.power == power and d.province == order.unit.province
                  and order.unit.kind in {p.component.kind for p in d.pieces}), None)
        if k is None:
            r.set_void(because("necdip.retreat.no_dislodged", power=power, province=order.unit.province))
            continue
        if k in ordered:
            r.set_void(because("necdip.retreat.already_ordered"))
            continue
        ordered.add(k)
        if isinstance(order, Disband):
            continue
        problem = retreat_problem(nmap, position, dislodged[k], order.dest, standoffs, rules, carriers)
        if problem is not None and problem.code == "necdip.occupied":
            blockers += [(order.dest, p) for p in position.get(order.dest, []) if p.power != power]
        if problem:
            r.set_void(because("necdip.retreat.disbands", reason=nested(problem)))
            continue
        chosen[k] = (order.dest, r)
    for k, d in enumerate(dislodged):   # no order: the unit disbands (standard rule, EN 1)
        if k not in ordered:
            results.append(OrderResult(d.power, f"{written_dislodged(d)} D", why=because("necdip.retreat.no_order"),
                                   default=True))
    dests = {k: dest for k, (dest, _) in chosen.items()}

    def may_share(j: int, k: int) -> bool:   # EN 5.1 ii, 3.3 iii: no bounce
        return dests[k] == ERIADOR or dislodged[j].power == dislodged[k].power and (
            _personality_only(dislodged[j].pieces) or _personality_only(dislodged[k].pieces))

    bounced = bounced_retreats(dests, may_share)
    after: Position = {p: list(v) for p, v in position.items()}
    for k, (dest, r) in chosen.items():
        d = dislodged[k]
        if k in bounced:
            r.set_failed(because("necdip.retreat.clash", dest=dest))
            continue
        enemies = [p for p in position.get(dest, []) if p.power != d.power]
        if dest != ERIADOR and enemies:
            blockers += [(dest, p) for p in enemies]
            r.set_failed(because("necdip.retreat.personality", dest=dest))
            continue
        keep = fleet_survives(nmap, rules, d.province, dest)
        pieces = [p if keep else without_auxiliary(p, FLEET) for p in d.pieces]
        after.setdefault(dest, []).extend(pieces)
    return after, results
