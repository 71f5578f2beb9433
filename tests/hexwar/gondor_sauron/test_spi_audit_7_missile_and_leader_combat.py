"""Issue 23's audit, SPI 7.0-7.2: the order of combat, Missile Combat and Leader/Individual
Combat, from the rule text alone, through scenario files and `act`. The bowman fires
from 0505 along row 05 (0605 between it and 0705)."""

from tests.support.gs_audit import (
    S, W, charts, events, leader, new, of_type, piece, play_until, scenario, unit, where)


def fire_targets(g, side, shooter):
    return {a["target"] for a in of_type(g, side, "fire") if a["unit"] == shooter}


def test_a_unit_moves_fires_and_melees_in_one_turn_missiles_first():
    # SPI 7.0: three kinds of combat, missiles first, then Leaders, then melee; one unit
    # may move, fire and then melee in the same Game-Turn. 7.16: all missile fire before
    # any other combat (no fire once the missile stage is over)
    doc = scenario([unit("a", W, "0502", "Ce2X"), unit("d", S, "0505", "C2X")])
    g = new(doc, 6, 6, 6, 6)                  # both attacks miss
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    play_until(g, "G", W)
    assert where(g) == ("G", W, "missile")
    g.act(W, {"type": "fire", "unit": "a", "target": "d"})
    g.act(W, {"type": "next"})
    assert where(g) == ("G", W, "leader") and not of_type(g, W, "fire")
    g.act(W, {"type": "next"})
    assert where(g) == ("G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert [e["event"] for e in g.view(None)["events"] if e["event"] in ("fire", "attack")] == ["fire", "attack"]


def test_only_missile_units_fire_at_enemies_within_two_hexes():
    # SPI 7.11: only units with a missile strength fire, at enemy units in range; 7.12:
    # the range of two counts the target's hex and not the firer's
    doc = scenario([unit("bow", W, "0505", "e2X"), unit("foot", W, "0503", "C2X"), unit("near", S, "0705"),
                    unit("far", S, "0807")])
    g = new(doc)
    play_until(g, "G", W, "missile")
    assert fire_targets(g, W, "bow") == {"near"} and fire_targets(g, W, "foot") == set()


def test_missiles_blocked_by_towers_groves_mountains_not_by_walls_or_units():
    # SPI 7.13: no fire through Tower, Grove or Mountain hexes; fire passes wall
    # hexsides and hexes with other units in them
    def can_fire(tokens=None, hexsides=None, between=()):
        doc = scenario([unit("bow", W, "0505", "e2X"), unit("t", S, "0705", "e1X"), *between],
                       tokens=tokens or {}, hexsides=hexsides or {})
        g = new(doc)
        play_until(g, "G", W, "missile")
        return fire_targets(g, W, "bow") == {"t"}

    assert can_fire()
    assert not any(can_fire({"0605": token}) for token in ("G0", "M0", "T0"))
    assert can_fire(hexsides={("0605", "0705"): "wall", ("0505", "0605"): "wall"})
    assert can_fire(between=[unit("friend", W, "0605")])


def test_a_missile_unit_fires_once_a_game_turn():
    # SPI 7.14
    doc = scenario([unit("bow", W, "0505", "e2X"), unit("t", S, "0705"), unit("u", S, "0507")])
    g = new(doc, 6, 6)
    play_until(g, "G", W, "missile")
    assert fire_targets(g, W, "bow") == {"t", "u"}
    g.act(W, {"type": "fire", "unit": "bow", "target": "t"})
    assert fire_targets(g, W, "bow") == set()


def test_missile_only_units_never_enter_an_enemy_zone():
    # SPI 7.15: a unit with only a missile strength may not voluntarily enter an enemy
    # zone; 2.3: it may not melee
    doc = scenario([unit("bow", W, "0502", "e2X"), unit("foot", W, "0302"), unit("d", S, "0505")])
    g = new(doc)
    play_until(g, "F", W)
    reach = {a["to"] for a in of_type(g, W, "move") if a["piece"] == "bow"}
    assert "0503" in reach and not reach & {"0504", "0404", "0405"}


def test_missile_fire_resolves_as_melee_at_a_distance():
    # SPI 7.17: two dice on the Casualty Probability Table under the missile strength
    # (e against armour 2: 2-5), then one die on the Casualty Results Table (X, 3: A, a
    # flip); the target is two hexes away
    doc = scenario([unit("bow", W, "0505", "e2X"), unit("t", S, "0705", "C2X", reduced="D1X")])
    g = new(doc, 2, 2, 3)
    play_until(g, "G", W, "missile")
    g.act(W, {"type": "fire", "unit": "bow", "target": "t"})
    assert {k: events(g, "fire")[-1][k] for k in ("dice", "die", "result")} == {"dice": 4, "die": 3, "result": "A"}
    assert (piece(g, "t")["reduced"], piece(g, "t")["ratings"]) == (True, "D1X")


def test_a_wall_of_the_targets_hex_adds_one_armour_but_four_stays_four():
    # SPI 7.18: e against armour 2 wounds on 2-5, against 3 on 2-4: a 5 wounds in the
    # open and not behind the wall of the target's hex; armour 4 behind a wall is still
    # 4 (a 3 wounds it)
    def shot(armour, wall):
        doc = scenario([unit("bow", W, "0505", "e2X"), unit("t", S, "0705", f"C{armour}X")],
                       hexsides={("0605", "0705"): "wall"} if wall else {})
        g = new(doc, *((3, 2, 6) if armour == 2 else (1, 2, 6)))
        play_until(g, "G", W, "missile")
        g.act(W, {"type": "fire", "unit": "bow", "target": "t"})
        return events(g, "fire")[-1]["die"] is not None       # a casualty rolls on the results table

    assert shot(2, wall=False) and not shot(2, wall=True)
    assert shot(4, wall=True)


LEADERS = [leader("h1", W, "0504", rally=4), leader("h2", W, "0504", rally=4), leader("orc", S, "0505", rally=0),
           leader("far", S, "0808", rally=0)]


def duel_position(**kw):
    """Two Westernesse Leaders with a unit at 0504; the orc with Sauron's bowmen in 0505,
    walled in on every other side (a retreat from 0505 has nowhere to go)."""
    walls = {("0505", h): "wall" for h in ("0404", "0405", "0406", "0506", "0605")}
    units = [unit("a", W, "0504"), unit("o", S, "0505", "e1X", reduced="e1Z"), unit("p", S, "0808")]
    return scenario(units, LEADERS, hexsides=walls, **kw)


def test_leader_combat_after_missiles_optional_between_adjacent_leaders():
    # SPI 7.21: after missile fire a Leader may attack an adjacent enemy Leader (never a
    # distant one), and need not; 7.25, 8.21: Leaders and combat units never fight each other
    g = new(duel_position())
    play_until(g, "G", W, "leader")
    duels = of_type(g, W, "duel")
    assert {(a["leader"], a["target"]) for a in duels} == {("h1", "orc"), ("h2", "orc")}
    assert {"type": "next"} in g.legal_actions(W)
    g.act(W, {"type": "next"})
    assert {a["target"] for a in of_type(g, W, "attack")} <= {"o", "p"}


def test_a_duel_rolls_one_die_on_the_rally_difference_and_a_leaders_unit_pays():
    # SPI 7.22: the attacker's Rally Rating minus the defender's, one die, applied at
    # once (4 - 0, beyond the table's +3 column: its end; die 1: -/A). 7.23, 8.23: the
    # hit Leader's unit must retreat two hexes; walled in, it flips, and flipped already,
    # it is eliminated. 7.24: each Leader attacks once a phase; one Leader may be attacked
    # by several. (All dice show 1, so a Leader's share of the unit's result, 8.24,
    # never falls on a 5-6.)
    g = new(duel_position(), 1, 1, 1, 1)
    play_until(g, "G", W, "leader")
    g.act(W, {"type": "duel", "leader": "h1", "target": "orc"})
    duel = events(g, "duel")[-1]
    assert (duel["differential"], duel["die"], duel["result"]) == (4, 1, "-/A")
    assert piece(g, "o")["reduced"] and piece(g, "orc")["rally"] == 0
    assert {(a["leader"], a["target"]) for a in of_type(g, W, "duel")} == {("h2", "orc")}
    g.act(W, {"type": "duel", "leader": "h2", "target": "orc"})
    assert piece(g, "o") is None and "o" in g.view(None)["eliminated"]


def test_a_duel_loser_stacked_with_a_unit_that_can_retreat_takes_it_two_hexes():
    # SPI 7.23: the combat unit stacked with a Leader hit in a duel retreats two hexes
    # (and is disrupted, 7.57); the Leader goes with it (docs/rulings.md)
    doc = duel_position()
    doc["map"]["hexsides"] = []
    doc["units"][1]["ratings"] = "e1X"
    g = new(doc, 1)
    play_until(g, "G", W, "leader")
    g.act(W, {"type": "duel", "leader": "h1", "target": "orc"})
    assert g.decision(S).kind == "retreat"
    path = of_type(g, S, "retreat")[0]["path"]
    assert len(path) == 2
    g.act(S, of_type(g, S, "retreat")[0])
    assert piece(g, "o")["hex"] == path[-1] and piece(g, "o")["disrupted"] and piece(g, "orc")["hex"] == path[-1]


def test_the_leader_combat_results_table_is_read_from_the_charts():
    # SPI 7.26 (and 2.2): the table is the chart sheet's: a transcription that makes +3,
    # die 1 "-/E" kills the defending Leader where the shipped one wounds
    table = charts()["leader_combat"]
    table["+3"] = ["-/E"] + table["+3"][1:]
    g = new(duel_position(), 1, 1, 1, charts=charts(leader_combat=table))
    play_until(g, "G", W, "leader")
    g.act(W, {"type": "duel", "leader": "h1", "target": "orc"})
    assert events(g, "duel")[-1]["result"] == "-/E" and piece(g, "orc") is None


def test_a_disrupted_unit_made_to_retreat_by_a_duel_is_eliminated_not_flipped():
    # SPI 7.23 with 7.57: the unit of a Leader hit in a duel "must retreat two hexes"; a
    # disrupted unit forced to retreat is eliminated instead (7.23's flip is for a unit
    # with no way to retreat). Westernesse's wizard disrupts the orc's unit in Phase A (a
    # transcribed Magic Spell Chart on which one point always succeeds); the orc's unit
    # has hexes to retreat to
    doc = duel_position(spells=[{"id": "sleep", "side": W, "cost": 1, "effect": "disrupt", "range": 9}])
    doc["map"]["hexsides"] = []
    doc["leaders"].append(leader("wiz", W, "0504", magic=5))
    g = new(doc, None, None, 1, 1, 1, charts=charts(magic_spell={"1": list(range(2, 13))}))
    g.act(W, {"type": "cast", "leader": "wiz", "spell": "sleep", "target": "o"})
    assert piece(g, "o")["disrupted"]
    play_until(g, "G", W, "leader")
    g.act(W, {"type": "duel", "leader": "h1", "target": "orc"})
    assert events(g, "duel")[-1]["result"] == "-/A"
    assert piece(g, "o") is None and "o" in g.view(None)["eliminated"]


def test_missiles_into_and_out_of_a_grove_or_mountain_hex():
    # SPI 7.13: fire is blocked "through" such hexes only (docs/rulings.md): a bowman in
    # a mountain fires at a unit in a grove
    doc = scenario([unit("bow", W, "0505", "e2X"), unit("t", S, "0705", "e1X")], tokens={"0505": "M0", "0705": "G0"})
    g = new(doc)
    play_until(g, "G", W, "missile")
    assert fire_targets(g, W, "bow") == {"t"}


def test_a_killed_leader_adds_nothing_to_his_armys_losses():
    # SPI 9.12: only combat units have a Unit Demoralization Value (a transcribed Leader
    # Combat Results Table: +3, die 1 kills the defender)
    table = charts()["leader_combat"]
    table["+3"] = ["-/E"] + table["+3"][1:]
    g = new(duel_position(), 1, 1, 1, charts=charts(leader_combat=table))
    play_until(g, "G", W, "leader")
    g.act(W, {"type": "duel", "leader": "h1", "target": "orc"})
    assert piece(g, "orc") is None and g.view(None)["losses"][S] == 0
