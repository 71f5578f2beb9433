"""The retreat rule both Diplomacy games share (the variant's EN 2.2.2 iv: a retreat has
Strength 0): two or more units retreating to one province bounce, and each of them is
disbanded. The variant's exceptions come as a hook, `may_share`: units that may stand
together there do not bounce each other (a Personality with its own power's units, EN
3.3 iii; anyone in Eriador, EN 5.1 ii). The rest of a retreat phase (which retreats are
legal, what a void one or no order does to a Multiple Unit) stays each game's own."""

from __future__ import annotations

from typing import Callable, Hashable, Mapping, TypeVar

K = TypeVar("K", bound=Hashable)


def _never(a: object, b: object) -> bool:
    return False


def bounced_retreats(dests: Mapping[K, str], may_share: Callable[[K, K], bool] = _never) -> set[K]:
    """Of the retreats `dests` (each retreating unit's key -> the province it retreats to),
    those that bounce: another retreats to the same province and the two may not share it."""
    by_dest: dict[str, list[K]] = {}
    for key, dest in dests.items():
        by_dest.setdefault(dest, []).append(key)
    return {k for same in by_dest.values() if len(same) > 1
            for k in same if any(j != k and not may_share(j, k) for j in same)}
