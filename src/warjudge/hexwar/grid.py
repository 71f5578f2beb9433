"""Hex coordinates on a rectangular map of pointy-top hexes in rows.

A hex is named by its printed number "CCRR" (column, row, from "0101" at the top left),
as hex-and-counter games print them. Odd rows (the 2nd, 4th, ... printed) are shifted
half a hex to the right. Geometry (neighbours, distance, lines) uses cube coordinates.
Directions are numbered 1-6 clockwise from north-east, as the compass rose of the SJG
Necromancer map shows them (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

DIRECTIONS = (1, 2, 3, 4, 5, 6)
DIRECTION_NAMES = {1: "NE", 2: "E", 3: "SE", 4: "SW", 5: "W", 6: "NW"}
# axial (q, r) steps for each compass direction, pointy-top
AXIAL_STEP = {1: (1, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 1), 5: (-1, 0), 6: (0, -1)}


@dataclass(frozen=True)
class Grid:
    """A `width` x `height` rectangle of hexes (columns x rows)."""

    width: int
    height: int

    def hex_ids(self) -> list[str]:
        return [hex_id(c, r) for r in range(1, self.height + 1) for c in range(1, self.width + 1)]

    def contains(self, hid: str) -> bool:
        try:
            col, row = parse_hex(hid)
        except ValueError:
            return False
        return 1 <= col <= self.width and 1 <= row <= self.height

    def neighbour(self, hid: str, direction: int) -> str | None:
        """The hex one step in `direction`, or None off the map."""
        q, r = to_axial(hid)
        dq, dr = AXIAL_STEP[direction]
        other = from_axial(q + dq, r + dr)
        return other if self.contains(other) else None

    def neighbours(self, hid: str) -> list[str]:
        return _neighbours(self.width, self.height, hid)

    def is_edge(self, hid: str) -> bool:
        return len(self.neighbours(hid)) < 6

    def within(self, hid: str, radius: int) -> list[str]:
        """Every hex on the map at distance <= radius (the centre included)."""
        return [h for h in self.hex_ids() if distance(h, hid) <= radius]


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse_hex(hid: str) -> tuple[int, int]:
    if not (isinstance(hid, str) and len(hid) == 4 and hid.isdigit()):
        raise ValueError(f"{hid!r} is not a hex number (four digits, column then row: '0712')")
    return int(hid[:2]), int(hid[2:])


_AXIAL: dict[str, tuple[int, int]] = {}   # valid hex ids only: at most 10,000


def to_axial(hid: str) -> tuple[int, int]:
    """Axial coordinates of a hex id, remembered (bots and rules ask for distances by the
    million; the answer never changes)."""
    found = _AXIAL.get(hid) if isinstance(hid, str) else None
    if found is None:
        col, row = parse_hex(hid)
        c, r = col - 1, row - 1
        found = _AXIAL[hid] = (c - (r - (r & 1)) // 2, r)
    return found


def from_axial(q: int, r: int) -> str:
    c = q + (r - (r & 1)) // 2
    return hex_id(c + 1, r + 1) if c >= 0 and r >= 0 else "0000"


_DISTANCE: dict[tuple[str, str], int] = {}   # between valid hex ids; bounded below
_DISTANCES_KEPT = 1 << 17                     # every pair of a 360-hex map, a few MB


def distance(a: str, b: str) -> int:
    found = _DISTANCE.get((a, b)) if isinstance(a, str) and isinstance(b, str) else None
    if found is None:
        aq, ar = to_axial(a)
        bq, br = to_axial(b)
        dq, dr = aq - bq, ar - br
        found = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if len(_DISTANCE) < _DISTANCES_KEPT:
            _DISTANCE[(a, b)] = found
    return found


def direction_between(a: str, b: str) -> int | None:
    """The compass direction from `a` to the adjacent hex `b` (None if not adjacent)."""
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    for d, step in AXIAL_STEP.items():
        if (bq - aq, br - ar) == step:
            return d
    return None


@lru_cache(maxsize=None)
def _neighbours(width: int, height: int, hid: str) -> list[str]:
    grid = Grid(width, height)
    return [n for d in DIRECTIONS if (n := grid.neighbour(hid, d)) is not None]


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return rx, rz  # axial q = x, r = z


def lines_between(a: str, b: str) -> list[list[str]]:
    """The hexes a straight line from the centre of `a` to the centre of `b` passes
    through, nudged a hair to either side: two lists, equal unless the line runs along
    hexsides. Line of sight is clear along a line if no hex on it obstructs."""
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    n = distance(a, b)
    result = []
    for eps in (1e-6, -1e-6):
        ax, az, bx, bz = aq + eps, ar - 2 * eps, bq + eps, br - 2 * eps
        ay, by = -ax - az, -bx - bz
        line = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            line.append(from_axial(*_cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)))
        result.append(line)
    return result
