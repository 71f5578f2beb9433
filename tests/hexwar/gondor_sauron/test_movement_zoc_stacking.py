"""SPI 4.0 (movement), 5.0 (stacking), 6.0 (zones of control) and the movement effects of
7.15, 7.57, 9.32 and 6.14, on small positions. Neighbours of 0505: 0504 NE, 0605 E,
0506 SE, 0406 SW, 0405 W, 0404 NW."""

from warjudge.hexwar.gondor_sauron.moves import destinations, move_problem, stacking_problems
from tests.support.gs_positions import S, W, cavalry, leader, position, unit


def test_infantry_moves_four_clear_hexes_not_five():
    # SPI 4.12, 4.21, 4.24
    i = unit("i", W, "0101")
    pos = position(i)
    assert move_problem(pos, i, ["0101", "0201", "0301", "0401", "0501"]) is None
    assert "4 movement points" in move_problem(pos, i, ["0101", "0201", "0301", "0401", "0501", "0601"])
    assert "SPI 4.21" in move_problem(pos, i, ["0101", "0201", "0301", "0401", "0501", "0601"])
    assert move_problem(pos, i, ["0101", "0201", "0301"], spent=3) is not None   # 4.24: no saving


def test_moves_are_consecutive_hexes():
    # SPI 4.25
    i = unit("i", W, "0101")
    assert "not adjacent" in move_problem(position(i), i, ["0101", "0301"])


def test_terrain_costs_and_prohibitions():
    # SPI 4.26, 4.29 (Terrain Effects Chart): grove 2 for infantry, closed to cavalry
    i, c = unit("i", W, "0101"), cavalry("c", W, "0102")
    pos = position(i, c, tokens={"0201": "G0", "0301": "G0", "0202": "G0"})
    assert move_problem(pos, i, ["0101", "0201", "0301"]) is None          # 2 + 2 = 4
    assert move_problem(pos, i, ["0101", "0201", "0301", "0401"]) is not None  # 5 > 4 (4.26)
    assert "prohibited to cavalry" in move_problem(pos, c, ["0102", "0202"])


def test_never_into_an_enemy_hex_through_friends_freely():
    # SPI 4.27: friends and their ZOC do not hinder; enemy hexes (Leaders too) never entered
    i, f = unit("i", W, "0101"), unit("f", W, "0201")
    lone = leader("l", S, "0301")
    pos = position(i, f, lone)
    assert move_problem(pos, i, ["0101", "0201", "0202"]) is None
    assert "SPI 4.27" in move_problem(pos, i, ["0101", "0201", "0301"])


def test_stop_on_entering_an_enemy_zoc():
    # SPI 6.0, 6.11: stop on entering; 6.2 no extra cost to enter
    i, e = unit("i", W, "0501"), unit("e", S, "0505")
    pos = position(i, e)
    assert move_problem(pos, i, ["0501", "0502", "0503", "0504"]) is None   # enters e's ZOC, stops
    assert "SPI 6.11" in move_problem(pos, i, ["0501", "0502", "0503", "0504", "0604"])
    # a band of ZOC across row 04: 0405 lies behind it
    band = position(unit("i", W, "0502"), unit("e", S, "0505"), unit("f", S, "0305"), unit("g", S, "0705"))
    found = destinations(band, band.units["i"])
    assert "0404" in found and "0405" not in found
    assert "0405" in destinations(position(unit("i", W, "0502")), unit("i", W, "0502"))


def test_leave_an_enemy_zoc_only_by_retreat_or_advance():
    # SPI 6.11
    i, e = unit("i", W, "0504"), unit("e", S, "0505")
    pos = position(i, e)
    assert "SPI 6.11" in move_problem(pos, i, ["0504", "0503"]) and destinations(pos, i) == []


def test_leaders_neither_have_nor_are_affected_by_zoc():
    # SPI 6.15, 8.22
    ldr, e, eldr = leader("l", W, "0503"), unit("e", S, "0505"), leader("el", S, "0707")
    pos = position(ldr, e, eldr)
    assert move_problem(pos, ldr, ["0503", "0504", "0604", "0704"]) is None
    i = unit("i", W, "0706")
    assert move_problem(position(i, eldr), i, ["0706", "0806", "0805"]) is None  # no Leader ZOC


def test_demoralized_units_exert_no_zoc():
    # SPI 6.14
    i, e = unit("i", W, "0501"), unit("e", S, "0505")
    pos = position(i, e, demoralized={S})
    assert move_problem(pos, i, ["0501", "0502", "0503", "0504", "0604"]) is None


def test_zoc_not_into_mountains_nor_tunnels_but_through_breached_walls():
    # SPI 6.13
    i, e = unit("i", W, "0501"), unit("e", S, "0505")
    near = unit("n", W, "0503")
    pos = position(near, e, tokens={"0504": "M0"})
    assert move_problem(pos, near, ["0503", "0504", "0604"]) is None       # 3 + 1 MP, no stop
    pos = position(near, e, tokens={"0504": "U0"})
    assert move_problem(pos, near, ["0503", "0504", "0604"]) is None
    assert "SPI 6.11" in move_problem(position(near, e), near, ["0503", "0504", "0604"])
    walled = {("0504", "0505"): "wall"}
    pos = position(i, e, sides=walled)
    assert move_problem(pos, i, ["0501", "0502", "0503", "0504", "0603"]) is None   # 0504 not in e's ZOC
    pos = position(i, e, sides=walled, breached=frozenset({frozenset(("0504", "0505"))}))
    assert "SPI 6.11" in move_problem(pos, i, ["0501", "0502", "0503", "0504", "0603"])


def test_no_crossing_an_unbreached_wall():
    # SPI 7.53 (and the Terrain Effects Chart): walls, gates and towers close the hexside
    i = unit("i", W, "0504")
    pos = position(i, sides={("0504", "0505"): "gate"})
    assert "unbreached gate" in move_problem(pos, i, ["0504", "0505"])
    pos = position(i, sides={("0504", "0505"): "gate"}, breached=frozenset({frozenset(("0504", "0505"))}))
    assert move_problem(pos, i, ["0504", "0505"]) is None


def test_missile_only_units_never_enter_enemy_zoc():
    # SPI 7.15
    bow, e = unit("bow", W, "0501", "e1Y"), unit("e", S, "0505")
    pos = position(bow, e)
    assert "SPI 7.15" in move_problem(pos, bow, ["0501", "0502", "0503", "0504"])
    assert "0504" not in destinations(pos, bow) and "0503" in destinations(pos, bow)


def test_demoralized_z_units_never_enter_enemy_zoc():
    # SPI 9.32
    z, e = unit("z", S, "0501", "E1Z"), unit("e", W, "0505")
    pos = position(z, e, demoralized={S})
    assert "SPI 9.32" in move_problem(pos, z, ["0501", "0502", "0503", "0504"])
    assert move_problem(position(z, e), z, ["0501", "0502", "0503", "0504"]) is None


def test_disrupted_units_do_not_move():
    # SPI 7.57
    i = unit("i", W, "0101")
    i.disrupted = True
    assert "SPI 7.57" in move_problem(position(i), i, ["0101", "0201"])


def test_one_combat_unit_a_hex_leaders_free():
    # SPI 5.0 (a): Leaders do not count; 4.28 checked at the end of the Movement Phase
    a, b, ldr = unit("a", W, "0303"), unit("b", W, "0303"), leader("l", W, "0404")
    assert stacking_problems(position(a, b, ldr), W) == ["0303: 2 combat units; one a hex (SPI 5.0)"]
    b.hex = "0404"
    assert stacking_problems(position(a, b, ldr), W) == []


def test_both_sides_zones_coexist_in_a_hex_and_count_once():
    # SPI 6.12: a hex in Friendly and Enemy ZOCs is controlled by both; several enemy
    # zones in one hex have no additional effect (it costs what the terrain costs, 6.2)
    w, s, s2 = unit("w", W, "0503"), unit("s", S, "0505"), unit("s2", S, "0703")
    pos = position(w, s, s2)
    shared = pos.zoc_of(w) & pos.zoc_of(s)
    assert "0504" in shared and "0504" in pos.enemy_zoc(W) and "0504" in pos.enemy_zoc(S)
    mover = unit("m", W, "0503")
    once = position(mover, s)
    twice = position(mover, s, unit("s3", S, "0604"))
    assert "0504" in twice.zoc_of(twice.units["s3"]) and "0504" in twice.zoc_of(s)
    assert "0503" not in twice.enemy_zoc(W)
    for pos in (once, twice):
        assert move_problem(pos, mover, ["0503", "0504"]) is None           # one clear hex: 1 MP
        assert "zone" in move_problem(pos, mover, ["0503", "0504", "0603"])   # and stop there (6.11)


def test_friendly_zones_never_hinder_friendly_units():
    # SPI 6.16: a unit moves on through hexes its own side's zones reach
    friends = [unit(f"f{i}", W, h) for i, h in enumerate(("0404", "0606", "0603"))]
    mover = unit("m", W, "0505")
    pos = position(mover, *friends)
    assert move_problem(pos, mover, ["0505", "0504", "0503", "0502"]) is None
    assert {"0502", "0705"} <= set(destinations(pos, mover))
