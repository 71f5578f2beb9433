"""Retreat and stacking helpers shared by hex rulesets.

A retreat moves a beaten stack one hex (SJG 6.52) or more (SPI 7.54) away from the
units that beat it; the ruleset says which hexes are allowed (no enemy zone, no
prohibited terrain) and the owner chooses among them.
"""

from __future__ import annotations

from typing import Callable, Iterable

from warjudge.hexwar.grid import distance


def farther_hexes(here: str, neighbours: Iterable[str], enemies: Iterable[str]) -> list[str]:
    """Neighbours of `here` farther than `here` from every hex in `enemies`."""
    enemies = list(enemies)
    return [n for n in neighbours if all(distance(n, e) > distance(here, e) for e in enemies)]


def over_stacked(counts: dict[str, int], limit: int) -> list[str]:
    """Hexes holding more than `limit` counted units, sorted."""
    return sorted(h for h, n in counts.items() if n > limit)


def retreat_hexes(here: str, neighbours: Iterable[str], enemies: Iterable[str],
                  allowed: Callable[[str], bool]) -> list[str]:
    return [h for h in farther_hexes(here, neighbours, enemies) if allowed(h)]
