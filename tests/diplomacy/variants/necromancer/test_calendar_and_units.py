"""The Necromancer calendar (EN/FR 6.2, 7.8.3 i) and unit notation (EN 3, 4.2 ii, 4.3 v, 6.1)."""

import pytest

from warjudge.core.errors import InputError
from warjudge.diplomacy.variants.necromancer.calendar import (
    NPhase, is_adjustment_year, next_turn, opening_phase, turn_number,
)
from warjudge.diplomacy.variants.necromancer.mapfile import START, load_necromancer_map
from warjudge.diplomacy.variants.necromancer.pieces import Component, group_of, parse_designation, parse_group


@pytest.fixture(scope="module")
def nmap():
    return load_necromancer_map()


def test_game_begins_in_2750_and_first_turn_is_2765():  # EN 6.2
    assert str(opening_phase()) == "TA2750A"
    assert str(next_turn(2750)) == "TA2765M"
    assert [str(next_turn(y)) for y in (2765, 2780, 2795)] == ["TA2780M", "TA2795M", "TA2810M"]


def test_adjustment_turns_end_in_zero():  # EN 6.2: every second turn (years ending in 0)
    assert [y for y in range(2765, 3036, 15) if is_adjustment_year(y)] == list(range(2780, 3021, 30))
    NPhase.parse("TA2780A")
    with pytest.raises(InputError, match="ending in 0"):
        NPhase.parse("TA2795A")


def test_phase_names():  # warjudge interface: TA + year + M/R/A
    for text in ("TA2765M", "TA2765R", "TA2780A", "TA2750A"):
        assert str(NPhase.parse(text)) == text
    assert str(NPhase.parse("ta 2780 m")) == "TA2780M"
    for bad in ("TA2770M", "S1901M", "TA2750M", "TA2760M", ""):
        with pytest.raises(InputError):
            NPhase.parse(bad)
    assert NPhase.parse("TA2765M") < NPhase.parse("TA2765R") < NPhase.parse("TA2780M") < NPhase.parse("TA2780A")


def test_3020_is_the_18th_turn():  # EN 7.8.3 i
    assert turn_number(2765) == 1
    assert turn_number(3020) == 18


@pytest.mark.parametrize("text,kind,count,aux,written", [
    ("A Los", "A", 1, (), "A Los"),                                   # EN 6.1
    ("2A NIt", "A", 2, (), "2A NIt"),                                 # EN 4.2 ii, v
    ("A/F DAm", "A", 1, (("F", 1),), "A/F DAm"),                      # EN 3.4 iv
    ("2A/1F Pel", "A", 2, (("F", 1),), "2A/1F Pel"),                  # EN 4.3 v
    ("3A/2F/1E MTi", "A", 3, (("F", 2), ("E", 1)), "3A/2F/1E MTi"),  # FR 4.2 xviii
    ("A/E Min", "A", 1, (("E", 1),), "A/E Min"),                      # EN 4.4 i
    ("W Ise", "W", 1, (), "W Ise"),                                   # EN 7.7 i
    ("N MMo", "N", 1, (), "N MMo"),                                   # EN 7.8.1 i
    ("C Wol", "C", 1, (), "C Wol"),                                   # EN 7.6 i
    ("S EMi", "S", 1, (), "S EMi"),                                   # EN 7.8.2 iii
    ("D Wit", "D", 1, (), "D Wit"),
    ("Army/Fleet dam", "A", 1, (("F", 1),), "A/F DAm"),
    ("Armée/Flotte Dam", "A", 1, (("F", 1),), "A/F DAm"),             # FR 4.3 i: « Flotte »
    ("Magicien Ise", "W", 1, (), "W Ise"),
    ("A (Los)", "A", 1, (), "A Los"),                                  # EN 4.2 iii writes "A (Los)"
])
def test_unit_notation(nmap, text, kind, count, aux, written):
    group = parse_group(text, nmap.resolve_name)
    assert (group.kind, group.count, group.auxiliaries) == (kind, count, aux)
    assert str(group) == written
    assert parse_group(written, nmap.resolve_name) == group


@pytest.mark.parametrize("text,why", [
    ("2W Ise", "Personality"),   # EN 3.3 i: no MU of personalities, no auxiliaries
    ("N/F MMo", "Personality"),
    ("A/2F Pel", "at most one"),  # EN 3.4 v
    ("X Los", "unknown unit"),
    ("A Zzz", "unknown province"),
    ("Los", "write it like"),
    ("A/Q Los", "unknown unit or auxiliary"),
])
def test_bad_unit_notation(nmap, text, why):
    with pytest.raises(InputError, match=why):
        parse_group(text, nmap.resolve_name)


def test_components_and_strength():  # EN 2.2.2 i, 3.3 i: personalities have strength 0
    kind, count, aux = parse_designation("2A/1F")
    assert sorted(c.aux or "" for c in [Component(kind, a) for a, n in aux for _ in range(n)]) == ["F"]
    assert Component("A").strength == 1 and Component("C").strength == 1
    assert Component("W").strength == 0 and Component("N").strength == 0
    assert Component("N").personality and not Component("S").personality
    assert str(group_of([Component("A", "F"), Component("A"), Component("A", "E")], "MTi")) == "3A/1F/1E MTi"


def test_every_starting_unit_is_written_validly(nmap):  # EN 6.1
    for units in START.values():
        for text in units:
            assert str(parse_group(text, nmap.resolve_name)) == text
