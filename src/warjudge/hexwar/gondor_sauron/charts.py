"""The charts of Gondor & Sauron (SPI 2.2) as one validated data file.

The printed chart sheet is not public, so `charts.json` is a reconstruction (marked so)
that keeps every fact the Standard Rules state and the public data points; the reasoning
is in docs/rulings.md. An owner of the game types the printed charts in the same format
(docs/gondor-sauron-formats.md) and loads them with `load_charts_file`: every
problem is reported at once and nothing half-loads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Mapping, Optional, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from warjudge.core.datafile import validated_spec
from warjudge.core.errors import InputError, MapError
from warjudge.core.textinput import UnusableInput, read_user_file
from warjudge.hexwar.terrain import HexsideKind, HexsideRule, MapVocabulary, Ruleset, TerrainRule

DEFAULT_CHARTS = Path(__file__).with_name("charts.json")

MOVE_CLASSES = ("infantry", "cavalry", "leader")       # SPI 4.11-4.13
ATTACKS = ("A", "B", "C", "D", "E")                     # SPI 2.6: best A, worst E
ARMOURS = ("1", "2", "3", "4")                          # SPI 2.6: best 4, worst 1
MORALES = ("W", "X", "Y", "Z")                          # SPI 2.6: best W, worst Z
DIE = 6
TWO_DICE = range(2, 13)
RESULT = re.compile(r"^(-|E|1/2E|(r[12])?A|r[12])$")    # see CasualtyResult
LEADER_RESULT = re.compile(r"^([-AE])/([-AE])$")         # attacker/defender

# The words a Gondor & Sauron map file uses: a terrain letter (none or C clear, G grove,
# M mountain, T tower, U tunnel) and the city level digit (0 outside the city).
VOCABULARY = MapVocabulary(
    terrain={"": "clear", "C": "clear", "G": "grove", "M": "mountain", "T": "tower", "U": "tunnel"},
    hexsides={k: HexsideKind(breachable=True) for k in ("wall", "gate", "tower")},
    examples="0, G0, M0, T3, U2",
)

Cost = Optional[Annotated[int, Field(ge=0, le=20)]]
Totals = Annotated[list[Annotated[int, Field(ge=2, le=12)]], Field(max_length=11)]


class TerrainSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    cost: dict[str, Cost]
    zoc_in: bool = True
    zoc_out: bool = True
    blocks_sight: bool = False


class HexsideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    extra: dict[str, Cost]
    blocks_zoc: bool = False
    blocks_melee: bool = False
    blocks_sight: bool = False
    missile_cover: int = Field(default=0, ge=0, le=3)


class TerrainEffectsSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    terrain: dict[str, TerrainSpec] = Field(max_length=50)
    hexsides: dict[str, HexsideSpec] = Field(max_length=50)


class ChartsSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["warjudge-gs-charts/1"]
    name: Annotated[str, Field(min_length=1, max_length=100)]
    reconstruction: bool
    note: str = Field(default="", max_length=2000)
    terrain_effects: TerrainEffectsSpec
    casualty_probability: dict[str, dict[str, Totals]] = Field(max_length=10)
    casualty_results: dict[str, list[Annotated[str, Field(max_length=10)]]] = Field(max_length=10)
    leader_combat: dict[str, list[Annotated[str, Field(max_length=10)]]] = Field(max_length=30)
    rally: dict[str, Totals] = Field(max_length=30)
    magic_spell: dict[str, Totals] = Field(max_length=30)


@dataclass(frozen=True)
class CasualtyResult:
    """One cell of the Casualty Results Table (7.42): `code` as printed; `retreat` hexes
    (7.54); `flip` to reduced strength, or eliminated if already reduced (the "A"
    result); `half` one unit of a formation eliminated (8.46; a single unit flips);
    `eliminated` (E)."""

    code: str
    retreat: int = 0
    flip: bool = False
    half: bool = False
    eliminated: bool = False

    @classmethod
    def parse(cls, code: str) -> "CasualtyResult":
        return cls(code=code, retreat=int(code[1]) if code.startswith("r") else 0,
                   flip=code.endswith("A"), half=code == "1/2E", eliminated=code == "E")

    @property
    def shared_by_leader(self) -> bool:
        """8.2.4: a stacked Leader may share an 'A' or 'E' result."""
        return self.flip or self.eliminated


class ChartError(InputError):
    """A charts file is broken; `problems` lists every broken fact."""

    def __init__(self, source: str, problems: list[str]):
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"charts {source} are invalid ({len(problems)} problem(s)):\n{lines}")
        self.problems = problems


def _int_keys(keys: list[Any], what: str) -> tuple[list[str], list[int]]:
    """Problems, and the keys as integers, of a table indexed by consecutive integers."""
    problems, values = [], []
    for k in keys:
        try:
            values.append(int(k))
        except ValueError:
            problems.append(f"{what}: {k!r} is not a whole number")
    if values and sorted(values) != list(range(min(values), max(values) + 1)):
        problems.append(f"{what}: the columns {sorted(values)} are not consecutive")
    if not keys:
        problems.append(f"{what}: the table is empty")
    return problems, values


def _totals_problems(table: dict[str, list[int]], what: str) -> list[str]:
    return [f"{what} {k}: a total is listed twice" for k, v in table.items() if len(set(v)) != len(v)]


def _chart_problems(spec: ChartsSpec) -> list[str]:
    problems = []
    te = spec.terrain_effects
    for name in sorted(set(VOCABULARY.terrain.values()) - set(te.terrain)):
        problems.append(f"terrain_effects.terrain: no entry for {name!r}")
    for name in sorted(set(VOCABULARY.hexsides) - set(te.hexsides)):
        problems.append(f"terrain_effects.hexsides: no entry for {name!r}")
    for name, t in te.terrain.items():
        problems += [f"terrain_effects.terrain.{name}.cost: no entry for {c!r}" for c in MOVE_CLASSES
                     if c not in t.cost]
        problems += [f"terrain_effects.terrain.{name}.cost: {c!r} is not a movement class"
                     for c in t.cost if c not in MOVE_CLASSES]
    for name, h in te.hexsides.items():
        problems += [f"terrain_effects.hexsides.{name}.extra: no entry for {c!r}" for c in MOVE_CLASSES
                     if c not in h.extra]
    if sorted(spec.casualty_probability) != list(ATTACKS):
        problems.append(f"casualty_probability: the rows must be the attack strengths {', '.join(ATTACKS)}")
    for attack, row in spec.casualty_probability.items():
        if sorted(row) != list(ARMOURS):
            problems.append(f"casualty_probability.{attack}: the columns must be the armour ratings 1-4")
        problems += _totals_problems(row, f"casualty_probability.{attack}")
    if sorted(spec.casualty_results) != list(MORALES):
        problems.append(f"casualty_results: the rows must be the morale ratings {', '.join(MORALES)}")
    for morale, results in spec.casualty_results.items():
        if len(results) != DIE:
            problems.append(f"casualty_results.{morale}: {len(results)} results, one die has {DIE}")
        problems += [f"casualty_results.{morale}: {c!r} is not a result (-, r1, r2, A, r1A, r2A, 1/2E, E)"
                     for c in results if not RESULT.match(c)]
    found, _ = _int_keys(list(spec.leader_combat), "leader_combat")
    problems += found
    for diff, duels in spec.leader_combat.items():
        if len(duels) != DIE:
            problems.append(f"leader_combat.{diff}: {len(duels)} results, one die has {DIE}")
        problems += [f"leader_combat.{diff}: {c!r} is not a result (attacker/defender, each -, A or E)"
                     for c in duels if not LEADER_RESULT.match(c)]
    for name in ("rally", "magic_spell"):
        table = getattr(spec, name)
        found, values = _int_keys(list(table), name)
        problems += found + _totals_problems(table, name)
        if name == "magic_spell" and values and min(values) < 1:
            problems.append("magic_spell: a spell costs at least one point")
    return problems


T = TypeVar("T")


def _clamped(table: Mapping[int, T], key: int) -> T:
    """Off a table's ends, its end column (the usual reading of SPI charts)."""
    return table[min(max(key, min(table)), max(table))]


@dataclass(frozen=True)
class Charts:
    """The validated charts; every lookup names its rule."""

    name: str
    reconstruction: bool
    note: str
    ruleset: Ruleset
    probability: dict[tuple[str, int], frozenset[int]]
    results: dict[str, tuple[CasualtyResult, ...]]
    leader: dict[int, tuple[tuple[str, str], ...]]
    rally_totals: dict[int, frozenset[int]]
    magic_totals: dict[int, frozenset[int]]
    spec: dict[str, Any]

    def casualty_totals(self, attack: str, armour: int) -> frozenset[int]:
        """7.33, 7.41: the two-dice totals that cause a casualty; a missile strength
        (lower case) reads the same row (7.17)."""
        return self.probability[(attack.upper(), min(max(armour, 1), 4))]

    def casualty_result(self, morale: str, die: int) -> CasualtyResult:
        """7.33, 7.42: one die against the defender's morale."""
        return self.results[morale][die - 1]

    def leader_result(self, differential: int, die: int) -> tuple[str, str]:
        """7.22, 7.26: (attacker's result, defender's result)."""
        return _clamped(self.leader, differential)[die - 1]

    def rallies(self, rating: int, total: int) -> bool:
        """8.34, 8.37."""
        return total in _clamped(self.rally_totals, rating)

    def spell_succeeds(self, points: int, total: int) -> bool:
        """8.54, 8.57."""
        return total in _clamped(self.magic_totals, points)


def _pair(code: str) -> tuple[str, str]:
    """An 'attacker/defender' Leader combat result (validated to have one slash)."""
    mine, theirs = code.split("/")
    return mine, theirs


def build_charts(spec: ChartsSpec) -> Charts:
    te = spec.terrain_effects
    ruleset = Ruleset(
        name="gondor-sauron", vocabulary=VOCABULARY, movement_classes=MOVE_CLASSES,
        terrain={k: TerrainRule(cost=dict(v.cost), zoc_in=v.zoc_in, zoc_out=v.zoc_out, blocks_sight=v.blocks_sight)
                 for k, v in te.terrain.items()},
        hexsides={k: HexsideRule(extra=dict(v.extra), blocks_zoc=v.blocks_zoc, blocks_melee=v.blocks_melee,
                                 blocks_sight=v.blocks_sight, missile_cover=v.missile_cover)
                  for k, v in te.hexsides.items()},
        stacking=1,  # SPI 5.0: one combat unit a hex
    )
    return Charts(
        name=spec.name, reconstruction=spec.reconstruction, note=spec.note, ruleset=ruleset,
        probability={(a, int(arm)): frozenset(v) for a, row in spec.casualty_probability.items()
                     for arm, v in row.items()},
        results={m: tuple(CasualtyResult.parse(c) for c in row) for m, row in spec.casualty_results.items()},
        leader={int(k): tuple(_pair(c) for c in row) for k, row in spec.leader_combat.items()},
        rally_totals={int(k): frozenset(v) for k, v in spec.rally.items()},
        magic_totals={int(k): frozenset(v) for k, v in spec.magic_spell.items()},
        spec=spec.model_dump(mode="json"),
    )


def load_charts(raw: str, source: str) -> Charts:
    """Parse and validate a charts file's text; ChartError lists every problem."""
    try:
        return build_charts(validated_spec(raw, source, ChartsSpec, _chart_problems))
    except MapError as exc:
        raise ChartError(source, exc.problems) from None


def load_charts_file(path: str | Path) -> Charts:
    try:
        raw = read_user_file(path, "charts file")
    except UnusableInput as exc:
        raise ChartError(str(path), [exc.detail]) from None
    return load_charts(raw, str(path))


@lru_cache(maxsize=1)
def default_charts() -> Charts:
    """The shipped reconstruction."""
    return load_charts_file(DEFAULT_CHARTS)


__all__ = ["CasualtyResult", "ChartError", "Charts", "VOCABULARY", "default_charts", "load_charts",
           "load_charts_file"]
