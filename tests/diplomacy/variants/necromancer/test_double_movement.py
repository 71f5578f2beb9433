"""Double Movement (EN 3.2.2, 4.1 vi / FR 4.1 vi-vii, 7.6 iii-v, 7.8.1 iv-v)."""

import pytest

from tests.diplomacy.variants.necromancer.necro_helpers import NMAP, turn
from warjudge.core.events import english
from warjudge.diplomacy.variants.necromancer.retreats import retreat_problem


def test_two_moves_in_one_turn():  # EN 3.2.2 i, iv; 7.6 ii
    board, *_ = turn({"ROHAN": ["C Wol"]}, {"ROHAN": ["C Wol - Edo - Wes"]})
    assert board == {"ROHAN": ["C Wes"]}


def test_second_may_reverse_the_first():  # EN 3.2.2 v
    board, *_ = turn({"ROHAN": ["C Wol"]}, {"ROHAN": ["C Wol - Edo - Wol"]})
    assert board == {"ROHAN": ["C Wol"]}


def test_hold_then_move():  # EN 3.2.2 iii
    board, *_ = turn({"ROHAN": ["C Wol"]}, {"ROHAN": ["C Wol H - Edo"]})
    assert board == {"ROHAN": ["C Edo"]}


def test_failed_first_order_voids_the_second():  # EN 3.2.2 viii
    board, _, results, *_ = turn({"ROHAN": ["C Wol"], "GONDOR": ["A Edo"]}, {"ROHAN": ["C Wol - Edo - Wes"]})
    assert board["ROHAN"] == ["C Wol"] and "first order failed" in results[0].reason


def test_no_second_move_into_a_bounce():  # EN 3.2.2 vi
    board, _, results, res, *_ = turn({"ROHAN": ["C Wol"], "HARAD": ["A Gap"], "DWARVES": ["A Hel"]},
                                      {"ROHAN": ["C Wol - Edo - Wes"], "HARAD": ["A Gap - Wes"], "DWARVES": ["A Hel - Wes"]})
    assert "Wes" in res.standoffs and board["ROHAN"] == ["C Edo"] and results[0].result == "fails"


def test_second_move_dislodges_a_weaker_unit():  # EN 3.2.2 vii
    board, dislodged, *_ = turn({"ROHAN": ["C Wol"], "SARUMAN": ["W Wes"]}, {"ROHAN": ["C Wol - Edo - Wes"]})
    assert board == {"ROHAN": ["C Wes"]}
    assert [(d.power, d.province, d.attacker_from) for d in dislodged] == [("SARUMAN", "Wes", "Edo")]


def test_second_move_bounces_off_an_equal_and_cannot_be_supported():  # EN 3.2.2 iv
    units = {"ROHAN": ["C Wol", "A Gap"], "HARAD": ["A Wes"]}
    board, *_ = turn(units, {"ROHAN": ["C Wol - Edo - Wes", "A Gap S C Edo - Wes"]})
    assert board["ROHAN"] == ["A Gap", "C Edo"] and board["HARAD"] == ["A Wes"]


def test_overrun():  # EN 7.6 iii
    units = {"ROHAN": ["C Wol", "A Eas"], "GONDOR": ["A Edo"]}
    board, dislodged, _, _, after, rules = turn(units, {"ROHAN": ["C Wol - Edo - Wes", "A Eas S C Wol - Edo"]})
    assert board["ROHAN"] == ["A Eas", "C Wes"]
    (d,) = dislodged
    assert d.province == "Edo" and d.attacker_from == "Wol"
    problem = retreat_problem(NMAP, after, d, "Wes", set(), rules)
    assert problem.code == "necdip.retreat.overrun" and "overran" in english(problem)
    assert retreat_problem(NMAP, after, d, "Dhw", set(), rules) is None


def test_fortress_holds_against_a_second_move():  # EN 4.1 vi
    board, *_ = turn({"ROHAN": ["C Edo"], "HARAD": ["A Hel"]}, {"ROHAN": ["C Edo - Wes - Hel"]})
    assert board["ROHAN"] == ["C Wes"] and board["HARAD"] == ["A Hel"]


@pytest.mark.parametrize("edition,dislodged", [("2000", True), ("2002", False)])
def test_double_mover_holding_in_a_fortress(edition, dislodged):  # EN 4.1 vi vs FR 4.1 vii
    units = {"ROHAN": ["C Hel"], "HARAD": ["A Gap", "A Wes"]}
    _, out, *_ = turn(units, {"ROHAN": ["C Hel H - Wes"], "HARAD": ["A Gap - Hel", "A Wes S A Gap - Hel"]}, edition)
    assert bool(out) == dislodged


def test_nazgul_crosses_mountains_on_both_moves():  # EN 7.8.1 iv-v
    board, *_ = turn({"SAURON": ["N Gor"]}, {"SAURON": ["N Gor - SIt - Los"]})
    assert board == {"SAURON": ["N Los"]}


def test_nazgul_never_at_sea_and_only_double_movers_double_move():  # EN 7.8.1 vi, 3.2.2 iii
    _, _, results, *_ = turn({"SAURON": ["N SIt"], "GONDOR": ["A Los"]},
                             {"SAURON": ["N SIt - Pel - TOL"], "GONDOR": ["A Los - Pel - DAm"]})
    assert "sea" in results[0].void and "Double Movement" in results[1].void


def test_cavalry_auxiliary_and_the_second_order():  # EN 7.6 v
    board, *_ = turn({"ROHAN": ["C/F Wol"]}, {"ROHAN": ["C/F Wol - AND - Pel"]})
    assert board == {"ROHAN": ["C/F AND"]}  # the second order needs the Fleet: ignored, Fleet kept
    board, *_ = turn({"ROHAN": ["C/F Lor"]}, {"ROHAN": ["C/F Lor - Wol - Ano"]})
    assert board == {"ROHAN": ["C Ano"]}  # along the coast the Fleet would survive: lost before the second order
    board, *_ = turn({"ROHAN": ["C/F Lor"]}, {"ROHAN": ["C/F Lor - Wol"]})
    assert board == {"ROHAN": ["C/F Wol"]}  # a single move along the coast keeps it


def test_second_order_checked_against_the_unit_after_its_first():  # FR 4.3 iii, EN 4.3 iv
    board, _, results, *_ = turn({"ROHAN": ["C/F Wol"]}, {"ROHAN": ["C/F Wol - Bro - AND"]}, "2002")
    assert board == {"ROHAN": ["C Bro"]} and "no longer possible" in results[0].reason
