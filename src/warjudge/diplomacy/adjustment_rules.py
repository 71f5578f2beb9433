"""The adjustment rules both Diplomacy games share (the variant's EN 1: the standard rules
hold where it says nothing else): a power builds or disbands the difference between its
supply centres and its units; one that orders too few disbands is in civil disorder, and
its units farthest from its home centres go first.

Each game supplies what differs as data: what it counts (the variant adds Eriador's centre
and the Wizard, EN 5.1 vi, 7.7 vi, and leaves out Personalities, Spiders and Dragons, EN
3.3 vi, 7.8.2 iii), which borders a distance crosses (the standard game: every border; the
variant: none over mountains) and how ties break (standard: fleets first, then by
province; the variant, with no fleets of its own, by province).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

U = TypeVar("U")
UNREACHED = 10**6   # the distance of a province no border leads to from a home centre: farthest of all


def balances(centres: Mapping[str, int], unit_powers: Iterable[str], powers: Iterable[str]) -> dict[str, int]:
    """Per power of `powers`: its centres less its units (`unit_powers`: one entry a
    counted unit); > 0 builds allowed, < 0 disbands owed. Units of anyone else (the
    variant's unactivated Standing Armies) count for nobody."""
    counts = {p: centres.get(p, 0) for p in powers}
    for power in unit_powers:
        if power in counts:
            counts[power] -= 1
    return counts


def disbands_owed(balance: Mapping[str, int], used: Mapping[str, int]) -> dict[str, int]:
    """The powers in civil disorder, in `balance`'s order: each one's disbands owed and not
    ordered (`used`: those its orders made)."""
    return {p: -delta - used[p] for p, delta in balance.items() if delta < 0 and -delta - used[p] > 0}


def distances(sources: Iterable[str], neighbours: Callable[[str], Iterable[str]]) -> dict[str, int]:
    """The number of borders from the nearest of `sources` to each province reached."""
    dist = dict.fromkeys(sources, 0)
    todo = deque(dist)
    while todo:
        here = todo.popleft()
        for n in neighbours(here):
            if n not in dist:
                dist[n] = dist[here] + 1
                todo.append(n)
    return dist


def farthest_first(units: Sequence[U], where: Callable[[U], str], dist: Mapping[str, int],
                   tiebreak: Callable[[U], Any]) -> list[U]:
    """`units` in civil disorder's order: farthest from the home centres (`dist`) first,
    ties by the game's `tiebreak`."""
    return sorted(units, key=lambda u: (-dist.get(where(u), UNREACHED), tiebreak(u)))
