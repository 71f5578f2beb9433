"""SPI 7.1 (missile), 7.2 (Leader combat), 7.3 (melee) and the fanatical rules 7.37, 9.33,
10.0. Neighbours of 0505: 0504 NE, 0605 E, 0506 SE, 0406 SW, 0405 W, 0404 NW."""

from warjudge.hexwar.gondor_sauron.charts import default_charts
from warjudge.hexwar.gondor_sauron.combat import (
    clear_lines, leader_combat_problem, leader_fight, melee_problem, missile_armour, missile_problem,
    obliged_to_attack, strike)
from tests.support.gs_positions import S, W, ScriptedDice, cavalry, leader, position, unit

CHARTS = default_charts()


def test_worked_example_b_against_3y():
    # SPI 7.33: B against armour 3: a 9 does nothing; a 7 is a casualty; then a 3 against
    # morale Y: retreat one hex and flip
    assert not strike(CHARTS, ScriptedDice(5, 4), "B", 3, "Y", fanatical=False).casualty
    hit = strike(CHARTS, ScriptedDice(3, 4, 3), "B", 3, "Y", fanatical=False)
    assert hit.total == 7 and hit.die == 3 and (hit.result.retreat, hit.result.flip) == (1, True)


def test_fanatical_attackers_skip_the_probability_table():
    # SPI 7.37: no Casualty Probability roll; straight to the Casualty Results Table
    hit = strike(CHARTS, ScriptedDice(3), "E", 4, "Y", fanatical=True)
    assert hit.total is None and hit.die == 3 and hit.result.code == "r1A"


def test_night_makes_sauron_fanatical_and_leaders_stronger():
    # SPI 10.0
    orc, man = unit("o", S, "0505", "E1Z"), unit("m", W, "0504", "D3X")
    nazgul, hero = leader("n", S, "0505", rally=2), leader("h", W, "0504", rally=2)
    day, night = position(orc, man, nazgul, hero), position(orc, man, nazgul, hero, night=True)
    assert not day.fanatical(orc) and night.fanatical(orc) and not night.fanatical(man)
    assert (day.rally_rating(nazgul), night.rally_rating(nazgul), night.rally_rating(hero)) == (2, 5, 2)


def test_westernesse_w_and_x_fanatical_when_demoralized():
    # SPI 9.33: Westernesse (only) W and X units, once their army is demoralized
    w, x, y = unit("w", W, "0101", "C2W"), unit("x", W, "0201", "C2X"), unit("y", W, "0301", "C2Y")
    orc = unit("o", S, "0909", "C2X")
    pos = position(w, x, y, orc, demoralized={W, S})
    assert [pos.fanatical(u) for u in (w, x, y, orc)] == [True, True, False, False]
    assert not position(w, x).fanatical(w)


def test_melee_only_adjacent_enemies_in_whose_zoc():
    # SPI 7.31
    a, d, far = unit("a", W, "0504"), unit("d", S, "0505"), unit("f", S, "0707")
    pos = position(a, d, far)
    assert melee_problem(pos, a, d) is None
    assert "SPI 7.31" in melee_problem(pos, a, far)
    assert "SPI 7.31" in melee_problem(pos, a, unit("a2", W, "0605"))


def test_every_unit_in_an_enemy_zoc_must_attack():
    # SPI 7.31, 6.3: obliged; 7.57 disrupted, 2.3 missile-only and 9.32 demoralized Z are not
    a, b, bow, d = unit("a", W, "0504"), unit("b", W, "0605"), unit("bow", W, "0506", "e1Y"), unit("d", S, "0505")
    free = unit("free", W, "0101")
    b.disrupted = True
    assert [u.id for u in obliged_to_attack(position(a, b, bow, d, free), W)] == ["a"]
    z = unit("z", S, "0404", "E1Z")
    assert [u.id for u in obliged_to_attack(position(z, d, a), S)] == ["d", "z"]   # z is in a's ZOC
    assert [u.id for u in obliged_to_attack(position(z, d, a, demoralized={S}), S)] == ["d"]


def test_no_melee_across_unbreached_walls_unless_from_higher():
    # SPI 7.35
    a, d = unit("a", W, "0504"), unit("d", S, "0505")
    wall = {("0504", "0505"): "wall"}
    assert "SPI 7.35" in melee_problem(position(a, d, sides=wall), a, d)
    assert melee_problem(position(a, d, sides=wall, tokens={"0504": "2", "0505": "1"}), a, d) is None
    assert "SPI 7.35" in melee_problem(position(a, d, sides=wall, tokens={"0504": "1", "0505": "2"}), a, d)
    breach = frozenset({frozenset(("0504", "0505"))})
    assert melee_problem(position(a, d, sides=wall, breached=breach), a, d) is None


def test_no_melee_into_prohibited_hexes():
    # SPI 7.36: "a cavalry unit may not attack an Enemy unit in a Grove hex"
    c, d = cavalry("c", W, "0504"), unit("d", S, "0505")
    assert "SPI 7.36" in melee_problem(position(c, d, tokens={"0505": "G0"}), c, d)
    assert melee_problem(position(c, d), c, d) is None


def test_demoralized_defender_can_still_be_meleed():
    # SPI 6.14 (no ZOC) with 7.31: ruling, adjacency where its zone would reach suffices
    a, d = unit("a", W, "0504"), unit("d", S, "0505")
    assert melee_problem(position(a, d, demoralized={S}), a, d) is None


def test_missile_range_two_including_target_excluding_firer():
    # SPI 7.11, 7.12
    bow, near, far = unit("bow", W, "0501", "e1Y"), unit("n", S, "0503"), unit("f", S, "0504")
    pos = position(bow, near, far)
    assert missile_problem(pos, bow, near, set()) is None
    assert "SPI 7.12" in missile_problem(pos, bow, far, set())
    assert missile_problem(pos, bow, far, set(), reach=4) is None        # a catapult's range
    assert "SPI 7.11" in missile_problem(pos, unit("m", W, "0502", "C2X"), near, set())


def test_missiles_once_a_turn():
    # SPI 7.14
    bow, t = unit("bow", W, "0501", "e1Y"), unit("t", S, "0503")
    assert "SPI 7.14" in missile_problem(position(bow, t), bow, t, {"bow"})


def test_missiles_blocked_by_tower_grove_mountain_and_siege_towers():
    # SPI 7.13; 0501 -> 0701 runs along row 01 through 0601 only
    bow, t = unit("bow", W, "0501", "e1Y"), unit("t", S, "0701")
    for token in ("T0", "G0", "M0"):
        assert "SPI 7.13" in missile_problem(position(bow, t, tokens={"0601": token}), bow, t, set())
    assert "SPI 7.13" in missile_problem(position(bow, t), bow, t, set(), siege_towers=frozenset({"0601"}))
    # through units and walls it flies
    pos = position(bow, t, unit("x", S, "0601"), sides={("0601", "0701"): "wall"})
    assert missile_problem(pos, bow, t, set()) is None


def test_missiles_into_tunnels_only_along_them():
    # SPI 7.13
    bow, t = unit("bow", W, "0501", "e1Y"), unit("t", S, "0701")
    assert "SPI 7.13" in missile_problem(position(bow, t, tokens={"0701": "U0"}), bow, t, set())
    assert missile_problem(position(bow, t, tokens={"0601": "U0", "0701": "U0", "0501": "U0"}), bow, t, set()) is None
    assert clear_lines(position(bow, t), "0501", "0701") == [["0501", "0601", "0701"]]


def test_wall_adds_one_armour_against_missiles_four_stays_four():
    # SPI 7.18
    bow = unit("bow", W, "0501", "e1Y")
    t2, t4 = unit("t", S, "0701", "C2X"), unit("t", S, "0701", "C4X")
    wall = {("0601", "0701"): "wall"}
    assert missile_armour(position(bow, t2, sides=wall), "0501", t2) == 3
    assert missile_armour(position(bow, t4, sides=wall), "0501", t4) == 4
    assert missile_armour(position(bow, t2), "0501", t2) == 2
    assert missile_armour(position(bow, t2, sides={("0601", "0602"): "wall"}), "0501", t2) == 2  # not its hex


def test_leader_combat_adjacent_leaders_once_a_phase():
    # SPI 7.21, 7.24, 7.25
    a, d, c = leader("a", W, "0504"), leader("d", S, "0505"), unit("c", S, "0605")
    pos = position(a, d, c)
    assert leader_combat_problem(pos, a, d, set()) is None
    assert "SPI 7.24" in leader_combat_problem(pos, a, d, {"a"})
    assert "SPI 7.25" in leader_combat_problem(pos, a, c, set())
    assert "SPI 7.21" in leader_combat_problem(pos, a, leader("far", S, "0909"), set())


def test_leader_combat_differential_and_one_die():
    # SPI 7.22: attacker's rally minus defender's, one die, on the Leader Combat Results Table
    a, d = leader("a", W, "0504", rally=4), leader("d", S, "0505", rally=2)
    diff, die, mine, theirs = leader_fight(position(a, d), ScriptedDice(4), a, d)
    assert (diff, die) == (2, 4) and (mine, theirs) == CHARTS.leader_result(2, 4)
    diff, *_ = leader_fight(position(a, d, night=True), ScriptedDice(4), a, d)   # 10.0
    assert diff == -1


def test_a_line_of_fire_off_the_map_is_no_line():
    # SPI 7.13 with the sight ruling: 0101 -> 0103 runs along the hexside of 0102 and the
    # map's edge; the half of it off the map does not count (found by the bot-game test)
    bow, t = unit("bow", W, "0101", "e1Y"), unit("t", S, "0103")
    assert clear_lines(position(bow, t), "0101", "0103") == [["0101", "0102", "0103"]]
    assert "SPI 7.13" in missile_problem(position(bow, t, tokens={"0102": "G0"}), bow, t, set())
