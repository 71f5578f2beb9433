"""Line of sight between two hexes.

A straightedge from any part of one hex to any part of the other (SJG 6.22): we lay the
centre-to-centre line nudged a hair to either side, and the sight is clear if either
nudged line passes no obstructing hex. Along a hexside this lets the shooter see past one
of the two hexes that touch the line, the usual reading of "any part to any part".
"""

from __future__ import annotations

from warjudge.hexwar.grid import lines_between


def intervening_paths(a: str, b: str) -> list[list[str]]:
    """The hexes between `a` and `b` on each nudged line (ends excluded, duplicates
    dropped): the places a ruleset inspects for blocking terrain or hexsides."""
    seen, out = set(), []
    for line in lines_between(a, b):
        key = tuple(line)
        if key not in seen:
            seen.add(key)
            out.append(line)
    return out
