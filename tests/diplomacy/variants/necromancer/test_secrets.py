"""Issue 9: secrets that leaked, each through the one visibility filter (views.player_view),
checked in the JSON view, and by the rule that decides it."""

from warjudge.diplomacy.interface import adjudicate_document
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame
from warjudge.presentation.necromancer_diplomacy.render import picture_of_view, render_svg


def view(doc, viewer):
    return adjudicate_document({"variant": "necromancer", **doc, "view": viewer})


def lines(out, power):
    return [(o["order"], o["result"]) for o in out["orders"] if o["power"] == power and not o.get("default")]


def test_a_secret_activation_shows_nowhere():  # EN 7.8.2 vii: not in units, centres, counts, map
    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Gap"])
    game.set_orders("SAURON", ["Activate A Gre"])
    report = game.process()
    rohan, sauron = game.report_view(report, "ROHAN"), game.report_view(report, "SAURON")
    assert "Gre" not in rohan["supply_centers"].get("SAURON", []) and "Gre" in sauron["supply_centers"]["SAURON"]
    assert rohan["centres"]["SAURON"] == sauron["centres"]["SAURON"] - 1
    svg = render_svg(game.map, picture_of_view(rohan))
    gm_svg = render_svg(game.map, picture_of_view(game.report_view(report, None)))
    assert svg != gm_svg and "A Gre" in " ".join(rohan["units"]["STANDING"])
    out = adjudicate_document({"variant": "necromancer", "phase": "TA2780A", "units": {"STANDING": ["A Gre"],
                               "SAURON": ["A DGu", "A MMo"]}, "supply_centers": {"SAURON": ["DGu", "MMo", "Gor"]},
                               "orders": {"SAURON": ["Activate A Gre"]}, "view": "ROHAN"})
    assert "Gre" not in out["supply_centers"]["SAURON"] and out["units"]["STANDING"] == ["A Gre"]
    assert out["orders"] == []


def test_an_activated_army_revealed_by_acting_shows_its_order():  # EN 7.8.2 vii (issue 9 item 13)
    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Gap"])
    game.set_orders("SAURON", ["Activate A Gre"])
    game.process()
    game.set_orders("SAURON", ["A Gre - NEa"])
    report = game.process()
    assert ("A Gre - NEa", "succeeds") in lines(game.report_view(report, "DWARVES"), "SAURON")


def test_spiders_that_bounce_an_attacker_are_revealed():  # EN 7.8.2 vii
    out = view({"phase": "TA2795M", "units": {"SAURON": ["S EMi"], "ELVES": ["A Woo"]},
                "orders": {"ELVES": ["A Woo - EMi"]}, "state": {"spiders_used": True, "secret_beasts": ["S"]}},
               "ELVES")
    assert out["units"]["SAURON"] == ["S EMi"]


def test_a_nazgul_holding_in_a_fortress_that_bounces_is_revealed():  # EN 3.2.1 vi, 4.1 i
    out = view({"phase": "TA2795M", "units": {"SAURON": ["N BDu"], "HARAD": ["A Lit"]},
                "orders": {"HARAD": ["A Lit - BDu"], "SAURON": ["N BDu H"]}}, "HARAD")
    assert out["units"]["SAURON"] == ["N BDu"] and ("A Lit - BDu", "fails") in lines(out, "HARAD")


def test_a_hidden_unit_with_no_order_that_is_dislodged_is_revealed():  # EN 3.2.1 v
    out = view({"phase": "TA2795M", "units": {"SARUMAN": ["W Fan"], "ROHAN": ["A Wol"]},
                "orders": {"ROHAN": ["A Wol - Fan"]}}, "GONDOR")
    assert out["dislodged"] == {"SARUMAN": [{"unit": "W Fan", "attacker_from": "Wol"}]}


def test_a_retreat_destroyed_by_a_hidden_nazgul_shows_it():  # EN 3.3 iv, 3.2.1 vi
    out = view({"phase": "TA2795R", "units": {"SAURON": ["N Gor"], "HARAD": ["A Lit"]},
                "dislodged": {"GONDOR": [{"unit": "A BDu", "attacker_from": "Lit"}]},
                "orders": {"GONDOR": ["A BDu R Gor"]}}, "GONDOR")
    assert out["units"]["SAURON"] == ["N Gor"] and lines(out, "GONDOR")[0][1] == "fails"


def test_a_spoiled_spiders_activation_reveals_the_wizard():  # EN 7.8.2 vi
    out = view({"phase": "TA2780A", "units": {"SARUMAN": ["W EMi", "A Ise"]},
                "supply_centers": {"SARUMAN": ["Ise"], "SAURON": ["DGu"]},
                "orders": {"SAURON": ["Activate S EMi"]}}, "ELVES")
    assert out["units"]["SARUMAN"] == ["A Ise", "W EMi"]


def test_a_double_move_whose_first_order_fails_shows_only_the_first():  # EN 3.2.2 viii
    out = view({"phase": "TA2795M", "units": {"ROHAN": ["C Wol"], "GONDOR": ["A Edo"]},
                "orders": {"ROHAN": ["C Wol - Edo - Eas"]}}, "GONDOR")
    assert lines(out, "ROHAN") == [("C Wol - Edo", "fails")]
    own = view({"phase": "TA2795M", "units": {"ROHAN": ["C Wol"], "GONDOR": ["A Edo"]},
                "orders": {"ROHAN": ["C Wol - Edo - Eas"]}}, "ROHAN")
    assert lines(own, "ROHAN") == [("C Wol - Edo - Eas", "fails")]


def test_support_to_a_moving_hidden_unit_stays_unknown_to_others():  # EN 3.2.1 viii
    doc = {"phase": "TA2795M", "units": {"SAURON": ["N SIt"], "GONDOR": ["A Pel"], "HARAD": ["A Har"]},
           "orders": {"SAURON": ["N SIt - Los"], "GONDOR": ["A Pel S N SIt - Los"]}}
    assert lines(view(doc, "HARAD"), "GONDOR") == [("A Pel S N SIt - Los", "unknown")]
    assert lines(view(doc, "GONDOR"), "GONDOR") == [("A Pel S N SIt - Los", "succeeds")]


def test_a_support_to_a_void_or_absent_move_fails():  # EN 1 (standard rules; issue 9 item 13)
    out = adjudicate_document({"variant": "necromancer", "phase": "TA2795M",
                               "units": {"GONDOR": ["A Pel", "A Los", "A Lam", "A MTi"]},
                               "orders": {"GONDOR": ["A Pel - Gor", "A MTi S A Pel - SIt", "A Los - SIt",
                                                     "A Lam S A Los"]}})
    assert [o["result"] for o in out["orders"]] == ["void", "fails", "succeeds", "fails"]


def test_a_lead_is_public_and_shows_where_the_nazgul_went():  # EN 7.8.1 vii
    out = view({"phase": "TA2795M", "units": {"SAURON": ["A Gor", "N Gor"]},
                "orders": {"SAURON": ["N Gor L A Gor", "A Gor - Lit"]}}, "GONDOR")
    assert ("N Gor L A Gor", "succeeds") in lines(out, "SAURON") and out["units"]["SAURON"] == ["A Lit", "N Lit"]


def test_the_gm_report_and_files_say_they_are_private():  # issue 9 item 8
    from warjudge.presentation.necromancer_diplomacy.report import report_text

    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Gap"])
    report = game.process()
    assert "GAMES MASTER'S COPY" in report_text(game, report, None)
    assert "EXEMPLAIRE DE L'ARBITRE" in report_text(game, report, None, "fr")
    assert "GAMES MASTER" not in report_text(game, report, "ROHAN")


def test_the_hidden_wizard_still_counts_for_saruman_in_every_view():  # EN 7.7 vi
    game = NecromancerDiplomacyGame()
    game.set_orders("SARUMAN", ["Build A Gap"])
    game.process()
    game.set_orders("SARUMAN", ["W Ise - Fan"])
    game.process()
    report = game.process()   # TA 2780 movement: then the adjustment
    report = game.process()
    assert report.phase.kind == "A"
    for viewer in (None, "ROHAN", "SARUMAN"):
        view = game.report_view(report, viewer)
        assert view["centres"]["SARUMAN"] == 4 and view["victory_points"]["SARUMAN"] == 4, viewer


def test_disbanding_a_hidden_unit_in_adjustments_stays_hidden():  # EN 3.2.1 vii
    out = view({"phase": "TA2780A", "units": {"SAURON": ["N Gor", "A DGu"]}, "supply_centers": {"SAURON": ["DGu"]},
                "orders": {"SAURON": ["Remove N Gor"]}}, "GONDOR")
    assert lines(out, "SAURON") == []


def test_empty_and_misspelt_adjustment_orders():  # EN 7.8.2 vii; issue 11: any text gives a result
    out = view({"phase": "TA2780A", "units": {"SAURON": ["A DGu"], "STANDING": ["A Gre"]},
                "supply_centers": {"SAURON": ["DGu"]}, "orders": {"SAURON": ["", "Activat A Gre", "Activer A Gre"]}},
               "GONDOR")
    assert lines(out, "SAURON") == [("", "void")]
