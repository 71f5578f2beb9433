"""The movement phase: legality, convoy intent, resolution, new position."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.diplomacy.legality import check_movement_order
from warjudge.core.events import Event
from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.diplomacy.orders import Convoy, Hold, Move, Order
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.resolver import HOLD, MOVE, Resolver, route_exists
from warjudge.diplomacy.report import FAILS, SUCCEEDS, VOID, OrderResult
from warjudge.diplomacy.results import Dislodged, Entry, parse_entries
from warjudge.diplomacy.units import Unit


@dataclass
class MovementOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]          # after the phase, dislodged units removed
    dislodged: list[Dislodged]
    standoffs: set[str]


def judge_movement(dmap: DipMap, units: dict[str, Unit], entries: list[Entry]) -> MovementOutcome:
    results = parse_entries(entries, dmap)
    legal: list[OrderResult] = []   # the results of the legal orders, and the orders, side by side
    orders: list[Order] = []
    ordered: set[str] = set()  # provinces whose unit was given an order, legal or not
    army_moves: list[int] = []     # indices in `orders`
    convoys: dict[tuple[str, str], list[str]] = {}  # (army's province, destination) -> powers convoying
    at_sea: set[str] | None = None  # provinces of fleets at sea, once an army move needs them
    army_adj = dmap.army_adj
    for r in results:
        if r.order is None:
            continue
        order, reason = check_movement_order(dmap, units, r.order)
        r.order = order
        prov = order.province
        if reason is None and order.power == r.power:   # the usual case: the power's own unit
            if prov in ordered:
                r.result, r.why = VOID, because("dip.already_ordered", province=prov)
                continue
            ordered.add(prov)
        else:
            unit = units.get(prov)
            already = prov in ordered
            if unit is not None and unit.power == r.power:
                ordered.add(prov)
            if reason is None and already:
                reason = because("dip.already_ordered", province=prov)
            if reason is not None:
                r.result, r.why = VOID, reason
                continue
        if isinstance(order, Move):
            if order.unit_type == ARMY:
                if order.dest not in army_adj[prov]:
                    if at_sea is None:
                        at_sea = {p for p, u in units.items() if u.type == FLEET and p in dmap.sea_provinces}
                    if not route_exists(prov, order.dest, at_sea, dmap.fleet_province_adj):
                        # DATC 6.D.32: void (the army holds, and may be supported to hold) when no
                        # fleets at all stand where they could convoy it; with such fleets, a
                        # move that may fail (6.D.8)
                        r.result, r.why = VOID, because("dip.no_convoy_fleets", src=prov, dest=order.dest)
                        continue
                army_moves.append(len(orders))
        elif isinstance(order, Convoy):
            convoys.setdefault((order.army_from, order.army_to), []).append(order.power)
        legal.append(r)
        orders.append(order)
    if len(ordered) < len(units):
        for prov, unit in units.items():
            if prov not in ordered:
                hold = Hold(unit.power, unit.type, unit.location)
                r = OrderResult(unit.power, f"{unit} H", hold, default=True)
                results.append(r)
                legal.append(r)
                orders.append(hold)

    convoyed = _convoyed_moves(dmap, orders, army_moves, convoys) if army_moves else set()
    resolver = Resolver(units, orders, convoyed, dmap.fleet_province_adj)
    resolution = resolver.run()
    dislodged_at = resolution.dislodged
    success, path_ok, matched, kind = resolution.success, resolution.path_ok, resolution.matched, resolver.kind

    after = dict(units)
    moved: list[tuple[Move, Unit]] = []
    for i, r in enumerate(legal):
        o = orders[i]
        ok = success[i]
        k = kind[i]
        if k == MOVE:
            assert isinstance(o, Move)
            if ok:
                r.result = SUCCEEDS
                unit = units[o.province]
                moved.append((o, unit))
                del after[o.province]
            else:
                r.result = FAILS
                r.why = _NO_CONVOY_ROUTE if not path_ok[i] else _did_not_prevail(province_of(o.dest))
        elif k != HOLD:   # a support or a convoy
            if i not in matched:
                r.result, r.why = FAILS, _UNMATCHED
            elif not ok:
                r.result = FAILS
                r.why = _DISLODGED if o.province in dislodged_at else _CUT
        elif o.province in dislodged_at:
            r.result, r.why = FAILS, _DISLODGED
    if dislodged_at:
        for r in results:
            if r.result == VOID and r.order is not None and r.order.province in dislodged_at:
                r.why = because("dip.and_dislodged", reason=None if r.why is None else r.why.to_json())
        for p in dislodged_at:
            after.pop(p, None)   # a dislodged unit that did not move away (its province's winner arrives below)
    for o, unit in moved:
        dest = o.dest
        after[dest[:dest.index("/")] if "/" in dest else dest] = unit.at(dest)
    dislodged = [
        Dislodged(units[p], frm, p in resolution.dislodged_by_convoy) for p, frm in dislodged_at.items()
    ]
    return MovementOutcome(results, after, dislodged, resolution.standoffs)


# Reasons without parameters, made once: Events are frozen and rules never change one.
_NO_CONVOY_ROUTE, _UNMATCHED, _DISLODGED, _CUT = (
    because(code) for code in ("dip.no_convoy_route", "dip.unmatched", "dip.dislodged", "dip.cut"))
_NOT_PREVAILED: dict[str, Event] = {}


def _did_not_prevail(dest: str) -> Event:
    """The reason a move to `dest` failed (one Event per province, made when first needed)."""
    reason = _NOT_PREVAILED.get(dest)
    if reason is None:
        reason = _NOT_PREVAILED[dest] = because("dip.did_not_prevail", dest=dest)
    return reason


def _convoyed_moves(dmap: DipMap, orders: list[Order], army_moves: list[int],
                    convoys: dict[tuple[str, str], list[str]]) -> set[int]:
    """Which army moves (`army_moves`: their indices in `orders`) go by convoy (DATC 4.A.3,
    preferred option: the 2000 rule plus intent shown by a convoy order of the army's own
    power). `convoys`: the powers whose fleets were ordered to convoy each (army's province,
    destination)."""
    out = set()
    for i in army_moves:
        o = orders[i]
        assert isinstance(o, Move)
        dest = province_of(o.dest)
        if dest not in dmap.army_adj[o.province]:
            out.add(i)
            continue
        powers = convoys.get((o.province, dest))
        if powers and (o.via_convoy or o.power in powers):
            out.add(i)
    return out
