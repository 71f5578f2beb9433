"""A second reading of the Multiple Unit rules (EN 4.2 i-xv, FR 4.2 i-xviii): the clauses
the other test files did not pin down faithfully, each named."""

import pytest

from tests.diplomacy.variants.necromancer.necro_helpers import NMAP, turn
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement, default_rules
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats

EDITIONS = ["2000", "2002"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_too_many_orders_for_an_mu_are_all_void(edition):  # EN 4.2 v / FR 4.2 v
    board, dislodged, verdicts, _, _, _ = turn({"GONDOR": ["2A Pel"], "HARAD": ["A SIt"]},
                                               {"GONDOR": ["A Pel - SIt", "A Pel S A Pel - SIt", "A Pel H"]}, edition)
    assert all(v.result == "void" and "4.2 v" in v.reason for v in verdicts)
    assert board == {"GONDOR": ["2A Pel"], "HARAD": ["A SIt"]} and not dislodged


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_lone_unit_with_two_orders_keeps_the_first(edition):  # standard ruling (rulings.md), not EN 4.2 v
    _, _, verdicts, _, _, _ = turn({"GONDOR": ["A Pel"]}, {"GONDOR": ["A Pel - SIt", "A Pel H"]}, edition)
    assert [v.result for v in verdicts] == ["succeeds", "void"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_fewer_orders_than_components_the_rest_hold(edition):  # FR 4.2 v (EN silent: ruling "both")
    board, dislodged, _, _, _, _ = turn({"GONDOR": ["2A Pel"], "HARAD": ["A SIt", "A Los"]},
                                        {"GONDOR": ["A Pel - Lam"], "HARAD": ["A SIt - Pel", "A Los S A SIt - Pel"]},
                                        edition)
    assert board["GONDOR"] == ["A Lam"] and dislodged[0].province == "Pel"  # 2 against the 1 left holding
    board, dislodged, _, _, _, _ = turn({"GONDOR": ["2A Pel"], "HARAD": ["A SIt"]},
                                        {"GONDOR": ["A Pel - Lam"], "HARAD": ["A SIt - Pel"]}, edition)
    assert sorted(board["GONDOR"]) == ["A Lam", "A Pel"] and not dislodged


@pytest.mark.parametrize("edition", EDITIONS)
def test_head_to_head_winner_bounced_elsewhere_lets_the_unit_join(edition):  # EN 4.2 ix / FR 4.2 xi
    units = {"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt", "A MTi"], "ROHAN": ["A Lam", "A/F AND"]}
    orders = {"GONDOR": ["A Los - 2A SIt", "A Pel - 2A SIt"], "HARAD": ["A SIt - Los", "A MTi S A SIt - Los"]}
    board, dislodged, _, _, _, _ = turn(units, orders, edition)   # Harad's 2 beats Los's 1: Los is dislodged
    assert board["GONDOR"] == ["A SIt"] and ("GONDOR", "Los") in [(d.power, d.province) for d in dislodged]
    orders["ROHAN"] = ["A Lam - Los", "A/F AND S A Lam - Los"]   # Harad is bounced from Los by Rohan's 2
    board, dislodged, _, _, _, _ = turn(units, orders, edition)
    assert board["GONDOR"] == ["2A SIt"] and [(d.power, d.province) for d in dislodged] == [("HARAD", "SIt")]


@pytest.mark.parametrize("edition", EDITIONS)
def test_standoff_does_not_stop_a_formation_by_holding(edition):  # EN 4.2 x / FR 4.2 xii
    units = {"GONDOR": ["A Los", "A Pel", "A Lam"], "HARAD": ["A SIt", "A MTi"]}
    orders = {"GONDOR": ["A Los - 2A Los", "A Pel - 2A Los", "A Lam S A Los"],
              "HARAD": ["A SIt - Los", "A MTi S A SIt - Los"]}   # 2 against 1 + 1: Los is not taken
    board, dislodged, verdicts, _, _, _ = turn(units, orders, edition)
    assert board["GONDOR"] == ["2A Los", "A Lam"] and not dislodged
    assert [v.result for v in verdicts[:2]] == ["succeeds", "succeeds"]   # the hold-former's order succeeds too


@pytest.mark.parametrize("edition", EDITIONS)
def test_hold_strength_counts_bounced_components_and_hold_supports(edition):  # EN 4.2 xi / FR 4.2 xiii
    units = {"GONDOR": ["2A SIt", "A MTi"], "HARAD": ["A Los", "A Pel", "A Har", "A WKh", "A MMo"]}
    attack = ["A Pel S A Los", "A Har - SIt", "A WKh S A Har - SIt", "A MMo S A Har - SIt"]   # 3 into SIt
    # one Component holds, one bounces off Los: 1 + 1 + the valid hold support 1 = 3 holds against 3
    _, dislodged, _, _, _, _ = turn(units, {"GONDOR": ["A SIt - Los", "A SIt H", "A MTi S A SIt"],
                                            "HARAD": attack}, edition)
    assert not dislodged
    # every Component tried to move and bounced: 2, and the hold support is not valid
    _, dislodged, _, _, _, _ = turn(units, {"GONDOR": ["2A SIt - 2A Los", "A MTi S A SIt"], "HARAD": attack},
                                    edition)
    assert [(d.power, d.province, len(d.pieces)) for d in dislodged] == [("GONDOR", "SIt", 2)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_move_in_needs_the_stayer_to_hold_to_form(edition):  # EN 4.2 iii-iv (ruling)
    board, _, _, _, _, _ = turn({"GONDOR": ["A Los", "A Pel"]}, {"GONDOR": ["A Los H", "A Pel - 2A Los"]}, edition)
    assert sorted(board["GONDOR"]) == ["A Los", "A Pel"]
    board, _, _, _, _, _ = turn({"GONDOR": ["A Los", "A Pel"]},
                                {"GONDOR": ["A Los - 2A Los", "A Pel - 2A Los"]}, edition)
    assert board["GONDOR"] == ["2A Los"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_mus_are_not_formed_or_augmented_in_retreats(edition):  # EN 4.2 xii / FR 4.2 xiv
    def retreat(units, gone, orders):
        after, results = judge_retreats(NMAP, parse_position(units, NMAP), gone, set(),
                                        [("GONDOR", o) for o in orders], default_rules(NMAP, edition))
        return format_position(after), results

    one = Dislodgement("GONDOR", "SIt", parse_position({"GONDOR": ["A SIt"]}, NMAP)["SIt"], "Har")
    board, results = retreat({"GONDOR": ["A Pel"]}, [one], ["A SIt R Pel"])       # augmenting: no
    assert results[0].result == "void" and board == {"GONDOR": ["A Pel"]}
    other = Dislodgement("GONDOR", "Los", parse_position({"GONDOR": ["A Los"]}, NMAP)["Los"], "MTi")
    board, results = retreat({}, [one, other], ["A SIt R Pel", "A Los R Pel"])    # forming: no
    assert [r.result for r in results] == ["fails", "fails"] and board == {}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_lone_unit_cannot_support_its_own_move(edition):  # EN 4.2 viii / FR 4.2 viii: only Components of one MU
    # found in the browser: "A Ere S A Ere - Dal" was offered as a legal order and judged a failed support
    board, dislodged, verdicts, _, _, _ = turn({"DWARVES": ["A Ere"]}, {"DWARVES": ["A Ere S A Ere - Dal"]}, edition)
    assert verdicts[0].result == "void" and "itself" in verdicts[0].reason
    assert board == {"DWARVES": ["A Ere"]} and not dislodged


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_component_supports_another_components_move(edition):  # EN 4.2 viii / FR 4.2 viii
    board, dislodged, verdicts, _, _, _ = turn({"GONDOR": ["2A Pel"], "HARAD": ["A SIt"]},
                                               {"GONDOR": ["A Pel - SIt", "A Pel S A Pel - SIt"]}, edition)
    assert [v.result for v in verdicts] == ["succeeds", "succeeds"]
    assert sorted(board["GONDOR"]) == ["A Pel", "A SIt"] and dislodged[0].province == "SIt"
