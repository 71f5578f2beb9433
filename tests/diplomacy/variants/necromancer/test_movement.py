"""Necromancer movement resolution, rule by rule (docs/necromancer-judge.md 1-3).

Positions are small and made up; the map is the shipped reconstruction, so each test
uses only borders the rules themselves state or that the map file's tests pin down.
"""

import pytest

from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import default_rules, resolve_movement
from warjudge.diplomacy.variants.necromancer.position import parse_position

NMAP = load_necromancer_map()


def run(units, orders, edition="2002", alignment=True):
    position = parse_position(units, NMAP)
    entries = [(power, text) for power, texts in orders.items() for text in texts]
    groups, verdicts, res = resolve_movement(NMAP, position, entries, default_rules(NMAP, edition, alignment))
    moved = {(groups[i].power, groups[i].province, groups[i].dest) for i in res.moved}
    return moved, res, verdicts


def moves(moved, power, src, dest):
    return (power, src, dest) in moved


def test_mu_forms_from_two_provinces():  # EN 4.2 iii: A (Los) - 2A (SIt); A (Pel) - 2A (SIt)
    moved, res, _ = run({"GONDOR": ["A Los", "A Pel"]}, {"GONDOR": ["A Los - 2A SIt", "A Pel - 2A SIt"]})
    assert moves(moved, "GONDOR", "Los", "SIt") and moves(moved, "GONDOR", "Pel", "SIt")


@pytest.mark.parametrize("orders", [["A Los - 2A SIt", "A Pel - 3A SIt"], ["A Los - SIt", "A Pel - SIt"]])
def test_wrong_or_missing_sizes_are_a_self_standoff(orders):  # EN 4.2 iii
    moved, res, _ = run({"GONDOR": ["A Los", "A Pel"]}, {"GONDOR": orders})
    assert not moved and "SIt" in res.standoffs


def test_powers_without_multiple_units_cannot_form_them():  # EN 4.2 i, 7.6
    moved, _, _ = run({"ROHAN": ["A Edo", "A Hel"]}, {"ROHAN": ["A Edo - 2A Wes", "A Hel - 2A Wes"]})
    assert not moved


def test_mu_attacks_with_combined_strength():  # EN 4.2 vi, ix
    moved, res, _ = run({"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt"]},
                        {"GONDOR": ["A Los - 2A SIt", "A Pel - 2A SIt"]})
    assert moves(moved, "GONDOR", "Los", "SIt") and res.dislodged["SIt"][0] == "HARAD"


def test_each_border_is_crossed_with_its_own_strength():  # EN 4.2 ix
    moved, res, _ = run({"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt", "A MTi"]},
                        {"GONDOR": ["A Los - 2A SIt", "A Pel - 2A SIt"],
                         "HARAD": ["A SIt - Los", "A MTi S A SIt - Los"]})
    assert moves(moved, "HARAD", "SIt", "Los") and res.dislodged["Los"] == ("GONDOR", "SIt")
    assert moves(moved, "GONDOR", "Pel", "SIt") and not moves(moved, "GONDOR", "Los", "SIt")


def test_mu_holds_with_combined_strength():  # EN 4.2 xi
    units = {"GONDOR": ["2A SIt"], "HARAD": ["A Har", "A WKh", "A MMo"]}
    moved, _, _ = run(units, {"HARAD": ["A Har - SIt", "A WKh S A Har - SIt"]})
    assert not moved
    moved, res, _ = run(units, {"HARAD": ["A Har - SIt", "A WKh S A Har - SIt", "A MMo S A Har - SIt"]})
    assert moves(moved, "HARAD", "Har", "SIt") and res.dislodged["SIt"][0] == "GONDOR"


def test_mu_support_is_reduced_not_cut():  # EN 4.2 vii (FR 4.2 ix)
    units = {"GONDOR": ["3A Pel", "A MTi"], "HARAD": ["A Los", "A SIt", "A/F TOL"]}
    orders = {"GONDOR": ["2A Pel S A MTi - Los", "A Pel H", "A MTi - Los"], "HARAD": ["A SIt - Pel"]}
    moved, res, _ = run(units, orders)
    assert moves(moved, "GONDOR", "MTi", "Los")  # support 2 - 1 = 1: attack 2 beats 1
    orders["HARAD"].append("A/F TOL S A SIt - Pel")
    moved, res, _ = run(units, orders)
    assert not moves(moved, "GONDOR", "MTi", "Los")  # support 2 - 2 = 0: 1 against 1


def test_a_lone_supporter_is_cut_by_any_attack():  # EN 1 (standard rules)
    moved, _, _ = run({"GONDOR": ["A Pel", "A MTi"], "HARAD": ["A Los", "A SIt"]},
                      {"GONDOR": ["A Pel S A MTi - Los", "A MTi - Los"], "HARAD": ["A SIt - Pel"]})
    assert not moves(moved, "GONDOR", "MTi", "Los")


def test_personalities_have_strength_zero():  # EN 3.3 i
    moved, res, _ = run({"SAURON": ["N SIt"], "GONDOR": ["A Los"]}, {"GONDOR": ["A Los - SIt"]})
    assert res.dislodged["SIt"] == ("SAURON", "Los")
    moved, _, _ = run({"SAURON": ["N MMo"]}, {"SAURON": ["N MMo - SIt"]})
    assert moves(moved, "SAURON", "MMo", "SIt")  # strength 0 still enters an empty province


def test_personality_joins_friends_without_forming_an_mu():  # EN 3.3 ii
    moved, _, _ = run({"SARUMAN": ["W Ise", "A Gap"]}, {"SARUMAN": ["W Ise - Gap"]})
    assert moves(moved, "SARUMAN", "Ise", "Gap")


def test_a_unit_cannot_move_onto_its_own_staying_unit():  # EN 1 / 4.2 i
    moved, _, _ = run({"ROHAN": ["A Edo", "A Wes"]}, {"ROHAN": ["A Edo - Wes"]})
    assert not moved


@pytest.mark.parametrize("edition", ["2000", "2002"])
def test_personality_and_supports(edition):  # EN 3.3 i "always Strength 0" vs FR 3.3 i "peuvent recevoir le Soutien"
    units = {"SAURON": ["N SIt", "A MMo"], "GONDOR": ["A Los"]}
    orders = {"SAURON": ["N SIt H", "A MMo S N SIt"], "GONDOR": ["A Los - SIt"]}
    _, res, verdicts = run(units, orders, edition)
    assert not any(v.void for v in verdicts)
    assert ("SIt" in res.dislodged) == (edition == "2000")


def test_fortress_gives_an_uncuttable_hold_support():  # EN 4.1 i-iii
    units = {"HARAD": ["A Cit"], "GONDOR": ["A Har", "A NrH"]}
    attack = {"GONDOR": ["A Har - Cit", "A NrH S A Har - Cit"]}
    moved, _, _ = run(units, {**attack, "HARAD": ["A Cit H"]})
    assert not moved or not moves(moved, "GONDOR", "Har", "Cit")
    moved, res, _ = run(units, attack)  # EN 4.1 ii: an unordered (NMR) unit gets no benefit
    assert moves(moved, "GONDOR", "Har", "Cit")


def test_void_order_holds_and_keeps_the_fortress_benefit():  # ruling: a void order is a hold
    units = {"HARAD": ["A Cit"], "GONDOR": ["A Har", "A NrH"]}
    moved, _, verdicts = run(units, {"GONDOR": ["A Har - Cit", "A NrH S A Har - Cit"], "HARAD": ["A Cit - BUm"]})
    assert verdicts[-1].void and not moves(moved, "GONDOR", "Har", "Cit")


@pytest.mark.parametrize("edition,order,dislodged", [
    ("2000", None, True),        # EN 4.4 vi: +1 to the attack, 2 against an NMR'd 1
    ("2002", None, False),       # FR 4.4 vi: only cancels a benefit there is none of: 1 against 1
    ("2000", "A Cit H", False),  # 2 against 1 + 1
    ("2002", "A Cit H", False),  # 1 against 1 (benefit cancelled)
])
def test_siege_engine(edition, order, dislodged):  # EN/FR 4.4 vi-vii
    units = {"HARAD": ["A Cit"], "GONDOR": ["A/E Har"]}
    orders = {"GONDOR": ["A/E Har - Cit"], **({"HARAD": [order]} if order else {})}
    _, res, _ = run(units, orders, edition)
    assert ("Cit" in res.dislodged) == dislodged


def test_siege_engine_on_a_support_gains_nothing():  # EN 4.4 vii
    units = {"HARAD": ["A Cit"], "GONDOR": ["A Har", "A/E NrH"]}
    _, res, _ = run(units, {"GONDOR": ["A Har - Cit", "A/E NrH S A Har - Cit"], "HARAD": ["A Cit H"]}, "2000")
    assert "Cit" not in res.dislodged


def test_alignment_blocks_weak_moves_into_opposed_provinces():  # EN 8.1 v
    moved, _, _ = run({"ELVES": ["A EMi"]}, {"ELVES": ["A EMi - SMi"]})
    assert not moved
    moved, _, _ = run({"ELVES": ["A EMi", "A OFo"]}, {"ELVES": ["A EMi - SMi", "A OFo S A EMi - SMi"]})
    assert moves(moved, "ELVES", "EMi", "SMi")
    moved, _, _ = run({"ELVES": ["A EMi"]}, {"ELVES": ["A EMi - SMi"]}, alignment=False)
    assert moves(moved, "ELVES", "EMi", "SMi")  # the optional rule switched off
    moved, _, _ = run({"HARAD": ["A EMi"]}, {"HARAD": ["A EMi - SMi"]})
    assert moves(moved, "HARAD", "EMi", "SMi")  # EN 8.1 iv: neutral powers are unaffected


def test_units_in_opposed_provinces_fall_unless_supported():  # EN 8.1 vi
    _, res, _ = run({"ELVES": ["A SMi"], "HARAD": ["A Bro"]}, {"HARAD": ["A Bro - SMi"]})
    assert "SMi" in res.dislodged
    _, res, _ = run({"ELVES": ["A SMi", "A EMi", "A OFo"], "HARAD": ["A Bro"]},
                    {"HARAD": ["A Bro - SMi"], "ELVES": ["A EMi S A SMi", "A OFo S A SMi - EMi"]})
    assert "SMi" not in res.dislodged


@pytest.mark.parametrize("alignment", [True, False])
def test_supports_from_opposed_provinces_fail(alignment):  # EN 8.1 vi
    units = {"ELVES": ["A SMi", "A OFo"], "HARAD": ["A Mou", "A NMi"]}
    orders = {"ELVES": ["A SMi S A OFo"], "HARAD": ["A Mou - OFo", "A NMi S A Mou - OFo"]}
    _, res, _ = run(units, orders, alignment=alignment)
    assert ("OFo" in res.dislodged) == alignment


@pytest.mark.parametrize("edition,enters", [("2000", True), ("2002", False)])
def test_alignment_and_strength_zero(edition, enters):  # EN 8.1 v "is 1" vs FR "unless greater than 1"
    moved, _, _ = run({"SAURON": ["N DGu"]}, {"SAURON": ["N DGu - Lor"]}, edition)
    assert moves(moved, "SAURON", "DGu", "Lor") == enters


def test_eriador_is_open_to_everyone():  # EN 5.1 ii
    moved, res, _ = run({"ELVES": ["A Hol"], "DWARVES": ["A Gld"], "HARAD": ["A Eri"]},
                        {"ELVES": ["A Hol - Eri"], "DWARVES": ["A Gld - Eri"]})
    assert moves(moved, "ELVES", "Hol", "Eri") and moves(moved, "DWARVES", "Gld", "Eri") and not res.dislodged
    moved, _, _ = run({"ELVES": ["A Eri"], "DWARVES": ["A Hol"]}, {"ELVES": ["A Eri - Hol"], "DWARVES": ["A Hol - Eri"]})
    assert moves(moved, "ELVES", "Eri", "Hol") and moves(moved, "DWARVES", "Hol", "Eri")


def test_units_in_eriador_cannot_support_or_build():  # EN 5.1 iii
    _, _, verdicts = run({"ELVES": ["2A Eri", "A Hol"]}, {"ELVES": ["A Eri S A Hol", "A Eri b E"]})
    assert all("Eriador" in v.void for v in verdicts)


@pytest.mark.parametrize("edition,dislodged", [("2000", False), ("2002", True)])
def test_unactivated_standing_armies_and_fortresses(edition, dislodged):  # EN vs FR 7.8.2 xi
    _, res, _ = run({"STANDING": ["A CGo"], "GONDOR": ["A NIt", "A NoL"]},
                    {"GONDOR": ["A NIt - CGo", "A NoL S A NIt - CGo"]}, edition)
    assert ("CGo" in res.dislodged) == dislodged


def test_building_an_auxiliary_fails_when_attacked():  # EN 3.4 iii, viii
    groups_units = {"GONDOR": ["A Pel"], "HARAD": ["A SIt"]}
    _, res, _ = run(groups_units, {"GONDOR": ["A Pel b F"]})
    assert len(res.built) == 1
    _, res, _ = run(groups_units, {"GONDOR": ["A Pel b F"], "HARAD": ["A SIt - Pel"]})
    assert not res.built and "Pel" not in res.dislodged  # the implicit hold still holds


def test_nazgul_lead_adds_one():  # EN 7.8.1 vii
    units = {"SAURON": ["N MMo", "A MMo"], "GONDOR": ["A SIt"]}
    _, res, _ = run(units, {"SAURON": ["A MMo - SIt"]})
    assert "SIt" not in res.dislodged
    _, res, _ = run(units, {"SAURON": ["A MMo - SIt", "N MMo L A MMo"]})
    assert res.dislodged["SIt"] == ("GONDOR", "MMo")


def test_mountains_stop_all_but_the_nazgul():  # EN 5.2, 7.8.1 v
    _, _, verdicts = run({"GONDOR": ["A DrF"]}, {"GONDOR": ["A DrF - Los"]})
    assert "mountains" in verdicts[0].void
    moved, _, verdicts = run({"SAURON": ["N Gor"]}, {"SAURON": ["N Gor - SIt"]})
    assert not verdicts[0].void and moves(moved, "SAURON", "Gor", "SIt")


def test_only_fleets_go_to_sea():  # EN 4.3 iv, 7.8.1 vi
    _, _, verdicts = run({"GONDOR": ["A Pel", "A/F DAm"]}, {"GONDOR": ["A Pel - TOL", "A/F DAm - BoB"]})
    assert "Fleet" in verdicts[0].void and not verdicts[1].void


def test_circular_movement_succeeds():  # standard rules (EN 1)
    moved, _, _ = run({"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt"]},
                      {"GONDOR": ["A Los - Pel", "A Pel - SIt"], "HARAD": ["A SIt - Los"]})
    assert len(moved) == 3


# --- the position after the phase -------------------------------------------------------

from warjudge.diplomacy.variants.necromancer.movement import apply_movement  # noqa: E402
from warjudge.diplomacy.variants.necromancer.position import format_position, position_problems  # noqa: E402


def after(units, orders, edition="2002"):
    position = parse_position(units, NMAP)
    entries = [(power, text) for power, texts in orders.items() for text in texts]
    rules = default_rules(NMAP, edition)
    groups, _, res = resolve_movement(NMAP, position, entries, rules)
    new, dislodged = apply_movement(NMAP, position, groups, res, rules)
    return {p: sorted(u) for p, u in format_position(new).items()}, dislodged, new


def test_mu_is_formed_on_the_board():  # EN 4.2 iii
    board, _, new = after({"GONDOR": ["A Los", "A Pel"]}, {"GONDOR": ["A Los - 2A SIt", "A Pel - 2A SIt"]})
    assert board == {"GONDOR": ["2A SIt"]} and position_problems(new, NMAP) == []


def test_dislodged_mu_retreats_together_and_loses_its_engine():  # EN 4.2 xii, 4.4 iv
    board, dislodged, _ = after({"HARAD": ["2A/1E SIt"], "GONDOR": ["A Los", "A Pel", "A MTi"]},
                                {"GONDOR": ["A Los - SIt", "A Pel S A Los - SIt", "A MTi S A Los - SIt"]})
    assert board == {"GONDOR": ["A MTi", "A Pel", "A SIt"]}
    (d,) = dislodged
    assert (d.power, d.province, d.attacker_from, len(d.pieces)) == ("HARAD", "SIt", "Los", 2)
    assert all(p.component.aux is None for p in d.pieces)


def test_auxiliary_build_on_the_board():  # EN 3.4 iv-v
    board, _, _ = after({"GONDOR": ["A/E Pel"]}, {"GONDOR": ["A/E Pel b F"]})
    assert board == {"GONDOR": ["A/F Pel"]}  # the second Auxiliary replaces the first


def test_fleet_lost_inland():  # EN 4.3 iii
    board, _, _ = after({"GONDOR": ["A/F Los"]}, {"GONDOR": ["A/F Los - Lam"]})
    assert board == {"GONDOR": ["A Lam"]}


@pytest.mark.parametrize("edition,kept", [("2000", True), ("2002", False)])
def test_fleet_across_a_land_only_border(edition, kept):  # FR 4.3 iii (2002 amendment)
    land = next((a, b) for pair, kind in NMAP.borders.items() if kind == "land"
                for a, b in [tuple(sorted(pair))]
                if NMAP.provinces[a].kind == "coastal" and NMAP.provinces[b].kind == "coastal")
    board, _, _ = after({"GONDOR": [f"A/F {land[0]}"]}, {"GONDOR": [f"A/F {land[0]} - {land[1]}"]}, edition)
    assert board == {"GONDOR": [f"A{'/F' if kept else ''} {land[1]}"]}


def test_engine_stays_with_the_mu_while_a_component_stays():  # EN 4.4 iv-v
    board, _, _ = after({"GONDOR": ["2A/1E Pel"]}, {"GONDOR": ["A/E Pel - Los", "A Pel H"]})
    assert board == {"GONDOR": ["A Los", "A/E Pel"]}
    board, _, _ = after({"GONDOR": ["A/E Pel"]}, {"GONDOR": ["A/E Pel - Los"]})
    assert board == {"GONDOR": ["A Los"]}


def test_own_units_cannot_swap_places():  # EN 1: standard rules, and there are no convoys (EN 3.1 i)
    moved, res, _ = run({"GONDOR": ["2A Pel", "A SIt"], "HARAD": ["A WKh"]},
                        {"GONDOR": ["2A Pel - SIt", "A SIt - Pel"], "HARAD": ["A WKh - SIt"]})
    assert not moved


def test_every_order_gets_its_result():  # EN 2.2.3 i-iii, 3.4 iii
    _, _, verdicts = run({"ROHAN": ["A Edo", "A Hel", "A Wol"], "SARUMAN": ["A Gap", "A Ise"]},
                         {"ROHAN": ["A Edo - Wes", "A Hel S A Edo - Wes", "A Wol b F"],
                          "SARUMAN": ["A Gap - Wes", "A Ise - Fan"]})
    result = {v.text: v.result for v in verdicts}
    assert result == {"A Edo - Wes": "succeeds", "A Hel S A Edo - Wes": "succeeds", "A Wol b F": "succeeds",
                      "A Gap - Wes": "fails", "A Ise - Fan": "succeeds"}
    _, _, verdicts = run({"GONDOR": ["A Pel", "A MTi"], "HARAD": ["A Los", "A SIt"]},
                         {"GONDOR": ["A Pel S A MTi - Los", "A MTi - Los"], "HARAD": ["A SIt - Pel", "A Los H"]})
    result = {v.text: (v.result, v.reason) for v in verdicts}
    assert result["A Pel S A MTi - Los"] == ("fails", "cut") and result["A MTi - Los"][0] == "fails"
    assert result["A SIt - Pel"][0] == "fails" and result["A Los H"] == ("succeeds", "")


# --- the 2002 amendments to Multiple Unit orders -----------------------------------------

@pytest.mark.parametrize("edition,moves_", [("2000", True), ("2002", False)])
def test_mu_moves_need_both_sizes_in_2002(edition, moves_):  # EN 4.2 v "2A (NIt) - SIt" vs FR 4.2 vi
    moved, _, verdicts = run({"GONDOR": ["2A NIt"]}, {"GONDOR": ["2A NIt - SIt"]}, edition)
    assert moves(moved, "GONDOR", "NIt", "SIt") == moves_
    moved, _, _ = run({"GONDOR": ["2A NIt"]}, {"GONDOR": ["2A NIt - 2A SIt"]}, edition)
    assert moves(moved, "GONDOR", "NIt", "SIt")


@pytest.mark.parametrize("edition", ["2000", "2002"])
def test_one_order_for_an_mu_moving_to_one_province(edition):  # EN 4.2 iii vs FR 4.2 vii
    _, _, verdicts = run({"GONDOR": ["2A NIt"]}, {"GONDOR": ["A NIt - SIt", "A NIt - SIt"]}, edition)
    assert all(bool(v.void) == (edition == "2002") for v in verdicts)


@pytest.mark.parametrize("edition,kept", [("2000", True), ("2002", False)])
def test_auxiliary_left_out_of_an_order(edition, kept):  # FR 4.2 xviii (2002 only)
    board, _, _ = after({"GONDOR": ["A/F DAm"]}, {"GONDOR": ["A DAm - Pel"]}, edition)
    assert board == {"GONDOR": ["A/F Pel" if kept else "A Pel"]}


@pytest.mark.parametrize("edition", ["2000", "2002"])
def test_nazgul_mu_orders_need_the_nazgul(edition):  # FR 7.8.1 x (2002), EN 7.8.1 ix
    _, _, verdicts = run({"SAURON": ["N MMo", "2A MMo"]}, {"SAURON": ["N MMo - SIt", "A MMo - NIt", "A MMo H"]}, edition)
    voided = [v.text for v in verdicts if v.void]
    assert voided == (["A MMo - NIt", "A MMo H"] if edition == "2002" else [])


def test_sauron_forms_an_mu_with_the_nazgul_in_an_empty_province():  # EN 7.8.1 ix
    moved, _, _ = run({"SAURON": ["N MMo", "A MMo", "A NIt"]},
                      {"SAURON": ["N MMo - SIt", "A MMo - 2A SIt", "A NIt - 2A SIt"]}, "2000")
    assert moves(moved, "SAURON", "MMo", "SIt") and moves(moved, "SAURON", "NIt", "SIt")


def test_wizard_travels_aboard_a_saruman_army_fleet():  # EN 7.7 vii
    board, _, _ = after({"SARUMAN": ["W Anf", "A/F Anf"]}, {"SARUMAN": ["W Anf - GSe", "A/F Anf - GSe"]})
    assert board == {"SARUMAN": ["A/F GSe", "W GSe"]}
    _, _, verdicts = run({"SARUMAN": ["W Anf", "A/F Anf"]}, {"SARUMAN": ["W Anf - GSe"]})
    assert "aboard" in verdicts[0].void
    board, _, _ = after({"SARUMAN": ["W Anf", "A/F Anf"], "GONDOR": ["A/F BoB", "A/F DAm"]},
                        {"SARUMAN": ["W Anf - GSe", "A/F Anf - GSe"], "GONDOR": ["A/F BoB - GSe", "A/F DAm S A/F BoB - GSe"]})
    assert sorted(board["SARUMAN"]) == ["A/F Anf", "W Anf"]  # the A/F bounced: the Wizard stays with it
    board, _, _ = after({"SARUMAN": ["W GSe", "A/F GSe"]}, {"SARUMAN": ["W GSe - Anf"]})
    assert sorted(board["SARUMAN"]) == ["A/F GSe", "W Anf"]  # it may leave the A/F for land


def test_mu_formed_by_holding():  # EN 4.2 iv: A (Los) - 2A (Los); A (Pel) - 2A (Los)
    board, _, _ = after({"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt"]},
                        {"GONDOR": ["A Los - 2A Los", "A Pel - 2A Los"], "HARAD": ["A SIt - Los"]})
    assert board == {"GONDOR": ["2A Los"], "HARAD": ["A SIt"]}  # the holding unit keeps Los against 1


def test_mu_formed_by_holding_is_stopped_only_by_taking_the_province():  # EN 4.2 x (FR xii)
    board, dislodged, _ = after({"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt", "A MTi"]},
                                {"GONDOR": ["A Los - 2A Los", "A Pel - 2A Los"],
                                 "HARAD": ["A SIt - Los", "A MTi S A SIt - Los"]})
    assert board["HARAD"] == ["A Los", "A MTi"] and dislodged[0].province == "Los"
