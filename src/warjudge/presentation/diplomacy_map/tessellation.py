"""Province regions grown from their sites on a grid of cells, never across a border the
map does not have.

Each region grows outward from its province's first site, best cell first, a cell's
cost being its distance to the nearest of the province's sites (divided by the site's
weight, as in a power diagram): extra sites pull the region their way but never start a
detached piece. A cell is taken only if no neighbouring cell (of the 8) already belongs
to a province that is not adjacent to the taker. Where two non-adjacent provinces meet, the
cells between them stay empty: a thin gap drawn as a border, never a shared border.
Impassable areas (Switzerland) may touch anything. Pure Python and deterministic: the same
board gives the same regions in any process.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache

from warjudge.presentation.diplomacy_map.boards import Board, Place

GAP = -1
NEIGHBOURS_8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
NEIGHBOURS_4 = ((0, -1), (-1, 0), (1, 0), (0, 1))   # a region grows edge to edge, so it stays in one piece


@dataclass(frozen=True)
class Regions:
    """The grid: `owner[row * cols + col]` is an index into `labels` (a province id, or an
    impassable area's '#n'), or GAP."""

    cols: int
    rows: int
    cell: float
    labels: tuple[str, ...]
    owner: tuple[int, ...]

    def at(self, col: int, row: int) -> int:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return self.owner[row * self.cols + col]
        return GAP

    def label_at(self, x: float, y: float) -> str | None:
        index = self.at(int(x // self.cell), int(y // self.cell))
        return None if index == GAP else self.labels[index]


@lru_cache(maxsize=8)
def regions_of(board: Board) -> Regions:
    places: list[Place] = [*board.places.values(), *board.impassable]
    labels = tuple(p.id for p in places)
    index = {label: i for i, label in enumerate(labels)}
    wild = {index[p.id] for p in board.impassable}
    allowed = [frozenset({i} | wild | {index[n] for n in board.neighbours(p.id)}) if i not in wild
               else frozenset(range(len(places))) for i, p in enumerate(places)]
    cols, rows = math.ceil(board.width / board.cell), math.ceil(board.height / board.cell)
    owner = [GAP] * (cols * rows)
    heap: list[tuple[float, int, int]] = []
    scaled = [[(x / board.cell - 0.5, y / board.cell - 0.5, w) for x, y, w in p.sites] for p in places]
    for i, place in enumerate(places):
        x, y, _ = place.sites[0]
        col = min(cols - 1, max(0, int(x // board.cell)))
        row = min(rows - 1, max(0, int(y // board.cell)))
        heapq.heappush(heap, (0.0, i, row * cols + col))
    while heap:
        _, who, cell = heapq.heappop(heap)
        if owner[cell] != GAP:
            continue
        row, col = divmod(cell, cols)
        near = [owner[r * cols + c] for dc, dr in NEIGHBOURS_8
                if 0 <= (c := col + dc) < cols and 0 <= (r := row + dr) < rows]
        if any(o != GAP and o not in allowed[who] for o in near):
            continue
        owner[cell] = who
        for dc, dr in NEIGHBOURS_4:
            c, r = col + dc, row + dr
            if 0 <= c < cols and 0 <= r < rows and owner[r * cols + c] == GAP:
                cost = min(math.hypot(c - sx, r - sy) / w for sx, sy, w in scaled[who])
                heapq.heappush(heap, (cost, who, r * cols + c))
    return Regions(cols, rows, board.cell, labels, tuple(owner))


def shared_edges(regions: Regions) -> dict[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The unit edges between each pair of owners (a < b; GAP included), as corner pairs."""
    out: dict[tuple[int, int], list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    for row in range(regions.rows):
        for col in range(regions.cols):
            here = regions.at(col, row)
            right, below = regions.at(col + 1, row), regions.at(col, row + 1)
            if col + 1 < regions.cols and right != here:
                out.setdefault((min(here, right), max(here, right)), []).append(((col + 1, row), (col + 1, row + 1)))
            if row + 1 < regions.rows and below != here:
                out.setdefault((min(here, below), max(here, below)), []).append(((col, row + 1), (col + 1, row + 1)))
    return out
