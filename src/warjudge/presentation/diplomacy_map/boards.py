"""A Diplomacy map as its picture needs it: each province's kind, the sites its region
grows from, and every adjacency with its kind, whichever map format it came from.

The standard map file carries no positions, so its layout (where each province sits,
placed by hand for this project) lives beside this module in `standard_layout.json`;
the Necromancer map file carries its own `xy`, and `necromancer_layout.json` only adds
extra sites that shape long regions (the Anduin, the Misty Mountains' flanks).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from warjudge.core.errors import InputError
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap, load_necromancer_map, parse_necromancer_map
from warjudge.presentation.diplomacy_map.layout import checked_layout

HERE = Path(__file__).parent
Site = tuple[float, float, float]   # x, y, weight (a heavier site's region grows faster)


@dataclass(frozen=True)
class Place:
    """A province (or an impassable area) as drawn: its first site is where its units stand."""

    id: str
    name: str
    sea: bool
    sc: bool
    sites: tuple[Site, ...]
    coasts: tuple[str, ...] = ()
    impassable: bool = False

    @property
    def anchor(self) -> tuple[float, float]:
        return self.sites[0][0], self.sites[0][1]


@dataclass(frozen=True, eq=False)   # hashed by identity: the regions are cached per board
class Board:
    """Everything the tessellation, the check and the renderer read about one map."""

    map_id: str
    title: str
    width: int
    height: int
    cell: float                                   # the side of a tessellation cell, in picture units
    places: dict[str, Place]                      # provinces by id
    borders: dict[frozenset[str], str]            # every adjacency: "land", "coast", "sea" or "mountain"
    impassable: tuple[Place, ...] = ()            # areas no unit enters (Switzerland)
    crossings: frozenset[frozenset[str]] = frozenset()   # adjacencies drawn as a strait, not a border
    coast_seas: tuple[tuple[str, tuple[str, ...]], ...] = ()   # "stp/nc" -> the provinces on that coast
    reconstruction: bool = False

    def neighbours(self, pid: str) -> set[str]:
        return {other for pair in self.borders if pid in pair for other in pair if other != pid}


def board_for(map_or_id: Any, layout: dict[str, Any] | None = None) -> Board:
    """The board of "standard", "necromancer", a loaded map (DipMap or NecroMap) or a Board.
    A map without positions needs a `layout` (the format of standard_layout.json)."""
    if isinstance(map_or_id, Board):
        return map_or_id
    if layout is not None:
        layout = checked_layout(layout)
    if map_or_id in ("standard", "necromancer") and layout is None:
        return shipped_board(map_or_id)
    if map_or_id == "standard":
        from warjudge.diplomacy.variants.standard import standard_map
        return _standard_board(standard_map(), layout or _shipped("standard"))
    if map_or_id == "necromancer":
        return _necromancer_board(load_necromancer_map(), layout or _shipped("necromancer"))
    if isinstance(map_or_id, DipMap):
        if layout is None and map_or_id.name != "standard":
            raise InputError(f"map {map_or_id.name!r} has no positions: give a layout "
                             "(provinces' xy, as in standard_layout.json)")
        return _standard_board(map_or_id, layout or _shipped("standard"))
    if isinstance(map_or_id, NecroMap):   # a game's own map: drawn again each turn, so built once
        return _necromancer_board_of(map_or_id.spec.model_dump_json(),
                                     json.dumps(layout or _shipped("necromancer"), sort_keys=True))
    raise InputError(f"no Diplomacy map {map_or_id!r}: use 'standard', 'necromancer' or a loaded map")


@lru_cache(maxsize=2)
def shipped_board(name: str) -> Board:
    """The board of a shipped map, built once per process."""
    return board_for(name, _shipped(name))


def _shipped(name: str) -> dict[str, Any]:
    layout: dict[str, Any] = json.loads((HERE / f"{name}_layout.json").read_text(encoding="utf-8"))
    return layout


def _sites(entry: dict[str, Any], first: list[float] | None = None) -> tuple[Site, ...]:
    """The anchor (the map's xy, else the layout's) then the extra sites; a site is [x, y]
    or [x, y, weight], the province's "weight" (default 1) applying where none is given."""
    weight = float(entry.get("weight", 1.0))
    points = [first if first is not None else entry["xy"], *entry.get("sites", [])]
    return tuple((float(p[0]), float(p[1]), float(p[2]) if len(p) > 2 else weight) for p in points)


def _impassable(layout: dict[str, Any]) -> tuple[Place, ...]:
    return tuple(Place(f"#{i}", area["name"], False, False, _sites(area), impassable=True)
                 for i, area in enumerate(layout.get("impassable", [])))


def _crossings(layout: dict[str, Any]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(pair) for pair in layout.get("crossings", []))


def _standard_board(dmap: DipMap, layout: dict[str, Any]) -> Board:
    spots = layout["provinces"]
    unplaced = sorted(p for p in dmap.provinces if "xy" not in spots.get(p, {}))
    if unplaced:
        raise InputError(f"the layout places no {', '.join(unplaced)}: give each province its xy")
    places = {p.id: Place(p.id, p.name, p.kind == "sea", p.sc, _sites(spots[p.id]), tuple(p.coasts))
              for p in dmap.provinces.values()}
    borders: dict[frozenset[str], str] = {}
    for a, near in dmap.army_adj.items():
        for b in near:
            borders[frozenset((a, b))] = "land"
    coast_seas: dict[str, set[str]] = {}
    for location, near in dmap.fleet_adj.items():
        a = location.split("/")[0]
        for other in near:
            b = other.split("/")[0]
            kinds = {places[a].sea, places[b].sea}
            borders.setdefault(frozenset((a, b)), "sea" if kinds == {True} else "coast" if len(kinds) == 2 else "land")
            for end, there in ((location, b), (other, a)):
                if "/" in end:
                    coast_seas.setdefault(end, set()).add(there)
    return Board(dmap.name, dmap.title, int(layout["width"]), int(layout["height"]), float(layout["cell"]),
                 places, borders, _impassable(layout), _crossings(layout),
                 tuple((c, tuple(sorted(s))) for c, s in sorted(coast_seas.items())), dmap.reconstruction)


@lru_cache(maxsize=8)
def _necromancer_board_of(spec: str, layout: str) -> Board:
    return _necromancer_board(parse_necromancer_map(spec), json.loads(layout))


def _necromancer_board(nmap: NecroMap, layout: dict[str, Any]) -> Board:
    unplaced = [p.id for p in nmap.spec.provinces if p.xy is None]
    if unplaced:
        raise InputError(f"the map gives no xy for {', '.join(unplaced)}: the picture needs every province's position")
    extra = layout.get("provinces", {})
    places = {p.id: Place(p.id, p.name, p.kind == "sea", p.sc, _sites(extra.get(p.id, {}), list(p.xy or ())))
              for p in nmap.spec.provinces}
    return Board(nmap.spec.name, nmap.spec.title, int(layout["width"]), int(layout["height"]),
                 float(layout["cell"]), places, dict(nmap.borders), _impassable(layout), _crossings(layout),
                 (), nmap.reconstruction)
