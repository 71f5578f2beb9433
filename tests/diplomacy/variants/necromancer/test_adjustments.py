"""Necromancer adjustments (EN 3.3 v-vi / FR 3.3 vi-vii, 3.4 i, 5.1 iv-vi, 6.3, 7, 8.1 vii)."""

from dataclasses import replace

import pytest

from warjudge.diplomacy.variants.necromancer.adjustments import (
    judge_adjustments, supply_centres, unit_count, update_ownership, victory_points,
)
from warjudge.diplomacy.variants.necromancer.calendar import NPhase
from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position
from warjudge.diplomacy.variants.necromancer.state import initial_state

NMAP = load_necromancer_map()
START = initial_state(NMAP)


def at(year, units=None, owners=None, **kw):
    state = replace(START, phase=NPhase(year, "A"), **kw)
    if units is not None:
        state = replace(state, position=parse_position(units, NMAP))
    if owners is not None:
        state = replace(state, owners=owners)
    return state


def adjust(state, orders):
    new, results = judge_adjustments(NMAP, state, [(p, t) for p, ts in orders.items() for t in ts])
    return new, results, {p: sorted(u) for p, u in format_position(new.position).items()}


def test_initial_counts_and_victory_points():  # EN 6.1, 5.1 vi, 7.2 i, 7.5 i, 7.7 vi, x
    assert supply_centres(NMAP, START, "DWARVES") == 3 and victory_points(NMAP, START, "DWARVES") == 5
    assert supply_centres(NMAP, START, "ELVES") == 3 and victory_points(NMAP, START, "ELVES") == 7
    assert supply_centres(NMAP, START, "SARUMAN") == 3 and unit_count(START, "SARUMAN") == 2
    assert unit_count(START, "SAURON") == 2  # the Nazgul is not counted (EN 3.3 vi, FR 3.3 vii)
    assert supply_centres(NMAP, START, "GONDOR") == unit_count(START, "GONDOR") == 5


def test_opening_places_sarumans_army_and_sauron_activates():  # EN 7.7 x, 7.8.2 iv
    new, results, board = adjust(START, {"SARUMAN": ["Build A Gap"], "SAURON": ["Activate A Gre"],
                                         "GONDOR": ["Build A MTi"]})
    assert "A Gap" in board["SARUMAN"] and "A Gre" in board["SAURON"]
    assert new.owners["Gre"] == "SAURON" and new.activated == {"Gre": 2750}
    assert results[2].result == "void"
    _, results, _ = adjust(START, {"SARUMAN": ["Build A Edo"]})
    assert results[0].result == "void" and "Agr, Ene, Fan, Gap or Gld" in results[0].reason
    _, results, _ = adjust(START, {"SAURON": ["Activate A Gre", "Activate A Gun"]})
    assert results[1].result == "void" and "only one Activation" in results[1].reason


def test_ownership_changes_only_by_real_units():  # EN 3.3 v, 5.1 iv, 7.8.2 i
    state = at(2780, {"SAURON": ["N Pel"], "HARAD": ["A Eri"], "STANDING": ["A Gre"], "ROHAN": ["A Lam"]})
    new = update_ownership(NMAP, state)
    assert new.owners["Pel"] == "GONDOR" and new.owners["Lam"] == "ROHAN" and "Gre" not in new.owners
    assert supply_centres(NMAP, new, "DWARVES") == 3  # Eriador's HSC never changes hands


def test_alignment_turns_neutral_on_capture():  # EN 8.1 vii
    state = at(2780, {"ELVES": ["A DGu"], "HARAD": ["A Mor"], "GONDOR": ["A Lor"]})
    new = update_ownership(NMAP, state)
    assert new.neutralised == {"DGu", "Mor"}  # Gondor is Good like Lorien: no change there
    assert new.alignment(NMAP, "DGu") == "neutral" and new.alignment(NMAP, "Lor") == "good"


def test_builds_in_owned_unoccupied_home_centres():  # EN 1 (standard), 4.2 i
    owners = dict(START.owners, Dal="ROHAN")
    state = at(2780, {"ROHAN": ["A Dal"]}, owners)
    new, results, board = adjust(state, {"ROHAN": ["Build A Edo", "Build A Edo", "Build A Dal"]})
    assert [r.result for r in results] == ["succeeds", "void", "void"]


def test_rohan_cavalry_only_in_the_wold_once_a_phase():  # EN 7.6 i
    state = at(2780, {"ROHAN": ["A Dal"]}, dict(START.owners, Dal="ROHAN", Eas="ROHAN"))
    _, results, board = adjust(state, {"ROHAN": ["Build C Wol", "Build C Edo"]})
    assert [r.result for r in results] == ["succeeds", "void"] and "C Wol" in board["ROHAN"]


def test_gondor_builds_multiple_units():  # EN 7.3 i, 4.2 xiii
    state = at(2780, {"GONDOR": ["A MTi"]})
    _, results, board = adjust(state, {"GONDOR": ["Build 2A MTi", "Build A Pel"]})
    assert all(r.result == "succeeds" for r in results) and "3A MTi" in board["GONDOR"]


def test_dwarves_and_easterlings_extra_home_centres():  # EN 7.5 ii, 7.1 i
    owners = dict(START.owners, Gun="DWARVES", Dor="EASTERLINGS", Dal="DWARVES")
    state = at(2780, {}, owners)
    _, results, _ = adjust(state, {"DWARVES": ["Build A Gun", "Build A Dal"], "EASTERLINGS": ["Build A Dor"]})
    assert [r.result for r in results] == ["succeeds", "void", "succeeds"]


def test_no_unit_is_built_in_a_sea_supply_centre():  # EN 7.1 i, 4.3 iv; found by a bot game
    # The Easterlings build in any SC they own (7.1 i), and Tolfalas is a sea SC; an Army
    # without a Fleet cannot be at sea (4.3 iv) and Auxiliaries are not built in
    # adjustments (3.4 i), so no build can stand there.
    state = at(2780, {}, dict(START.owners, TOL="EASTERLINGS"))
    new, results, board = adjust(state, {"EASTERLINGS": ["Build A TOL", "Build A Dor"]})
    assert results[0].result == "void" and "at sea" in results[0].reason
    assert "TOL" not in new.position and not any("TOL" in u for u in board.get("EASTERLINGS", []))


def test_eriador_builds_one_each_whatever_is_there():  # EN 5.1 v
    state = at(2780, {"HARAD": ["A Eri"], "ELVES": ["A Eri"]}, {"Lor": "ELVES", "Woo": "ELVES"})
    _, results, board = adjust(state, {"ELVES": ["Build A Eri", "Build A Eri"], "DWARVES": ["Build A Eri"]})
    assert [r.result for r in results if not r.default] == ["succeeds", "void", "succeeds"]
    state = replace(state, eriador_alive=False)
    _, results, _ = adjust(state, {"DWARVES": ["Build A Eri"]})
    assert results[0].result == "void"  # EN 5.1 iv: destroyed with Sauron


def test_enemy_personality_spoils_a_build():  # EN 3.3 v, FR 3.3 vi
    state = at(2780, {"SARUMAN": ["W Edo"]})
    _, results, board = adjust(state, {"ROHAN": ["Build A Edo"]})
    assert results[0].result == "fails" and "ROHAN" not in board


def test_saruman_builds_on_the_wizard():  # EN 7.7 iv
    state = at(2780, {"SARUMAN": ["W Dal"]}, {"Dun": "SARUMAN"})
    _, results, _ = adjust(state, {"SARUMAN": ["Build A Dal"]})
    assert results[0].result == "succeeds"
    state = at(2780, {"SARUMAN": ["W Edo"]}, {"Dun": "SARUMAN", "Edo": "ROHAN"})
    _, results, _ = adjust(state, {"SARUMAN": ["Build A Edo"]})
    assert results[0].result == "void" and "home centre" in results[0].reason


def test_nazgul_rebuilt_free_and_units_with_it():  # EN 7.8.1 ii, ix
    state = at(2780, {}, {"DGu": "SAURON", "MMo": "SAURON"})
    _, results, board = adjust(state, {"SAURON": ["Build N DGu", "Build 2A DGu"]})
    assert all(r.result == "succeeds" for r in results) and sorted(board["SAURON"]) == ["2A DGu", "N DGu"]


def test_activated_standing_army_is_a_home_centre_from_the_next_adjustment():  # EN 7.8.2 viii
    state = at(2810, {}, {"Gre": "SAURON", "DGu": "SAURON"}, activated={"Gre": 2810})
    _, results, _ = adjust(state, {"SAURON": ["Build A Gre"]})
    assert results[0].result == "void"
    state = replace(state, activated={"Gre": 2780})
    _, results, _ = adjust(state, {"SAURON": ["Build A Gre"]})
    assert results[0].result == "succeeds"


def test_spiders_and_dragons():  # EN 7.8.2 ii-vi
    state = at(2780, {"ELVES": ["A EMi"]})
    new, results, _ = adjust(state, {"SAURON": ["Activate S EMi"]})
    assert results[0].result == "void" and not new.spiders_used  # occupied: may be tried later
    new, results, board = adjust(state, {"SAURON": ["Activate S NMi"]})
    assert results[0].result == "succeeds" and "S NMi" in board["SAURON"] and new.spiders_used
    _, results, _ = adjust(new, {"SAURON": ["Activate S EMi"]})
    assert results[0].result == "void"  # once only
    new, results, _ = adjust(at(2780, {"SARUMAN": ["W Wit"]}), {"SAURON": ["Activate D Wit"]})
    assert results[0].result == "void" and new.dragons_used  # a hidden unit spoils it for good


def test_auxiliaries_are_not_built_in_adjustments():  # EN 3.4 i
    _, results, _ = adjust(at(2780, {}), {"GONDOR": ["Build A/F DAm"]})
    assert results[0].result == "void"


def test_disbands_and_civil_disorder():  # EN 1 (standard rules)
    state = at(2780, {"ROHAN": ["A Edo", "A Hel", "A Wes", "A Dhw", "A Dal"]}, {"Edo": "ROHAN", "Hel": "ROHAN"})
    _, results, board = adjust(state, {"ROHAN": ["A Wes D"]})
    # 2 centres, 5 units: 3 disbands, 1 ordered; Dal (farthest from home) and Dhw go
    assert board["ROHAN"] == ["A Edo", "A Hel"]
    assert [r.text for r in results if r.default] == ["A Dal D", "A Dhw D"]
    assert all("civil disorder" in r.reason for r in results if r.default)


def test_a_void_disband_removes_nothing():  # EN 1 (standard rules), 4.2 xiii
    # Gondor: 5 centres, 9 units, 4 disbands owed; "3A Pel D" names more than the 2A there,
    # so it is void and the 2A stays (the old judge took both away, then 4 more in civil disorder)
    state = at(2780, {"GONDOR": ["2A Pel", "A Lam", "A Edo", "A Dal", "A Wes", "A Dhw", "A Mor", "A Lor"]})
    _, results, board = adjust(state, {"GONDOR": ["3A Pel D"]})
    assert results[0].result == "void" and "no 3A Pel" in results[0].reason
    assert "2A Pel" in board["GONDOR"] and len(board["GONDOR"]) == 4
    assert len([r for r in results if r.default]) == 4


@pytest.mark.parametrize("scores,winner", [({"GONDOR": 19}, "GONDOR"), ({"GONDOR": 19, "HARAD": 20}, "HARAD"),
                                           ({"GONDOR": 19, "HARAD": 19}, None), ({"GONDOR": 18}, None)])
def test_victory(scores, winner):  # EN 6.3 i-iv
    scs = iter(p for p in NMAP.supply_centers if p != "Eri")
    owners = {}
    for power, n in scores.items():
        for _ in range(n):
            owners[next(scs)] = power
    new, _, _ = adjust(at(2780, {}, owners), {})
    assert new.winner == winner


def test_eliminations():  # EN 7.7 ii, 7.8.3 iii, 5.1 iv
    from warjudge.diplomacy.variants.necromancer.game import eliminations

    state = at(2780, {"SARUMAN": ["A Ise"], "SAURON": ["A DGu"]})
    out = eliminations(state)
    assert out.saruman_eliminated and not out.sauron_eliminated and supply_centres(NMAP, out, "SARUMAN") == 2
    gone = at(2780, {"SARUMAN": ["W Ise"]}, {"Ise": "SARUMAN"}, spiders_used=True, dragons_used=True)
    out = eliminations(gone)
    assert out.sauron_eliminated and not out.eriador_alive and not out.saruman_eliminated
    not_yet = replace(gone, dragons_used=False)  # the Dragons were never Activated
    assert not eliminations(not_yet).sauron_eliminated


def test_destroyed_standing_army_centre_must_be_captured():  # EN/FR 7.8.2 x, ix
    state = at(2780, {"SAURON": ["A DGu"]}, {"DGu": "SAURON", "MMo": "SAURON"})  # Gun's army is gone
    state = update_ownership(NMAP, state)
    _, results, _ = adjust(state, {"SAURON": ["Build A Gun"]})
    assert results[0].result == "void"  # nobody took the centre: no right to build there
    captured = update_ownership(NMAP, at(2810, {"SAURON": ["A Gun", "A DGu"]}, {"DGu": "SAURON", "MMo": "SAURON"}))
    assert captured.owners["Gun"] == "SAURON"
    from warjudge.diplomacy.variants.necromancer.adjustments import home_centres
    assert "Gun" in home_centres(NMAP, captured, "SAURON")  # captured: a home centre (ix)


@pytest.mark.parametrize("flag,out", [("sauron_eliminated", "SAURON"), ("saruman_eliminated", "SARUMAN")])
def test_an_eliminated_power_cannot_win(flag, out):  # EN 7.8.3 ii, 7.7 ii, 6.3: his centres stay his, he is out
    scs = iter(p for p in NMAP.supply_centers if p != "Eri")
    owners = {next(scs): out for _ in range(20)} | {next(scs): "GONDOR" for _ in range(19)}
    assert adjust(at(2780, {}, owners), {})[0].winner == out
    assert adjust(at(2780, {}, owners, **{flag: True}), {})[0].winner == "GONDOR"
