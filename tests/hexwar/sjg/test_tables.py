"""SJG Necromancer charts and tables, cell by cell against the rulebook, and its worked
examples. The tables are transcribed again here, independently of tables.py, as the
rulebook prints them, so a slip in either transcription fails a test."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warjudge.hexwar.sjg.tables import (
    AUTO_AE,
    AUTO_DE,
    COUNTS_ON_TRACK,
    CRT_COLUMNS,
    CRYSTAL_BALL_SP,
    FIXED_STRENGTH,
    FREE_ATTEMPT_MULTIPLE,
    JEWEL_CP,
    MOVEMENT_ALLOWANCE,
    SEARCH_POINTS,
    TRACK,
    ConversionResult,
    CRTResult,
    FixedStrength,
    JewelEffect,
    UnitType,
    conversion_result,
    crt,
    jewel_effect,
    odds_column,
    search_target,
    track,
)
from warjudge.hexwar.odds import odds_ratio, ratio_label

Z, S, W = UnitType.ZOMBIE, UnitType.SKELETON, UnitType.WRAITH

# --- the rulebook's Charts and Tables, as printed -------------------------------------

# Fixed Unit Abilities: unit, search points, movement allowance, dir./indir./boulder def.
FIXED_ABILITIES = [
    ("necromancer", 6, 2, "*"),
    ("zombie", 1, 3, "*"),
    ("skeleton", 2, 4, "*"),
    ("wraith", 3, 5, "*"),
    ("mercenary", 2, 4, "8/5/8"),
    ("apprentice", 3, 2, "*"),
    ("dragon", 0, 5, "20/0/10"),
]

TRACK_BANDS = "1-16 17-25 26-34 35-44 45-54 55-60 61-65 66-70 71-76 77+".split()
TRACK_ROWS = {
    Z: "12-10 11-9 10-9 10-8 8-8 7-7 6-6 5-5 4-5 3-4".split(),
    S: "8-8 8-7 7-7 7-6 6-6 5-5 4-4 3-3 3-3 2-3".split(),
    W: "5-4 4-3 3-3 3-3 3-2 2-2 2-2 2-1 2-1 1-1".split(),
}
# ruling: the sheet prints "12 11 10 9 8" with each value spread over two columns
BOULDER_ROW = [12, 12, 11, 11, 10, 10, 9, 9, 8, 8]
# ruling: "two one none" is printed under the 1st, 3rd and 9th columns; each word covers
# the columns up to the next word
ATTEMPTS_ROW = [2, 2, 1, 1, 1, 1, 1, 1, 0, 0]

# Conversion Table: die roll -> x1 x2 x3 x4
CONVERSION_ROWS = {
    1: "— — — C",
    2: "— — C C",
    3: "— — C C",
    4: "— C C C",
    5: "— C C C",
    6: "C C C E",
}
CONVERSION_CODES = {
    "—": ConversionResult.NONE,
    "C": ConversionResult.CONVERTED,
    "E": ConversionResult.ELIMINATED,
}

# Search Table: Miasma hexes left -> SP 1-3, 4-6, 7-9, 10+
SEARCH_ROWS = {
    1: (7, 6, 5, 3),
    2: (8, 7, 6, 4),
    3: (9, 8, 6, 5),
    4: (10, 9, 7, 6),
    5: (10, 10, 8, 6),
    6: (11, 10, 9, 7),
    7: (12, 11, 10, 8),
}
SEARCH_BANDS = [(1, 3), (4, 6), (7, 9), (10, 40)]

JEWEL_ROWS = {
    2: ('Two free "x3" conversion attempts.', JewelEffect.TWO_FREE_CONVERSIONS, 2),
    3: ('One free "x3" conversion attempt.', JewelEffect.ONE_FREE_CONVERSION, 1),
    4: ("Necromancer +1 MP.", JewelEffect.NECROMANCER_MOVEMENT, 0),
    5: ("Skeleton units +1 combat strength.", JewelEffect.SKELETON_STRENGTH, 0),
    6: ("20 CP.", JewelEffect.CONVERSION_POINTS, 0),
    7: ("20 CP.", JewelEffect.CONVERSION_POINTS, 0),
    8: ("20 CP.", JewelEffect.CONVERSION_POINTS, 0),
    9: ("Zombies +1 MP.", JewelEffect.ZOMBIE_MOVEMENT, 0),
    10: ("Wraith additional movement phase.", JewelEffect.WRAITH_MOVEMENT_PHASE, 0),
    11: ('One free "x3" conversion attempt.', JewelEffect.ONE_FREE_CONVERSION, 1),
    12: ("Necromancer strength halved.", JewelEffect.NECROMANCER_HALVED, 0),
}

# Combat Results Table: die roll -> 1-3 1-2 1-1 2-1 3-1 4-1
CRT_HEADINGS = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1"]
CRT_ROWS = {
    2: ["AR-2", "AR-1", "AR-1", "NE", "DR", "DR"],
    3: ["AR-2", "AR", "AR", "DR", "DR", "DR-1"],
    4: ["AR-1", "AR", "NE", "DR", "DR", "DR-1"],
    5: ["AR", "NE", "NE", "DR", "DR-1", "DR-2"],
    6: ["AR", "NE", "NE", "DR", "DR-1", "DR-2"],
    7: ["AR", "NE", "DR", "DR-1", "DR-2", "DE"],
    8: ["NE", "NE", "DR", "DR-1", "DR-2", "DE"],
    9: ["NE", "DR", "DR-1", "DR-2", "DE", "DE"],
    10: ["NE", "DR", "DR-1", "DR-2", "DE", "DE"],
    11: ["NE", "DR-1", "DR-1", "DE", "DE", "DE"],
    12: ["DR", "DR-1", "DR-2", "DE", "DE", "DE"],
}


def _band(label: str) -> tuple[int, int | None]:
    low, _, high = label.rstrip("+").partition("-")
    return int(low), int(high) if high else None


def _pair(text: str) -> tuple[int, int]:
    strength, resistance = text.split("-")
    return int(strength), int(resistance)


def _cell(text: str) -> tuple[str, int]:
    kind, _, losses = text.partition("-")
    return kind, int(losses or 0)


# --- Fixed Unit Abilities -------------------------------------------------------------


@pytest.mark.parametrize("name, sp, ma, combat", FIXED_ABILITIES)
def test_fixed_unit_abilities(name, sp, ma, combat):
    # SJG Fixed Unit Abilities chart
    unit = UnitType(name)
    assert SEARCH_POINTS[unit] == sp
    assert MOVEMENT_ALLOWANCE[unit] == ma
    if combat == "*":  # variable: see Conversion Track
        assert unit not in FIXED_STRENGTH
    else:
        fixed = FIXED_STRENGTH[unit]
        assert f"{fixed.direct}/{fixed.indirect}/{fixed.boulder_defence}" == combat


def test_chart_covers_every_unit_type():
    # SJG Fixed Unit Abilities chart: one row per unit type
    assert {UnitType(name) for name, *_ in FIXED_ABILITIES} == set(UnitType)
    assert set(SEARCH_POINTS) == set(MOVEMENT_ALLOWANCE) == set(UnitType)


def test_search_points_in_the_text():
    # SJG 7.41: zombie 1, skeleton 2, wraith 3, Necromancer 6
    assert [SEARCH_POINTS[u] for u in (Z, S, W, UnitType.NECROMANCER)] == [1, 2, 3, 6]


def test_optional_units_in_the_text():
    # SJG 10.52 apprentice: MA as the Necromancer's, 3 SP
    assert MOVEMENT_ALLOWANCE[UnitType.APPRENTICE] == MOVEMENT_ALLOWANCE[UnitType.NECROMANCER]
    assert SEARCH_POINTS[UnitType.APPRENTICE] == 3
    # SJG 10.53 mercenary: strength 8, boulder defence 8, indirect 5, MA 4, 2 SP
    assert FIXED_STRENGTH[UnitType.MERCENARY] == FixedStrength(8, 5, 8)
    # SJG 10.54 dragon: direct only, 20; boulder defence 10; MA 5; SJG 6.23: 8 and 10
    dragon = FIXED_STRENGTH[UnitType.DRAGON]
    assert (dragon.direct, dragon.indirect, dragon.boulder_defence) == (20, 0, 10)
    assert MOVEMENT_ALLOWANCE[UnitType.DRAGON] == 5


def test_crystal_ball():
    # SJG 10.56 and the chart: +2 to any search made by the owning player
    assert CRYSTAL_BALL_SP == 2


def test_only_undead_count_on_the_track():
    # SJG Conversion Track note: do not include Necromancers, apprentices, mercenaries,
    # or dragons when counting units; SJG 3.1: zombies, skeletons and wraiths
    assert COUNTS_ON_TRACK == {Z, S, W}


# --- Conversion Track -----------------------------------------------------------------


def test_track_columns_as_printed():
    # SJG Conversion Track: ten columns, in order
    assert [column.label for column in TRACK] == TRACK_BANDS


@pytest.mark.parametrize("index, band", list(enumerate(TRACK_BANDS)))
@pytest.mark.parametrize("unit", [Z, S, W])
def test_track_strength_and_resistance(index, band, unit):
    # SJG Conversion Track: "Unit strength and resistance", every cell, at both band edges
    low, high = _band(band)
    strength, resistance = _pair(TRACK_ROWS[unit][index])
    for count in (low, high if high is not None else 500):
        column = track(count)
        assert column.label == band
        assert (column.strength(unit), column.resistance(unit)) == (strength, resistance)


@pytest.mark.parametrize("index, band", list(enumerate(TRACK_BANDS)))
def test_track_boulder_defence(index, band):
    # SJG Conversion Track: "Defense factor against boulder attacks"
    # ruling: each printed value covers two columns
    low, high = _band(band)
    assert track(low).boulder_defence == BOULDER_ROW[index]
    assert track(high or 500).boulder_defence == BOULDER_ROW[index]


@pytest.mark.parametrize("index, band", list(enumerate(TRACK_BANDS)))
def test_track_attempts(index, band):
    # SJG Conversion Track: "Conversion attempts allowed per turn"
    # ruling: two for 1-16 and 17-25, one for 26-34 to 66-70, none for 71-76 and 77+
    low, high = _band(band)
    assert track(low).attempts == ATTEMPTS_ROW[index]
    assert track(high or 500).attempts == ATTEMPTS_ROW[index]


@pytest.mark.parametrize(
    "below, above", [(16, 17), (25, 26), (34, 35), (44, 45), (54, 55), (60, 61), (65, 66),
                     (70, 71), (76, 77)]
)
def test_track_band_edges(below, above):
    # SJG Conversion Track: the count printed last in a band is the band's, the next
    # count starts the next band
    assert TRACK.index(track(above)) == TRACK.index(track(below)) + 1


def test_track_with_no_units_left():
    # SJG 6.4 ruling: a side with no zombies, skeletons or wraiths left uses the 1-16
    # column ("the value they would currently have if any were left")
    assert track(0) is track(1) is track(16)


def test_track_rejects_a_negative_count():
    with pytest.raises(ValueError):
        track(-1)


@pytest.mark.parametrize("unit", [UnitType.NECROMANCER, UnitType.MERCENARY,
                                  UnitType.APPRENTICE, UnitType.DRAGON])
def test_track_has_no_values_for_other_units(unit):
    # SJG Fixed Unit Abilities: these units' values are fixed or derived (6.4, 10.52)
    with pytest.raises(ValueError):
        track(20).strength(unit)
    with pytest.raises(ValueError):
        track(20).resistance(unit)


def test_more_units_never_means_stronger_units():
    # SJG 5.2: the more units he has, the less powerful each unit is, and the less
    # resistant it is to conversion
    columns = [track(n) for n in range(0, 120)]
    for before, after in zip(columns, columns[1:]):
        for unit in (Z, S, W):
            assert after.strength(unit) <= before.strength(unit)
            assert after.resistance(unit) <= before.resistance(unit)
        assert after.boulder_defence <= before.boulder_defence
        assert after.attempts <= before.attempts


def test_necromancer_defence_range():
    # SJG 2.21: the wizard's defence is "a number ranging from 8 to 12"
    assert {column.boulder_defence for column in TRACK} == {8, 9, 10, 11, 12}


def test_example_5_2():
    # SJG 5.2: player A, 38 units: the 35-44 column, zombies 10-8, skeletons 7-6,
    # wraiths 3-3, one conversion attempt per turn
    a = track(38)
    assert a.label == "35-44"
    assert (a.strength(Z), a.resistance(Z)) == (10, 8)
    assert (a.strength(S), a.resistance(S)) == (7, 6)
    assert (a.strength(W), a.resistance(W)) == (3, 3)
    assert a.attempts == 1
    # SJG 5.2: player B, 25 units: the 17-25 column, more powerful, two attempts
    b = track(25)
    assert b.label == "17-25"
    assert b.attempts == 2
    assert all(b.strength(u) >= a.strength(u) for u in (Z, S, W))


def test_example_6_23():
    # SJG 6.23: three zombies of strength 8 (24) boulder-attack Red, who has 36 units:
    # the 35-44 column, every Red unit defends at 11, so the attack is on the 2-1 column
    assert track(36).label == "35-44"
    assert track(36).boulder_defence == 11
    assert odds_column(3 * 8, track(36).boulder_defence) == "2-1"


def test_example_6_4():
    # SJG 6.4: a wizard with 58 units attacks directly as two zombies (2 x 7 = 14),
    # indirectly as two skeletons (2 x 5 = 10), and defends at the boulder value, 10
    column = track(58)
    assert column.strength(Z) == 7 and 2 * column.strength(Z) == 14
    assert column.strength(S) == 5 and 2 * column.strength(S) == 10
    assert column.boulder_defence == 10


# --- Conversion Table -----------------------------------------------------------------


@pytest.mark.parametrize("die", sorted(CONVERSION_ROWS))
@pytest.mark.parametrize("multiple", [1, 2, 3, 4])
def test_conversion_table(die, multiple):
    # SJG Conversion Table (Conversion Odds x1-x4), every cell
    expected = CONVERSION_CODES[CONVERSION_ROWS[die].split()[multiple - 1]]
    assert conversion_result(die, multiple) is expected


@pytest.mark.parametrize("die, multiple", [(0, 1), (7, 1), (1, 0), (1, 5), (6, 5)])
def test_conversion_table_bounds(die, multiple):
    # SJG 5.2: one die; CP spent exactly 1, 2, 3 or 4 times the total resistance
    with pytest.raises(ValueError):
        conversion_result(die, multiple)


def test_free_attempts_use_x3():
    # SJG 8.2 and the Jewel Table: free rolls are on the "x3" column
    assert FREE_ATTEMPT_MULTIPLE == 3


# --- Search Table ---------------------------------------------------------------------


@pytest.mark.parametrize("hexes", sorted(SEARCH_ROWS))
@pytest.mark.parametrize("band", range(4))
def test_search_table(hexes, band):
    # SJG Search Table, every cell, at both edges of each search-point band
    low, high = SEARCH_BANDS[band]
    assert search_target(hexes, low) == SEARCH_ROWS[hexes][band]
    assert search_target(hexes, high) == SEARCH_ROWS[hexes][band]


def test_example_7_41():
    # SJG 7.41: two zombies and a skeleton (4 SP), Miasma in five hexes: 10 or more
    sp = 2 * SEARCH_POINTS[Z] + SEARCH_POINTS[S]
    assert sp == 4
    assert search_target(5, sp) == 10


def test_no_search_points_no_search():
    # SJG Search Table: the columns start at 1 search point
    assert search_target(7, 0) is None


@pytest.mark.parametrize("hexes", [0, 8, -1])
def test_search_table_bounds(hexes):
    # SJG 2.25/7.2: the Miasma is seven counters, so 1-7 hexes are left
    with pytest.raises(ValueError):
        search_target(hexes, 4)


def test_search_rejects_negative_points():
    with pytest.raises(ValueError):
        search_target(3, -1)


# --- Jewel Table ----------------------------------------------------------------------


@pytest.mark.parametrize("roll", sorted(JEWEL_ROWS))
def test_jewel_table(roll):
    # SJG Jewel Table, every roll; SJG 8.2: one or two free rolls in all
    _, effect, free = JEWEL_ROWS[roll]
    assert jewel_effect(roll) is effect
    assert jewel_effect(roll).free_attempts == free


def test_jewel_conversion_points():
    # SJG Jewel Table 6-8 and SJG 8.2: the owning player adds 20 CP
    assert JEWEL_CP == 20


@pytest.mark.parametrize("roll", [1, 13])
def test_jewel_table_bounds(roll):
    # SJG 8.1: two dice
    with pytest.raises(ValueError):
        jewel_effect(roll)


# --- Combat Results Table and odds ----------------------------------------------------


def test_crt_columns_as_printed():
    # SJG Combat Results Table: odds columns 1-3 to 4-1
    assert list(CRT_COLUMNS) == CRT_HEADINGS


@pytest.mark.parametrize("roll", sorted(CRT_ROWS))
@pytest.mark.parametrize("index", range(6))
def test_crt(roll, index):
    # SJG Combat Results Table, every cell
    result = crt(CRT_HEADINGS[index], roll)
    assert (result.kind, result.losses) == _cell(CRT_ROWS[roll][index])
    assert str(result) == CRT_ROWS[roll][index]


@pytest.mark.parametrize("column", CRT_HEADINGS)
def test_crt_roll_clamped(column):
    # ruling: die-roll modifiers (SJG 6.22 +1/-1, 6.32 -1) never take the roll off the
    # table; below 2 reads the 2 row, above 12 the 12 row
    assert crt(column, 1) == crt(column, 0) == crt(column, -3) == crt(column, 2)
    assert crt(column, 13) == crt(column, 14) == crt(column, 12)


def test_crt_automatic_columns():
    # SJG 6.21 and the CRT: 5-1 or better is an automatic DE, worse than 1-3 an
    # automatic AE, whatever the roll
    for roll in range(2, 13):
        assert crt(AUTO_DE, roll) == CRTResult("DE")
        assert crt(AUTO_AE, roll) == CRTResult("AE")


@pytest.mark.parametrize("column", ["5-1", "1-4", "2-2", ""])
def test_crt_unknown_column(column):
    with pytest.raises(ValueError):
        crt(column, 7)


@pytest.mark.parametrize("kind, losses", [("NE", 1), ("DE", 2), ("AE", 1), ("DR", 3),
                                          ("XX", 0)])
def test_crt_result_validates(kind, losses):
    # SJG CRT legend: only retreats carry a -1 or -2
    with pytest.raises(ValueError):
        CRTResult(kind, losses)


@pytest.mark.parametrize("attack, defence, ratio, label", [
    (24, 10, (2, 1), "2-1"),
    (15, 10, (1, 1), "1-1"),
    (16, 17, (1, 2), "1-2"),
])
def test_example_6_21(attack, defence, ratio, label):
    # SJG 6.21: "24 to 10 is rounded down to 2-1. 15 to 10 = 1-1. 16 to 17 = 1-2."
    assert odds_ratio(attack, defence) == ratio
    assert ratio_label(ratio) == label
    assert odds_column(attack, defence) == label


@pytest.mark.parametrize("attack, defence, column", [
    (0, 5, AUTO_AE),    # ruling: an attack of 0 is worse than 1-3
    (10, 31, AUTO_AE),  # 1-3.1 rounds to 1-4: worse than 1-3
    (10, 40, AUTO_AE),
    (10, 30, "1-3"),
    (10, 21, "1-3"),
    (10, 20, "1-2"),
    (10, 11, "1-2"),
    (10, 10, "1-1"),
    (19, 10, "1-1"),
    (20, 10, "2-1"),
    (30, 10, "3-1"),
    (40, 10, "4-1"),
    (49, 10, "4-1"),    # 4.9-1 rounds down to 4-1
    (50, 10, AUTO_DE),
    (200, 1, AUTO_DE),
])
def test_odds_column_edges(attack, defence, column):
    # SJG 6.21: ratios rounded in the defender's favour; 5-1 or greater automatic DE;
    # less than 1-3 automatic AE
    assert odds_column(attack, defence) == column


def test_odds_ratio_of_nothing():
    # ruling: an attack of 0 is (0, 1), worse than any printed ratio
    assert odds_ratio(0, 7) == (0, 1)


@pytest.mark.parametrize("attack, defence", [(5, 0), (5, -1), (-1, 5)])
def test_odds_ratio_bounds(attack, defence):
    with pytest.raises(ValueError):
        odds_ratio(attack, defence)


@given(st.integers(1, 500), st.integers(1, 500))
def test_odds_ratio_rounds_for_the_defender(attack, defence):
    # SJG 6.21: rounded down in the defender's favour: the printed ratio is the best
    # one the attacker's strength reaches
    high, low = odds_ratio(attack, defence)
    assert high == 1 or low == 1
    assert attack * low >= defence * high  # the attacker reaches the ratio given
    if low == 1:
        assert attack < defence * (high + 1)  # but not the next better one
    else:
        assert attack * (low - 1) < defence  # nor 1-(low - 1)
