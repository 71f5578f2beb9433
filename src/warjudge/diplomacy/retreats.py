"""The retreat phase: each dislodged unit retreats or disbands (two retreats to one
province bounce: diplomacy/retreat_rules.py, shared with the variant)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from warjudge.core.events import Event
from warjudge.diplomacy.legality import fleet_destination
from warjudge.diplomacy.mapdata import ARMY, DipMap, province_of
from warjudge.diplomacy.orders import Disband, Move, Order, Retreat
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.report import FAILS, VOID, OrderResult
from warjudge.diplomacy.results import Dislodged, Entry, parse_entries
from warjudge.diplomacy.retreat_rules import bounced_retreats
from warjudge.diplomacy.units import Unit


@dataclass
class RetreatOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]
    disbanded: list[Unit]


def retreat_options(dmap: DipMap, units: dict[str, Unit], d: Dislodged, standoffs: set[str]) -> list[str]:
    """Every location the dislodged unit may retreat to."""
    unit = d.unit
    if unit.type == ARMY:
        candidates = sorted(dmap.army_adj[unit.province])
    else:
        candidates = sorted(dmap.fleet_adj.get(unit.location, ()))
    return [
        c for c in candidates
        if province_of(c) not in units and province_of(c) not in standoffs
        and (province_of(c) != d.attacker_from or d.via_convoy)
    ]


def check_retreat(dmap: DipMap, units: dict[str, Unit], dislodged: dict[str, Dislodged], standoffs: set[str], order: Order) -> tuple[Order, Event | None]:
    if isinstance(order, Move):
        if order.via_convoy:
            return order, because("dip.retreat_convoyed")
        order = Retreat(order.power, order.unit_type, order.location, order.dest)
    if not isinstance(order, (Retreat, Disband)):
        return order, because("dip.retreat_phase")
    d = dislodged.get(order.province)
    if d is None:
        return order, because("dip.no_dislodged", province=order.province)
    if d.unit.power != order.power:
        return order, because("dip.dislodged_not_yours", province=order.province, owner=d.unit.power)
    if order.unit_type and order.unit_type != d.unit.type:
        return order, because("dip.dislodged_is", province=order.province, unit=str(d.unit))
    if order.unit_type != d.unit.type or order.location != d.unit.location:   # replace is slow
        order = replace(order, unit_type=d.unit.type, location=d.unit.location)
    if isinstance(order, Disband):
        return order, None
    dest = province_of(order.dest)
    if d.unit.type == ARMY:
        if dest not in dmap.army_adj[d.unit.province]:
            return order, because("dip.not_adjacent", dest=dest, src=d.unit.province)
        to = dest
    else:
        node, reason = fleet_destination(dmap, d.unit.location, order.dest)
        if node is None:
            return order, reason
        to = node
    if to != order.dest:
        order = replace(order, dest=to)
    if dest in units:
        return order, because("dip.occupied", province=dest)
    if dest == d.attacker_from and not d.via_convoy:
        return order, because("dip.attacker_origin", dest=dest)
    if dest in standoffs:
        return order, because("dip.standoff", dest=dest)
    return order, None


def judge_retreats(dmap: DipMap, units: dict[str, Unit], dislodged: list[Dislodged],
                   standoffs: set[str], entries: list[Entry]) -> RetreatOutcome:
    results = parse_entries(entries, dmap)
    by_prov = {d.unit.province: d for d in dislodged}
    chosen: dict[str, OrderResult] = {}
    ordered: set[str] = set()  # dislodged units given an order, legal or not: the first counts
    for r in results:
        if r.order is None:
            continue
        order, reason = check_retreat(dmap, units, by_prov, standoffs, r.order)
        r.order = order
        mine = order.province in by_prov and by_prov[order.province].unit.power == r.power
        first = mine and order.province not in ordered
        if reason is None and not first:
            reason = because("dip.already_ordered", province=order.province)
        if mine:
            ordered.add(order.province)
        if reason is not None:
            r.result, r.why = VOID, because("dip.disbands", reason=reason.to_json()) if first else reason
            continue
        chosen[order.province] = r
    for prov, d in by_prov.items():
        if prov not in ordered:
            order = Disband(d.unit.power, d.unit.type, d.unit.location)
            r = OrderResult(d.unit.power, f"{d.unit} D", order, default=True)
            results.append(r)
            chosen[prov] = r
    bounced = bounced_retreats({prov: province_of(r.order.dest) for prov, r in chosen.items()
                                if isinstance(r.order, Retreat)})
    after = dict(units)
    disbanded = [d.unit for prov, d in by_prov.items() if prov not in chosen]
    for prov, r in chosen.items():
        unit = by_prov[prov].unit
        if isinstance(r.order, Retreat):
            if prov in bounced:
                r.result, r.why = FAILS, because("dip.retreat_clash")
                disbanded.append(unit)
            else:
                after[province_of(r.order.dest)] = unit.at(r.order.dest)
        else:
            disbanded.append(unit)
    return RetreatOutcome(results, after, disbanded)
