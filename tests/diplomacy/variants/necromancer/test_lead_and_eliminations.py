"""Issue 9 rule bugs: where the Nazgul goes when it Leads (EN 7.8.1 vii-viii), when the
Wizard's loss eliminates Saruman (EN/FR 7.7 ii), and facts an adjustment phase needs."""

import pytest

from warjudge.core.errors import InputError
from warjudge.diplomacy.interface import adjudicate_document
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

from tests.diplomacy.variants.necromancer.necro_helpers import turn


def test_lead_keeps_the_nazgul_with_a_holding_unit():  # EN 7.8.1 vii-viii
    board, dislodged, results, *_ = turn({"SAURON": ["A Gor", "N Gor"]},
                                         {"SAURON": ["N Gor L A Gor", "A Gor H"]})
    assert board == {"SAURON": ["A Gor", "N Gor"]} and not dislodged
    assert [r.result for r in results] == ["succeeds", "succeeds"]


def test_lead_moves_the_nazgul_with_the_led_unit():  # EN 7.8.1 viii: "remains with the Unit ... for the entire turn"
    board, *_ = turn({"SAURON": ["A Gor", "N Gor"]}, {"SAURON": ["N Gor L A Gor", "A Gor - Lit"]})
    assert board == {"SAURON": ["A Lit", "N Lit"]}


@pytest.mark.parametrize("edition", ["2000", "2002"])
def test_lead_of_a_multiple_unit_keeps_every_component(edition):  # EN 7.8.1 viii-ix, FR 7.8.1 viii-x
    board, dislodged, *_ = turn({"SAURON": ["2A Gor", "N Gor"]},
                                {"SAURON": ["N Gor L 2A Gor", "2A Gor - 2A Lit"]}, edition)
    assert board == {"SAURON": ["2A Lit", "N Lit"]} and not dislodged


def test_lead_adds_one_and_the_nazgul_shares_the_dislodgement():  # EN 7.8.1 vii, 3.3 ii
    board, dislodged, results, *_ = turn(
        {"SAURON": ["A Gor", "N Gor"], "GONDOR": ["A Lit", "A CGo", "A NNu"]},
        {"SAURON": ["N Gor L A Gor", "A Gor H"], "GONDOR": ["A Lit - Gor", "A CGo S A Lit - Gor", "A NNu H"]})
    assert board["GONDOR"] == ["A CGo", "A Lit", "A NNu"]   # 2 against 1 + Lead 1: bounced
    board, dislodged, results, *_ = turn(
        {"SAURON": ["A Gor", "N Gor"], "GONDOR": ["A Lit", "A CGo", "A NNu"]},
        {"SAURON": ["N Gor L A Gor", "A Gor H"],
         "GONDOR": ["A Lit - Gor", "A CGo S A Lit - Gor", "A NNu S A Lit - Gor"]})
    assert board["GONDOR"] == ["A CGo", "A Gor", "A NNu"]
    assert [sorted(p.component.kind for p in d.pieces) for d in dislodged] == [["A", "N"]]
    assert results[0].result == "fails" and results[0].reason == "dislodged"


def test_lead_without_a_unit_to_lead_is_void_and_the_nazgul_holds():  # EN 7.8.1 vii
    board, _, results, *_ = turn({"SAURON": ["N Gor", "A Lit"]}, {"SAURON": ["N Gor L A Gor"]})
    assert board == {"SAURON": ["A Lit", "N Gor"]}
    assert results[0].result == "void" and "no A Gor to Lead" in results[0].reason


def _wizard_dislodged_game():
    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Agr"])
    game.process()
    game.set_orders("SARUMAN", ["W Ise - Fan"])
    game.process()
    game.set_orders("ROHAN", ["C Wol - Fan"])
    report = game.process()
    return game, report


def test_a_dislodged_wizard_that_retreats_keeps_saruman_in_the_game():  # EN/FR 7.7 ii
    game, report = _wizard_dislodged_game()
    assert str(game.state.phase) == "TA2780R" and not game.state.saruman_eliminated and not report.eliminated
    game.set_orders("SARUMAN", ["W Fan R Ise"])
    report = game.process()
    assert not game.state.saruman_eliminated
    assert any(p.component.kind == "W" for p in game.state.position["Ise"])
    assert report.results[0].result == "succeeds"


def test_a_wizard_that_cannot_retreat_eliminates_saruman_and_says_so():  # EN/FR 7.7 ii, 2.2.2 iv
    game, _ = _wizard_dislodged_game()
    report = game.process()      # no retreat order: the Wizard disbands
    assert game.state.saruman_eliminated and report.eliminated == ["SARUMAN"]
    assert [(r.text, r.default, r.reason) for r in report.results] == [("W Fan D", True, "no retreat order")]


def test_an_adjustment_document_needs_supply_centers():  # Standards: missing facts are an error, not a default
    with pytest.raises(InputError, match="supply_centers"):
        adjudicate_document({"variant": "necromancer", "phase": "TA2780A", "units": {"GONDOR": ["A Pel"]}})


def test_nobody_adjusts_in_ta_2750():  # EN 7.7 x, 7.8.2 iv: a nominal adjustment phase
    out = adjudicate_document({"variant": "necromancer", "phase": "TA2750A",
                               "units": {"GONDOR": ["A Pel", "A Lam"], "SARUMAN": ["A Dun", "A Ise", "W Ise"]},
                               "supply_centers": {"GONDOR": ["Pel"], "SARUMAN": ["Ise", "Dun"]},
                               "orders": {"SARUMAN": ["Build A Gap"]}})
    assert out["units"]["GONDOR"] == ["A Lam", "A Pel"]
    assert not any(o.get("reason") == "civil disorder" for o in out["orders"])


def test_units_destroyed_when_the_nazgul_leaves_are_reported():  # FR 7.8.1 ix-x (2002)
    out = adjudicate_document({"variant": "necromancer", "phase": "TA2795M",
                               "units": {"SAURON": ["2A Gor", "N Gor"]}, "orders": {"SAURON": ["N Gor - Lit"]}})
    assert out["units"]["SAURON"] == ["A Gor", "N Lit"]
    lost = [o for o in out["orders"] if "Multiple Unit" in o["reason"]]
    assert [(o["order"], o.get("default")) for o in lost] == [("A Gor D", True)]


def test_an_elimination_is_in_every_report():  # EN/FR 7.7 ii; issue 9: every elimination reported
    from warjudge.presentation.necromancer_diplomacy.report import report_text

    game, _ = _wizard_dislodged_game()
    report = game.process()
    assert "Eliminated: Saruman" in report_text(game, report, "ROHAN")
    assert "Éliminées: Saruman" in report_text(game, report, "GONDOR", "fr")


def test_a_led_unit_that_builds_a_fleet_gives_the_nazgul_no_auxiliary():
    # EN 3.3 i: Personalities "may not ... Build Auxiliaries"; EN 3.4 vi: Auxiliaries are not
    # transferable. Found by the bot games (seed 135): the Nazgul leading 'A NoL b F' got the F.
    board, dislodged, results, *_ = turn({"SAURON": ["A NoL", "N NoL"]},
                                         {"SAURON": ["A NoL b F", "N NoL L A NoL"]})
    assert board == {"SAURON": ["A/F NoL", "N NoL"]} and not dislodged
