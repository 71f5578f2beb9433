"""Hidden information (EN/FR 3.2.1, 7.7 x, 7.8.2 vii): each power's report holds only what
the rules reveal to it; the GM's holds everything."""

from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame


def opening(game, saruman="Build A Gap", sauron="Activate A Gre"):
    game.set_orders("SARUMAN", [saruman])
    game.set_orders("SAURON", [sauron])
    return game.process()


def units_of(view, power):
    return view["units"].get(power, [])


def test_opening_orders_are_secret():  # EN 7.7 x, 7.8.2 iv, vii
    game = NecromancerDiplomacyGame()
    report = opening(game)
    rohan, gm = game.report_view(report, "ROHAN"), game.report_view(report, None)
    assert not any(o["power"] in ("SARUMAN", "SAURON") for o in rohan["orders"])
    assert {o["order"] for o in gm["orders"]} == {"Build A Gap", "Activate A Gre"}
    assert "A Gap" not in units_of(rohan, "SARUMAN") and "A Gap" in units_of(game.report_view(report, "SARUMAN"), "SARUMAN")
    assert "A Gre" in units_of(rohan, "STANDING") and "A Gre" not in units_of(rohan, "SAURON")
    assert "A Gre" in units_of(game.report_view(report, "SAURON"), "SAURON")


def test_third_army_revealed_with_the_first_adjudication():  # EN 7.7 x
    game = NecromancerDiplomacyGame()
    opening(game)
    report = game.process()  # TA 2765 M, nobody orders
    assert "A Gap" in units_of(game.report_view(report, "ROHAN"), "SARUMAN")


def test_hidden_unit_that_moves_is_not_seen():  # EN 3.2.1 i-ii
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SARUMAN", ["W Ise - Fan"])
    report = game.process()
    rohan = game.report_view(report, "ROHAN")
    assert not any(u.startswith("W ") for u in units_of(rohan, "SARUMAN"))
    assert not any("W Ise" in o["order"] for o in rohan["orders"])
    assert "W Fan" in units_of(game.report_view(report, "SARUMAN"), "SARUMAN") and "W Fan" in units_of(game.report_view(report, None), "SARUMAN")


def test_failed_move_reveals_the_unit():  # EN 3.2.1 ii
    game = NecromancerDiplomacyGame()
    opening(game, saruman="Build A Agr")
    game.set_orders("SARUMAN", ["W Ise - Gap"])
    game.set_orders("ROHAN", ["A Hel - Gap"])  # Rohan's army beats the Wizard's Strength 0
    report = game.process()
    rohan = game.report_view(report, "ROHAN")
    assert "W Ise" in units_of(rohan, "SARUMAN") and any(o["order"] == "W Ise - Gap" for o in rohan["orders"])


def test_activated_army_is_revealed_when_it_acts():  # EN 7.8.2 vii
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["A Gre H"])
    report = game.process()
    assert "A Gre" in units_of(game.report_view(report, "DWARVES"), "STANDING")
    assert not any(o["power"] == "SAURON" and "Gre" in o["order"] for o in game.report_view(report, "DWARVES")["orders"])
    game.set_orders("SAURON", ["A Gre - NEa"])
    report = game.process()
    assert "A NEa" in units_of(game.report_view(report, "DWARVES"), "SAURON")


def test_support_to_a_hidden_unit_only_the_giver_learns():  # EN 3.2.1 viii
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["N MMo - SIt"])
    game.process()
    game.set_orders("GONDOR", ["A Pel S N SIt"])
    report = game.process()
    assert {o["order"]: o for o in game.report_view(report, "HARAD")["orders"]}["A Pel S N SIt"]["result"] == "unknown"
    assert {o["order"]: o for o in game.report_view(report, "GONDOR")["orders"]}["A Pel S N SIt"]["result"] == "succeeds"


def test_dislodged_hidden_unit_is_revealed():  # EN 3.2.1 v
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["N MMo - SIt"])
    game.process()
    game.set_orders("GONDOR", ["A Pel - SIt"])
    report = game.process()
    assert report.reveal.located.get(("SAURON", "N")) == "SIt"  # shown where it was dislodged


def test_hidden_unit_with_an_illegal_order_stays_hidden():  # EN 3.2.1 ix
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["N MMo - TOL"])  # the Nazgul never goes to sea: void
    report = game.process()
    assert not any(u.startswith("N ") for u in units_of(game.report_view(report, "GONDOR"), "SAURON"))
    assert not any(o["order"].startswith("N ") for o in game.report_view(report, "GONDOR")["orders"])


def test_building_the_nazgul_is_revealed():  # EN 3.2.1 vii
    from warjudge.diplomacy.variants.necromancer.game import _hidden_units_placed
    from warjudge.diplomacy.report import OrderResult

    assert _hidden_units_placed([OrderResult("SAURON", "Build N DGu")]) == {("SAURON", "N"): "DGu"}
    assert _hidden_units_placed([OrderResult("SAURON", "Build N DGu", result="void")]) == {}


def test_hidden_second_move_that_bounces_reveals_the_unit():  # EN 3.2.1 vi, 3.2.2 iv; FR 3.2.1 vi
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["N MMo - SIt - Pel"])
    game.set_orders("GONDOR", ["A Pel H"])   # the Nazgul's Strength 0 bounces off the army
    report = game.process()
    assert report.reveal.located.get(("SAURON", "N")) == "SIt"
    assert "N SIt" in units_of(game.report_view(report, "GONDOR"), "SAURON")
    # only the failed second order is revealed (EN 3.2.1 ii): not the origin nor the first move
    assert [o["order"] for o in game.report_view(report, "GONDOR")["orders"] if o["power"] == "SAURON" and not o.get("default")] \
        == ["N SIt - Pel"]
    assert [o["order"] for o in game.report_view(report, "SAURON")["orders"] if o["power"] == "SAURON"][0] == "N MMo - SIt - Pel"


def test_hidden_second_move_that_affects_nobody_stays_hidden():  # EN 3.2.1 i, 3.2.2 iv
    game = NecromancerDiplomacyGame()
    opening(game)
    game.set_orders("SAURON", ["N MMo - SIt - NIt"])
    report = game.process()
    assert ("SAURON", "N") not in report.reveal.located
    assert not any(u.startswith("N ") for u in units_of(game.report_view(report, "GONDOR"), "SAURON"))
    assert "N NIt" in units_of(game.report_view(report, "SAURON"), "SAURON")
