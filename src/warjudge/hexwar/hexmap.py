"""A hex map: terrain and level per hex, special hexsides, named points and regions.

The file format (docs/hexwar-map-format.md) is meant to be typed in by hand from a
printed map: one line of tokens per row of hexes, then the hexsides that are not clear.
The words it may use (terrain letters, hexside kinds) are the ruleset's vocabulary
(`hexwar.terrain`; SJG Necromancer's by default). Loading validates the format and the
geometry (every row the right length, hexsides between adjacent hexes, a cliff's high
side higher than its low side) and then the ruleset's own facts, reporting every problem
at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from warjudge.core.datafile import read_map_file, validated_spec
from warjudge.hexwar.grid import Grid, distance, parse_hex
from warjudge.hexwar.terrain import SJG_VOCABULARY, MapVocabulary

# One token per hex: a terrain letter and a level digit. In SJG's vocabulary (P plateau,
# S slope, M monolith) a bare digit is a plateau of that level; a slope's level is the one
# it counts as for line of sight (the higher plateau it climbs to, SJG 2.12); a
# monolith's is its ground.
Terrain = str


MAX_SIDE = 99
HexId = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
Name = Annotated[str, Field(min_length=1, max_length=100)]


class HexsideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    hexes: list[HexId] = Field(min_length=2, max_length=2)
    kind: Name                     # a word of the ruleset's vocabulary ("cliff", "wall", ...)
    high: Optional[HexId] = None   # the higher side of a cliff (where the rocks are not drawn)


class HexMapSpec(BaseModel):
    """Every field bounded: a map travels inside game records that players mail."""

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["warjudge-hexmap/1"]
    game: Name
    name: Name
    reconstruction: bool
    note: str = Field(default="", max_length=2000)
    width: int = Field(gt=0, le=MAX_SIDE)
    height: int = Field(gt=0, le=MAX_SIDE)
    rows: list[Annotated[str, Field(max_length=8 * MAX_SIDE)]] = Field(max_length=MAX_SIDE)
    hexsides: list[HexsideSpec] = Field(default=[], max_length=3 * MAX_SIDE * MAX_SIDE)
    points: dict[Name, HexId] = Field(default={}, max_length=100)       # "miasma:3-4", "start:red", ...
    regions: dict[Name, list[HexId]] = Field(default={}, max_length=100)  # named sets of hexes


@dataclass(frozen=True)
class Hex:
    terrain: Terrain
    level: int


@dataclass
class HexMap:
    """The validated map. `terrain[h]` for every hex on it; `cliffs` maps each hexside
    with a high side (a frozenset of two hex ids) to that side; `sides` maps every
    special hexside to its kind."""

    name: str
    game: str
    reconstruction: bool
    note: str
    grid: Grid
    hexes: dict[str, Hex]
    cliffs: dict[frozenset[str], str]
    points: dict[str, str]
    regions: dict[str, frozenset[str]]
    spec: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # the file's content, for records
    sides: dict[frozenset[str], str] = field(default_factory=dict)
    vocabulary: MapVocabulary = field(default=SJG_VOCABULARY, repr=False, compare=False)
    _adjacent: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    def neighbours(self, h: str) -> tuple[str, ...]:
        found = self._adjacent.get(h)
        if found is None:
            found = self._adjacent[h] = tuple(self.grid.neighbours(h))
        return found

    def is_cliff(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.cliffs

    def hexside_kind(self, a: str, b: str) -> str | None:
        """The kind of the hexside between a and b, None where it is clear."""
        return self.sides.get(frozenset((a, b)))

    def cliff_high_side(self, a: str, b: str) -> str | None:
        return self.cliffs.get(frozenset((a, b)))

    def level(self, h: str) -> int:
        return self.hexes[h].level

    def terrain(self, h: str) -> Terrain:
        return self.hexes[h].terrain

    def within(self, h: str, radius: int) -> list[str]:
        return [x for x in self.hexes if distance(x, h) <= radius]

    @cached_property
    def cliff_hexes(self) -> frozenset[str]:
        """Hexes with at least one cliff hexside."""
        return frozenset(h for side in self.cliffs for h in side)


def parse_rows(spec: HexMapSpec, vocabulary: MapVocabulary = SJG_VOCABULARY) -> tuple[dict[str, Hex], list[str]]:
    hexes: dict[str, Hex] = {}
    problems = []
    if len(spec.rows) != spec.height:
        problems.append(f"rows: {len(spec.rows)} rows given, the map is {spec.height} high")
    for r, line in enumerate(spec.rows, start=1):
        tokens = line.split()
        if len(tokens) != spec.width:
            problems.append(f"row {r}: {len(tokens)} hexes, the map is {spec.width} wide")
        for c, token in enumerate(tokens, start=1):
            m = vocabulary.token.match(token)
            if not m:
                problems.append(f"hex {c:02d}{r:02d}: {token!r} is not a terrain token (e.g. {vocabulary.examples})")
                continue
            hexes[f"{c:02d}{r:02d}"] = Hex(vocabulary.terrain[m.group(1)], int(m.group(2)))
    return hexes, problems


def geometry_problems(spec: HexMapSpec, hexes: dict[str, Hex],
                      vocabulary: MapVocabulary = SJG_VOCABULARY) -> list[str]:
    grid = Grid(spec.width, spec.height)
    problems = []
    seen = set()
    for index, side in enumerate(spec.hexsides):
        a, b = side.hexes
        label = f"hexside {a}-{b}"
        bad = [h for h in (a, b) if h not in hexes]
        if bad:
            problems.append(f"{label}: {', '.join(bad)} not on the map")
            continue
        if b not in grid.neighbours(a):
            problems.append(f"{label}: the two hexes are not adjacent")
        if frozenset((a, b)) in seen:
            problems.append(f"{label} is listed twice")
        seen.add(frozenset((a, b)))
        kind = vocabulary.hexsides.get(side.kind)
        if kind is None:
            problems.append(f"hexsides.{index}.kind: {side.kind!r} is not a hexside kind of this game "
                            f"({', '.join(sorted(vocabulary.hexsides))})")
            continue
        if not kind.has_high_side:
            if side.high is not None:
                problems.append(f"{label}: a {side.kind} hexside has no high side")
            continue
        if side.high is None:
            problems.append(f"{label}: a {side.kind} hexside names its high side ('high')")
        elif side.high not in (a, b):
            problems.append(f"{label}: its high side {side.high} is not one of its hexes")
        elif hexes[side.high].level <= hexes[b if side.high == a else a].level:
            problems.append(f"{label}: the high side {side.high} is not higher than the other")
    for name, h in spec.points.items():
        if h not in hexes:
            problems.append(f"point {name}: {h} is not on the map")
    for name, members in spec.regions.items():
        problems += [f"region {name}: {h} is not on the map" for h in members if h not in hexes]
    return problems


def build_map(spec: HexMapSpec, vocabulary: MapVocabulary = SJG_VOCABULARY) -> HexMap:
    hexes, _ = parse_rows(spec, vocabulary)
    return HexMap(
        name=spec.name, game=spec.game, reconstruction=spec.reconstruction, note=spec.note,
        grid=Grid(spec.width, spec.height), hexes=hexes,
        cliffs={frozenset(s.hexes): s.high for s in spec.hexsides if s.high is not None},
        sides={frozenset(s.hexes): s.kind for s in spec.hexsides}, vocabulary=vocabulary,
        points=dict(spec.points), regions={k: frozenset(v) for k, v in spec.regions.items()},
        spec=spec.model_dump(mode="json"),
    )


def load_hexmap(raw: str, source: str, facts: Callable[[HexMap], list[str]] | None = None,
                vocabulary: MapVocabulary = SJG_VOCABULARY) -> HexMap:
    """Parse and validate a map file's text in `vocabulary`'s words; `facts` adds the
    ruleset's own checks."""

    def validate(spec: HexMapSpec) -> list[str]:
        hexes, problems = parse_rows(spec, vocabulary)
        if problems:
            return problems
        problems = geometry_problems(spec, hexes, vocabulary)
        if problems or facts is None:
            return problems
        return facts(build_map(spec, vocabulary))

    return build_map(validated_spec(raw, source, HexMapSpec, validate), vocabulary)


def load_hexmap_file(path: str | Path, facts: Callable[[HexMap], list[str]] | None = None,
                     vocabulary: MapVocabulary = SJG_VOCABULARY) -> HexMap:
    return load_hexmap(read_map_file(path), str(path), facts, vocabulary)


__all__ = ["Hex", "HexMap", "HexMapSpec", "load_hexmap", "load_hexmap_file", "parse_hex"]
