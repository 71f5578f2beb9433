"""The Necromancer calendar (EN/FR 6.2).

The game begins in TA 2750 (a nominal adjustment phase: Sauron's first Activation and
Saruman's third army, EN 7.8.2 iv, 7.7 x) and the first turn is TA 2765; turns follow
every 15 years, and a turn whose year ends in 0 has an Adjustment phase, like a standard
Fall. Sauron is eliminated at the end of the TA 3020 Adjustment (EN 7.8.3 i).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from warjudge.core.errors import InputError

START_YEAR = 2750
FIRST_TURN = 2765
TURN_YEARS = 15
SAURON_ENDS = 3020
MOVEMENT, RETREAT, ADJUSTMENT = "M", "R", "A"
_ORDER = {MOVEMENT: 0, RETREAT: 1, ADJUSTMENT: 2}


@dataclass(frozen=True)
class NPhase:
    year: int
    kind: str

    def __str__(self) -> str:
        return f"TA{self.year}{self.kind}"

    def __lt__(self, other: "NPhase") -> bool:
        return (self.year, _ORDER[self.kind]) < (other.year, _ORDER[other.kind])

    @classmethod
    def parse(cls, text: str) -> "NPhase":
        m = re.fullmatch(r"\s*TA\s*(\d{4})\s*([MRA])\s*", str(text).upper())
        if not m:
            raise InputError(f"phase {text!r}: write it like TA2765M, TA2780R or TA2780A")
        year, kind = int(m.group(1)), m.group(2)
        phase = cls(year, kind)
        if year == START_YEAR and kind == ADJUSTMENT:
            return phase
        if year < FIRST_TURN or (year - FIRST_TURN) % TURN_YEARS:
            raise InputError(f"phase {text!r}: turns fall in TA 2765, 2780, 2795, ... (every 15 years)")
        if kind == ADJUSTMENT and not is_adjustment_year(year):
            raise InputError(f"phase {text!r}: only turns in years ending in 0 have an Adjustment phase")
        return phase


def is_adjustment_year(year: int) -> bool:
    return year % 10 == 0


def opening_phase() -> NPhase:
    return NPhase(START_YEAR, ADJUSTMENT)


def next_turn(year: int) -> NPhase:
    """The movement phase that follows the turn of `year` (TA 2750 is followed by 2765)."""
    return NPhase(FIRST_TURN if year < FIRST_TURN else year + TURN_YEARS, MOVEMENT)


def turn_number(year: int) -> int:
    """TA 2765 is turn 1; TA 3020 is the 18th turn (EN 7.8.3 i)."""
    return (year - FIRST_TURN) // TURN_YEARS + 1
