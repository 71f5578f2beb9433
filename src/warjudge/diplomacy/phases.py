"""Phases and the state machine that chains them.

`judge_phase` takes the position at the start of a phase plus everyone's orders and
returns the report and the position at the start of the next phase, skipping retreat and
adjustment phases that have nothing to do, updating supply-centre ownership after Fall
and declaring a winner.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from warjudge.core.errors import InputError
from warjudge.diplomacy.adjustments import adjustment_counts, judge_adjustments
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.movement import judge_movement
from warjudge.diplomacy.report import PhaseReport
from warjudge.diplomacy.results import Dislodged, Entry, OrderItem
from warjudge.diplomacy.retreats import judge_retreats
from warjudge.diplomacy.units import Unit

MOVEMENT, RETREAT, ADJUSTMENT = "M", "R", "A"
SPRING, FALL, WINTER = "S", "F", "W"
_WHEN = {SPRING: 0, FALL: 1, WINTER: 2, MOVEMENT: 0, RETREAT: 1, ADJUSTMENT: 2}   # a year's order


@dataclass(frozen=True)
class Phase:
    year: int
    season: str
    kind: str

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    def __lt__(self, other: "Phase") -> bool:
        """Earlier in the game: spring, fall, winter (not the letters' order, which puts
        fall first), and within a season movement before retreats."""
        return (self.year, _WHEN[self.season], _WHEN[self.kind]) < (other.year, _WHEN[other.season], _WHEN[other.kind])

    @classmethod
    def parse(cls, text: str) -> "Phase":
        m = re.fullmatch(r"\s*([SFW])(\d{1,4})([MRA])\s*", str(text).upper())
        if not m:
            raise InputError(f"phase {text!r}: write it like S1901M, F1901R or W1901A")
        season, year, kind = m.group(1), int(m.group(2)), m.group(3)
        if kind == ADJUSTMENT:
            season = WINTER  # "F1901A" is also seen for the winter adjustment
        elif season == WINTER:
            raise InputError(f"phase {text!r}: winter has only the adjustment phase (W{year}A)")
        return cls(year, season, kind)


@dataclass
class GameState:
    """The position at the start of a phase."""

    phase: Phase
    units: dict[str, Unit]
    centers: dict[str, set[str]]
    dislodged: list[Dislodged] = field(default_factory=list)
    standoffs: set[str] = field(default_factory=set)
    winner: str | None = None


def initial_state(dmap: DipMap) -> GameState:
    units = {}
    for power, placed in dmap.start.items():
        for kind, loc in placed:
            unit = Unit(power, kind, loc)
            units[unit.province] = unit
    centers = {p: set(dmap.home_centers(p)) for p in dmap.powers}
    return GameState(Phase(dmap.start_year, SPRING, MOVEMENT), units, centers)


def judge_phase(dmap: DipMap, state: GameState, orders: Mapping[str, Sequence[OrderItem]]
                ) -> PhaseReport[Phase, GameState, Dislodged, None]:
    entries: list[Entry] = [(power, o) for power, items in orders.items() for o in items]
    phase = state.phase
    if phase.kind == MOVEMENT:
        out = judge_movement(dmap, state.units, entries)
        if out.dislodged:
            nxt = GameState(Phase(phase.year, phase.season, RETREAT), out.units, _copy(state.centers),
                            out.dislodged, out.standoffs)
        else:
            nxt = _end_of_season(dmap, phase, out.units, state.centers)
        # every unit is still on the board or retreating: only the centres after Fall can eliminate
        gone = _eliminated(dmap, state, nxt) if phase.season == FALL and not out.dislodged else []
        return PhaseReport(phase, out.results, nxt, None, out.dislodged, out.standoffs, gone)
    elif phase.kind == RETREAT:
        retreated = judge_retreats(dmap, state.units, state.dislodged, state.standoffs, entries)
        nxt = _end_of_season(dmap, phase, retreated.units, state.centers)
        return PhaseReport(phase, retreated.results, nxt, None, eliminated=_eliminated(dmap, state, nxt))
    adjusted = judge_adjustments(dmap, state.units, state.centers, entries)
    nxt = GameState(Phase(phase.year + 1, SPRING, MOVEMENT), adjusted.units, _copy(state.centers))
    return PhaseReport(phase, adjusted.results, nxt, None, eliminated=_eliminated(dmap, state, nxt))


def _playing(state: GameState) -> set[str]:
    """The powers with a unit (one waiting to retreat too) or a supply centre."""
    out = {unit.power for unit in state.units.values()}
    out.update(d.unit.power for d in state.dislodged)
    out.update(power for power, centers in state.centers.items() if centers)
    return out


def _eliminated(dmap: DipMap, before: GameState, after: GameState) -> list[str]:
    """The powers the phase put out of the game (no unit and no centre left), in map order."""
    gone = _playing(before) - _playing(after)
    return [power for power in dmap.powers if power in gone]


def _copy(centers: dict[str, set[str]]) -> dict[str, set[str]]:
    return {p: set(c) for p, c in centers.items()}


def update_centers(dmap: DipMap, units: dict[str, Unit], centers: dict[str, set[str]]) -> dict[str, set[str]]:
    """After Fall: a supply centre occupied by a unit now belongs to the unit's power."""
    sc = dmap.supply_center_set   # a set, not each province's record: fewer reads (issue 26)
    occupied = {prov: unit.power for prov, unit in units.items() if prov in sc}
    out = {p: c.difference(occupied) for p, c in centers.items()}
    for prov, power in occupied.items():
        out.setdefault(power, set()).add(prov)
    return out


def _end_of_season(dmap: DipMap, phase: Phase, units: dict[str, Unit], centers: dict[str, set[str]]) -> GameState:
    if phase.season == SPRING:
        return GameState(Phase(phase.year, FALL, MOVEMENT), units, _copy(centers))
    centers = update_centers(dmap, units, centers)
    winner = next((p for p, c in centers.items() if len(c) >= dmap.victory_centers), None)
    if any(adjustment_counts(units, centers, dmap.powers).values()):
        return GameState(Phase(phase.year, WINTER, ADJUSTMENT), units, centers, winner=winner)
    return GameState(Phase(phase.year + 1, SPRING, MOVEMENT), units, centers, winner=winner)
