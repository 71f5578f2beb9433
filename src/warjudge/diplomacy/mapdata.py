"""Diplomacy map model, loaded from a validated JSON file.

A map is provinces (land, coastal or sea; supply centres; home centres; split coasts),
army borders between provinces and fleet borders between fleet positions (a sea
province, a coastal province, or one coast "spa/nc" of a split-coast province). The
validator checks every structural fact and reports all broken ones at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warjudge.diplomacy.province import ProvinceBase, ProvinceSpecBase
from warjudge.diplomacy.mapcheck import index_by_id, name_clashes, pair_problems, unreachable
from warjudge.core.datafile import read_map_file, validated_spec

ARMY, FLEET = "A", "F"


class ProvinceSpec(ProvinceSpecBase):
    id: str = Field(pattern=r"^[a-z][a-z0-9]{1,5}$")
    name: str = Field(min_length=1)
    kind: Literal["land", "coastal", "sea"]
    home: str | None = None
    coasts: list[str] = []
    aliases: list[str] = []

    def home_powers(self) -> tuple[str, ...]:
        return () if self.home is None else (self.home,)


class MapSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["warjudge-diplomacy-map/1"]
    name: str = Field(min_length=1)
    title: str = ""
    reconstruction: bool = False
    note: str = ""
    powers: list[str] = Field(min_length=1)
    victory_centers: int = Field(gt=0)
    start_year: int
    provinces: list[ProvinceSpec] = Field(min_length=1)
    army_borders: list[tuple[str, str]]
    fleet_borders: list[tuple[str, str]]
    start: dict[str, list[str]]


@dataclass(frozen=True)
class Province(ProvinceBase):
    home: str | None
    coasts: tuple[str, ...]


def province_of(location: str) -> str:
    """'spa/nc' -> 'spa'."""
    return location[:location.index("/")] if "/" in location else location


@dataclass
class DipMap:
    name: str
    title: str
    reconstruction: bool
    powers: tuple[str, ...]
    victory_centers: int
    start_year: int
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    start: dict[str, tuple[tuple[str, str], ...]]
    names: dict[str, str] = field(default_factory=dict)  # lower-case name or alias -> id
    route_cache: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)  # geography-only answers: convoy routes, units' reaches
    orders_memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)  # legal_orders: the last positions' movement orders
    name_reader: Any = field(default=None, repr=False, compare=False)  # orders._Names, made once per map

    # --- queries -------------------------------------------------------------
    def fleet_nodes(self, province: str) -> tuple[str, ...]:
        """Fleet positions inside a province: its coasts, or the province itself."""
        p = self.provinces[province]
        if p.kind == "land":
            return ()
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,)

    def can_reach(self, unit_type: str, location: str, province: str) -> bool:
        """Can a unit at `location` move to some part of `province` (coasts ignored)?"""
        if unit_type == ARMY:
            return province in self.army_adj.get(location, ())
        return province in self.fleet_reach.get(location, ())

    @cached_property
    def fleet_reach(self) -> dict[str, frozenset[str]]:
        """Fleet position -> the provinces a fleet there can move to (some coast of them)."""
        return {node: frozenset(province_of(n) for n in adj) for node, adj in self.fleet_adj.items()}

    @cached_property
    def supply_centers(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.sc)

    @cached_property
    def supply_center_set(self) -> frozenset[str]:
        """The supply centres as a set: the judge asks of every unit at the end of a year."""
        return frozenset(self.supply_centers)

    @cached_property
    def sea_provinces(self) -> frozenset[str]:
        return frozenset(p.id for p in self.provinces.values() if p.kind == "sea")

    @cached_property
    def coastal_provinces(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.kind == "coastal")

    def home_centers(self, power: str) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.home == power)

    def is_sea(self, province: str) -> bool:
        return self.provinces[province].kind == "sea"

    def is_coastal(self, province: str) -> bool:
        return self.provinces[province].kind == "coastal"

    def resolve_name(self, text: str) -> str | None:
        """Province id for an abbreviation, alias or full name (case-insensitive)."""
        return self.names.get(normalise_name(text))

    @cached_property
    def canonical_locations(self) -> frozenset[str]:
        """Every location as canonical order text writes it ('par', 'spa/nc'): the order
        parser's table for its fast path (issue 12)."""
        return frozenset([*self.provinces, *(f"{p.id}/{c}" for p in self.provinces.values() for c in p.coasts)])

    @cached_property
    def fleet_province_adj(self) -> dict[str, frozenset[str]]:
        """Province-level fleet adjacency (coasts merged), used for convoy routes."""
        out: dict[str, set[str]] = {}
        for node, adj in self.fleet_adj.items():
            out.setdefault(province_of(node), set()).update(province_of(n) for n in adj)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def sea_neighbours(self) -> dict[str, frozenset[str]]:
        """For every province, the sea provinces a fleet there (any coast) touches."""
        out: dict[str, set[str]] = {pid: set() for pid in self.provinces}
        for node, adj in self.fleet_adj.items():
            for other in adj:
                if self.is_sea(province_of(other)):
                    out[province_of(node)].add(other)
        return {k: frozenset(v) for k, v in out.items()}


def normalise_name(text: str) -> str:
    return re.sub(r"[\s\-_.']+", " ", text.strip().lower()).strip()


# --- loading and validation -----------------------------------------------------

def load_map(path: str | Path) -> DipMap:
    return parse_map(read_map_file(path), str(path))


def parse_map(raw: str, source: str = "<map>") -> DipMap:
    return build_map(validated_spec(raw, source, MapSpec, validate_spec))


def validate_spec(spec: MapSpec) -> list[str]:
    """Every structural fact a map must satisfy; returns all problems found."""
    provs, problems = index_by_id(spec.provinces)
    for p in provs.values():
        problems += p.home_problems(spec.powers)
        if p.coasts and p.kind != "coastal":
            problems.append(f"province {p.id}: only coastal provinces can have split coasts")
        if p.kind == "sea" and p.sc:
            problems.append(f"province {p.id}: a sea province cannot be a supply centre")
    fleet_nodes: set[str] = set()
    for p in provs.values():
        if p.kind == "sea" or (p.kind == "coastal" and not p.coasts):
            fleet_nodes.add(p.id)
        for c in p.coasts:
            fleet_nodes.add(f"{p.id}/{c}")

    problems += name_clashes(((p.id, [p.id, p.name, *p.aliases]) for p in provs.values()), normalise_name)

    land_like = {pid for pid, p in provs.items() if p.kind != "sea"}
    problems += pair_problems(spec.army_borders, land_like, "army border", "a land or coastal province")
    problems += pair_problems(spec.fleet_borders, fleet_nodes, "fleet border",
                              "a fleet position (sea, coastal, or province/coast)")

    touched = {x for pair in spec.army_borders for x in pair} | {
        x.split("/")[0] for pair in spec.fleet_borders for x in pair
    }
    for pid in provs:
        if pid not in touched:
            problems.append(f"province {pid} has no borders at all")
    for p in provs.values():
        if p.kind == "coastal":
            nodes = [f"{p.id}/{c}" for c in p.coasts] or [p.id]
            for node in nodes:
                if not any(node in pair for pair in spec.fleet_borders):
                    problems.append(f"coastal position {node} has no fleet border")

    for power in spec.powers:
        if power not in spec.start:
            problems.append(f"power {power} has no starting units")
    occupied: set[str] = set()
    for power, units in spec.start.items():
        if power not in spec.powers:
            problems.append(f"starting units given for unknown power {power}")
        for text in units:
            m = re.fullmatch(r"([AF]) ([a-z0-9]+(?:/[a-z]{2})?)", text)
            if not m:
                problems.append(f"starting unit {text!r} of {power} is not written like 'A par' or 'F stp/sc'")
                continue
            kind, loc = m.groups()
            prov = loc.split("/")[0]
            if prov not in provs:
                problems.append(f"starting unit {text} of {power}: unknown province {prov}")
                continue
            if kind == "A" and provs[prov].kind == "sea":
                problems.append(f"starting unit {text} of {power}: an army cannot start at sea")
            if kind == "F" and loc not in fleet_nodes:
                problems.append(f"starting unit {text} of {power}: not a fleet position (coast missing or inland)")
            if prov in occupied:
                problems.append(f"starting unit {text} of {power}: province already occupied")
            occupied.add(prov)
    if spec.victory_centers > sum(p.sc for p in provs.values()):
        problems.append("victory_centers is more than the number of supply centres")
    problems.extend(_connectivity(spec, provs))
    return problems


def _connectivity(spec: MapSpec, provs: dict[str, ProvinceSpec]) -> list[str]:
    edges = [(a, b) for a, b in (*spec.army_borders,
                                 *((x.split("/")[0], y.split("/")[0]) for x, y in spec.fleet_borders))
             if a in provs and b in provs]
    bordered = [p for p in provs if any(p in e for e in edges)]  # borderless ones are reported already
    missing = unreachable(bordered, edges)
    return [f"provinces not connected to the rest of the map: {', '.join(missing)}"] if missing else []


def build_map(spec: MapSpec) -> DipMap:
    provinces = {
        p.id: Province(p.id, p.name, p.kind, p.sc, p.home, tuple(p.coasts)) for p in spec.provinces
    }
    army: dict[str, set[str]] = {pid: set() for pid in provinces if provinces[pid].kind != "sea"}
    for a, b in spec.army_borders:
        army[a].add(b)
        army[b].add(a)
    fleet: dict[str, set[str]] = {}
    for a, b in spec.fleet_borders:
        fleet.setdefault(a, set()).add(b)
        fleet.setdefault(b, set()).add(a)
    names: dict[str, str] = {}
    for p in spec.provinces:
        for label in [p.id, p.name, *p.aliases]:
            names.setdefault(normalise_name(label), p.id)
    start = {
        power: tuple((u.split()[0], u.split()[1]) for u in units) for power, units in spec.start.items()
    }
    return DipMap(
        name=spec.name, title=spec.title, reconstruction=spec.reconstruction,
        powers=tuple(spec.powers), victory_centers=spec.victory_centers, start_year=spec.start_year,
        provinces=provinces,
        army_adj={k: frozenset(v) for k, v in army.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet.items()},
        start=start, names=names,
    )
