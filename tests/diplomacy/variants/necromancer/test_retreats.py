"""Necromancer retreats (EN 2.2.2 iv, 3.3 iii-v, 4.2 xii, 4.3 iii, 5.1 ii, 8.1 vii)."""

from warjudge.diplomacy.variants.necromancer.mapfile import load_necromancer_map
from warjudge.diplomacy.variants.necromancer.movement import Dislodgement, default_rules
from warjudge.diplomacy.variants.necromancer.position import format_position, parse_position
from warjudge.diplomacy.variants.necromancer.retreats import judge_retreats

NMAP = load_necromancer_map()


def dislodged(power, written, attacker_from):
    pos = parse_position({power: [written]}, NMAP)
    ((province, pieces),) = pos.items()
    return Dislodgement(power, province, pieces, attacker_from)


def retreat(units, gone, orders, standoffs=(), edition="2002"):
    position = parse_position(units, NMAP)
    after, results = judge_retreats(NMAP, position, gone, set(standoffs),
                                    [(p, t) for p, ts in orders.items() for t in ts], default_rules(NMAP, edition))
    return {p: sorted(u) for p, u in format_position(after).items()}, results


def test_mu_retreats_whole():  # EN 4.2 xii
    board, results = retreat({"HARAD": ["A Los"]}, [dislodged("GONDOR", "2A SIt", "Los")], {"GONDOR": ["2A SIt R Pel"]})
    assert board == {"GONDOR": ["2A Pel"], "HARAD": ["A Los"]}


def test_no_retreat_to_attacker_origin_standoff_or_occupied():  # EN 1 (standard rules)
    gone = [dislodged("GONDOR", "A SIt", "Los")]
    for orders, standoffs, why in [(["A SIt R Los"], (), "attacker"), (["A SIt R Pel"], ("Pel",), "standoff"),
                                   (["A SIt R MTi"], (), "occupied")]:
        board, results = retreat({"HARAD": ["A Los", "A MTi"]}, gone, {"GONDOR": orders}, standoffs)
        assert results[0].result == "void" and why in results[0].reason and "GONDOR" not in board


def test_two_retreats_to_one_province_both_fail():  # EN 2.2.2 iv: Strength 0; FR 3.3 v
    gone = [dislodged("GONDOR", "A SIt", "Har"), dislodged("SAURON", "N MMo", "Gor")]
    board, results = retreat({}, gone, {"GONDOR": ["A SIt R NIt"], "SAURON": ["N MMo R NIt"]})
    assert board == {} and all(r.result == "fails" for r in results)


def test_personality_and_friends_may_share():  # EN 3.3 iii
    board, _ = retreat({"SAURON": ["A NIt"]}, [dislodged("SAURON", "N MMo", "Gor")], {"SAURON": ["N MMo R NIt"]})
    assert board == {"SAURON": ["A NIt", "N NIt"]}
    board, _ = retreat({"SAURON": ["N NIt"]}, [dislodged("SAURON", "A MMo", "Gor")], {"SAURON": ["A MMo R NIt"]})
    assert board == {"SAURON": ["A NIt", "N NIt"]}
    board, results = retreat({"SAURON": ["A NIt"]}, [dislodged("SAURON", "A MMo", "Gor")], {"SAURON": ["A MMo R NIt"]})
    assert results[0].result == "void"  # two armies of a power without MUs do not share


def test_enemy_personality_destroys_the_retreating_unit():  # EN 3.3 iv
    board, results = retreat({"SARUMAN": ["W NIt"]}, [dislodged("GONDOR", "A SIt", "Har")], {"GONDOR": ["A SIt R NIt"]})
    assert results[0].result == "fails" and board == {"SARUMAN": ["W NIt"]}


def test_eriador_is_always_a_valid_retreat():  # EN 5.1 ii
    board, results = retreat({"DWARVES": ["A Eri"]}, [dislodged("ELVES", "A Hol", "Eri")], {"ELVES": ["A Hol R Eri"]})
    assert results[0].result == "succeeds" and sorted(board) == ["DWARVES", "ELVES"]


def test_no_retreat_into_an_opposed_province():  # EN 8.1 vii
    board, results = retreat({}, [dislodged("ELVES", "A EMi", "Dal")], {"ELVES": ["A EMi R SMi"]})
    assert results[0].result == "void" and "aligned" in results[0].reason


def test_unordered_dislodged_units_disband():  # EN 1 (standard rules); issue 9: every disband is reported
    board, results = retreat({}, [dislodged("GONDOR", "A SIt", "Har")], {})
    assert board == {}
    assert [(r.power, r.text, r.default, r.reason) for r in results] == [("GONDOR", "A SIt D", True, "no retreat order")]


def test_fleet_lost_when_retreating_inland():  # EN 4.3 iii
    board, _ = retreat({}, [dislodged("GONDOR", "A/F Los", "SIt")], {"GONDOR": ["A/F Los R Lam"]})
    assert board == {"GONDOR": ["A Lam"]}


def test_wizard_dislodged_at_sea():  # EN 7.7 viii
    def gone():  # the Wizard and the A/F carrying it, dislodged together from the Great Sea
        return [Dislodgement("SARUMAN", "GSe", parse_position({"SARUMAN": ["A/F GSe", "W GSe"]}, NMAP)["GSe"], "BoB")]
    board, results = retreat({}, gone(), {"SARUMAN": ["W GSe R Anf", "A/F GSe R BUm"]})
    assert board == {"SARUMAN": ["A/F BUm", "W Anf"]}  # to land on its own, the A/F elsewhere
    board, results = retreat({}, gone(), {"SARUMAN": ["W GSe R BUm", "A/F GSe R BUm"]})
    assert board == {"SARUMAN": ["A/F BUm", "W BUm"]}  # together with its A/F
    board, results = retreat({"SARUMAN": ["A/F BUm"]}, gone(), {"SARUMAN": ["W GSe R BUm"]})
    assert board == {"SARUMAN": ["A/F BUm", "W BUm"]}  # to another Saruman A/F
    board, results = retreat({}, gone(), {"SARUMAN": ["W GSe R BUm"]})
    assert results[0].result == "void" and "SARUMAN" not in board  # an empty sea: no


def test_wizard_on_land_never_retreats_to_sea():  # EN 7.7 vii-viii
    board, results = retreat({}, [dislodged("SARUMAN", "W Anf", "Pin")], {"SARUMAN": ["W Anf R GSe"]})
    assert results[0].result == "void"
