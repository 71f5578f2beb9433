"""Movement over a hex map: the cost of a path, and every hex a unit can reach.

The ruleset supplies `step_cost(from, to)` (movement points to cross into `to`, or None
where the step is forbidden: a monolith, a cliff, an enemy hex) and `stops(hex)` (true
where a unit must end its move: an enemy zone of control). Movement points are never
saved (SJG 4.1, SPI 4.24).
"""

from __future__ import annotations

import heapq
from typing import Callable, Collection, Mapping

StepCost = Callable[[str, str], "int | None"]


def path_problem(path: list[str], allowance: int, step_cost: StepCost, stops: Callable[[str], bool],
                 adjacent: Callable[[str, str], bool], why: Callable[[str, str], str] | None = None) -> str | None:
    """Why `path` (start hex first) is not a legal move, or None if it is. `why(a, b)`
    says why a forbidden step is forbidden (the ruleset knows)."""
    spent = 0
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if not adjacent(a, b):
            return f"{a} and {b} are not adjacent"
        cost = step_cost(a, b)
        if cost is None:
            return f"cannot move from {a} into {b}" + (f": {why(a, b)}" if why else "")
        spent += cost
        if spent > allowance:
            return f"the path costs more than the {allowance} movement points available"
        if stops(b) and i < len(path) - 2:
            return f"must stop on entering {b} (enemy zone of control)"
    return None


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
