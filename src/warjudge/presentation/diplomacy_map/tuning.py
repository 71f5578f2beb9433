"""Help for a layout whose picture fails the map check: where two adjacent provinces'
regions touch too little, give each an extra site a little way toward the other and grow
the regions again. This is how the shipped layouts' extra sites were found after the
provinces were placed by hand; a user transcribing their own map can do the same."""

from __future__ import annotations

import copy
import re
from typing import Any

from warjudge.presentation.diplomacy_map.boards import board_for
from warjudge.presentation.diplomacy_map.check import check_map

PULL = 0.3   # an extra site stands this far from a province's site toward its neighbour's
SHORT = re.compile(r"^(\S+)-(\S+) \(\w+\) are adjacent")


def bridged_layout(map_or_id: Any, layout: dict[str, Any], rounds: int = 4) -> tuple[dict[str, Any], list[str]]:
    """A copy of `layout` with extra sites for every adjacency the picture does not show,
    repeated up to `rounds` times, and the problems still left (empty: it passes)."""
    layout = copy.deepcopy(layout)
    problems = check_map(map_or_id, layout)
    for _ in range(rounds):
        short = [m.groups() for p in problems if (m := SHORT.match(p))]
        if not short:
            break
        board = board_for(map_or_id, layout)
        for a, b in short:
            (ax, ay), (bx, by) = board.places[a].anchor, board.places[b].anchor
            for me, (mx, my), (ox, oy) in ((a, (ax, ay), (bx, by)), (b, (bx, by), (ax, ay))):
                spot = layout.setdefault("provinces", {}).setdefault(me, {})
                site = [round(mx + (ox - mx) * PULL), round(my + (oy - my) * PULL)]
                if site not in spot.setdefault("sites", []):
                    spot["sites"].append(site)
        problems = check_map(map_or_id, layout)
    return layout, problems
