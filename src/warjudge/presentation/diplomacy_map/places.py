"""Where things stand on the picture: a unit on its province's site, or near the coast
it is on for a split-coast province."""

from __future__ import annotations

from functools import lru_cache

from warjudge.presentation.diplomacy_map.boards import Board
from warjudge.presentation.diplomacy_map.tessellation import regions_of, shared_edges

COAST_PULL = 0.45   # a coast's unit stands this far from the province's site toward that coast


@lru_cache(maxsize=8)
def coast_points(board: Board) -> dict[str, tuple[float, float]]:
    """Each split coast ("stp/nc") at the middle of its province's border with the seas
    on that coast."""
    regions = regions_of(board)
    index = {label: i for i, label in enumerate(regions.labels)}
    edges = shared_edges(regions)
    out = {}
    for coast, others in board.coast_seas:
        province = coast.split("/")[0]
        me = index[province]
        points = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for other in others if board.places[other].sea
                  for a, b in edges.get((min(me, index[other]), max(me, index[other])), [])]
        if not points:
            points = [((x / regions.cell), (y / regions.cell)) for other in others
                      for x, y in [board.places[other].anchor]]
        out[coast] = (sum(p[0] for p in points) / len(points) * regions.cell,
                      sum(p[1] for p in points) / len(points) * regions.cell)
    return out


def unit_point(board: Board, province: str, coast: str | None) -> tuple[float, float]:
    x, y = board.places[province].anchor
    if coast:
        at = coast_points(board).get(f"{province}/{coast}")
        if at is not None:
            return x + (at[0] - x) * COAST_PULL, y + (at[1] - y) * COAST_PULL
    return x, y
