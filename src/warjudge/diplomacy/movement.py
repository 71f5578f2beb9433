"""The movement phase: legality, convoy intent, resolution, new position."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.diplomacy.legality import check_movement_order
from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.resolver import Resolver, route_exists
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
    legal: list[tuple[OrderResult, Order]] = []
    ordered: set[str] = set()  # provinces whose unit was given an order, legal or not
    by_sea: list[tuple[OrderResult, Move]] = []   # army moves to provinces not adjacent
    convoys: dict[tuple[str, str], list[str]] = {}  # (army's province, destination) -> powers convoying
    for r in results:
        if r.order is None:
            continue
        order, reason = check_movement_order(dmap, units, r.order)
        r.order = order
        prov = order.province
        unit = units.get(prov)
        already = prov in ordered
        if unit is not None and unit.power == r.power:
            ordered.add(prov)
        if reason is None and already:
            reason = because("dip.already_ordered", province=prov)
        if reason is not None:
            r.result, r.why = VOID, reason
            continue
        legal.append((r, order))
        if isinstance(order, Move):
            if order.unit_type == ARMY and order.dest not in dmap.army_adj[prov]:
                by_sea.append((r, order))
        elif isinstance(order, Convoy):
            convoys.setdefault((order.army_from, order.army_to), []).append(order.power)
    if by_sea:
        _void_unconvoyed(dmap, units, legal, by_sea)
    for prov, unit in units.items():
        if prov not in ordered:
            hold = Hold(unit.power, unit.type, unit.location)
            r = OrderResult(unit.power, f"{unit} H", hold, default=True)
            results.append(r)
            legal.append((r, hold))

    orders = [o for _, o in legal]
    convoyed = _convoyed_moves(dmap, orders, convoys) if convoys or by_sea else set()
    resolution = Resolver(units, orders, convoyed, dmap.fleet_province_adj).run()
    dislodged_at = resolution.dislodged

    for i, (r, o) in enumerate(legal):
        ok = resolution.success[i]
        if isinstance(o, Move):
            r.result = SUCCEEDS if ok else FAILS
            if not ok:
                r.why = because("dip.no_convoy_route") if not resolution.path_ok[i] else \
                    because("dip.did_not_prevail", dest=province_of(o.dest))
        elif isinstance(o, (SupportHold, SupportMove, Convoy)):
            if i not in resolution.matched:
                r.result, r.why = FAILS, because("dip.unmatched")
            elif not ok:
                r.result = FAILS
                r.why = because("dip.dislodged" if o.province in dislodged_at else "dip.cut")
        elif o.province in dislodged_at:
            r.result, r.why = FAILS, because("dip.dislodged")
    if dislodged_at:
        for r in results:
            if r.result == VOID and r.order is not None and r.order.province in dislodged_at:
                r.why = because("dip.and_dislodged", reason=None if r.why is None else r.why.to_json())

    after = {p: u for p, u in units.items() if p not in dislodged_at}
    moving = [(o, units[o.province]) for o, ok in zip(orders, resolution.success) if ok and isinstance(o, Move)]
    for o, _ in moving:
        after.pop(o.province, None)
    for o, unit in moving:
        after[province_of(o.dest)] = Unit(unit.power, unit.type, o.dest)
    dislodged = [
        Dislodged(units[p], frm, p in resolution.dislodged_by_convoy) for p, frm in dislodged_at.items()
    ]
    return MovementOutcome(results, after, dislodged, resolution.standoffs)


def _void_unconvoyed(dmap: DipMap, units: dict[str, Unit], legal: list[tuple[OrderResult, Order]],
                     by_sea: list[tuple[OrderResult, Move]]) -> None:
    """An army ordered to a non-adjacent province is void (it holds, and may be supported
    to hold) when no fleets at all stand where they could convoy it (DATC 6.D.32);
    with such fleets present, the order is a move that may fail (6.D.8)."""
    at_sea = {p for p, u in units.items() if u.type == FLEET and dmap.is_sea(p)}
    for r, o in by_sea:
        if not route_exists(o.province, o.dest, at_sea, dmap.fleet_province_adj):
            r.result, r.why = VOID, because("dip.no_convoy_fleets", src=o.province, dest=o.dest)
            legal.remove((r, o))


def _convoyed_moves(dmap: DipMap, orders: list[Order], convoys: dict[tuple[str, str], list[str]]) -> set[int]:
    """Which army moves go by convoy (DATC 4.A.3, preferred option: the 2000 rule plus
    intent shown by a convoy order of the army's own power). `convoys`: the powers whose
    fleets were ordered to convoy each (army's province, destination)."""
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
