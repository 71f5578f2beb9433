"""A random bot that gives only legal orders, for demos, tests and benchmarks."""

from __future__ import annotations

import random

from warjudge.core.game import Action, Game
from warjudge.diplomacy.adjustments import adjustment_counts
from warjudge.diplomacy.legality import check_movement_order, sea_route_possible
from warjudge.diplomacy.mapdata import ARMY, DipMap, province_of
from warjudge.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, format_order
from warjudge.diplomacy.phases import ADJUSTMENT, MOVEMENT, GameState
from warjudge.diplomacy.retreats import retreat_options
from warjudge.diplomacy.units import Unit


def _moves(dmap: DipMap, unit: Unit) -> list[str]:
    if unit.type == ARMY:
        return sorted(dmap.army_adj[unit.province])
    return sorted(dmap.fleet_adj.get(unit.location, ()))


def random_orders(dmap: DipMap, state: GameState, power: str, rng: random.Random) -> list[str]:
    """Legal random orders for every unit `power` must order in this phase."""
    if state.phase.kind == MOVEMENT:
        return _movement(dmap, state, power, rng)
    if state.phase.kind == ADJUSTMENT:
        return _adjustment(dmap, state, power, rng)
    out = []
    for d in state.dislodged:
        if d.unit.power == power:
            options = retreat_options(dmap, state.units, d, state.standoffs)
            out.append(f"{d.unit} R {rng.choice(options)}" if options and rng.random() < 0.9 else f"{d.unit} D")
    return out


def _movement(dmap: DipMap, state: GameState, power: str, rng: random.Random) -> list[str]:
    """Most units move; the rest support a planned move or a neighbour, convoy, or hold."""
    units = state.units
    mine = sorted((u for u in units.values() if u.power == power), key=lambda u: u.province)   # never hash order
    planned = {}
    for u in mine:
        options = _moves(dmap, u)
        if options and rng.random() < 0.6:
            planned[u.province] = Move(power, u.type, u.location, rng.choice(options))
    texts = []
    for u in mine:
        order = planned.get(u.province) or _helper_order(dmap, units, u, planned, rng) or Hold(power, u.type, u.location)
        checked, reason = check_movement_order(dmap, units, order)
        texts.append(format_order(checked if reason is None else Hold(power, u.type, u.location)))
    return texts


def _helper_order(dmap: DipMap, units: dict[str, Unit], u: Unit, planned: dict[str, Move],
                  rng: random.Random) -> Order | None:
    candidates: list[Order] = []
    for other in planned.values():
        if dmap.can_reach(u.type, u.location, province_of(other.dest)):
            candidates.append(SupportMove(u.power, u.type, u.location, other.unit_type, other.location,
                                          province_of(other.dest)))
    if u.type == ARMY:
        for prov in sorted(dmap.army_adj[u.province]):
            if prov in units:
                candidates.append(SupportHold(u.power, u.type, u.location, units[prov].type, units[prov].location))
    elif dmap.is_sea(u.province):
        for army in (a for a in units.values() if a.type == ARMY and dmap.is_coastal(a.province)):
            dest = rng.choice(dmap.coastal_provinces)
            if dest != army.province and sea_route_possible(dmap, army.province, dest, through=u.province):
                candidates.append(Convoy(u.power, u.type, u.location, army.province, dest))
    return rng.choice(candidates) if candidates and rng.random() < 0.7 else None


def _adjustment(dmap: DipMap, state: GameState, power: str, rng: random.Random) -> list[str]:
    delta = adjustment_counts(state.units, state.centers, dmap.powers).get(power, 0)
    if delta < 0:
        mine = sorted(u.province for u in state.units.values() if u.power == power)
        return [f"Remove {p}" for p in rng.sample(mine, -delta)]
    free = [p for p in dmap.home_centers(power) if p in state.centers.get(power, ()) and p not in state.units]
    rng.shuffle(free)
    out = []
    for prov in free[:delta]:
        p = dmap.provinces[prov]
        if p.kind == "coastal" and rng.random() < 0.4:
            coast = f"/{rng.choice(p.coasts)}" if p.coasts else ""
            out.append(f"Build F {prov}{coast}")
        else:
            out.append(f"Build A {prov}")
    return out


def bot_action(game: Game, power: str, rng: random.Random) -> Action:
    """One action for `power`, chosen only from `game.legal_actions(power)` (the one game
    interface; any Diplomacy game that answers it). Like `random_orders`, units mostly move
    and otherwise support or hold; dislodged units mostly retreat; builds beat waives."""
    actions = [a for a in game.legal_actions(power) if a["type"] == "order"]
    unit = _first_unit(actions[0]["order"])
    mine = [a for a in actions if _first_unit(a["order"]) == unit] or actions
    helps = [a for a in mine if " S " in a["order"] or " C " in a["order"]]
    moves = [a for a in mine if a not in helps and (" - " in a["order"] or " R " in a["order"]
                                                    or a["order"].startswith("Build"))]
    pick = rng.random()
    if pick < 0.6 and moves:
        return rng.choice(moves)
    if pick < 0.85 and helps:
        return rng.choice(helps)
    return rng.choice(mine)


def _first_unit(order: str) -> str:
    """The unit an order is for ('A par' of 'A par S A mar'); adjustments share one 'unit'."""
    words = order.split()
    return " ".join(words[:2]) if words[0] in ("A", "F") else "adjustment"
