"""Who may stand where in Necromancer (EN 3.3 ii, 4.2 i, 4.3, 4.4 iii, 5.1, 7)."""

import pytest

from warjudge.core.errors import InputError
from warjudge.diplomacy.variants.necromancer.mapfile import START, load_necromancer_map
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position, position_problems

NMAP = load_necromancer_map()


def problems(units):
    return position_problems(parse_position(units, NMAP), NMAP)


def test_initial_position_is_legal_and_round_trips():  # EN 6.1
    pos = parse_position(START, NMAP)
    assert problems(START) == []
    assert {p: sorted(u) for p, u in format_position(pos).items()} == {p: sorted(u) for p, u in START.items()}


def test_eriador_holds_any_number_of_units_of_any_powers():  # EN 5.1
    assert problems({"DWARVES": ["2A Eri"], "ELVES": ["A Eri"], "SAURON": ["A Eri", "N Eri"]}) == []


def test_only_eriador_is_shared():  # EN 4.2 i, 3.3 ii
    found = problems({"ROHAN": ["A Edo"], "GONDOR": ["A Edo"]})
    assert any("cannot share" in p for p in found)


def test_personality_shares_with_friends_only():  # EN 3.3 ii
    assert problems({"SARUMAN": ["A Ise", "W Ise"]}) == []
    assert any("cannot share" in p for p in problems({"SARUMAN": ["W Edo"], "ROHAN": ["A Edo"]}))


def test_multiple_units_only_for_gondor_and_the_nazgul():  # EN 4.2 i, 7.3 i, 7.8.1 ix
    assert problems({"GONDOR": ["3A/1F Pel"]}) == []
    assert problems({"SAURON": ["2A DGu", "N DGu"]}) == []
    assert any("Multiple Unit" in p for p in problems({"SAURON": ["2A DGu"]}))
    assert any("Multiple Unit" in p for p in problems({"ROHAN": ["2A Edo"]}))
    assert any("single units" in p for p in problems({"STANDING": ["2A Gre"]}))


def test_sea_needs_a_fleet():  # EN 4.3 iv, 7.7 vii, 7.8.1 vi
    assert problems({"GONDOR": ["A/F BoB"]}) == []
    assert problems({"SARUMAN": ["A/F GSe", "W GSe"]}) == []
    assert any("without a Fleet" in p for p in problems({"GONDOR": ["A BoB"]}))
    assert any("aboard" in p for p in problems({"SARUMAN": ["W GSe"]}))
    assert any("Nazgul" in p for p in problems({"SAURON": ["N TOL", "A/F TOL"]}))


def test_fleets_are_lost_inland_and_nothing_auxiliary_in_eriador():  # EN 4.3 iii, 4.4 iv, 5.1 iii
    assert any("lost inland" in p for p in problems({"GONDOR": ["A/F Lam"]}))
    assert any("Eriador" in p for p in problems({"DWARVES": ["A/E Eri"]}))


def test_one_siege_engine_a_province():  # EN 4.4 iii
    assert problems({"GONDOR": ["2A/1E MTi"]}) == []
    assert any("Siege Engine" in p for p in problems({"GONDOR": ["2A/2E MTi"]}))


def test_special_units_belong_to_their_powers_and_are_unique():  # EN 7.6 i, 7.7 i, ix, 7.8.1 ii, 7.8.2 iii
    assert any("only ROHAN" in p for p in problems({"GONDOR": ["C Pel"]}))
    assert any("only SAURON" in p for p in problems({"HARAD": ["D Cit"]}))
    assert any("only one" in p for p in problems({"SAURON": ["N MMo", "N DGu", "A DGu", "A MMo"]}))


def test_bad_unit_lists_are_refused():  # Standards: bad input gets a clear error
    with pytest.raises(InputError):
        parse_position({"GONDOR": "A Pel"}, NMAP)
    with pytest.raises(InputError):
        parse_position({"GONDOR": ["Q Pel"]}, NMAP)
