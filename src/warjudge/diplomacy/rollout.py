"""Heuristic rollouts for the Diplomacy search bot (issue 26): the game played on from a
position by every power's heuristic, so a candidate order set is judged by the centres it
leads to a year on rather than by where its units stand after one phase.

Every phase kind is played as the heuristic plays it: movement by `plan_movement`,
retreats by `retreat_plan`, builds and removals by `adjustment_plan` one order at a time.
Deterministic from the RNG it is given; it reads the public position only."""

from __future__ import annotations

import random

from warjudge.diplomacy.adjustments import adjustment_counts
from warjudge.diplomacy.heuristic import adjustment_plan, plan_movement, retreat_plan
from warjudge.diplomacy.legal_orders import build_orders, build_sites, movement_orders, retreat_orders
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.phases import MOVEMENT, RETREAT, WINTER, GameState, judge_phase

MAX_PHASES = 12   # a bound on the phases one rollout plays, whatever the horizon


def legal_by_power(dmap: DipMap, state: GameState) -> dict[str, dict[str, list[str]]]:
    """Power -> unit province -> its legal movement orders."""
    out: dict[str, dict[str, list[str]]] = {}
    for province, orders in movement_orders(dmap, state.units).items():
        out.setdefault(state.units[province].power, {})[province] = orders
    return out


def heuristic_orders(dmap: DipMap, state: GameState, rng: random.Random) -> dict[str, list[str]]:
    """Every power's heuristic orders for the phase `state` begins."""
    kind = state.phase.kind
    if kind == MOVEMENT:
        legal = legal_by_power(dmap, state)
        return {p: list(plan_movement(dmap, state, p, legal[p], {}, rng).values()) for p in sorted(legal)}
    if kind == RETREAT:
        powers = sorted({d.unit.power for d in state.dislodged})
        return {p: list(retreat_plan(dmap, state, p, retreat_orders(dmap, state, p)).values()) for p in powers}
    return {p: _adjustments(dmap, state, p, delta, rng)
            for p, delta in sorted(adjustment_counts(state.units, state.centers, dmap.powers).items()) if delta}


def _adjustments(dmap: DipMap, state: GameState, power: str, delta: int, rng: random.Random) -> list[str]:
    """The heuristic's builds (on free home centres) or removals, one at a time."""
    given: list[str] = []
    if delta < 0:
        options = [f"{u} D" for u in state.units.values() if u.power == power]
    else:
        delta = min(delta, len(build_sites(dmap, state, power)))
        options = [o for site in build_sites(dmap, state, power) for o in build_orders(dmap, site)]
    for _ in range(abs(delta)):
        order = next(iter(adjustment_plan(dmap, state, power, options, given, rng).values()))
        if order == "Waive":
            break
        given.append(order)
        place = order.split()[-1].split("/")[0]
        options = [o for o in options if o.split()[-1].split("/")[0] != place]
    return given


def play_on(dmap: DipMap, state: GameState, orders: dict[str, list[str]], last_fall: int,
            rng: random.Random) -> GameState:
    """The position once `orders` are judged and the heuristic has played on to the end of
    the fall of year `last_fall` (centres counted), or to a solo."""
    state = judge_phase(dmap, state, orders).after
    for _ in range(MAX_PHASES):
        phase = state.phase
        if state.winner or phase.year > last_fall or (phase.year == last_fall and phase.season == WINTER):
            break
        state = judge_phase(dmap, state, heuristic_orders(dmap, state, rng)).after
    return state


def worth(dmap: DipMap, state: GameState, power: str) -> float:
    """A power's centres at the end of a rollout, a solo counted as every centre on the map."""
    if state.winner is not None:
        return float(len(dmap.supply_centers)) if state.winner == power else 0.0
    return float(len(state.centers.get(power, ())))


def share(dmap: DipMap, state: GameState, power: str) -> float:
    """A power's sum-of-squares score where the game ends: its centres squared over the sum
    of every power's centres squared (a solo all of it), the score issue 26 sets a target on.
    Taking a centre from the leader raises it as well as taking one from anyone else."""
    if state.winner is not None:
        return 1.0 if state.winner == power else 0.0
    squares = sum(len(state.centers.get(p, ())) ** 2 for p in dmap.powers)
    return len(state.centers.get(power, ())) ** 2 / squares if squares else 0.0


__all__ = ["heuristic_orders", "legal_by_power", "play_on", "share", "worth"]
