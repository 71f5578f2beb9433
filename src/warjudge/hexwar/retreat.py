"""Where a retreat may go: a beaten stack moves away from the units that beat it (SJG
6.52); the ruleset says which of these hexes are allowed (no enemy zone, no prohibited
terrain) and the owner chooses among them.
"""

from __future__ import annotations

from typing import Iterable

from warjudge.hexwar.grid import distance


def farther_hexes(here: str, neighbours: Iterable[str], enemies: Iterable[str]) -> list[str]:
    """Neighbours of `here` farther than `here` from every hex in `enemies`."""
    enemies = list(enemies)
    return [n for n in neighbours if all(distance(n, e) > distance(here, e) for e in enemies)]

