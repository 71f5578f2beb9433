"""SPI 2.3-2.6 and 9.12 (the pieces and their ratings), 4.11-4.13 (allowances), 3.0 (the
Sequence of Play)."""

import pytest

from warjudge.hexwar.gondor_sauron import sequence
from warjudge.hexwar.gondor_sauron.units import Ratings
from tests.support.gs_positions import S, W, cavalry, leader, unit


def test_ratings_as_printed():
    # SPI 2.3, 2.41: attack (upper), missile (lower), armour, morale
    assert Ratings.parse("Be3X") == Ratings("B", "e", 3, "X")
    assert Ratings.parse("e1Y") == Ratings(None, "e", 1, "Y") and Ratings.parse("e1Y").missile_only  # 2.3
    assert not Ratings.parse("B3W").missile_only
    for bad in ("F3X", "B5X", "B3V", "3X", "b3x", ""):
        with pytest.raises(ValueError):
            Ratings.parse(bad)


def test_demoralization_value_worked_example():
    # SPI 9.12: "B-3-Y has a Demoralization Value of 9" (the printed "4 + 3 + 2 + 9" is a
    # misprint for "4 + 3 + 2 = 9")
    assert Ratings.parse("B3Y").demoralization_value() == 9


def test_demoralization_value_adds_missile_strength():
    # SPI 9.12: "Units with both Missile and Melee Attack Strengths add both"; A5..E1, W4..Z1
    assert Ratings.parse("Be3X").demoralization_value() == 4 + 1 + 3 + 3
    assert Ratings.parse("A4W").demoralization_value() == 5 + 4 + 4
    assert Ratings.parse("e1Z").demoralization_value() == 1 + 1 + 1


def test_demoralization_value_is_of_full_strength():
    # SPI 9.12: "the full strength of the unit is used"
    u = unit("u", W, "0505", "B3X", reduced="D2Y")
    u.reduced = True
    assert u.ratings.code == "D2Y" and u.full.demoralization_value() == 10


def test_movement_allowances():
    # SPI 4.11 cavalry and Leaders six; 4.12 infantry four; 4.13 everything else infantry
    assert cavalry("c", W, "0505").allowance == 6
    assert unit("i", W, "0505").allowance == 4
    assert unit("bow", W, "0505", "e1Y").allowance == 4
    assert leader("l", W, "0505").allowance == 6


def test_gondor_has_eight_phases_sauron_seven():
    # SPI 3.0: A-H; the Siege Phase (B) is Gondor's only
    assert [p.code for p in sequence.phases("gondor")] == list("ABCDEFGH")
    assert [p.code for p in sequence.phases("sauron")] == list("ACDEFGH")
    assert sequence.phase("gondor", "B").kind == "siege"


def test_magic_phases_order_and_phasing_players():
    # SPI 3.0: Westernesse first in A, Sauron first in E; C/D Sauron's, F/G Westernesse's; H joint
    assert sequence.phase("sauron", "A").sides == (W, S)
    assert sequence.phase("sauron", "E").sides == (S, W)
    assert [sequence.phase("sauron", c).sides for c in "CDFG"] == [(S,), (S,), (W,), (W,)]
    assert set(sequence.phase("gondor", "H").sides) == {W, S}


def test_the_turn_ends_after_h():
    # SPI 3.0: after H the Game-Turn marker moves on and the sequence begins again
    assert sequence.following("sauron", 3, "A") == (3, "C")
    assert sequence.following("gondor", 3, "A") == (3, "B")
    assert sequence.following("gondor", 3, "H") == (4, "A")
