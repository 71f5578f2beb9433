"""SVG outlines of the tessellation: each region's boundary and the lines along chosen
borders (coasts, mountains), traced along cell edges and smoothed by joining the edges'
midpoints, so staircases become slopes and two neighbours' outlines still coincide."""

from __future__ import annotations

from collections.abc import Iterable

from warjudge.presentation.diplomacy_map.tessellation import Regions

Corner = tuple[int, int]
Edge = tuple[Corner, Corner]


def region_paths(regions: Regions) -> dict[int, str]:
    """The SVG path data of every owner's cells (GAP included), in one sweep of the grid:
    one closed loop per boundary (holes run the other way round, so the nonzero rule
    leaves them open)."""
    edges: dict[int, dict[Corner, list[Corner]]] = {}
    for row in range(regions.rows):
        for col in range(regions.cols):
            here = regions.at(col, row)
            mine = edges.setdefault(here, {})
            for (dc, dr), start, end in (((0, -1), (col, row), (col + 1, row)),
                                         ((1, 0), (col + 1, row), (col + 1, row + 1)),
                                         ((0, 1), (col + 1, row + 1), (col, row + 1)),
                                         ((-1, 0), (col, row + 1), (col, row))):
                c, r = col + dc, row + dr
                if not (0 <= c < regions.cols and 0 <= r < regions.rows) or regions.at(c, r) != here:
                    mine.setdefault(start, []).append(end)
    return {owner: " ".join(_closed(_midpoints(loop, closed=True), regions.cell) for loop in _loops(ends))
            for owner, ends in edges.items()}


def _loops(edges: dict[Corner, list[Corner]]) -> list[list[Corner]]:
    loops = []
    while edges:
        start = min(edges)
        loop = [start]
        here = start
        while True:
            ends = edges[here]
            there = ends.pop()
            if not ends:
                del edges[here]
            if there == start:
                break
            loop.append(there)
            here = there
        loops.append(loop)
    return loops


def border_lines(regions: Regions, edges: Iterable[Edge]) -> str:
    """The SVG path data of a set of cell edges, chained into smoothed polylines."""
    ends: dict[Corner, list[Corner]] = {}
    for a, b in edges:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    parts = []
    while ends:
        start = min((c for c in ends if len(ends[c]) == 1), default=min(ends))
        line = [start]
        here = start
        while here in ends:
            there = ends[here].pop()
            if not ends[here]:
                del ends[here]
            ends[there].remove(here)
            if not ends[there]:
                del ends[there]
            line.append(there)
            here = there
        points = _midpoints(line, closed=False)
        parts.append("M" + " L".join(_point(p, regions.cell) for p in points))
    return " ".join(parts)


def _midpoints(corners: list[Corner], *, closed: bool) -> list[tuple[float, float]]:
    pairs = list(zip(corners, corners[1:] + corners[:1] if closed else corners[1:]))
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairs]
    if not closed:
        mids = [(float(corners[0][0]), float(corners[0][1])), *mids,
                (float(corners[-1][0]), float(corners[-1][1]))]
    return _straightened(mids, closed)


def _straightened(points: list[tuple[float, float]], closed: bool) -> list[tuple[float, float]]:
    """Drop the points that lie on the line through their neighbours."""
    if len(points) < 3:
        return points
    out = []
    n = len(points)
    for i, p in enumerate(points):
        if not closed and i in (0, n - 1):
            out.append(p)
            continue
        a, b = points[i - 1], points[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0]) != 0:
            out.append(p)
    return out


def _point(p: tuple[float, float], cell: float) -> str:
    return f"{p[0] * cell:.1f},{p[1] * cell:.1f}".replace(".0,", ",").removesuffix(".0")


def _closed(points: list[tuple[float, float]], cell: float) -> str:
    return "M" + " L".join(_point(p, cell) for p in points) + " Z"
