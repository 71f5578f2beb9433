"""A Gondor & Sauron scenario file: the map, the order of battle with ratings, the set-up,
the Game-Turns and night turns, the armies' Demoralization Levels (docs/gondor-sauron-
scenario-format.md). Loading validates everything and reports every problem at once; a
game carries the scenario's content in its record, never a file name."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from warjudge.core.datafile import validated_spec
from warjudge.core.errors import InputError, MapError
from warjudge.core.textinput import UnusableInput, read_user_file
from warjudge.hexwar.gondor_sauron.charts import VOCABULARY, default_charts
from warjudge.hexwar.gondor_sauron.units import (
    CAVALRY, INFANTRY, SIDES, Cauldron, CombatUnit, Engine, Leader, Ratings)
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
    hex: Optional[HexId] = None
    arrives: Optional[Name] = None


class LeaderSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    side: Literal["westernesse", "sauron"]
    nationality: Name
    rally: int = Field(ge=0, le=9)
    magic: Optional[int] = Field(default=None, ge=0, le=99)
    allowance: int = Field(default=6, ge=1, le=99)
    rallies_anyone: bool = False
    hex: Optional[HexId] = None
    arrives: Optional[Name] = None


class EngineSpec(BaseModel):
    """A siege engine (Gondor's Exclusive Rules, reconstructed)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    side: Literal["westernesse", "sauron"]
    kind: Literal["catapult", "siege_tower", "ladder"]
    allowance: int = Field(ge=0, le=99)
    missile: Optional[Literal["a", "b", "c", "d", "e"]] = None
    hex: HexId


class SiegeSpec(BaseModel):
    """The Siege Phase: two-dice totals that breach each kind of hexside."""
    model_config = ConfigDict(extra="forbid", strict=True)
    breach_on: dict[Literal["wall", "gate", "tower"], list[int]]


class CauldronSpec(BaseModel):
    """A cauldron of boiling oil, or a dummy that looks like one (Gondor, [BB-G])."""
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    hex: HexId
    oil: int = Field(default=3, ge=0, le=9)
    attack: Literal["A", "B", "C", "D", "E"] = "A"
    dummy: bool = False


class PedestalSpec(BaseModel):
    """Sauron's pedestal: the Magic Leader `leader` casts only while stacked with it ([BB-S])."""
    model_config = ConfigDict(extra="forbid", strict=True)
    leader: Name
    hex: HexId


class ArrivalSpec(BaseModel):
    """A reinforcement group: from `turn` on (never: only a spell brings it), it arrives
    at the start of a Game-Turn on one die in `roll` (any roll when empty); its pieces
    then enter at `entry` hexes, and its army's Demoralization Level grows by
    `demoralization` (9.21: Rohan joins the garrison's army)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    group: Name
    side: Literal["westernesse", "sauron"]
    turn: Optional[int] = Field(default=None, ge=1, le=99)
    roll: list[int] = Field(default=[], max_length=6)
    entry: list[HexId] = Field(min_length=1, max_length=40)
    demoralization: int = Field(default=0, ge=0, le=999)


class SpellSpec(BaseModel):
    """A spell of the Exclusive Rules: its cost in Magic Capability Points (8.54) and
    what a success does (docs/gondor-sauron-formats.md)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    id: Name
    side: Literal["westernesse", "sauron"]
    cost: int = Field(ge=1, le=99)
    effect: Literal["daylight", "darkness", "freeze", "fear", "stalemate", "disrupt", "breach", "arrive"]
    range: int = Field(default=6, ge=0, le=99)
    hexside: Optional[Annotated[list[HexId], Field(min_length=2, max_length=2)]] = None
    group: Optional[Name] = None


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
    engines: list[EngineSpec] = Field(default=[], max_length=60)
    siege: Optional[SiegeSpec] = None
    cauldrons: list[CauldronSpec] = Field(default=[], max_length=20)
    pedestal: Optional[PedestalSpec] = None
    reinforcements: list[ArrivalSpec] = Field(default=[], max_length=20)
    spells: list[SpellSpec] = Field(default=[], max_length=30)


def _problems(spec: ScenarioSpec) -> list[str]:
    hexes, problems = parse_rows(spec.map, VOCABULARY)
    problems += geometry_problems(spec.map, hexes, VOCABULARY) if not problems else []
    if problems:
        return [f"map: {p}" for p in problems]
    if sorted(spec.demoralization_levels) != sorted(SIDES):
        problems.append("demoralization_levels: give one level for westernesse and one for sauron (SPI 9.21)")
    problems += [f"night_turns: {t} is not a Game-Turn of this scenario" for t in spec.night_turns
                 if not 1 <= t <= spec.turns]
    ids = Counter([u.id for u in spec.units] + [ldr.id for ldr in spec.leaders] + [e.id for e in spec.engines]
                  + [c.id for c in spec.cauldrons])
    problems += [f"{i}: the id is used {n} times" for i, n in sorted(ids.items()) if n > 1]
    rules = default_charts().ruleset
    m = build_map(spec.map, VOCABULARY)
    for u in spec.units:
        for code in filter(None, (u.ratings, u.reduced)):
            try:
                Ratings.parse(code)
            except ValueError as exc:
                problems.append(f"unit {u.id}: {exc}")
        if u.hex is None:
            continue
        if u.hex not in hexes:
            problems.append(f"unit {u.id}: {u.hex} is not on the map")
        elif rules.terrain[m.terrain(u.hex)].cost.get(u.kind) is None:
            problems.append(f"unit {u.id}: {u.kind} may not stand in {m.terrain(u.hex)} ({u.hex})")
    problems += [f"leader {ldr.id}: {ldr.hex} is not on the map" for ldr in spec.leaders
                 if ldr.hex is not None and ldr.hex not in hexes]
    problems += _exclusive_problems(spec, hexes, m)
    stacked = Counter(u.hex for u in spec.units if u.hex)
    problems += [f"set-up: {n} combat units in {h}; one a hex (SPI 5.0)" for h, n in sorted(stacked.items()) if n > 1]
    sides_at: dict[str, set[str]] = {}
    placed: list[UnitSpec | LeaderSpec | EngineSpec] = [*spec.units, *spec.leaders, *spec.engines]
    for p in placed:
        if p.hex:
            sides_at.setdefault(p.hex, set()).add(p.side)
    problems += [f"set-up: both sides in {h}" for h, s in sorted(sides_at.items()) if len(s) > 1]
    return problems


def _exclusive_problems(spec: ScenarioSpec, hexes: dict[str, Any], m: HexMap) -> list[str]:
    """The reconstructed Exclusive Rules' data: engines, the Siege Phase, reinforcement
    groups and spells (docs/gondor-sauron-formats.md)."""
    problems = []
    groups = {g.group: g for g in spec.reinforcements}
    if len(groups) < len(spec.reinforcements):
        problems.append("reinforcements: a group is named twice")
    pieces: list[UnitSpec | LeaderSpec] = [*spec.units, *spec.leaders]
    for piece in pieces:
        where = "unit" if isinstance(piece, UnitSpec) else "leader"
        if (piece.hex is None) == (piece.arrives is None):
            problems.append(f"{where} {piece.id}: give a set-up hex or a reinforcement group (arrives), one of them")
        elif piece.arrives is not None and (piece.arrives not in groups or groups[piece.arrives].side != piece.side):
            problems.append(f"{where} {piece.id}: no {piece.side} reinforcement group {piece.arrives!r}")
    for g in spec.reinforcements:
        problems += [f"reinforcements {g.group}: entry hex {h} is not on the map" for h in g.entry if h not in hexes]
        problems += [f"reinforcements {g.group}: a die shows 1-6, not {r}" for r in g.roll if not 1 <= r <= 6]
        if g.turn is not None and g.turn > spec.turns:
            problems.append(f"reinforcements {g.group}: turn {g.turn} is after the last Game-Turn")
        if not any(p.arrives == g.group for p in pieces):
            problems.append(f"reinforcements {g.group}: no piece arrives with it")
    if spec.engines and spec.game != "gondor":
        problems.append("engines: siege engines are Gondor's (SPI 5.0 c)")
    problems += [f"engine {e.id}: {e.hex} is not on the map" for e in spec.engines if e.hex not in hexes]
    problems += [f"engine {e.id}: a catapult has a missile strength, other engines none (SPI 7.11)" for e in spec.engines
                 if (e.missile is None) == (e.kind == "catapult")]
    problems += [f"set-up: {n} siege engines in {h}; one a hex (ruling)"
                 for h, n in sorted(Counter(e.hex for e in spec.engines).items()) if n > 1]
    if any(e.kind == "catapult" and e.side == "sauron" for e in spec.engines) and spec.siege is None:
        problems.append("siege: Sauron's catapults need the Siege Phase's breach numbers (SPI 3.0 B)")
    for s in spec.spells:
        if (s.effect == "breach") != (s.hexside is not None):
            problems.append(f"spell {s.id}: a hexside is given with (and only with) the effect breach")
        elif s.hexside is not None:
            a, b = s.hexside
            if a not in hexes or b not in m.neighbours(a):
                problems.append(f"spell {s.id}: {a}-{b} is not a hexside of the map")
            elif m.hexside_kind(a, b) is None:
                problems.append(f"spell {s.id}: {a}-{b} is not a wall, gate or tower hexside")
        if (s.effect == "arrive") != (s.group is not None):
            problems.append(f"spell {s.id}: a group is given with (and only with) the effect arrive")
        elif s.group is not None and (s.group not in groups or groups[s.group].side != s.side):
            problems.append(f"spell {s.id}: no {s.side} reinforcement group {s.group!r}")
    problems += [f"spell {i}: the id is used {n} times" for i, n in Counter(s.id for s in spec.spells).items() if n > 1]
    return problems + _cauldron_and_pedestal_problems(spec, hexes)


def _cauldron_and_pedestal_problems(spec: ScenarioSpec, hexes: dict[str, Any]) -> list[str]:
    """Gondor's cauldrons and dummies, Sauron's pedestal (docs/gondor-sauron-formats.md)."""
    problems = []
    if spec.cauldrons and spec.game != "gondor":
        problems.append("cauldrons: the cauldrons of oil are Gondor's ([BB-G])")
    problems += [f"cauldron {c.id}: {c.hex} is not on the map" for c in spec.cauldrons if c.hex not in hexes]
    problems += [f"set-up: {n} cauldrons in {h}; one a hex (ruling)"
                 for h, n in sorted(Counter(c.hex for c in spec.cauldrons).items()) if n > 1]
    pieces: list[UnitSpec | LeaderSpec | EngineSpec] = [*spec.units, *spec.leaders, *spec.engines]
    placed = {p.hex for p in pieces if p.side == "sauron" and p.hex}
    problems += [f"cauldron {c.id}: Sauron's pieces stand in {c.hex}" for c in spec.cauldrons if c.hex in placed]
    if spec.pedestal is not None:
        ped, owner = spec.pedestal, next((x for x in spec.leaders if x.id == spec.pedestal.leader), None)
        if spec.game != "sauron":
            problems.append("pedestal: the pedestal is Sauron's, in the Sauron folio ([BB-S])")
        if ped.hex not in hexes:
            problems.append(f"pedestal: {ped.hex} is not on the map")
        if owner is None or owner.side != "sauron" or owner.magic is None:
            problems.append(f"pedestal: {ped.leader!r} is not a Magic Leader of Sauron's army ([BB-S])")
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
        """The pieces set up on the map."""
        units = {u.id: _unit(u) for u in self.spec.units if u.hex}
        leaders = {ldr.id: _leader(ldr) for ldr in self.spec.leaders if ldr.hex}
        return units, leaders

    def arrivals(self) -> dict[str, list[CombatUnit | Leader]]:
        """Reinforcement group -> its pieces (off the map until they enter)."""
        found: dict[str, list[CombatUnit | Leader]] = {g.group: [] for g in self.spec.reinforcements}
        for u in self.spec.units:
            if u.arrives:
                found[u.arrives].append(_unit(u))
        for ldr in self.spec.leaders:
            if ldr.arrives:
                found[ldr.arrives].append(_leader(ldr))
        return found

    def engines(self) -> dict[str, Engine]:
        return {e.id: Engine(e.id, e.side, e.kind, e.hex, e.allowance, e.missile) for e in self.spec.engines}

    def cauldrons(self) -> dict[str, Cauldron]:
        return {c.id: Cauldron(c.id, c.hex, c.oil, c.attack, c.dummy) for c in self.spec.cauldrons}

    def content(self) -> dict[str, Any]:
        return self.spec.model_dump(mode="json")


def _unit(u: UnitSpec) -> CombatUnit:
    return CombatUnit(u.id, u.side, u.nationality, CAVALRY if u.kind == CAVALRY else INFANTRY,
                      Ratings.parse(u.ratings), Ratings.parse(u.reduced) if u.reduced else None, u.hex or "")


def _leader(ldr: LeaderSpec) -> Leader:
    return Leader(ldr.id, ldr.side, ldr.nationality, ldr.rally, ldr.hex or "", ldr.magic, ldr.allowance,
                  ldr.rallies_anyone)


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


def scenario_from_content(content: dict[str, Any]) -> Scenario:
    return load_scenario(json.dumps(content), "the record's scenario")


def shipped(name: str) -> Scenario:
    return load_scenario_file(SCENARIOS / f"{name}.json")


__all__ = ["Scenario", "ScenarioError", "load_scenario", "load_scenario_file", "scenario_from_content", "shipped"]
