"""Issue 23's audit, SPI 6.0 Zones of Control, from the rule text alone: scenario files,
`act`, and `legal_actions`/`view`/events to see what happened. (Breached walls, 6.13's
last sentence, are tested with the siege rules.) Sauron's units that stand next to
Westernesse's at the start are bowmen ("e1X") unless the test wants Sauron's obliged
attack in Phase D (7.31)."""

from tests.support.gs_audit import S, W, events, leader, moves, new, of_type, play_until, scenario, unit

GROVE_ROWS = {f"{c:02d}{r:02d}": "G0" for c in range(1, 10) for r in (4, 6)}   # row 05 a corridor for cavalry


def test_entering_an_enemy_zone_stops_the_unit_and_obliges_an_attack():
    # SPI 6.0: the zone is the six hexes around a combat unit; a unit entering it stops
    # for the rest of the phase; in its Combat Phase it must melee one enemy (6.3, 7.31)
    doc = scenario([unit("a", W, "0501"), unit("d", S, "0505")])
    g = new(doc)
    play_until(g, "F", W)
    assert "0504" in moves(g, W, "a")
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    assert not moves(g, W, "a")
    play_until(g, "G", W, "melee")
    assert g.legal_actions(W) == [{"type": "attack", "unit": "a", "target": "d"}]   # no "end": 6.3


def test_zones_stop_in_spite_of_friends_and_friendly_zones_never_hinder():
    # SPI 6.1: no friendly unit negates an enemy zone; 6.16: friendly zones never affect
    # friendly units. Cavalry runs along a corridor (groves either side) through its own
    # infantry's zone and stops in the first hex of the enemy's, friend beside it or not
    doc = scenario([unit("c", W, "0105", "B3X", "cavalry"), unit("f", W, "0304"), unit("g", W, "0604"),
                    unit("d", S, "0506")], tokens=GROVE_ROWS)
    g = new(doc)
    play_until(g, "F", W)
    assert {"0305", "0405", "0505"} <= moves(g, W, "c") and "0605" not in moves(g, W, "c")


def test_a_zone_is_left_only_when_the_unit_exerting_it_is_gone():
    # SPI 6.11: a unit in an enemy zone may not move (either side); once the unit
    # exerting the zone is eliminated, it moves again
    doc = scenario([unit("a", W, "0504", "A3X"), unit("d", S, "0505", "e1Z"), unit("far", S, "0909")])
    g = new(doc, 1, 1, 1)                     # 2: a casualty; Z, 1: eliminated
    play_until(g, "C", S)
    assert not moves(g, S, "d")
    play_until(g, "F", W)
    assert not moves(g, W, "a")
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})               # bowmen may retreat before combat (7.7): they stand
    assert events(g, "eliminated")[-1]["unit"] == "d"
    g.act(W, {"type": "stay"})
    play_until(g, "F", W, turn=2)
    assert moves(g, W, "a")


def test_two_enemy_zones_on_a_hex_cost_nothing_more_than_one():
    # SPI 6.12: several units' zones on one hex have no additional effect; 6.2: entering
    # an enemy zone costs no extra Movement Points. 0504 (in d's and e's zones) is four
    # points from 0501 by every path: infantry still reaches it
    doc = scenario([unit("a", W, "0501"), unit("d", S, "0505"), unit("e", S, "0605")], tokens={"0502": "G0"})
    g = new(doc)
    play_until(g, "F", W)
    assert "0504" in moves(g, W, "a")


def test_no_zone_into_mountains_nor_into_or_out_of_tunnels_nor_over_walls():
    # SPI 6.13: zones do not extend into Mountain hexes, into or out of Tunnel hexes;
    # only breached walls let them through (so an intact wall stops them). A unit
    # beside an enemy is free to move when the zone does not reach it
    cases = [({"0504": "M0"}, {}), ({"0504": "U0"}, {}), ({"0505": "U0"}, {}), ({}, {("0504", "0505"): "wall"})]
    for tokens, walls in cases:
        g = new(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")], tokens=tokens, hexsides=walls))
        play_until(g, "F", W)
        assert moves(g, W, "a"), (tokens, walls)
    g = new(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")]))
    play_until(g, "F", W)
    assert not moves(g, W, "a")


def test_a_unit_in_a_mountain_exerts_its_zone_out_of_it():
    # SPI 6.13 names "into or through" Mountain hexes only (docs/rulings.md): the zone of
    # a unit standing in a mountain reaches the hexes around it
    g = new(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")], tokens={"0505": "M0"}))
    play_until(g, "F", W)
    assert not moves(g, W, "a")


def test_demoralized_units_exert_no_zone():
    # SPI 6.14: once Sauron's army is demoralized its units have no zone: 0608 lies
    # beyond e's zone (by 0607) and is reached in turn 2
    doc = scenario([unit("a", W, "0504", "A3X"), unit("d", S, "0505", "e1Z"), unit("e", S, "0707")],
                   demoralization_levels={W: 99, S: 1})
    g = new(doc, 1, 1, 1)
    play_until(g, "F", W)
    assert "0608" not in moves(g, W, "a")
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    g.act(W, {"type": "stay"})
    g.act(W, {"type": "end"})
    assert g.view(None)["demoralized"] == [S]
    play_until(g, "F", W, turn=2)
    assert "0608" in moves(g, W, "a")


def test_leaders_have_no_zone_and_ignore_the_enemys():
    # SPI 6.15, 8.22: a Leader in an enemy zone moves on (its unit may not); an enemy
    # Leader alone holds nobody
    doc = scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X"), unit("x", S, "0304")],
                   [leader("l", W, "0504"), leader("lone", W, "0305")])
    g = new(doc)
    play_until(g, "C", S)
    assert moves(g, S, "x")
    play_until(g, "F", W)
    assert moves(g, W, "l") and not moves(g, W, "a")


def test_no_retreat_through_an_enemy_zone_whatever_friends_stand_there():
    # SPI 6.2: a retreat is never traced into an enemy zone, friendly units and zones
    # notwithstanding: a's way out by 0604 is in e's zone though its friend f stands by
    doc = scenario([unit("a", W, "0504", "B3X"), unit("f", W, "0703"), unit("d", S, "0505", "B3X"),
                    unit("e", S, "0704", "e1X")])
    g = new(doc, 1, 1, 5)                      # d's obliged attack: 2, a casualty; X, 5: retreat one hex
    play_until(g, "D", S, "melee")
    g.act(S, {"type": "attack", "unit": "d", "target": "a"})
    assert g.decision(W).kind == "retreat"
    assert sorted(a["path"] for a in of_type(g, W, "retreat")) == [["0503"], ["0603"]]


def test_a_unit_in_two_enemy_zones_attacks_one_of_them():
    # SPI 6.3: a unit in the zones of two enemies must attack one, not both
    doc = scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X"), unit("e", S, "0603", "e1X")])
    g = new(doc, 6, 6)
    play_until(g, "G", W, "melee")
    assert {(x["unit"], x["target"]) for x in g.legal_actions(W)} == {("a", "d"), ("a", "e")}
    g.act(W, {"type": "attack", "unit": "a", "target": "e"})
    if g.decision(S) and g.decision(S).kind == "evade":
        g.act(S, {"type": "stand"})
    assert g.legal_actions(W) == [{"type": "end"}]


def test_demoralized_z_units_keep_out_of_zones():
    # SPI 9.32: a demoralized army's Z units never voluntarily enter an enemy zone (z
    # may enter w's in turn 1, not once Sauron is demoralized)
    doc = scenario([unit("w", W, "0505"), unit("z", S, "0501", "Ce1Z"), unit("gone", S, "0909", "e1Z"),
                    unit("a", W, "0809", "A3X")], demoralization_levels={W: 99, S: 1})
    g = new(doc, 1, 1, 1)
    play_until(g, "C", S)
    assert "0504" in moves(g, S, "z")
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "gone"})
    if g.decision(S) and g.decision(S).kind == "evade":
        g.act(S, {"type": "stand"})
    g.act(W, {"type": "stay"})
    g.act(W, {"type": "end"})
    assert g.view(None)["demoralized"] == [S]
    play_until(g, "C", S, turn=2)
    assert "0503" in moves(g, S, "z") and "0504" not in moves(g, S, "z")
