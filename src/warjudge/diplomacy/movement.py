"""The movement phase: legality, convoy intent, resolution, new position."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.diplomacy.legality import check_movement_order
from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.resolver import Resolver, moves_to, route_exists
from warjudge.diplomacy.results import FAILS, SUCCEEDS, VOID, Dislodged, Entry, OrderResult, parse_entries
from warjudge.diplomacy.units import Unit


@dataclass
class MovementOutcome:
    results: list[OrderResult]
    units: dict[str, Unit]          # after the phase, dislodged units removed
    dislodged: list[Dislodged]
    standoffs: set[str]


def judge_movement(dmap: DipMap, units: dict[str, Unit], entries: list[Entry]) -> MovementOutcome:
    results = parse_entries(entries, dmap)
    legal: list[OrderResult] = []
    ordered: set[str] = set()  # provinces whose unit was given an order, legal or not
    for r in results:
        if r.order is None:
            continue
        order, reason = check_movement_order(dmap, units, r.order)
        r.order = order
        unit = units.get(order.province)
        already = order.province in ordered
        if unit is not None and unit.power == r.power:
            ordered.add(order.province)
        if reason is None and already:
            reason = because("dip.already_ordered", province=order.province)
        if reason is not None:
            r.result, r.why = VOID, reason
            continue
        legal.append(r)
    _void_unconvoyed(dmap, units, legal)
    for prov, unit in units.items():
        if prov not in ordered:
            hold = Hold(unit.power, unit.type, unit.location)
            r = OrderResult(unit.power, f"{unit} H", hold, default=True)
            results.append(r)
            legal.append(r)

    orders = [_parsed(r) for r in legal]
    convoyed = _convoyed_moves(dmap, orders)
    resolution = Resolver(units, orders, convoyed, dmap.fleet_province_adj).run()
    resolver_orders = {o.province: i for i, o in enumerate(orders)}

    for i, r in enumerate(legal):
        o, ok = orders[i], resolution.success[i]
        if isinstance(o, Move):
            r.result = SUCCEEDS if ok else FAILS
            if not ok:
                r.why = because("dip.no_convoy_route") if not resolution.path_ok[i] else \
                    because("dip.did_not_prevail", dest=province_of(o.dest))
        elif isinstance(o, (SupportHold, SupportMove, Convoy)):
            matched = _matched(o, orders, resolver_orders, convoyed)
            if not matched:
                r.result, r.why = FAILS, because("dip.unmatched")
            elif not ok:
                r.result = FAILS
                r.why = because("dip.dislodged" if o.province in resolution.dislodged else "dip.cut")
        else:
            if o.province in resolution.dislodged:
                r.result, r.why = FAILS, because("dip.dislodged")
    for r in results:
        if r.result == VOID and r.order is not None and r.order.province in resolution.dislodged:
            r.why = because("dip.and_dislodged", reason=None if r.why is None else r.why.to_json())

    after = {p: u for p, u in units.items() if p not in resolution.dislodged}
    moving = [(o, units[o.province]) for o, ok in zip(orders, resolution.success) if ok and isinstance(o, Move)]
    for o, _ in moving:
        after.pop(o.province, None)
    for o, unit in moving:
        after[province_of(o.dest)] = Unit(unit.power, unit.type, o.dest)
    dislodged = [
        Dislodged(units[p], frm, p in resolution.dislodged_by_convoy) for p, frm in resolution.dislodged.items()
    ]
    return MovementOutcome(results, after, dislodged, resolution.standoffs)


def _parsed(r: OrderResult) -> Order:
    """The order of a result kept as legal: only parsed orders are kept."""
    assert r.order is not None, f"unparsed order {r.text!r} kept as legal"
    return r.order


def _void_unconvoyed(dmap: DipMap, units: dict[str, Unit], legal: list[OrderResult]) -> None:
    """An army ordered to a non-adjacent province is void (it holds, and may be supported
    to hold) when no fleets at all stand where they could convoy it (DATC 6.D.32);
    with such fleets present, the order is a move that may fail (6.D.8)."""
    at_sea = {p for p, u in units.items() if u.type == FLEET and dmap.is_sea(p)}
    for r in list(legal):
        o = r.order
        if (isinstance(o, Move) and o.unit_type == ARMY and o.dest not in dmap.army_adj[o.province]
                and not route_exists(o.province, o.dest, at_sea, dmap.fleet_province_adj)):
            r.result, r.why = VOID, because("dip.no_convoy_fleets", src=o.province, dest=o.dest)
            legal.remove(r)


def _convoyed_moves(dmap: DipMap, orders: list) -> set[int]:
    """Which army moves go by convoy (DATC 4.A.3, preferred option: the 2000 rule plus
    intent shown by a convoy order of the army's own power)."""
    convoys: dict[tuple[str, str], list[str]] = {}
    for o in orders:
        if isinstance(o, Convoy):
            convoys.setdefault((o.army_from, o.army_to), []).append(o.power)
    out = set()
    for i, o in enumerate(orders):
        if not isinstance(o, Move) or o.unit_type != ARMY:
            continue
        dest = province_of(o.dest)
        if dest not in dmap.army_adj[o.province]:
            out.add(i)
            continue
        powers = convoys.get((o.province, dest), [])
        if powers and (o.via_convoy or o.power in powers):
            out.add(i)
    return out


def _matched(o, orders, at: dict[str, int], convoyed: set[int]) -> bool:
    j = at.get(province_of(o.target if not isinstance(o, Convoy) else o.army_from))
    target = orders[j] if j is not None else None
    if isinstance(o, SupportHold):
        return not isinstance(target, Move)
    if isinstance(o, SupportMove):
        return moves_to(target, o.target_dest)
    return j in convoyed and moves_to(target, o.army_to)
