"""Every legal order of a phase, written canonically (the lists `DiplomacyGame.legal_actions`
serves, as godip's options and MILA's `get_all_possible_orders` do).

Movement: hold; moves (fleets to each coast they reach, coasts explicit); army moves by
convoy where the fleets now at sea could carry the army (DATC 6.D.32: with no such fleets
the order is void, so it is not offered); supports of holds and of every listed move of
the supported unit into a province the supporter reaches; convoys by a fleet at sea of an
army its chain of fleets could carry. Every listed order passes `check_movement_order`
unchanged (tests/diplomacy/test_game_interface.py checks this on whole games).
"""

from __future__ import annotations

from typing import NamedTuple

from warjudge.diplomacy.adjustments import adjustment_counts
from warjudge.diplomacy.mapdata import ARMY, DipMap, province_of
from warjudge.diplomacy.phases import GameState
from warjudge.diplomacy.retreats import retreat_options
from warjudge.diplomacy.units import Unit


class _Reach(NamedTuple):
    """A unit's moves (a tuple: made per unit and phase, so cheaper than a dataclass)."""

    moves: tuple[str, ...]        # canonical move orders
    dests: frozenset[str]         # provinces those moves go to
    reach: tuple[str, ...]        # provinces the unit could support into (no convoy), sorted


def _fleet_groups(dmap: DipMap, units: dict[str, Unit]) -> dict[str, frozenset[str]]:
    """For each sea province holding a fleet, the coastal provinces its chain of fleets at
    sea touches (the provinces an army could be convoyed between through it)."""
    at_sea = {p for p, u in units.items() if u.type != ARMY and dmap.is_sea(p)}
    adj = dmap.fleet_province_adj
    out: dict[str, frozenset[str]] = {}
    for start in sorted(at_sea):
        if start in out:
            continue
        group, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for n in adj[here]:
                if n in at_sea and n not in group:
                    group.add(n)
                    todo.append(n)
        shores = frozenset(n for g in group for n in adj[g] if dmap.is_coastal(n))
        for g in group:
            out[g] = shores
    return out


def _convoy_reach(groups: dict[str, frozenset[str]]) -> dict[str, set[str]]:
    """Coastal province -> the coasts an army there could be convoyed to now."""
    out: dict[str, set[str]] = {}
    for shores in set(groups.values()):
        for coast in shores:
            out.setdefault(coast, set()).update(shores)
    for coast, reach in out.items():
        reach.discard(coast)
    return out


def _land_and_sea_reach(dmap: DipMap, unit_type: str, location: str) -> _Reach:
    """A unit's moves without convoys: geography only, so kept on the map."""
    key = ("reach", unit_type, location)
    if key not in dmap.route_cache:
        if unit_type == ARMY:
            adj = sorted(dmap.army_adj[location])
            moves = tuple(f"A {location} - {d}" for d in adj)
        else:
            nodes = sorted(dmap.fleet_adj.get(location, ()))
            moves = tuple(f"F {location} - {n}" for n in nodes)
            adj = sorted({province_of(n) for n in nodes})
        dmap.route_cache[key] = _Reach(moves, frozenset(adj), tuple(adj))
    reach: _Reach = dmap.route_cache[key]
    return reach


def _reach(dmap: DipMap, unit: Unit, by_sea: set[str] | None) -> _Reach:
    base = _land_and_sea_reach(dmap, unit.type, unit.location)
    if unit.type != ARMY or not by_sea:
        return base
    convoyed = tuple(f"A {unit.location} - {d} via convoy" for d in sorted(by_sea))
    return _Reach(base.moves + convoyed, base.dests | by_sea, base.reach)


MEMO = 64   # positions kept: a search lists one position from many clones (a game, each once)


def movement_orders(dmap: DipMap, units: dict[str, Unit]) -> dict[str, list[str]]:
    """Province of each unit -> every legal order of that unit, canonical. The units fix
    the answer, so the map keeps it for the last MEMO positions: it is shared, and no
    caller may change it."""
    key = frozenset(units.values())
    memo = dmap.orders_memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = _movement_orders(dmap, units)
        if len(memo) > MEMO:   # the oldest go (list() is one step: safe beside other threads)
            for old in list(memo)[:-MEMO]:
                memo.pop(old, None)
    return found


def _movement_orders(dmap: DipMap, units: dict[str, Unit]) -> dict[str, list[str]]:
    groups = _fleet_groups(dmap, units)
    carried = _convoy_reach(groups)
    named = [(here, f"{u.type} {u.location}", u.type == ARMY, _reach(dmap, u, carried.get(here)))
             for here, u in sorted(units.items())]   # units are keyed by their province
    holds = {here: f" S {text}" for here, text, _, _ in named}   # the endings, written once
    movers: dict[str, list[tuple[str, str]]] = {}   # province -> (from, " S A par - bur") of each move there
    for here, text, _, reach in named:
        for dest in reach.dests:
            movers.setdefault(dest, []).append((here, f" S {text} - {dest}"))
    armies = [here for here, _, is_army, _ in named if is_army]
    shore_lists: dict[frozenset[str], list[str]] = {}   # each fleet group's shores, sorted once
    out: dict[str, list[str]] = {}
    for here, text, is_army, mine in named:
        orders = [text + " H", *mine.moves]
        orders += [text + holds[prov] for prov in mine.reach if prov in holds]
        for dest in mine.reach:
            there = movers.get(dest)
            if there:
                orders += [text + ending for prov, ending in there if prov != here]
        shores = None if is_army else groups.get(here)
        if shores:
            listed = shore_lists.get(shores)
            if listed is None:
                listed = shore_lists[shores] = sorted(shores)
            for prov in armies:
                if prov in shores:
                    orders += [f"{text} C A {prov} - {d}" for d in listed if d != prov]
        out[here] = orders
    return out


def retreat_orders(dmap: DipMap, state: GameState, power: str) -> dict[str, list[str]]:
    """Province of each of `power`'s dislodged units -> its retreats and its disband."""
    out: dict[str, list[str]] = {}
    for d in sorted(state.dislodged, key=lambda d: d.unit.province):
        if d.unit.power == power:
            out[d.unit.province] = [f"{d.unit} R {loc}" for loc in
                                    retreat_options(dmap, state.units, d, state.standoffs)] + [f"{d.unit} D"]
    return out


def adjustment_need(dmap: DipMap, state: GameState, power: str) -> int:
    """How many adjustment orders `power` gives: its builds (at most one per free home
    centre; each may be waived instead) or its removals, as a positive count."""
    delta = adjustment_counts(state.units, state.centers, dmap.powers).get(power, 0)
    if delta < 0:
        return -delta
    return min(delta, len(build_sites(dmap, state, power)))


def build_sites(dmap: DipMap, state: GameState, power: str) -> list[str]:
    """Home centres `power` owns that stand empty (2000 rules: where it may build)."""
    return [p for p in dmap.home_centers(power) if p in state.centers.get(power, ()) and p not in state.units]


def build_orders(dmap: DipMap, province: str) -> list[str]:
    prov = dmap.provinces[province]
    out = [f"Build A {province}"]
    if prov.kind == "coastal":
        out += [f"Build F {province}/{c}" for c in prov.coasts] if prov.coasts else [f"Build F {province}"]
    return out
