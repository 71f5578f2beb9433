"""Is an order legal in this position and phase? Returns the normalised order or a reason.

A void order (illegal) never raises: the adjudicator treats the unit as holding and the
report shows the reason. Normalisation fills in what the player may leave out: the unit
type, the coast of a unit's own location (DATC 6.B.10) and a destination coast when only
one is reachable (DATC 6.B.2).
"""

from __future__ import annotations

from collections import deque

from warjudge.core.events import Event

from warjudge.diplomacy.mapdata import ARMY, FLEET, DipMap, province_of
from warjudge.diplomacy.orders import (
    Convoy, Hold, Move, Order, SupportHold, SupportMove, amended,
)
from warjudge.diplomacy.reasons import because
from warjudge.diplomacy.units import Unit

Verdict = tuple[Order, Event | None]  # (normalised order, void reason or None)
_MOVEMENT_ORDERS = (Move, SupportHold, SupportMove, Hold, Convoy)


def own_unit(order: Order, units: dict[str, Unit]) -> tuple[Unit | None, Event | None]:
    unit = units.get(order.province)
    if unit is None:
        return None, because("dip.no_unit", province=order.province)
    if unit.power != order.power:
        return None, because("dip.not_your_unit", province=order.province, owner=unit.power, power=order.power)
    if order.unit_type and order.unit_type != unit.type:
        return None, because("dip.army_not_fleet" if unit.type == ARMY else "dip.fleet_not_army",
                             province=order.province)
    return unit, None


def fleet_destination(dmap: DipMap, location: str, dest: str) -> tuple[str | None, Event | None]:
    """The fleet position a fleet at `location` reaches when ordered to `dest`."""
    prov = province_of(dest)
    adj = dmap.fleet_adj.get(location, frozenset())
    if "/" in dest:
        return (dest, None) if dest in adj else (None, because("dip.fleet_cannot_reach", location=location, dest=dest))
    nodes = [n for n in dmap.fleet_nodes(prov) if n in adj]
    if not nodes:
        return None, because("dip.fleet_cannot_reach", location=location, dest=prov)
    if len(nodes) > 1:
        return None, because("dip.which_coast", province=prov, options=nodes)
    return nodes[0], None


def sea_route_possible(dmap: DipMap, start: str, end: str, through: str | None = None) -> bool:
    """Could fleets in sea provinces carry an army from `start` to `end` (passing `through`)?
    Geography only, so the answer is kept on the map."""
    key = (start, end, through)
    if key not in dmap.route_cache:
        dmap.route_cache[key] = _sea_route(dmap, start, end, through)
    possible: bool = dmap.route_cache[key]
    return possible


def _sea_route(dmap: DipMap, start: str, end: str, through: str | None) -> bool:
    seas = dmap.sea_neighbours
    first, last = seas[start], seas[end]
    if not first or not last:
        return False
    goal = {through} if through else set(last)
    seen, todo = set(first), deque(first)
    while todo:
        here = todo.popleft()
        if here in goal:
            if through is None:
                return True
            return sea_route_possible(dmap, through, end) or through in last
        for n in dmap.fleet_adj.get(here, ()):
            if n not in seen and dmap.is_sea(province_of(n)):
                seen.add(n)
                todo.append(n)
    return False


def check_movement_order(dmap: DipMap, units: dict[str, Unit], order: Order) -> Verdict:
    if not isinstance(order, _MOVEMENT_ORDERS):
        return order, because("dip.movement_only", kind=type(order).__name__.lower())
    here = order.province
    unit = units.get(here)
    if unit is None or unit.power != order.power or (order.unit_type and order.unit_type != unit.type):
        return order, own_unit(order, units)[1]
    if order.unit_type != unit.type or order.location != unit.location:
        order = amended(order, unit_type=unit.type, location=unit.location)

    if isinstance(order, Move):
        dest = order.dest
        if (dest[:dest.index("/")] if "/" in dest else dest) == here:
            return order, because("dip.own_province")
        if order.via_convoy and unit.type != ARMY:
            return order, because("dip.armies_only_convoyed")
        # geography only, so the answer is kept on the map (issue 12: most of a phase's checks)
        known = dmap.route_cache.get((unit.type, unit.location, dest))
        if known is None:
            known = dmap.route_cache[(unit.type, unit.location, dest)] = \
                _move_verdict(dmap, unit.type, unit.location, dest)
        to, by_convoy, reason = known
        if to != dest or (by_convoy and not order.via_convoy):
            order = amended(order, dest=to, via_convoy=order.via_convoy or by_convoy)
        return order, reason

    if isinstance(order, Hold):
        return order, None

    if isinstance(order, (SupportHold, SupportMove)):
        target_prov = order.target
        if "/" in target_prov:   # province_of, inline (issue 12)
            target_prov = target_prov[:target_prov.index("/")]
        target = units.get(target_prov)
        if target is None:
            return order, because("dip.no_unit_to_support", province=target_prov)
        if target_prov == here:
            return order, because("dip.support_itself")
        if order.target_type and order.target_type != target.type:
            return order, because("dip.support_wrong_unit", province=target_prov, unit=str(target),
                                  written=f"{order.target_type} {target_prov}")
        if order.target_type != target.type or order.target != target.location:
            order = amended(order, target_type=target.type, target=target.location)
        # dmap.can_reach, inline (issue 12: one call fewer per support)
        reach = dmap.army_adj if unit.type == ARMY else dmap.fleet_reach
        if isinstance(order, SupportHold):
            if target_prov not in reach.get(unit.location, ()):
                return order, because("dip.cannot_support_hold", unit=str(unit), province=target_prov)
            return order, None
        dest_prov = province_of(order.target_dest)
        if dest_prov == here:
            return order, because("dip.support_own_province")
        if dest_prov == target_prov:
            return order, because("dip.own_province")
        if dest_prov not in reach.get(unit.location, ()):
            return order, because("dip.cannot_support_move", unit=str(unit), province=dest_prov)
        return order, None

    # Convoy
    if unit.type != FLEET or here not in dmap.sea_provinces:
        return order, because("dip.convoy_fleets_at_sea")
    army_prov, to_prov = province_of(order.army_from), province_of(order.army_to)
    army = units.get(army_prov)
    if order.army_from != army_prov or order.army_to != to_prov:
        order = amended(order, army_from=army_prov, army_to=to_prov)
    if army is None:
        return order, because("dip.no_army_to_convoy", province=army_prov)
    if army.type != ARMY:
        return order, because("dip.armies_only_convoyed")
    if army_prov == to_prov:
        return order, because("dip.own_province")
    if not (dmap.is_coastal(army_prov) and dmap.is_coastal(to_prov)):
        return order, because("dip.convoy_coastal")
    if not sea_route_possible(dmap, army_prov, to_prov, through=here):
        return order, because("dip.not_on_route", here=here, src=army_prov, dest=to_prov)
    return order, None


def _move_verdict(dmap: DipMap, unit_type: str, location: str, dest: str) -> tuple[str, bool, Event | None]:
    """Where a unit at `location` ordered to `dest` (another province) would go, whether only
    a convoy could take it there, and the reason the move is void if it is. A reason kept in
    the map's cache is a frozen Event shared by every order that meets it."""
    dest_prov, here = province_of(dest), province_of(location)
    if unit_type == ARMY:
        if dmap.is_sea(dest_prov):
            return dest, False, because("dip.army_to_sea", province=dest_prov)
        # an army ignores coasts (DATC 6.B.12)
        if dest_prov in dmap.army_adj[here]:
            return dest_prov, False, None
        if dmap.is_coastal(here) and dmap.is_coastal(dest_prov) and sea_route_possible(dmap, here, dest_prov):
            return dest_prov, True, None
        return dest_prov, False, because("dip.unreachable", dest=dest_prov, src=here)
    node, reason = fleet_destination(dmap, location, dest)
    return (node or dest), False, reason
