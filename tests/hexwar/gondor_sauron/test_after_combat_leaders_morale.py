"""SPI 7.5 (movement after combat), 7.6 (displacement), 7.7 (retreat before combat),
8.1-8.5 (Leaders), 9.0 (demoralization). Neighbours of 0505: 0504 NE, 0605 E, 0506 SE,
0406 SW, 0405 W, 0404 NW."""

from warjudge.hexwar.gondor_sauron import leaders
from warjudge.hexwar.gondor_sauron.aftermath import (
    advance_hexes, casualty_eliminates, leader_shares, may_retreat_before_combat, nearest_friend, retreat_choices,
    retreat_paths)
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult
from warjudge.hexwar.gondor_sauron.morale import loss_value, newly_demoralized
from warjudge.hexwar.gondor_sauron.units import Ratings
from tests.support.gs_positions import S, W, ScriptedDice, cavalry, leader, position, unit


def test_flip_then_eliminate():
    # SPI 7.33 (flip to reduced strength), 7.23 ("if already flipped over, it is eliminated")
    u = unit("u", W, "0505", "B3X", reduced="D2Y")
    assert not casualty_eliminates(u, CasualtyResult.parse("r1A")) and u.reduced and u.ratings.code == "D2Y"
    assert casualty_eliminates(u, CasualtyResult.parse("A"))
    assert casualty_eliminates(unit("v", W, "0505"), CasualtyResult.parse("E"))
    assert not casualty_eliminates(unit("w", W, "0505"), CasualtyResult.parse("r2"))


def test_half_e_on_a_lone_unit_flips_it():
    # SPI 8.46 names 1/2 E for formations; ruling: a lone unit loses half, i.e. flips
    u = unit("u", W, "0505", "B3X", reduced="D2Y")
    assert not casualty_eliminates(u, CasualtyResult.parse("1/2E")) and u.reduced


def test_retreat_never_into_or_through_enemy_zoc():
    # SPI 7.54, 7.55, 6.2: out of every enemy ZOC, no enemy hex, not even through friends' ZOC
    d, a, friend = unit("d", S, "0505"), unit("a", W, "0504"), unit("f", S, "0406")
    pos = position(d, a, friend)
    zoc = pos.enemy_zoc(S)
    for path in retreat_paths(pos, d, 2):
        assert not set(path) & zoc and "0504" not in path
    assert retreat_paths(pos, d, 1) == [("0405",), ("0406",), ("0506",)]
    # 7.61: a friend's hex is offered only when no free hex is left
    assert [c.path for c in retreat_choices(pos, d, 1)] == [("0405",), ("0506",)]


def test_retreat_impossible_eliminates():
    # SPI 7.56: surrounded by enemy ZOC, no retreat; the choices are empty
    d = unit("d", S, "0505")
    ring = [unit(f"w{i}", W, h) for i, h in enumerate(("0503", "0705", "0507", "0305"))]
    pos = position(d, *ring)
    assert retreat_choices(pos, d, 1) == []


def test_retreat_not_into_prohibited_hexes_or_across_walls():
    # SPI 7.55
    c = cavalry("c", W, "0505")
    walls = {("0505", h): "wall" for h in ("0504", "0605", "0506", "0406", "0405")}
    pos = position(c, sides=walls, tokens={"0404": "G0"})
    assert retreat_paths(pos, c, 1) == []


def test_disrupted_unit_forced_to_retreat_is_eliminated():
    # SPI 7.57
    u = unit("u", W, "0505")
    u.disrupted = True
    assert retreat_choices(position(u), u, 1) == []


def test_displacement_chosen_when_no_free_hex():
    # SPI 7.61, 7.63: the only exit holds a friend who can step aside
    d, f = unit("d", W, "0505"), unit("f", W, "0605")
    walls = {("0505", h): "wall" for h in ("0504", "0506", "0406", "0405", "0404")}
    pos = position(d, f, sides=walls)
    choices = retreat_choices(pos, d, 1)
    assert {c.path for c in choices} == {("0605",)} and all(len(c.chain) == 1 for c in choices)
    assert "0505" not in {c.chain[0] for c in choices}
    # 7.63: the friend cannot move either: the retreating unit dies
    boxed = {**walls, **{("0605", h): "wall" for h in ("0604", "0705", "0606", "0506", "0504")}}
    assert retreat_choices(position(d, f, sides=boxed), d, 1) == []


def test_advance_after_melee_only_into_the_vacated_hex():
    # SPI 7.51 (melee only, regardless of ZOC), 7.53 (walls only when breached)
    a, e = unit("a", W, "0504"), unit("e", S, "0606")
    pos = position(a, e)
    assert advance_hexes(pos, a, "0505", melee=True) == ["0505"]
    assert advance_hexes(pos, a, "0505", melee=False) == []
    walled = position(a, e, sides={("0504", "0505"): "wall"})
    assert advance_hexes(walled, a, "0505", melee=True) == []
    breached = position(a, e, sides={("0504", "0505"): "wall"}, breached=frozenset({frozenset(("0504", "0505"))}))
    assert advance_hexes(breached, a, "0505", melee=True) == ["0505"]


def test_who_may_retreat_before_combat():
    # SPI 7.7: bowmen with only missile capability; cavalry attacked solely by infantry
    bow, horse = unit("b", W, "0505", "e1Y"), cavalry("c", W, "0505")
    foot, rider = unit("f", S, "0504"), cavalry("r", S, "0605")
    assert may_retreat_before_combat(bow, [foot, rider])
    assert may_retreat_before_combat(horse, [foot])
    assert not may_retreat_before_combat(horse, [foot, rider])
    assert not may_retreat_before_combat(unit("i", W, "0505", "Be3X"), [foot])


def test_leader_shares_a_or_e_on_five_or_six():
    # SPI 8.24
    assert [leader_shares(d) for d in range(1, 7)] == [False] * 4 + [True] * 2
    assert CasualtyResult.parse("A").shared_by_leader and not CasualtyResult.parse("r1").shared_by_leader


def test_lone_leader_goes_to_the_nearest_friend():
    # SPI 8.24
    pos = position(unit("a", W, "0507"), unit("b", W, "0909"), unit("e", S, "0506"))
    assert nearest_friend(pos, W, "0505") == ["0507"]


def test_leaders_stack_with_their_own_nationality_magic_with_anyone():
    # SPI 8.1
    rohan = unit("r", W, "0505", nationality="rohan")
    theoden = leader("t", W, "0505", nationality="rohan")
    imrahil = leader("i", W, "0505", nationality="gondor")
    gandalf = leader("g", W, "0505", nationality="istari", magic=10)
    pos = position(rohan, theoden, imrahil, gandalf, leader("alone", W, "0101"))
    assert leaders.stacking_problem(pos, theoden) is None and leaders.stacking_problem(pos, gandalf) is None
    assert "gondor" in leaders.stacking_problem(pos, imrahil)
    assert "SPI 8.1" in leaders.stacking_problem(pos, pos.leaders["alone"])


def test_rally_rules():
    # SPI 8.31 adjacent, own nationality, no wall; 8.32 three a turn; 8.33 Gandalf anyone;
    # 8.36 once a unit; 9.31 demoralized never
    d = unit("d", W, "0504", nationality="rohan")
    d.disrupted = True
    imrahil = leader("i", W, "0505")
    gandalf = leader("g", W, "0505", nationality="istari", magic=10, rallies_anyone=True)
    eomer = leader("e", W, "0505", nationality="rohan")
    pos = position(d, imrahil, gandalf, eomer)
    assert "SPI 8.31" in leaders.rally_problem(pos, imrahil, d, {}, set())
    assert leaders.rally_problem(pos, gandalf, d, {}, set()) is None
    assert leaders.rally_problem(pos, eomer, d, {}, set()) is None
    assert "SPI 8.32" in leaders.rally_problem(pos, eomer, d, {"e": 3}, set())
    assert "SPI 8.36" in leaders.rally_problem(pos, eomer, d, {}, {"d"})
    assert "SPI 9.31" in leaders.rally_problem(position(d, eomer, demoralized={W}), eomer, d, {}, set())
    walled = position(d, eomer, sides={("0504", "0505"): "wall"})
    assert "SPI 8.31" in leaders.rally_problem(walled, eomer, d, {}, set())
    far = leader("far", W, "0909", nationality="rohan")
    assert "adjacent" in leaders.rally_problem(position(d, far), far, d, {}, set())


def test_rally_roll_on_the_table():
    # SPI 8.34, 8.37 (two dice under the rating), 8.35 in an enemy ZOC too
    d = unit("d", W, "0504", nationality="rohan")
    d.disrupted = True
    eomer = leader("e", W, "0505", nationality="rohan", rally=2)
    pos = position(d, eomer, unit("x", S, "0503"))
    table = pos.charts.rally_totals[2]
    good = min(table)
    assert leaders.rally(pos, ScriptedDice(1, good - 1), eomer, d) == (good, True) and not d.disrupted
    d.disrupted = True
    bad = max(table) + 1
    assert leaders.rally(pos, ScriptedDice(6, bad - 6), eomer, d) == (bad, False) and d.disrupted


def test_magic_points_spent_only_on_success():
    # SPI 8.54-8.56; 3.0 E: no second cast after casting in A; 8.52 no move and cast
    g = leader("g", W, "0505", magic=5)
    pos = position(g)
    assert leaders.cast_problem(g, 4, cast_in_a=False, phase_code="A", moved=False) is None
    assert "SPI 8.55" in leaders.cast_problem(g, 6, cast_in_a=False, phase_code="A", moved=False)
    assert "SPI 3.0" in leaders.cast_problem(g, 1, cast_in_a=True, phase_code="E", moved=False)
    assert "8.52" in leaders.cast_problem(g, 1, cast_in_a=False, phase_code="E", moved=True)
    assert "SPI 8.51" in leaders.cast_problem(leader("x", W, "0101"), 1, False, "A", False)
    assert leaders.cast(pos, ScriptedDice(1, 1), g, 4) == (2, False) and g.magic == 5    # 8.56
    assert leaders.cast(pos, ScriptedDice(3, 4), g, 4) == (7, True) and g.magic == 1


def test_demoralized_only_when_losses_exceed_the_level():
    # SPI 9.13, 9.21 ("exceeds"), 9.22, 9.23 (both at once)
    lost = [unit("a", W, "0101", "B3Y"), unit("b", W, "0101", "B3Y", reduced="D1Z")]
    lost[1].reduced = True
    assert loss_value(lost) == 18                                # full strength (9.12)
    assert newly_demoralized({W: 18, S: 10}, {W: 18, S: 10}, set()) == set()
    assert newly_demoralized({W: 18, S: 10}, {W: 19, S: 11}, set()) == {W, S}
    assert newly_demoralized({W: 18, S: 10}, {W: 19, S: 11}, {S}) == {W}
    assert Ratings.parse("B3Y").demoralization_value() == 9
