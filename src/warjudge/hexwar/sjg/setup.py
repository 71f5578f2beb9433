"""Scenarios (SJG 9.1, 9.2) and game options: forces, Conversion Points, where each side
may deploy, who moves first, the Miasma's placement (7.2) and the optional rules (10.x)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.moves import mixes_mercenaries
from warjudge.hexwar.sjg.problems import Problem, problem
from warjudge.hexwar.sjg.state import STACK_LIMIT, Position
from warjudge.hexwar.sjg.tables import UnitType

OptionalRule = Literal["cp_allowance", "miasma_movement", "miasma_teleport", "miasma_demon", "fourth_jewel"]
OPTIONAL_RULES: tuple[str, ...] = get_args(OptionalRule)
OPTIONAL_RULE_NAMES = {   # as the rulebook titles them (10.1-10.4; the fourth Jewel: 8.1, 8.4)
    "cp_allowance": "Conversion Point Allowance (10.1)", "miasma_movement": "Miasma Movement (10.2)",
    "miasma_teleport": "Miasma Teleport (10.3)", "miasma_demon": "Miasma Demon (10.4)",
    "fourth_jewel": "The fourth Jewel (8.1)"}
MAX_ITEMS = 8  # 10.5: more than the box's counters could never be shared out


class MapInRecord(BaseModel):
    """The map a game is played on, carried in its record (never a file name: a record is
    mailed, and a record that named a file would make its reader open it). `sha256` is
    the digest of `spec`'s canonical JSON, so an edited map is refused."""

    model_config = ConfigDict(extra="forbid", strict=True)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    spec: dict[str, Any]


class Options(BaseModel):
    """The options a game is created with; stored in its record's header and validated
    strictly when read back (booleans are booleans, names are names, numbers in range)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    scenario: Literal["standard", "conversion"] = "standard"
    first: Literal["red", "black", "coin"] = "coin"
    optional: list[OptionalRule] = Field(default=[], max_length=len(OPTIONAL_RULES))
    items: dict[Literal["red", "black"], Annotated[int, Field(ge=0, le=MAX_ITEMS)]] = Field(
        default={}, description="10.5: how many extra items each side chooses (a dragon counts as two)")
    map: MapInRecord | None = Field(default=None, description="your own map; default: the shipped reconstruction")
    max_turns: Annotated[int, Field(ge=1, le=10_000)] | None = Field(
        default=None, description="end the game after this many player-turns (outcome 'turn-limit'); default: none")

    @field_validator("optional")
    @classmethod
    def _once_each(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("an optional rule is named twice")
        return value


def option_problems(exc: ValidationError) -> str:
    """A pydantic error as one line a player can act on (no internal URLs)."""
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in exc.errors()[:6])


@dataclass(frozen=True)
class Forces:
    zombie: int
    skeleton: int
    wraith: int
    cp: int

    def counts(self) -> dict[UnitType, int]:
        return {UnitType.ZOMBIE: self.zombie, UnitType.SKELETON: self.skeleton, UnitType.WRAITH: self.wraith}


@dataclass(frozen=True)
class Scenario:
    name: str
    forces: dict[str, Forces]
    deploy_order: tuple[str, ...]          # sides that deploy, in order; () = simultaneous
    attempts: dict[str, int] = field(default_factory=dict)  # fixed attempts per turn (9.2)
    miasma_centre: str | None = None       # a point name; None = roll (7.2)
    first: str | None = None               # None = toss a coin (9.1)


STANDARD = Scenario("standard", {"red": Forces(17, 8, 25, 150), "black": Forces(17, 8, 25, 150)}, ())
CONVERSION = Scenario("conversion", {"red": Forces(27, 13, 40, 0), "black": Forces(7, 3, 10, 400)},
                      ("black", "red"), attempts={"red": 0, "black": 3}, miasma_centre="miasma:3-4", first="red")
SCENARIOS = {"standard": STANDARD, "conversion": CONVERSION}
CP_ALLOWANCE_START, CP_ALLOWANCE_TURN = 50, 10  # 10.1
DEPLOY_RADIUS = 3      # 9.1
CONVERSION_SPACING = 13  # 9.2: no Red unit within 13 hexes of a Black unit


def deploy_problem(position: Position, scenario: Scenario, side: str, placements: dict[str, list[UnitType]],
                   extra: dict[UnitType, int] | None = None) -> Problem | None:
    """Why these placements break the scenario's set-up rules (None: fine). `extra` are
    the optional units the side chose (10.52-10.54); they set up like the others."""
    board = position.board
    wanted = scenario.forces[side].counts()
    for kind, n in (extra or {}).items():
        wanted[kind] = wanted.get(kind, 0) + n
    placed: dict[UnitType, int] = {k: 0 for k in wanted}
    necromancers = 0
    for h, kinds in placements.items():
        if h not in board.hexes:
            return problem("off_map", hex=h)
        if board.terrain(h) == "monolith":
            return problem("monolith", hex=h)
        counted = sum(1 for k in kinds if k != UnitType.NECROMANCER)
        if counted > STACK_LIMIT:
            return problem("stack_limit", hex=h, limit=STACK_LIMIT)
        if mixes_mercenaries(set(kinds) | {u.kind for u in position.at(h)}):
            return problem("mercenaries_mixed", hex=h)
        for k in kinds:
            if k == UnitType.NECROMANCER:
                necromancers += 1
            elif k in placed:
                placed[k] += 1
            else:
                return problem("not_in_forces", kind=k.value)
        if any(u.side != side for u in position.at(h)):
            return problem("enemy_there", hex=h)
    if placed != wanted:
        return problem("deploy_exactly", forces={k.value: n for k, n in wanted.items() if n}, scenario=scenario.name)
    if scenario.name == "standard":
        if necromancers:
            return problem("necromancer_on_skull")
        necromancer = position.necromancer(side)
        assert necromancer is not None, "the standard scenario puts each Necromancer down first (9.1)"
        skull = necromancer.hex
        far = [h for h in placements if distance(h, skull) > DEPLOY_RADIUS]
        if far:
            return problem("deploy_near_necromancer", hexes=sorted(far), radius=DEPLOY_RADIUS)
        return None
    if necromancers != 1:
        return problem("place_necromancer")
    if side == "black":
        plateau = board.regions.get("large_level4_plateau", frozenset())
        outside = [h for h in placements if h not in plateau]
        if outside:
            return problem("black_on_plateau", hexes=sorted(outside))
        return None
    black = [u.hex for u in position.side_units("black")]
    near = [h for h in placements if any(distance(h, b) <= CONVERSION_SPACING for b in black)]
    if near:
        return problem("red_too_near", hexes=sorted(near), spacing=CONVERSION_SPACING)
    return None
