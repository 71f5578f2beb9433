"""More of the numbered rules, each named (FR numbering; the English text has the same
sections unnumbered)."""

import pytest

from warjudge.diplomacy.variants.necromancer.adjustments import unit_count
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from tests.diplomacy.variants.necromancer.necro_helpers import NMAP, turn
from warjudge.diplomacy.variants.necromancer.movement import default_rules
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position, position_problems
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement
from warjudge.diplomacy.variants.necromancer.state import initial_state



def phase(units, orders, edition="2002"):
    board, dislodged, verdicts, res, _, _ = turn(units, orders, edition)
    return board, dislodged, verdicts, res


def test_implicit_hold_of_supports_and_builds_can_be_supported():  # FR 2.2.2 ii, 3.4 viii
    units = {"GONDOR": ["A Pel", "A MTi"], "HARAD": ["A SIt", "A Har"]}
    orders = {"GONDOR": ["A Pel b F", "A MTi S A Pel"], "HARAD": ["A SIt - Pel", "A Har S A SIt - Pel"]}
    _, dislodged, _, _ = phase(units, orders)
    assert not dislodged  # 1 + 1 support against 2: the build's implicit hold stands


def test_bounced_unit_holds_with_strength_one_without_supports():  # FR 2.2.2 iii
    units = {"HARAD": ["A SIt", "A Har", "A WKh"], "GONDOR": ["A Los", "A Pel"]}
    orders = {"HARAD": ["A SIt - Los", "A Har S A SIt", "A WKh S A SIt"],
              "GONDOR": ["A Los S A Pel - SIt", "A Pel - SIt"]}
    _, dislodged, _, _ = phase(units, orders)
    # SIt bounces off Los and holds with 1: its two hold supports do not count, so 2 dislodges it
    assert dislodged and dislodged[0].province == "SIt"


def test_unit_types():  # FR 3.1 ii-iii: Armies, Special Units, Personalities; no Auxiliary for Personalities
    _, _, verdicts, _ = phase({"SAURON": ["N MMo"]}, {"SAURON": ["N MMo b E"]})
    assert "Personality" in verdicts[0].void


def test_mu_order_strength_is_the_sum_of_its_components():  # FR 4.2 viii
    _, dislodged, _, _ = phase({"GONDOR": ["2A Los"], "HARAD": ["A SIt"]}, {"GONDOR": ["2A Los - 2A SIt"]})
    assert dislodged and dislodged[0].province == "SIt"


def test_components_support_other_components_of_their_mu():  # FR 4.2 x
    _, dislodged, _, _ = phase({"GONDOR": ["2A Los"], "HARAD": ["A SIt"]},
                               {"GONDOR": ["A Los - SIt", "A Los S A Los - SIt"]})
    assert dislodged and dislodged[0].province == "SIt"


def test_foreign_supports_need_not_state_the_mu_size():  # FR 4.2 xvii
    units = {"GONDOR": ["2A Los"], "ROHAN": ["A MTi"], "HARAD": ["A SIt", "A Har"]}
    orders = {"GONDOR": ["2A Los - 2A SIt"], "ROHAN": ["A MTi S A Los - SIt"], "HARAD": ["A Har S A SIt"]}
    _, dislodged, _, _ = phase(units, orders)
    assert dislodged and dislodged[0].province == "SIt"  # 2 + Rohan's 1 (written 'A Los') beats 1 + 1


def test_mu_retreats_together_and_disbands_separately():  # FR 4.2 xiv, xvi
    position = parse_position({"HARAD": ["A Los"]}, NMAP)
    gone = [Dislodgement("GONDOR", "SIt", parse_position({"GONDOR": ["2A SIt"]}, NMAP)["SIt"], "Los")]
    after, _ = judge_retreats(NMAP, position, gone, set(), [("GONDOR", "2A SIt R Pel")], default_rules(NMAP))
    assert format_position(after)["GONDOR"] == ["2A Pel"]
    from dataclasses import replace

    from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase

    state = replace(initial_state(NMAP), phase=NPhase(2780, "A"),
                    position=parse_position({"GONDOR": ["3A MTi"]}, NMAP), owners={"MTi": "GONDOR"})
    new, _ = judge_adjustments(NMAP, state, [("GONDOR", "Remove A MTi")])
    assert format_position(new.position)["GONDOR"] == ["A MTi"]  # one by hand, one in civil disorder


def test_components_without_fleets_stay_ashore():  # FR 4.3 vi
    _, _, verdicts, _ = phase({"GONDOR": ["2A/1F Pel"]}, {"GONDOR": ["2A/1F Pel - 2A TOL"]})
    assert "Fleet" in verdicts[0].void
    board, _, _, _ = phase({"GONDOR": ["2A/1F Pel"]}, {"GONDOR": ["A/F Pel - TOL"]})
    assert board == {"GONDOR": ["A Pel", "A/F TOL"]}


def test_siege_engines_only_on_land():  # FR 4.4 ii
    _, _, verdicts, _ = phase({"GONDOR": ["A/F TOL"]}, {"GONDOR": ["A/F TOL b E"]})
    assert "on land" in verdicts[0].void


def test_fortresses_do_not_affect_retreats():  # FR 4.1 iv
    from warjudge.diplomacy.variants.necromancer.retreats import retreat_problem

    d = Dislodgement("GONDOR", "Har", parse_position({"GONDOR": ["A Har"]}, NMAP)["Har"], "SIt")
    assert retreat_problem(NMAP, {}, d, "Cit", set(), default_rules(NMAP)) is None


def test_auxiliaries_are_not_transferable_nor_counted():  # FR 3.4 vi-vii, ix
    state = initial_state(NMAP)
    assert unit_count(state, "GONDOR") == 5  # A/F DAm counts once
    board, dislodged, _, _ = phase({"GONDOR": ["A/F DAm"], "HARAD": ["A Pel", "A Anf", "A Pin"]},
                                   {"HARAD": ["A Pel - DAm", "A Anf S A Pel - DAm"]})
    assert dislodged[0].pieces[0].component.aux == "F"  # it leaves with its unit, or is lost with it


@pytest.mark.parametrize("power", ["EASTERLINGS", "ELVES", "GONDOR", "HARAD", "DWARVES"])
def test_powers_without_special_units(power):  # FR 7.1 ii, 7.2 ii, 7.3 ii, 7.4 i, 7.5 iii, 7.6 vi, 7.7 xi
    for kind in ("C", "W", "N", "S", "D"):
        assert position_problems(parse_position({power: [f"{kind} Eri"]}, NMAP), NMAP)


def test_nazgul_and_wizard_are_hidden_movers():  # FR 7.7 iii, 7.8.1 iii
    from warjudge.diplomacy.variants.necromancer.pieces import HIDDEN_MOVERS

    assert set(HIDDEN_MOVERS) == {"W", "N"}


def test_lead_keeps_the_nazgul_from_double_moving():  # FR 7.8.1 viii
    _, _, verdicts, _ = phase({"SAURON": ["N MMo", "A MMo"]}, {"SAURON": ["N MMo L A MMo", "N MMo - SIt - Los"]})
    assert verdicts[1].void  # one order a unit: the Lead is it


def test_lead_of_an_mu_support():  # FR 7.8.1 xi (EN 7.8.1 x)
    units = {"SAURON": ["N SIt", "2A SIt"], "GONDOR": ["A Los", "A Pel"], "HARAD": ["A MTi"]}
    orders = {"SAURON": ["N SIt L A SIt", "2A SIt S A MTi - Los"], "HARAD": ["A MTi - Los"], "GONDOR": ["A Pel - SIt"]}
    _, _, _, res = phase(units, orders)
    assert sorted(res.support.values()) == [2]  # 2 + 1 (Lead) - 1 (cut)


def test_recaptured_standing_army_centre_is_a_home_centre():  # FR 7.8.2 ix
    from dataclasses import replace

    from warjudge.diplomacy.variants.necromancer.adjustments import home_centres
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase

    state = replace(initial_state(NMAP), phase=NPhase(2810, "A"), owners={"Gun": "SAURON"})
    assert "Gun" in home_centres(NMAP, state, "SAURON")


def test_no_activation_is_supplied_for_sauron():  # FR 7.8.2 xii
    game = NecromancerDiplomacyGame()
    game.process()  # TA 2750 without orders
    assert not game.state.activated
    assert all(p.power == "STANDING" for p in game.state.position["Gre"])


def test_after_3020_sauron_has_no_fortress_benefit():  # FR 7.8.3 iv, ii
    from warjudge.diplomacy.variants.necromancer.movement import build_groups
    from warjudge.diplomacy.variants.necromancer.resolver import NecroResolver

    position = parse_position({"SAURON": ["A DGu"], "HARAD": ["A Bro", "A SMi"]}, NMAP)
    orders = [("SAURON", "A DGu H"), ("HARAD", "A Bro - DGu"), ("HARAD", "A SMi S A Bro - DGu")]
    for eliminated, falls in ((False, False), (True, True)):
        rules = default_rules(NMAP, alignment=False)
        rules.sauron_eliminated = eliminated
        groups, _ = build_groups(NMAP, position, orders)
        res = NecroResolver(NMAP, groups, rules).run()
        assert ("DGu" in res.dislodged) == falls  # 2 against 1 + 1 while Sauron stands, against 1 after


def test_terms():  # FR 2.2.1 i-iv, vi-vii: Units, Provinces (land/sea, inland/coastal), Powers, phases, SCs/HSCs, NMR
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase

    assert {p.kind for p in NMAP.provinces.values()} == {"inland", "coastal", "sea"}
    assert len(NMAP.spec.powers) == 8 and {str(NPhase.parse(t)) for t in ("TA2765M", "TA2765R", "TA2780A")}
    assert any(p.home for p in NMAP.provinces.values()) and len(NMAP.supply_centers) > 50
    _, _, verdicts, res = phase({"GONDOR": ["A Pel"]}, {})  # NMR: the unit holds
    assert verdicts == [] and not res.moved


def test_spiders_supporting_are_revealed():  # FR 3.2.1 iii, 7.8.2 vii
    from warjudge.diplomacy.variants.necromancer.views import movement_reveals
    from warjudge.diplomacy.variants.necromancer.movement import build_groups
    from warjudge.diplomacy.variants.necromancer.resolver import NecroResolver

    position = parse_position({"SAURON": ["S EMi", "A Mou"]}, NMAP)
    groups, _ = build_groups(NMAP, position, [("SAURON", "S EMi S A Mou")])
    res = NecroResolver(NMAP, groups, default_rules(NMAP)).run()
    reveal = movement_reveals(groups, res, set(), {"S"}, "2002")
    assert reveal.located == {("SAURON", "S"): "EMi"} and reveal.unmasked_beasts == {"S"}


def test_auxiliary_goes_with_its_unit():  # FR 3.4 ix
    from dataclasses import replace

    from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase

    state = replace(initial_state(NMAP), phase=NPhase(2780, "A"),
                    position=parse_position({"GONDOR": ["A/F DAm", "A Pel"]}, NMAP), owners={"Pel": "GONDOR"})
    new, _ = judge_adjustments(NMAP, state, [("GONDOR", "Remove A/F DAm")])
    assert format_position(new.position) == {"GONDOR": ["A Pel"]}


def test_building_on_the_wizard_leaves_ownership_until_the_next_adjustment():  # FR 7.7 v
    from dataclasses import replace

    from warjudge.diplomacy.variants.necromancer.adjustments import judge_adjustments, update_ownership
    from warjudge.diplomacy.variants.necromancer.calendar import NPhase

    state = replace(initial_state(NMAP), phase=NPhase(2780, "A"),
                    position=parse_position({"SARUMAN": ["W Dal"]}, NMAP), owners={"Dal": "DWARVES", "Dun": "SARUMAN"})
    new, results = judge_adjustments(NMAP, state, [("SARUMAN", "Build A Dal")])
    assert results[0].result == "succeeds" and new.owners["Dal"] == "DWARVES"
    assert update_ownership(NMAP, new).owners["Dal"] == "SARUMAN"  # at the following adjustment
