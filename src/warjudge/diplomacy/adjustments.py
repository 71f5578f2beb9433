"""The adjustment phase: builds, disbands, waives and civil disorder."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import chain
from operator import attrgetter
from typing import Iterable

from warjudge.core.events import Event
from warjudge.diplomacy.adjustment_rules import balances, disbands_owed, distances, farthest_first
from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.orders import Build, Disband, Waive
from warjudge.diplomacy.report import VOID, OrderResult
from warjudge.diplomacy.results import Entry, parse_entries
from warjudge.diplomacy.units import Unit


@dataclass
class AdjustmentOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]


def adjustment_counts(units: dict[str, Unit], centers: dict[str, set[str]], powers: Iterable[str]) -> dict[str, int]:
    """Per power: + builds allowed, - disbands required, 0 nothing to do (every unit counts)."""
    return balances({p: len(c) for p, c in centers.items()}, [u.power for u in units.values()], powers)


def judge_adjustments(dmap: DipMap, units: dict[str, Unit], centers: dict[str, set[str]],
                      entries: list[Entry]) -> AdjustmentOutcome:
    results = parse_entries(entries, dmap)
    counts = adjustment_counts(units, centers, dmap.powers)
    used = dict.fromkeys(counts, 0)
    after = dict(units)
    for r in results:
        if r.order is None:
            continue
        reason = _apply(dmap, units, centers, counts, used, after, r)
        if reason is not None:
            r.result, r.why = VOID, reason
    for power, missing in disbands_owed(counts, used).items():
        for unit in civil_disorder(dmap, after, power, missing):
            del after[unit.province]
            results.append(OrderResult(power, f"{unit} D", Disband(power, unit.type, unit.location),
                                       why=because("dip.civil_disorder"), default=True))
    return AdjustmentOutcome(results, after)


def _apply(dmap: DipMap, units: dict[str, Unit], centers: dict[str, set[str]], counts: dict[str, int],
           used: dict[str, int], after: dict[str, Unit], r: OrderResult) -> Event | None:
    order, power = r.order, r.power
    delta = counts.get(power, 0)
    if isinstance(order, (Build, Waive)):
        if delta <= 0:
            return because("dip.no_builds", power=power)
        if used[power] >= delta:
            return because("dip.builds_used", power=power, n=delta)
        if isinstance(order, Build):
            prov = order.province
            if dmap.provinces[prov].home != power:
                return because("dip.not_home", province=prov, power=power)
            if prov not in centers.get(power, ()):
                return because("dip.not_owned", power=power, province=prov)
            if prov in after:
                return because("dip.occupied", province=prov)
            if order.unit_type == ARMY:
                if dmap.is_sea(prov):
                    return because("dip.army_at_sea")
                location = prov
            else:
                if dmap.provinces[prov].kind != "coastal":
                    return because("dip.fleet_inland", province=prov)
                if dmap.provinces[prov].coasts and "/" not in order.location:
                    return because("dip.build_coast", province=prov)
                location = order.location
            after[prov] = Unit(power, order.unit_type, location)
            if location != order.location:   # dataclasses.replace is slow: only when something changes
                r.order = replace(order, location=location)
        used[power] += 1
        return None
    if isinstance(order, Disband):
        if delta >= 0:
            return because("dip.no_disbands", power=power)
        if used[power] >= -delta:
            return because("dip.disbands_done", power=power, n=-delta)
        unit = after.get(order.province)
        if unit is None or order.province not in units:
            return because("dip.no_unit_to_disband", province=order.province)
        if unit.power != power:
            return because("dip.unit_belongs", province=order.province, owner=unit.power)
        if order.unit_type and order.unit_type != unit.type:
            return because("dip.unit_is", province=order.province, unit=str(unit))
        del after[order.province]
        if order.unit_type != unit.type or order.location != unit.location:
            r.order = replace(order, unit_type=unit.type, location=unit.location)
        used[power] += 1
        return None
    return because("dip.adjustment_phase")


def civil_disorder(dmap: DipMap, units: dict[str, Unit], power: str, count: int) -> list[Unit]:
    """Units disbanded when a power orders too few disbands (2000 rulebook;
    diplomacy/adjustment_rules.py): farthest from any of its home centres first, distance
    counted over all provinces whatever the unit type; ties: fleets before armies, then
    alphabetical by province."""
    army_adj, fleet_adj = dmap.army_adj, dmap.fleet_province_adj
    dist = distances(dmap.home_centers(power),
                     lambda p: chain(army_adj.get(p, ()), fleet_adj.get(p, ())))
    own = [u for u in units.values() if u.power == power]
    return farthest_first(own, attrgetter("province"), dist, lambda u: (u.type != FLEET, u.province))[:count]
