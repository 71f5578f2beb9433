"""The Diplomacy map pictures (issue 14): how long the first picture of each shipped map
takes (tessellation, outlines, check) and how long a picture of a view takes afterwards.

    .venv/bin/python benchmarks/diplomacy_map.py [RENDERS]
"""

from __future__ import annotations

import sys
import time

from warjudge.core import games
from warjudge.presentation.diplomacy_map import check_map, render_map


def main(renders: int) -> None:
    views = {"standard": games.new("diplomacy", seed=1).view(None),
             "necromancer": {"units": {"ROHAN": ["A Edo"]}, "supply_centers": {"ROHAN": ["Edo"]}}}
    for map_id, view in views.items():
        start = time.perf_counter()
        problems = check_map(map_id)
        checked = time.perf_counter()
        render_map(map_id, view)
        first = time.perf_counter()
        for _ in range(renders):
            render_map(map_id, view)
        done = time.perf_counter()
        print(f"{map_id}: check {checked - start:.2f} s ({len(problems)} problems), first picture "
              f"{first - checked:.2f} s more, then {(done - first) / renders * 1000:.2f} ms a picture")


if __name__ == "__main__":
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
        sys.exit("usage: diplomacy_map.py [RENDERS] (a whole number, 200 unless given)")
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
