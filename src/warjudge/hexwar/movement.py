"""Movement over a hex map: the cost of a path, and every hex a unit can reach.

The ruleset supplies `step_cost(from, to)` (movement points to cross into `to`, or None
where the step is forbidden: a monolith, a cliff, an enemy hex) and `stops(hex)` (true
where a unit must end its move: an enemy zone of control). Movement points are never
saved (SJG 4.1, SPI 4.24).
"""

from __future__ import annotations

import heapq
from typing import Callable, Collection, Mapping, NamedTuple

StepCost = Callable[[str, str], "int | None"]


class PathFault(NamedTuple):
    """Where and why a path is not a legal move: `kind` is "not_adjacent", "blocked"
    (no unit may step from a to b), "too_dear" (beyond `allowance`) or "must_stop"
    (it goes on after entering b, an enemy zone of control)."""

    kind: str
    a: str
    b: str
    allowance: int


def path_fault(path: list[str], allowance: int, step_cost: StepCost, stops: Callable[[str], bool],
               adjacent: Callable[[str, str], bool]) -> PathFault | None:
    """The first fault of `path` (start hex first) as a move, or None if it is legal."""
    spent = 0
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if not adjacent(a, b):
            return PathFault("not_adjacent", a, b, allowance)
        cost = step_cost(a, b)
        if cost is None:
            return PathFault("blocked", a, b, allowance)
        spent += cost
        if spent > allowance:
            return PathFault("too_dear", a, b, allowance)
        if stops(b) and i < len(path) - 2:
            return PathFault("must_stop", a, b, allowance)
    return None


def path_problem(path: list[str], allowance: int, step_cost: StepCost, stops: Callable[[str], bool],
                 adjacent: Callable[[str, str], bool], why: Callable[[str, str], str] | None = None) -> str | None:
    """`path_fault` in English, for rulesets that word their own refusals. `why(a, b)`
    says why a forbidden step is forbidden (the ruleset knows)."""
    fault = path_fault(path, allowance, step_cost, stops, adjacent)
    if fault is None:
        return None
    kind, a, b, _ = fault
    if kind == "not_adjacent":
        return f"{a} and {b} are not adjacent"
    if kind == "blocked":
        return f"cannot move from {a} into {b}" + (f": {why(a, b)}" if why else "")
    if kind == "too_dear":
        return f"the path costs more than the {allowance} movement points available"
    return f"must stop on entering {b} (enemy zone of control)"


def reachable(start: str, allowance: int, neighbours: Callable[[str], tuple[str, ...]], step_cost: StepCost,
              stops: Callable[[str], bool]) -> dict[str, tuple[int, str | None]]:
    """Every hex reachable from `start` within `allowance`: hex -> (cost, previous hex).
    A hex where the unit must stop is reached but not moved through."""
    best: dict[str, tuple[int, str | None]] = {start: (0, None)}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here][0] or (here != start and stops(here)):
            continue
        for there in neighbours(here):
            step = step_cost(here, there)
            if step is None or cost + step > allowance:
                continue
            if there not in best or cost + step < best[there][0]:
                best[there] = (cost + step, here)
                heapq.heappush(queue, (cost + step, there))
    return best


def reachable_in(start: str, allowance: int, steps: Mapping[str, tuple[tuple[str, int], ...]],
                 blocked: Collection[str], stops: Collection[str]) -> dict[str, tuple[int, str | None]]:
    """`reachable` on a table made once per map: hex -> (neighbour, cost) for each step
    the terrain allows, in neighbour order; `blocked` hexes may not be entered this time
    (enemy units), `stops` end a move. The same search, without a call per step."""
    best: dict[str, tuple[int, str | None]] = {start: (0, None)}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here][0] or (here != start and here in stops):
            continue
        for there, step in steps[here]:
            total = cost + step
            if total > allowance or there in blocked:
                continue
            seen = best.get(there)
            if seen is None or total < seen[0]:
                best[there] = (total, here)
                heapq.heappush(queue, (total, there))
    return best


def path_to(found: dict[str, tuple[int, str | None]], goal: str) -> list[str]:
    """The cheapest path from the search's start to `goal`, start first."""
    path = [goal]
    while (previous := found[path[-1]][1]) is not None:
        path.append(previous)
    return path[::-1]
