"""A DumbBot-class heuristic for standard Diplomacy (after David Norman's DumbBot; no code
of it is used): every province gets a value for the power from the supply centres near it
(an enemy centre is worth the size of its owner, an own centre the size of the largest
power that threatens it), spread over the map by proximity; each unit then moves, by a
weighted draw among the best destinations, where its power's value is highest, never
into a province another of its units goes to or stays in; units that stay support moves
into contested provinces; retreats go to the best value, builds where it is highest (armies once the fleets
outnumber them) and removals where it is lowest. An army goes by convoy where that beats
what it and one fleet were about to do, and a unit idle behind the lines marches towards
the nearest centre not its power's.

The bot plans the whole phase at once and hands out one order per `choose`, always one
of `game.legal_actions`. A plan respects the orders its power already gave, so a bot made
afresh for every action (the play server's) still gives consistent orders."""

from __future__ import annotations

import random
from typing import Any

from warjudge.core.errors import InputError
from warjudge.core.game import Action
from warjudge.diplomacy.mapdata import ARMY, DipMap, province_of
from warjudge.diplomacy.phases import ADJUSTMENT, FALL, MOVEMENT, RETREAT, SPRING, GameState

NEUTRAL_SIZE = 3                      # what an unowned centre is worth, as if a power of this size held it
SPRING_WEIGHTS = (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1)   # proximity weights by distance, spring
FALL_WEIGHTS = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)     # in fall a centre taken now counts
STRENGTH_WEIGHT, COMPETITION_WEIGHT = 1000, 1000
ATTACK_WEIGHT, DEFENCE_WEIGHT = {SPRING: 700, FALL: 600}, {SPRING: 300, FALL: 400}   # per mille
UNREACHABLE = 1_000                   # the distance of a province a unit type cannot reach
FLEET_LEAD = 1                        # a power builds a fleet only while it has at most this many more fleets than armies
CLOSE = 0.2                           # a destination this close (fraction) to the best may be drawn instead


def size(centres: int) -> float:
    """How much a power of this many centres is worth attacking or fearing (DumbBot's quadratic)."""
    return centres * centres + 4 * centres + 16


class Values:
    """Province values for one power in one position, for armies and for fleets."""

    def __init__(self, dmap: DipMap, state: GameState, power: str):
        self.dmap, self.state, self.power = dmap, state, power
        owner = {sc: p for p, centres in state.centers.items() for sc in centres}
        worth = {p: size(len(c)) for p, c in state.centers.items()}
        season = FALL if state.phase.season == FALL else SPRING
        weights = FALL_WEIGHTS if season == FALL else SPRING_WEIGHTS
        attack, defence = ATTACK_WEIGHT[season], DEFENCE_WEIGHT[season]
        self.strength, self.competition = self._neighbours()
        base = {}
        for pid in sorted(dmap.provinces):
            if not dmap.provinces[pid].sc:
                base[pid] = 0.0
            elif owner.get(pid) == power:
                base[pid] = defence * max((worth.get(p, 0) for p in self.threats.get(pid, ())), default=0) / 1000
            else:
                base[pid] = attack * (worth.get(owner[pid], 0) if pid in owner else size(NEUTRAL_SIZE)) / 1000
        self.army = self._spread(base, dmap.army_adj, weights, land_only=True)
        self.fleet = self._spread(base, dmap.fleet_province_adj, weights, land_only=False)

    def _neighbours(self) -> tuple[dict[str, int], dict[str, int]]:
        """How many of the power's units can reach each province, and the most any other
        power's can; `threats` keeps which powers can reach each province."""
        reach: dict[str, dict[str, int]] = {}
        for unit in self.state.units.values():
            places = (self.dmap.army_adj.get(unit.location, frozenset()) if unit.type == ARMY
                      else self.dmap.fleet_reach.get(unit.location, frozenset()))
            for pid in (*places, unit.province):
                counts = reach.setdefault(pid, {})
                counts[unit.power] = counts.get(unit.power, 0) + 1
        self.threats = {pid: sorted(p for p in counts if p != self.power) for pid, counts in reach.items()}
        strength = {pid: counts.get(self.power, 0) for pid, counts in reach.items()}
        competition = {pid: max((n for p, n in counts.items() if p != self.power), default=0)
                       for pid, counts in reach.items()}
        return strength, competition

    def _spread(self, base: dict[str, float], adj: Any, weights: tuple[int, ...], land_only: bool) -> dict[str, float]:
        """The spread values plus the power's strength, less the competition, at each place."""
        near = _neighbour_lists(self.dmap, adj, land_only)
        total = spread(base, near, weights)
        for pid in near:
            total[pid] += STRENGTH_WEIGHT * self.strength.get(pid, 0) - COMPETITION_WEIGHT * self.competition.get(pid, 0)
        return total

    def of(self, unit_type: str, province: str) -> float:
        return (self.army if unit_type == ARMY else self.fleet).get(province, 0.0)


def spread(base: dict[str, float], near: dict[str, tuple[str, ...]], weights: tuple[int, ...]) -> dict[str, float]:
    """Each round a province's value becomes the mean of its own and its neighbours'
    (DumbBot's proximity, over any map's neighbour lists); the rounds are summed with
    falling weights."""
    total, layer = dict.fromkeys(base, 0.0), base
    for weight in weights:
        for pid in near:
            total[pid] += weight * layer[pid]
        layer = {**layer, **{pid: (layer[pid] + sum(layer[q] for q in others)) / 5 for pid, others in near.items()}}
    return total


def _neighbour_lists(dmap: DipMap, adj: Any, land_only: bool) -> dict[str, tuple[str, ...]]:
    """Province -> its neighbours, sorted (a float sum in set order would differ between
    PYTHONHASHSEEDs), made once per map; armies' lists leave the seas out."""
    key = ("heuristic-neighbours", land_only)
    if key not in dmap.route_cache:
        dmap.route_cache[key] = {pid: tuple(sorted(q for q in adj.get(pid, ()) if q in dmap.provinces))
                                 for pid in sorted(dmap.provinces) if not (land_only and dmap.is_sea(pid))}
    lists: dict[str, tuple[str, ...]] = dmap.route_cache[key]
    return lists


def _unit_key(order: str) -> str:
    """The province an order's unit is in ('A par - bur' -> 'par', 'F stp/sc H' -> 'stp')."""
    return province_of(order.split()[1])


def pick(options: list[tuple[float, str]], rng: random.Random) -> str:
    """The best option, or by a weighted draw one of those within CLOSE of it."""
    options = sorted(options, key=lambda o: (-o[0], o[1]))
    best = options[0][0]
    floor = best - abs(best) * CLOSE
    near = [o for o in options if o[0] >= floor]
    low = min(v for v, _ in near)
    return rng.choices([t for _, t in near], weights=[v - low + 1.0 for v, _ in near])[0]


def plan_movement(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]],
                  given: dict[str, str], rng: random.Random) -> dict[str, str]:
    """Unit province -> order for every unit in `legal`, consistent with the orders `given`."""
    values = Values(dmap, state, power)
    target: dict[str, str] = {}       # destination province -> unit province going (or staying) there
    for key, text in given.items():
        words = text.split()
        target[province_of(words[3]) if words[2] == "-" else key] = key
    units = sorted(legal, key=lambda p: (-max(values.of(state.units[p].type, q) for q in _dests(legal[p]) + [p]), p))
    orders: dict[str, str] = {}
    gains: dict[str, float] = {}      # how much better than holding each unit's order is
    moving = {k for k, t in given.items() if t.split()[2] == "-"}
    for key in units:
        unit = state.units[key]
        hold = values.of(unit.type, key)
        options = [(hold, f"{unit} H")]
        allowed = set(legal[key])
        for text in legal[key]:
            words = text.split()
            if words[2] != "-" or len(words) != 4:
                continue
            dest = province_of(words[3])
            if not dmap.can_reach(unit.type, unit.location, dest):
                continue
            if dest in target:   # ours already goes there: support it where another power contests it
                support = f"{unit} S {state.units[target[dest]]} - {dest}"
                if target[dest] in moving and support in allowed and values.competition.get(dest, 0) > 0:
                    options.append((values.of(unit.type, dest) + COMPETITION_WEIGHT * values.competition[dest], support))
                continue
            occupant = state.units.get(dest)
            if occupant is not None and occupant.power == power and (dest not in moving or target.get(key) == dest):
                continue       # never bounce our own unit: only into a place it leaves, and no swap
            options.append((values.of(unit.type, dest), text))
        if key in target and len(options) > 1:   # an order given earlier brings one of ours here: make room
            options = options[1:]
        choice = pick(options, rng)
        orders[key], gains[key] = choice, dict((t, v) for v, t in options)[choice] - hold
        words = choice.split()
        if words[2] == "-":
            moving.add(key)
            target[province_of(words[3])] = key
        else:
            target[key] = key
    _convoys(dmap, state, power, legal, orders, gains, target, moving, values)
    _march(dmap, state, power, legal, orders, target, moving, values)
    return _supports(state, power, legal, orders, given, values.competition)


def _convoys(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]], orders: dict[str, str],
             gains: dict[str, float], target: dict[str, str], moving: set[str], values: Values) -> None:
    """An army goes by sea where that is worth more than what it and one of our fleets next
    to both shores were about to do (England's armies leave their island)."""
    for army in sorted(orders):
        if state.units[army].type != ARMY or orders[army].split()[2] not in ("H", "-") or "via" in orders[army]:
            continue
        best: tuple[float, str, str, str] | None = None
        for text in legal[army]:
            if not text.endswith(" via convoy"):
                continue
            dest = province_of(text.split()[3])
            occupant = state.units.get(dest)
            if dest in target or (occupant is not None and occupant.power == power and dest not in moving):
                continue
            gain = values.of(ARMY, dest) - values.of(ARMY, army)
            for fleet in sorted(orders):
                convoy = f"{state.units[fleet]} C {state.units[army]} - {dest}"
                if (convoy in legal[fleet] and target.get(fleet, fleet) == fleet and gain > gains[fleet] + gains[army]
                        and " C " not in orders[fleet]
                        and {army, dest} <= dmap.fleet_province_adj.get(fleet, frozenset())
                        and (best is None or gain > best[0])):
                    best = (gain, text, fleet, convoy)
        if best is None:
            continue
        gain, text, fleet, convoy = best
        for unit in (army, fleet):   # what they were about to do is given up
            words = orders[unit].split()
            if words[2] == "-":
                target.pop(province_of(words[3]), None)
                moving.discard(unit)
        target[fleet], target[province_of(text.split()[3])] = fleet, army
        target.pop(army, None)
        moving.add(army)
        orders[army], orders[fleet], gains[army], gains[fleet] = text, convoy, gain, 0.0


def _march(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]], orders: dict[str, str],
           target: dict[str, str], moving: set[str], values: Values) -> None:
    """A unit behind the lines (no other power's unit can reach it) that would hold, or
    move to another such place no nearer a centre not ours, steps towards the nearest
    such centre instead: the spread values fade within a few provinces, which left whole
    fleets shuffling behind the front and home centres blocked for builds. Units nearest
    the front go first, and again while one that moves makes room for another."""
    distance = {kind: _distances(dmap, state, power, kind) for kind in ("A", "F")}

    def far(unit_type: str, location: str) -> int:
        return distance[unit_type].get(location, UNREACHABLE)

    def idle(key: str) -> bool:
        unit, words = state.units[key], orders[key].split()
        if values.competition.get(key, 0) > 0 or words[2] not in ("H", "-") or len(words) != (3 if words[2] == "H" else 4):
            return False
        return words[2] == "H" or (values.competition.get(province_of(words[3]), 0) == 0
                                   and far(unit.type, words[3]) >= far(unit.type, unit.location))

    changed = True
    while changed:
        changed = False
        for key in sorted((k for k in orders if idle(k)), key=lambda k: (far(state.units[k].type, state.units[k].location), k)):
            unit, words = state.units[key], orders[key].split()
            best: tuple[int, float, str] | None = None
            for text in legal[key]:
                step = text.split()
                if step[2] != "-" or len(step) != 4 or step[3] == (words[3] if words[2] == "-" else None):
                    continue
                dest = province_of(step[3])
                occupant = state.units.get(dest)
                if (dest in target or not dmap.can_reach(unit.type, unit.location, dest)
                        or far(unit.type, step[3]) >= far(unit.type, unit.location)
                        or (occupant is not None and occupant.power == power and dest not in moving)):
                    continue
                option = (far(unit.type, step[3]), -values.of(unit.type, dest), text)
                best = option if best is None or option < best else best
            if best is None:
                continue
            old = province_of(words[3]) if words[2] == "-" else key
            if target.get(old) == key:
                del target[old]
            target[province_of(best[2].split()[3])] = key
            moving.add(key)
            orders[key], changed = best[2], True


def _distances(dmap: DipMap, state: GameState, power: str, unit_type: str) -> dict[str, int]:
    """Location -> moves a unit of this type there needs to reach a centre the power does
    not own (a fleet's by coast: from Bulgaria's east coast Greece is three moves away)."""
    adj = dmap.army_adj if unit_type == ARMY else dmap.fleet_adj
    return steps_to(adj, [place for place in adj if province_of(place) in dmap.provinces
                          and dmap.provinces[province_of(place)].sc
                          and province_of(place) not in state.centers.get(power, ())])


def steps_to(adj: Any, sources: Any) -> dict[str, int]:
    """Place -> the fewest steps along `adj` (place -> neighbours) to one of `sources`."""
    frontier = sorted(sources)
    distance = dict.fromkeys(frontier, 0)
    while frontier:
        step = []
        for place in frontier:
            for near in sorted(adj.get(place, ())):
                if near in adj and near not in distance:
                    distance[near] = distance[place] + 1
                    step.append(near)
        frontier = step
    return distance


def _dests(orders: list[str]) -> list[str]:
    return [province_of(o.split()[3]) for o in orders if o.split()[2] == "-" and len(o.split()) == 4]


def _supports(state: GameState, power: str, legal: dict[str, list[str]], orders: dict[str, str],
              given: dict[str, str], competition: dict[str, int]) -> dict[str, str]:
    """A unit that holds supports, if it may, a move of ours into a province another
    power's unit is in or can reach (the contest the support decides)."""
    all_orders = {**given, **orders}
    moves = sorted((k, t) for k, t in all_orders.items() if t.split()[2] == "-")
    occupied = {p for p, u in state.units.items() if u.power != power}
    for key in sorted(orders):
        if orders[key].split()[2] != "H":
            continue
        allowed = set(legal[key])
        for _, text in moves:
            words = text.split()
            dest = province_of(words[3])
            support = f"{orders[key].rsplit(' ', 1)[0]} S {words[0]} {words[1]} - {dest}"
            if support in allowed and (dest in occupied or competition.get(dest, 0) > 0):
                orders[key] = support
                break
    return orders


class HeuristicBot:
    """The registered `heuristic` bot for Diplomacy: a plan per power and phase, handed
    out one order at a time; deterministic from its RNG."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._planned: tuple[GameState, str, dict[str, str]] | None = None   # the position itself, not its id

    def choose(self, game: Any, player: str) -> Action:
        actions = [a for a in game.legal_actions(player) if a["type"] == "order"]
        if not actions:
            raise InputError(f"{player!r} has no order to give")
        texts, pending = {a["order"] for a in actions}, game.pending_orders(player)
        if self._planned is not None and self._planned[0] is game.state and self._planned[1] == player:
            plan = self._planned[2]
            if any(t in texts for k, t in plan.items() if k not in pending):
                return self._next(plan, pending, texts)
        plan = self._plan(game, player, actions)
        self._planned = (game.state, player, plan)
        return self._next(plan, pending, texts)

    @staticmethod
    def _next(plan: dict[str, str], pending: dict[str, str], texts: set[str]) -> Action:
        """The plan's first order not given yet (every plan orders each unit legally)."""
        return next({"type": "order", "order": text} for key, text in sorted(plan.items())
                    if key not in pending and text in texts)

    def _plan(self, game: Any, power: str, actions: list[Action]) -> dict[str, str]:
        dmap, state = game.map, game.state
        kind = state.phase.kind
        given = game.pending_orders(power)
        legal: dict[str, list[str]] = {}
        if kind == ADJUSTMENT:
            return adjustment_plan(dmap, state, power, [a["order"] for a in actions], list(given.values()),
                                   self.rng)
        for a in actions:
            legal.setdefault(_unit_key(a["order"]), []).append(a["order"])
        if kind == MOVEMENT:
            return plan_movement(dmap, state, power, legal, given, self.rng)
        if kind == RETREAT:
            return retreat_plan(dmap, state, power, legal)
        raise InputError(f"no plan for a {kind} phase")


def retreat_plan(dmap: DipMap, state: GameState, power: str, legal: dict[str, list[str]]) -> dict[str, str]:
    """Each dislodged unit retreats where its value is highest, or disbands with nowhere to go."""
    values = Values(dmap, state, power)
    out = {}
    taken: set[str] = set()
    for key, orders in sorted(legal.items()):
        options = [(values.of(o.split()[0], province_of(o.split()[3])), o) for o in orders
                   if " R " in o and province_of(o.split()[3]) not in taken]
        out[key] = max(options)[1] if options else next(o for o in orders if o.endswith(" D"))
        if options:
            taken.add(province_of(out[key].split()[3]))
    return out


def adjustment_plan(dmap: DipMap, state: GameState, power: str, orders: list[str], given: list[str],
                    rng: random.Random) -> dict[str, str]:
    """Builds on the best-valued free home centres (army or fleet, whichever values the
    place more, but an army where the fleets outnumber the armies by more than FLEET_LEAD:
    an England of sixteen fleets and one army stalled at sixteen centres), or removals of
    the units where the power's value is lowest. `given` are the orders given this phase."""
    values = Values(dmap, state, power)
    removals = [o for o in orders if o.endswith(" D")]
    if removals:
        worst = min(removals, key=lambda o: (values.of(o.split()[0], _unit_key(o)), o))
        return {_unit_key(worst): worst}
    builds = [o for o in orders if o.startswith("Build")]
    if not builds:
        return {"waive": "Waive"}
    kinds = [u.type for u in state.units.values() if u.power == power] + [t.split()[1] for t in given if t.startswith("Build")]
    if kinds.count("F") > kinds.count(ARMY) + FLEET_LEAD:   # fleets alone cannot take the inland centres
        builds = [o for o in builds if o.split()[1] == ARMY] or builds
    best = max(builds, key=lambda o: (values.of(o.split()[1], province_of(o.split()[2])), o))
    return {province_of(best.split()[2]): best}


__all__ = ["HeuristicBot", "Values", "adjustment_plan", "pick", "plan_movement", "retreat_plan", "size", "spread", "steps_to"]
