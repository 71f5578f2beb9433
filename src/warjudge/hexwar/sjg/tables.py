"""The charts and tables of SJG Necromancer (1983) as exact data, with lookups.

Transcribed from the "Charts and Tables" sheet; section numbers refer to the rulebook.
The engine asks these functions rather than repeating numbers, so a transcription error
has exactly one place to be and one test file (tests/hexwar/sjg/test_tables.py) to catch it.
Where the sheet is ambiguous, the ruling is stated next to the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Literal, Mapping, cast

from warjudge.hexwar.odds import odds_ratio, ratio_label


class UnitType(StrEnum):
    NECROMANCER = "necromancer"
    ZOMBIE = "zombie"
    SKELETON = "skeleton"
    WRAITH = "wraith"
    MERCENARY = "mercenary"    # optional rule 10.53
    APPRENTICE = "apprentice"  # optional rule 10.52
    DRAGON = "dragon"          # optional rule 10.54


_N, _Z, _S, _W = UnitType.NECROMANCER, UnitType.ZOMBIE, UnitType.SKELETON, UnitType.WRAITH
_MERC, _APPR, _DRAG = UnitType.MERCENARY, UnitType.APPRENTICE, UnitType.DRAGON

# --- Fixed Unit Abilities -------------------------------------------------------------

SEARCH_POINTS: Mapping[UnitType, int] = MappingProxyType(
    {_N: 6, _Z: 1, _S: 2, _W: 3, _MERC: 2, _APPR: 3, _DRAG: 0}
)
MOVEMENT_ALLOWANCE: Mapping[UnitType, int] = MappingProxyType(
    {_N: 2, _Z: 3, _S: 4, _W: 5, _MERC: 4, _APPR: 2, _DRAG: 5}
)


@dataclass(frozen=True)
class FixedStrength:
    """Combat strengths of the units whose values do not come from the Conversion Track
    (the chart's "dir./indir./boulder def.")."""

    direct: int
    indirect: int
    boulder_defence: int


FIXED_STRENGTH: Mapping[UnitType, FixedStrength] = MappingProxyType(
    {_MERC: FixedStrength(8, 5, 8), _DRAG: FixedStrength(20, 0, 10)}
)
CRYSTAL_BALL_SP = 2  # 10.56: +2 to any search made by the owning player
SWORD_BONUS = 6      # 10.57: + to its user's direct attacks
BOW_BONUS = 4        # 10.58: + to its user's direct and indirect attacks
DEMON_STRENGTH = 30  # 10.4

# The note under the Conversion Track: only these are counted to find the column.
COUNTS_ON_TRACK: frozenset[UnitType] = frozenset({_Z, _S, _W})

# --- Conversion Track (Variable Unit Abilities) ---------------------------------------


@dataclass(frozen=True)
class TrackColumn:
    """One column of the Conversion Track: the values a side's undead have while it
    controls between `low` and `high` units (`high` None: no upper limit)."""

    low: int
    high: int | None
    zombie: tuple[int, int]    # (strength, resistance)
    skeleton: tuple[int, int]
    wraith: tuple[int, int]
    boulder_defence: int       # also the Necromancer's defence against all attacks (6.4)
    attempts: int              # conversion attempts allowed per turn

    @property
    def label(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"

    def strength(self, unit_type: UnitType) -> int:
        return self._pair(unit_type)[0]

    def resistance(self, unit_type: UnitType) -> int:
        return self._pair(unit_type)[1]

    def _pair(self, unit_type: UnitType) -> tuple[int, int]:
        if unit_type == _Z:
            return self.zombie
        if unit_type == _S:
            return self.skeleton
        if unit_type == _W:
            return self.wraith
        raise ValueError(f"the Conversion Track gives no values for a {unit_type}")


# Boulder defence: the sheet prints 12 11 10 9 8 each across two columns.
# Attempts: the sheet prints "two one none" under the 1st, 3rd and 9th columns. Ruling:
# each word covers the columns from where it is printed to the next word, so two for
# 1-25, one for 26-70, none from 71 (5.2 fixes 25 units -> two and 38 units -> one).
TRACK: tuple[TrackColumn, ...] = (
    #          units      zombie    skeleton wraith  boulder attempts
    TrackColumn(1, 16,    (12, 10), (8, 8), (5, 4), 12, 2),
    TrackColumn(17, 25,   (11, 9),  (8, 7), (4, 3), 12, 2),
    TrackColumn(26, 34,   (10, 9),  (7, 7), (3, 3), 11, 1),
    TrackColumn(35, 44,   (10, 8),  (7, 6), (3, 3), 11, 1),
    TrackColumn(45, 54,   (8, 8),   (6, 6), (3, 2), 10, 1),
    TrackColumn(55, 60,   (7, 7),   (5, 5), (2, 2), 10, 1),
    TrackColumn(61, 65,   (6, 6),   (4, 4), (2, 2), 9, 1),
    TrackColumn(66, 70,   (5, 5),   (3, 3), (2, 1), 9, 1),
    TrackColumn(71, 76,   (4, 5),   (3, 3), (2, 1), 8, 0),
    TrackColumn(77, None, (3, 4),   (2, 3), (1, 1), 8, 0),
)


def track(unit_count: int) -> TrackColumn:
    """The Conversion Track column for a side controlling `unit_count` zombies, skeletons
    and wraiths. A side with none left uses the 1-16 column: 6.4 has the Necromancer
    attack "at the value they would currently have if any were left"."""
    if unit_count < 0:
        raise ValueError(f"unit count cannot be negative ({unit_count})")
    return next(c for c in TRACK if c.high is None or unit_count <= c.high)


# --- Conversion Table -----------------------------------------------------------------


class ConversionResult(StrEnum):
    NONE = "none"              # CPs are not expended
    CONVERTED = "converted"    # CPs are expended
    ELIMINATED = "eliminated"  # CPs are expended


_NO, _CV, _EL = ConversionResult.NONE, ConversionResult.CONVERTED, ConversionResult.ELIMINATED
# die roll -> results in the x1, x2, x3, x4 columns
CONVERSION_TABLE: Mapping[int, tuple[ConversionResult, ...]] = MappingProxyType({
    1: (_NO, _NO, _NO, _CV),
    2: (_NO, _NO, _CV, _CV),
    3: (_NO, _NO, _CV, _CV),
    4: (_NO, _CV, _CV, _CV),
    5: (_NO, _CV, _CV, _CV),
    6: (_CV, _CV, _CV, _EL),
})


def conversion_result(die: int, multiple: int) -> ConversionResult:
    """The Conversion Table: one die against the CP spent as a multiple (1-4) of the
    stack's total resistance."""
    if die not in CONVERSION_TABLE:
        raise ValueError(f"a conversion roll is one die, 1-6, not {die}")
    if not 1 <= multiple <= 4:
        raise ValueError(f"conversion odds are x1 to x4, not x{multiple}")
    return CONVERSION_TABLE[die][multiple - 1]


# --- Search Table ---------------------------------------------------------------------

# Miasma hexes left on the map -> least 2d6 total that succeeds, for 1-3, 4-6, 7-9 and
# 10+ search points in the hex.
SEARCH_TABLE: Mapping[int, tuple[int, int, int, int]] = MappingProxyType({
    1: (7, 6, 5, 3),
    2: (8, 7, 6, 4),
    3: (9, 8, 6, 5),
    4: (10, 9, 7, 6),
    5: (10, 10, 8, 6),
    6: (11, 10, 9, 7),
    7: (12, 11, 10, 8),
})


def search_target(miasma_hexes: int, search_points: int) -> int | None:
    """The least two-dice total that searches a hex successfully (7.41), or None when
    the hex holds no search points."""
    if miasma_hexes not in SEARCH_TABLE:
        raise ValueError(f"the Miasma occupies 1 to 7 hexes, not {miasma_hexes}")
    if search_points < 0:
        raise ValueError(f"search points cannot be negative ({search_points})")
    if search_points == 0:
        return None
    return SEARCH_TABLE[miasma_hexes][min((search_points - 1) // 3, 3)]


# --- Jewel Table ----------------------------------------------------------------------


class JewelEffect(StrEnum):
    TWO_FREE_CONVERSIONS = "two_free_conversions"
    ONE_FREE_CONVERSION = "one_free_conversion"
    NECROMANCER_MOVEMENT = "necromancer_movement"    # Necromancer +1 MP
    SKELETON_STRENGTH = "skeleton_strength"          # skeleton units +1 combat strength
    CONVERSION_POINTS = "conversion_points"          # +JEWEL_CP
    ZOMBIE_MOVEMENT = "zombie_movement"              # zombies +1 MP
    WRAITH_MOVEMENT_PHASE = "wraith_movement_phase"  # one hex after combat
    NECROMANCER_HALVED = "necromancer_halved"        # Necromancer attack strength halved

    @property
    def free_attempts(self) -> int:
        """Free conversion attempts (in all, not per turn) on the x3 column."""
        return _FREE_ATTEMPTS.get(self, 0)


_FREE_ATTEMPTS = {JewelEffect.TWO_FREE_CONVERSIONS: 2, JewelEffect.ONE_FREE_CONVERSION: 1}


JEWEL_CP = 20
FREE_ATTEMPT_MULTIPLE = 3  # free attempts are rolled on the "x3" column

JEWEL_TABLE: Mapping[int, JewelEffect] = MappingProxyType({
    2: JewelEffect.TWO_FREE_CONVERSIONS,
    3: JewelEffect.ONE_FREE_CONVERSION,
    4: JewelEffect.NECROMANCER_MOVEMENT,
    5: JewelEffect.SKELETON_STRENGTH,
    6: JewelEffect.CONVERSION_POINTS,
    7: JewelEffect.CONVERSION_POINTS,
    8: JewelEffect.CONVERSION_POINTS,
    9: JewelEffect.ZOMBIE_MOVEMENT,
    10: JewelEffect.WRAITH_MOVEMENT_PHASE,
    11: JewelEffect.ONE_FREE_CONVERSION,
    12: JewelEffect.NECROMANCER_HALVED,
})


def jewel_effect(roll: int) -> JewelEffect:
    """The Jewel Table: two dice, rolled when a Jewel reaches its Necromancer (8.1)."""
    if roll not in JEWEL_TABLE:
        raise ValueError(f"a Jewel roll is two dice, 2-12, not {roll}")
    return JEWEL_TABLE[roll]


# --- Combat Results Table -------------------------------------------------------------

CRTKind = Literal["NE", "AR", "DR", "AE", "DE"]


@dataclass(frozen=True)
class CRTResult:
    """A CRT entry: `kind`, and for a retreat-minus result ("DR-2") the units lost per
    retreating stack (6.53)."""

    kind: CRTKind
    losses: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("NE", "AR", "DR", "AE", "DE"):
            raise ValueError(f"no CRT result {self.kind!r}")
        if self.losses not in (0, 1, 2) or (self.losses and self.kind not in ("AR", "DR")):
            raise ValueError(f"no CRT result {self.kind}-{self.losses}")

    @classmethod
    def parse(cls, text: str) -> CRTResult:
        kind, _, losses = text.partition("-")
        return cls(cast(CRTKind, kind), int(losses or 0))

    def __str__(self) -> str:
        return f"{self.kind}-{self.losses}" if self.losses else self.kind


CRT_COLUMNS = ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1")
AUTO_DE = "auto-DE"  # 5-1 or better
AUTO_AE = "auto-AE"  # worse than 1-3
_AUTOMATIC = {AUTO_DE: CRTResult("DE"), AUTO_AE: CRTResult("AE")}

# modified two-dice roll -> results under CRT_COLUMNS
_CRT_ROWS = {
    2: "AR-2 AR-1 AR-1 NE   DR   DR",
    3: "AR-2 AR   AR   DR   DR   DR-1",
    4: "AR-1 AR   NE   DR   DR   DR-1",
    5: "AR   NE   NE   DR   DR-1 DR-2",
    6: "AR   NE   NE   DR   DR-1 DR-2",
    7: "AR   NE   DR   DR-1 DR-2 DE",
    8: "NE   NE   DR   DR-1 DR-2 DE",
    9: "NE   DR   DR-1 DR-2 DE   DE",
    10: "NE   DR   DR-1 DR-2 DE   DE",
    11: "NE   DR-1 DR-1 DE   DE   DE",
    12: "DR   DR-1 DR-2 DE   DE   DE",
}
CRT_TABLE: Mapping[tuple[str, int], CRTResult] = MappingProxyType({
    (column, roll): CRTResult.parse(cell)
    for roll, row in _CRT_ROWS.items()
    for column, cell in zip(CRT_COLUMNS, row.split(), strict=True)
})


def odds_column(attack: int, defence: int) -> str:
    """The CRT column for these strengths (6.21): one of CRT_COLUMNS, AUTO_DE at 5-1 or
    better, AUTO_AE worse than 1-3 (including an attack of 0)."""
    attack_part, defence_part = ratio = odds_ratio(attack, defence)
    if attack_part == 0 or defence_part > 3:
        return AUTO_AE
    if attack_part >= 5:
        return AUTO_DE
    return ratio_label(ratio)


def crt(column: str, roll: int) -> CRTResult:
    """The Combat Results Table. `roll` is the modified two-dice total; ruling: it is
    clamped to 2..12, modifiers never take it off the table. The automatic columns give
    their result whatever the roll."""
    if column in _AUTOMATIC:
        return _AUTOMATIC[column]
    if column not in CRT_COLUMNS:
        raise ValueError(f"no CRT column {column!r}")
    return CRT_TABLE[(column, min(max(roll, 2), 12))]
