"""The Necromancer (SJG 1983) battlefield: its map file and the facts the rules state
about it.

The printed map is a picture we do not have, so the shipped `board.json` is a
reconstruction that keeps every fact the rulebook gives (checked here); a player who owns
the map loads their own transcription in the same format and gets every broken fact at
once. Rule numbers are the rulebook's.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from warjudge.core.errors import MapError
from warjudge.hexwar.grid import distance, parse_hex
from warjudge.hexwar.hexmap import HexMap, load_hexmap, load_hexmap_file

DEFAULT_BOARD = Path(__file__).with_name("board.json")

WIDTH, HEIGHT = 23, 17                                    # 2.1: "23 long by 17 wide"
MIASMA_POINTS = ("miasma:1-2", "miasma:3-4", "miasma:5-6")  # 7.2: the three spirals
CENTRAL_MIASMA = "1209"                                   # 9.2: "the central (3, 4) hex"
START_POINTS = ("start:red", "start:black")               # 9.1: the two skull hexes
LARGE_PLATEAU = "large_level4_plateau"                    # 9.2: Black sets up on it
SETUP_RADIUS = 3        # 9.1: units deploy within 3 hexes of their Necromancer
STACK = 3               # 4.4: three units a hex
STANDARD_UNITS = 50     # 9.1: 17 zombies, 8 skeletons, 25 wraiths
BLACK_UNITS = 20        # 9.2: 7 zombies, 3 skeletons, 10 wraiths
RED_UNITS = 80          # 9.2: 27 zombies, 13 skeletons, 40 wraiths
RED_CLEARANCE = 14      # 9.2: no Red unit within 13 hexes of a Black one
MIN_SKULL_DISTANCE = 14  # the two deployment areas and their clearance must not touch
MIN_BOULDER_CLIFFS = 3   # 6.23/6.7: a few usable cliff edges in each half of the map


def hexes_for(units: int) -> int:
    """Hexes needed to stack `units` at three a hex (4.4)."""
    return -(-units // STACK)


def enterable(m: HexMap, h: str) -> bool:
    return m.terrain(h) != "monolith"


def walk(m: HexMap, start: str, allowed: Callable[[str], bool]) -> set[str]:
    """Hexes a non-wraith unit reaches from `start` through `allowed` hexes, never
    crossing a cliff hexside (2.16) nor entering a monolith (2.13)."""
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in m.neighbours(h):
            if n not in seen and enterable(m, n) and allowed(n) and not m.is_cliff(h, n):
                seen.add(n)
                todo.append(n)
    return seen


def level4_plateaus(m: HexMap) -> list[frozenset[str]]:
    """The connected level-4 plateaus, largest first."""
    tops = {h for h, x in m.hexes.items() if x.terrain == "plateau" and x.level == 4}
    found: list[frozenset[str]] = []
    while tops:
        part = walk(m, next(iter(tops)), tops.__contains__) & tops
        found.append(frozenset(part))
        tops -= part
    return sorted(found, key=len, reverse=True)


def _size_problems(m: HexMap) -> list[str]:
    if (m.grid.width, m.grid.height) == (WIDTH, HEIGHT):
        return []
    return [f"the map is {m.grid.width} by {m.grid.height} hexes; SJG Necromancer's is "
            f"{WIDTH} columns by {HEIGHT} rows (2.1: '23 long by 17 wide')"]


def _terrain_problems(m: HexMap) -> list[str]:
    problems = []
    plateau_levels = {x.level for x in m.hexes.values() if x.terrain == "plateau"}
    bad = sorted(h for h, x in m.hexes.items() if not 1 <= x.level <= 4)
    if bad:
        problems.append(f"hexes {', '.join(bad)} have a level outside 1-4 (2.11: four levels)")
    missing = sorted({1, 2, 3, 4} - plateau_levels)
    if missing:
        problems.append(f"no plateau of level {', '.join(map(str, missing))} "
                        "(2.11: plateaus of all four levels)")
    if not any(x.terrain == "monolith" for x in m.hexes.values()):
        problems.append("no monolith hex (2.13: the map has monoliths)")
    for h, x in m.hexes.items():
        if x.terrain != "slope":
            continue
        if x.level < 2:
            problems.append(f"slope {h} is level {x.level}; a slope counts as the higher plateau "
                            "it climbs to, so it is level 2-4 (2.12)")
            continue
        across = [n for n in m.neighbours(h) if enterable(m, n) and not m.is_cliff(h, n)]
        if not any(m.level(n) == x.level for n in across):
            problems.append(f"slope {h} (level {x.level}) has no level-{x.level} neighbour "
                            "without a cliff between: it climbs to nothing (2.12)")
        if not any(m.level(n) < x.level for n in across):
            problems.append(f"slope {h} (level {x.level}) has no lower neighbour without a cliff "
                            "between: it leads down to nothing (2.12)")
    return problems


def _cliff_problems(m: HexMap) -> list[str]:
    """2.16: cliffs are the boundaries of plateaus, so plateaus of different levels that
    touch do so across a cliff."""
    problems = []
    for h in sorted(m.hexes):
        for n in m.neighbours(h):
            if h < n and m.terrain(h) == m.terrain(n) == "plateau" \
                    and m.level(h) != m.level(n) and not m.is_cliff(h, n):
                problems.append(f"hexside {h}-{n}: plateaus of levels {m.level(h)} and "
                                f"{m.level(n)} meet without a cliff (2.16)")
    return problems


def _miasma_problems(m: HexMap) -> list[str]:
    problems = []
    for name in MIASMA_POINTS:
        centre = m.points.get(name)
        if centre is None:
            problems.append(f"point {name} is missing: the map has three Miasma centres (2.14, 7.2)")
            continue
        if m.terrain(centre) != "plateau":
            problems.append(f"{name} at {centre} is a {m.terrain(centre)}; a Miasma centre is "
                            "drawn on a plateau hex (2.14)")
        ring = m.neighbours(centre)
        if len(ring) < 6:
            problems.append(f"{name} at {centre} is on the map edge; the Miasma covers the centre "
                            "and all six hexes around it (7.2)")
        stones = sorted(h for h in (centre, *ring) if m.terrain(h) == "monolith")
        if stones:
            problems.append(f"{name} at {centre}: the Miasma would cover monolith(s) "
                            f"{', '.join(stones)}, which no unit can search (7.2, 2.13)")
    central = m.points.get("miasma:3-4")
    if central is not None and central != CENTRAL_MIASMA:
        problems.append(f"miasma:3-4 is at {central}; it is the central hex of the map, "
                        f"{CENTRAL_MIASMA} (9.2: 'the central (3, 4) hex')")
    return problems


def _start_problems(m: HexMap) -> list[str]:
    problems = []
    skulls = {}
    need = hexes_for(STANDARD_UNITS)
    for name in START_POINTS:
        skull = m.points.get(name)
        if skull is None:
            problems.append(f"point {name} is missing: each Necromancer starts on a skull hex (9.1)")
            continue
        if m.terrain(skull) != "plateau":
            problems.append(f"{name} at {skull} is a {m.terrain(skull)}; a skull hex is a plateau (9.1)")
            continue
        skulls[name] = skull
        def near(h: str, s: str = skull) -> bool:
            return distance(h, s) <= SETUP_RADIUS

        room = walk(m, skull, near)
        if len(room) < need:
            problems.append(f"{name} at {skull}: only {len(room)} hexes within {SETUP_RADIUS} of it "
                            f"can be reached without crossing a cliff; {STANDARD_UNITS} units need "
                            f"{need} (9.1, 4.4)")
    if len(skulls) == 2:
        gap = distance(*skulls.values())
        if gap < MIN_SKULL_DISTANCE:
            problems.append(f"the skull hexes {' and '.join(skulls.values())} are {gap} hexes apart; "
                            f"at least {MIN_SKULL_DISTANCE} keep the two set-up areas apart (9.1)")
    return problems


def _plateau_problems(m: HexMap) -> list[str]:
    region = m.regions.get(LARGE_PLATEAU)
    if region is None:
        return [f"region {LARGE_PLATEAU} is missing: Black sets up on it (9.2)"]
    if not region:
        return [f"region {LARGE_PLATEAU} is empty (9.2)"]
    problems = []
    plateaus = level4_plateaus(m)
    own = next((p for p in plateaus if region <= p), None)
    strays = sorted(h for h in region if (m.terrain(h), m.level(h)) != ("plateau", 4))
    if strays:
        problems.append(f"region {LARGE_PLATEAU}: {', '.join(strays)} are not level-4 plateau (9.2)")
    elif own is None:
        problems.append(f"region {LARGE_PLATEAU} is not one connected level-4 plateau (9.2)")
    else:
        if own != region:
            problems.append(f"region {LARGE_PLATEAU} leaves out {', '.join(sorted(own - region))} "
                            "of its plateau; list the whole plateau (9.2)")
        rivals = [p for p in plateaus if p != own and len(p) >= len(own)]
        if rivals:
            problems.append(f"region {LARGE_PLATEAU} ({len(own)} hexes) is not the largest "
                            f"level-4 plateau: the one at {min(rivals[0])} has {len(rivals[0])} (9.2)")
    need = hexes_for(BLACK_UNITS)
    if len(region) < need:
        problems.append(f"region {LARGE_PLATEAU} has {len(region)} hexes; Black's {BLACK_UNITS} "
                        f"units need {need} (9.2, 4.4)")
    far = [h for h in m.hexes if enterable(m, h)
           and all(distance(h, b) >= RED_CLEARANCE for b in region)]
    need = hexes_for(RED_UNITS)
    if len(far) < need:
        problems.append(f"only {len(far)} hexes lie {RED_CLEARANCE} or more hexes from every hex "
                        f"of {LARGE_PLATEAU}; Red's {RED_UNITS} units need {need} (9.2, 4.4)")
    return problems


def _connection_problems(m: HexMap) -> list[str]:
    """Only wraiths cross cliffs (2.16, 2.24): every other unit must be able to reach
    every hex a unit can stand in."""
    ground = [h for h in sorted(m.hexes) if enterable(m, h)]
    if not ground:
        return ["the map has no hex a unit can enter (2.13)"]
    parts = []
    left = set(ground)
    while left:
        part = walk(m, min(left), lambda h: True)
        parts.append(sorted(part))
        left -= part
    if len(parts) == 1:
        return []
    islands = "; ".join(f"{p[0]} ({len(p)} hexes)" for p in sorted(parts, key=len)[:-1])
    return [f"the map falls into {len(parts)} parts that only wraiths can cross between "
            f"(2.16): cut off are the parts at {islands}"]


def _edge_problems(m: HexMap) -> list[str]:
    """Boulder attacks (6.23) and suicide (6.7) need a cliff edge a unit can stand on,
    above a hex a unit can stand in; a few should exist in each half of the map."""
    middle = (m.grid.width + 1) // 2
    halves: dict[str, Callable[[int], bool]] = {"west": lambda col: col <= middle, "east": lambda col: col >= middle}
    problems = []
    for half, inside in halves.items():
        usable = [side for side, high in m.cliffs.items()
                  if all(enterable(m, h) for h in side) and inside(parse_hex(high)[0])]
        if len(usable) < MIN_BOULDER_CLIFFS:
            problems.append(f"the {half} half of the map has {len(usable)} cliff edges with a hex "
                            f"a unit can stand in on both sides; boulder attacks (6.23) and "
                            f"suicide (6.7) need at least {MIN_BOULDER_CLIFFS}")
    return problems


CHECKS: tuple[Callable[[HexMap], list[str]], ...] = (
    _size_problems, _terrain_problems, _cliff_problems, _miasma_problems, _start_problems,
    _plateau_problems, _connection_problems, _edge_problems,
)


def necromancer_facts(m: HexMap) -> list[str]:
    """Every fact the rules state about the Necromancer map that `m` breaks."""
    return [p for check in CHECKS for p in check(m)]


def load_board_text(raw: str, source: str) -> HexMap:
    """A map file's text, validated as a Necromancer board (MapError lists every problem)."""
    return load_hexmap(raw, source, necromancer_facts)


def map_digest(spec: dict[str, Any]) -> str:
    """SHA-256 of a map's canonical JSON: what a record checks its map against."""
    return hashlib.sha256(json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def carried_map(board: HexMap) -> dict[str, Any]:
    """The map as a record carries it (options["map"]): its content and digest."""
    return {"sha256": map_digest(board.spec), "spec": board.spec}


def board_from_record(sha256: str, spec: dict[str, Any]) -> HexMap:
    """The map a record carries, refused if it was changed since the game began."""
    if map_digest(spec) != sha256:
        raise MapError("in this record", ["the map was changed after the game began (its SHA-256 does not match); "
                                          "a game keeps the map it started on"])
    return load_board_text(json.dumps(spec), "in this record")


@lru_cache(maxsize=1)
def _default_board() -> HexMap:
    return load_hexmap_file(DEFAULT_BOARD, necromancer_facts)


def load_board(path: str | Path | None = None) -> HexMap:
    """The board from `path`, or the shipped reconstruction (loaded once) when None."""
    if path is None:
        return _default_board()
    return load_hexmap_file(path, necromancer_facts)


__all__ = ["DEFAULT_BOARD", "board_from_record", "carried_map", "level4_plateaus", "load_board", "load_board_text", "necromancer_facts"]
