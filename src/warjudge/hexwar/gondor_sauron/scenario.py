"""A Gondor & Sauron scenario file: the map, the order of battle with ratings, the set-up,
the Game-Turns and night turns, the armies' Demoralization Levels (docs/gondor-sauron-
scenario-format.md). Loading validates everything and reports every problem at once; a
game carries the scenario's content in its record, never a file name."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from warjudge.core.datafile import validated_spec
from warjudge.core.errors import InputError, MapError
from warjudge.core.textinput import UnusableInput, read_user_file
from warjudge.hexwar.gondor_sauron.charts import VOCABULARY, default_charts
from warjudge.hexwar.gondor_sauron.units import CAVALRY, INFANTRY, SIDES, CombatUnit, Leader, Ratings
from warjudge.hexwar.hexmap import HexMap, HexMapSpec, build_map, geometry_problems, parse_rows

SCENARIOS = Path(__file__).with_name("scenarios")
Name = Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[A-Za-z0-9_.'-]+$")]
HexId = Annotated[str, Field(pattern=r"^[0-9]{4}$")]


class UnitSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    side: Literal["westernesse", "sauron"]
    nationality: Name
    kind: Literal["infantry", "cavalry"]
    ratings: Annotated[str, Field(max_length=8)]
    reduced: Optional[Annotated[str, Field(max_length=8)]] = None
    hex: HexId


class LeaderSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    side: Literal["westernesse", "sauron"]
    nationality: Name
    rally: int = Field(ge=0, le=9)
    magic: Optional[int] = Field(default=None, ge=0, le=99)
    allowance: int = Field(default=6, ge=1, le=99)
    rallies_anyone: bool = False
    hex: HexId


class ScenarioSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["warjudge-gs-scenario/1"]
    game: Literal["gondor", "sauron"]
    name: Annotated[str, Field(min_length=1, max_length=100)]
    reconstruction: bool
    note: str = Field(default="", max_length=4000)
    turns: int = Field(ge=1, le=99)
    night_turns: list[int] = Field(default=[], max_length=99)
    demoralization_levels: dict[str, int]
    map: HexMapSpec
    units: list[UnitSpec] = Field(max_length=400)
    leaders: list[LeaderSpec] = Field(max_length=100)


def _problems(spec: ScenarioSpec) -> list[str]:
    hexes, problems = parse_rows(spec.map, VOCABULARY)
    problems += geometry_problems(spec.map, hexes, VOCABULARY) if not problems else []
    if problems:
        return [f"map: {p}" for p in problems]
    if sorted(spec.demoralization_levels) != sorted(SIDES):
        problems.append("demoralization_levels: give one level for westernesse and one for sauron (SPI 9.21)")
    problems += [f"night_turns: {t} is not a Game-Turn of this scenario" for t in spec.night_turns
                 if not 1 <= t <= spec.turns]
    ids = Counter([u.id for u in spec.units] + [ldr.id for ldr in spec.leaders])
    problems += [f"{i}: the id is used {n} times" for i, n in sorted(ids.items()) if n > 1]
    rules = default_charts().ruleset
    m = build_map(spec.map, VOCABULARY)
    for u in spec.units:
        for code in filter(None, (u.ratings, u.reduced)):
            try:
                Ratings.parse(code)
            except ValueError as exc:
                problems.append(f"unit {u.id}: {exc}")
        if u.hex not in hexes:
            problems.append(f"unit {u.id}: {u.hex} is not on the map")
        elif rules.terrain[m.terrain(u.hex)].cost.get(u.kind) is None:
            problems.append(f"unit {u.id}: {u.kind} may not stand in {m.terrain(u.hex)} ({u.hex})")
    problems += [f"leader {ldr.id}: {ldr.hex} is not on the map" for ldr in spec.leaders if ldr.hex not in hexes]
    stacked = Counter(u.hex for u in spec.units)
    problems += [f"set-up: {n} combat units in {h}; one a hex (SPI 5.0)" for h, n in sorted(stacked.items()) if n > 1]
    sides_at: dict[str, set[str]] = {}
    for piece in (*spec.units, *spec.leaders):
        sides_at.setdefault(piece.hex, set()).add(piece.side)
    problems += [f"set-up: both sides in {h}" for h, s in sorted(sides_at.items()) if len(s) > 1]
    return problems


@dataclass(frozen=True)
class Scenario:
    spec: ScenarioSpec

    @property
    def game(self) -> str:
        return self.spec.game

    def hexmap(self) -> HexMap:
        return build_map(self.spec.map, VOCABULARY)

    def pieces(self) -> tuple[dict[str, CombatUnit], dict[str, Leader]]:
        units = {u.id: CombatUnit(u.id, u.side, u.nationality, CAVALRY if u.kind == CAVALRY else INFANTRY,
                                  Ratings.parse(u.ratings), Ratings.parse(u.reduced) if u.reduced else None, u.hex)
                 for u in self.spec.units}
        leaders = {ldr.id: Leader(ldr.id, ldr.side, ldr.nationality, ldr.rally, ldr.hex, ldr.magic, ldr.allowance,
                                  ldr.rallies_anyone) for ldr in self.spec.leaders}
        return units, leaders

    def content(self) -> dict:
        return self.spec.model_dump(mode="json")


class ScenarioError(InputError):
    def __init__(self, source: str, problems: list[str]):
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"scenario {source} is invalid ({len(problems)} problem(s)):\n{lines}")
        self.problems = problems


def load_scenario(raw: str, source: str) -> Scenario:
    try:
        return Scenario(validated_spec(raw, source, ScenarioSpec, _problems))
    except MapError as exc:
        raise ScenarioError(source, exc.problems) from None


def load_scenario_file(path: str | Path) -> Scenario:
    try:
        raw = read_user_file(path, "scenario file")
    except UnusableInput as exc:
        raise ScenarioError(str(path), [exc.detail]) from None
    return load_scenario(raw, str(path))


def scenario_from_content(content: dict) -> Scenario:
    return load_scenario(json.dumps(content), "the record's scenario")


def shipped(name: str) -> Scenario:
    return load_scenario_file(SCENARIOS / f"{name}.json")


__all__ = ["Scenario", "ScenarioError", "load_scenario", "load_scenario_file", "scenario_from_content", "shipped"]
