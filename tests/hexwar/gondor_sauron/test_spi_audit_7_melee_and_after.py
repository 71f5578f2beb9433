"""Issue 23's audit, SPI 7.3-7.7: Melee Combat, its tables, movement after combat,
disruption and retreat before combat, from the rule text alone, through scenario files
and `act`. (Chains of displacement, 7.61-7.64, and breached walls are tested elsewhere.)
Westernesse's unit `a` at 0504 attacks Sauron's `d` at 0505 unless a test says otherwise;
Sauron's units beside Westernesse's at the start are ones that may not melee, so that
Phase D obliges no attack (7.31)."""

from tests.support.gs_audit import S, W, charts, events, leader, moves, new, of_type, piece, play_until, scenario, unit


def melee(doc, *faces, **options):
    g = new(doc, *faces, **options)
    play_until(g, "G", W, "melee")
    return g


def test_units_in_an_enemy_zone_must_attack_others_may_not_reach():
    # SPI 7.31: after missiles and Leaders, each phasing unit in an enemy zone must attack
    # one of the enemies whose zone it is in; melee is only against adjacent enemies
    doc = scenario([unit("a", W, "0504"), unit("b", W, "0502"), unit("d", S, "0505", "e1X")])
    g = melee(doc)
    assert [(x["unit"], x["target"]) for x in g.legal_actions(W)] == [("a", "d")]


def test_the_worked_example_b_against_3_y():
    # SPI 7.33: B against armour 3 wounds on 2-7: a 9 does nothing; a 7 then a 3 against
    # morale Y: retreat one hex and flip. 7.41, 7.42: the two tables
    def attack(*faces):
        g = melee(scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e3Y", reduced="e2Y")]), *faces)
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        if g.decision(S).kind == "evade":
            g.act(S, {"type": "stand"})
        return g

    g = attack(5, 4)
    assert events(g, "attack")[-1]["result"] == "-" and piece(g, "d")["hex"] == "0505"
    g = attack(3, 4, 3)
    assert events(g, "attack")[-1]["result"] == "r1A" and g.decision(S).kind == "retreat"
    assert all(len(x["path"]) == 1 for x in of_type(g, S, "retreat"))
    g.act(S, of_type(g, S, "retreat")[0])
    assert piece(g, "d")["reduced"] and piece(g, "d")["ratings"] == "e2Y"


def test_no_unit_melees_twice_a_defender_may_be_meleed_by_several():
    # SPI 7.32: each adjacent unit's attack is resolved separately; 7.34: none attacks
    # twice in a Combat Phase
    doc = scenario([unit("a", W, "0504"), unit("b", W, "0605"), unit("d", S, "0505", "e1X")])
    g = melee(doc, 6, 6, 6, 6)
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert g.legal_actions(W) == [{"type": "attack", "unit": "b", "target": "d"}]   # b must attack d too
    g.act(W, {"type": "attack", "unit": "b", "target": "d"})
    g.act(S, {"type": "stand"})
    assert g.legal_actions(W) == [{"type": "end"}] and len(events(g, "attack")) == 2


def test_no_melee_across_an_intact_wall_unless_from_a_higher_level():
    # SPI 7.35: a wall or tower hexside stops a melee, unless the attacker stands on a
    # higher city level than the defender
    walled = {("0504", "0505"): "wall"}
    g = melee(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")], hexsides=walled))
    assert g.legal_actions(W) == [{"type": "end"}]
    g = melee(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")], hexsides=walled,
                       tokens={"0504": "2", "0505": "1"}))
    assert of_type(g, W, "attack") == [{"type": "attack", "unit": "a", "target": "d"}]


def test_no_melee_into_a_hex_the_attacker_may_not_enter():
    # SPI 7.36: cavalry may not attack a unit in a Grove (nor is it obliged to)
    g = melee(scenario([unit("c", W, "0504", "B3X", "cavalry"), unit("d", S, "0505", "e1X")], tokens={"0505": "G0"}))
    assert g.legal_actions(W) == [{"type": "end"}]


def test_fanatical_attackers_skip_the_casualty_probability_table():
    # SPI 7.37, 10.0: at night Sauron's units are fanatical: one die on the Casualty
    # Results Table and no two-dice roll, whoever they attack
    doc = scenario([unit("a", W, "0504", "C4W"), unit("d", S, "0505", "E1Z")], night_turns=[1])
    g = new(doc, 2)
    play_until(g, "D", S, "melee")
    g.act(S, {"type": "attack", "unit": "d", "target": "a"})
    assert {k: events(g, "attack")[-1][k] for k in ("dice", "die", "result")} == {"dice": None, "die": 2, "result": "A"}


def test_the_melee_tables_are_read_from_the_charts():
    # SPI 7.41, 7.42 (and 2.2): a transcription of the chart sheet decides: C against
    # armour 2 wounding only on 12, morale X's die 6 eliminating
    probability = charts()["casualty_probability"]
    probability["C"]["2"] = [12]
    results = charts()["casualty_results"]
    results["X"][5] = "E"
    doc = scenario([unit("a", W, "0504", "C2X"), unit("d", S, "0505", "e2X")])
    g = melee(doc, 3, 3, charts=charts(casualty_probability=probability))
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    assert events(g, "attack")[-1]["result"] == "-"               # 6 wounds on the shipped table
    g = melee(doc, 6, 6, 6, charts=charts(casualty_probability=probability, casualty_results=results))
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    assert events(g, "attack")[-1]["result"] == "E" and piece(g, "d") is None


def test_a_melee_victor_may_advance_into_the_vacated_hex_whatever_the_zones():
    # SPI 7.51: after melee (only) the victor may advance into the hex vacated, enemy
    # zones notwithstanding (0505 lies in e's zone); 7.52: having advanced it attacks no
    # more this phase (though now beside e)
    doc = scenario([unit("a", W, "0504", "A3X"), unit("d", S, "0505", "e1Z"), unit("e", S, "0506", "e1X")])
    g = melee(doc, 1, 1, 1)                                         # 2, then Z 1: eliminated
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    assert g.legal_actions(W) == [{"type": "advance", "unit": "a"}, {"type": "stay"}]
    g.act(W, {"type": "advance", "unit": "a"})
    assert piece(g, "a")["hex"] == "0505" and g.legal_actions(W) == [{"type": "end"}]


def test_no_advance_after_missile_fire():
    # SPI 7.51: "as a result of Melee (only) Combat"
    doc = scenario([unit("a", W, "0504", "Ae3X"), unit("d", S, "0505", "e1Z")])
    g = new(doc, 1, 1, 1)
    play_until(g, "G", W, "missile")
    g.act(W, {"type": "fire", "unit": "a", "target": "d"})
    assert piece(g, "d") is None and g.view(None)["pending"] == [] and of_type(g, W, "advance") == []


def test_no_advance_over_an_intact_wall():
    # SPI 7.53: a victor advances across a wall hexside only on a ladder, in a siege
    # tower or through a breach: from the higher level over an intact wall it stays
    doc = scenario([unit("a", W, "0504", "A3X"), unit("d", S, "0505", "E1Z"), unit("p", S, "0909")],
                   hexsides={("0504", "0505"): "wall"},
                   tokens={"0504": "2", "0505": "1"})
    g = melee(doc, 1, 1, 1)
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert piece(g, "d") is None and g.legal_actions(W) == [{"type": "end"}]


def test_a_retreat_leaves_the_zones_and_costs_no_movement_points():
    # SPI 7.54: the defender retreats the hexes the result says, out of enemy zones,
    # paying no Movement Points: two mountain hexes (3 points each) for infantry
    mountains = {f"{c:02d}{r:02d}": "M0" for c in range(1, 10) for r in range(1, 10)}
    for h in ("0504", "0505"):
        del mountains[h]
    doc = scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e3Y")], tokens=mountains)
    g = melee(doc, 1, 1, 5)                                         # 2: a casualty; Y, 5: retreat two
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    if g.decision(S).kind == "evade":
        g.act(S, {"type": "stand"})
    paths = [x["path"] for x in of_type(g, S, "retreat")]
    assert paths and all(len(p) == 2 for p in paths)


def test_the_owner_picks_the_retreat_and_it_avoids_what_the_rules_forbid():
    # SPI 7.55: the retreating unit's owner decides the course; never into an enemy zone,
    # an enemy-occupied hex, a prohibited hex (cavalry: Grove) or across an impassable
    # hexside (wall)
    doc = scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e3X", "cavalry"), unit("p", S, "0909")],
                   tokens={"0506": "G0"}, hexsides={("0505", "0406"): "wall"})
    g = melee(doc, 1, 1, 5)                                         # 2; X, 5: retreat one
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})                                     # bowmen may retreat first (7.7)
    assert g.to_act() == (S,) and g.decision(S).kind == "retreat"
    assert [x["path"] for x in of_type(g, S, "retreat")] == [["0405"]]


def test_a_unit_that_cannot_retreat_is_eliminated():
    # SPI 7.56
    walls = {("0505", h): "wall" for h in ("0404", "0405", "0406", "0506", "0605")}
    g = melee(scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e3X")], hexsides=walls), 1, 1, 5)
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert piece(g, "d") is None and events(g, "eliminated")[-1]["unit"] == "d"


def test_disrupted_units_neither_move_nor_attack_defend_normally_and_die_if_driven_back():
    # SPI 7.57: a unit that retreated is disrupted: it may not move, fire or melee until
    # rallied; it defends normally, but a disrupted unit forced to retreat is eliminated
    doc = scenario([unit("a", W, "0503", "B3X"), unit("d", S, "0505", "Be3X"), unit("b", W, "0909", "B3X")])
    sure = charts()["casualty_probability"]
    sure["B"]["3"] = list(range(2, 13))                  # a transcription on which B always wounds 3
    g = new(doc, None, None, 5, None, None, 5, charts=charts(casualty_probability=sure))   # X, 5: retreat one
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "retreat", "path": ["0506"]})
    assert piece(g, "d")["disrupted"]
    g.act(W, {"type": "stay"})
    play_until(g, "C", S, turn=2)
    assert not moves(g, S, "d")
    play_until(g, "D", S, "missile")
    assert not of_type(g, S, "fire")
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0505"})
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert piece(g, "d") is None and "d" in g.view(None)["eliminated"]


def test_displaced_units_are_disrupted():
    # SPI 7.65 (with 7.61: the only hex open to the retreat holds a friend)
    walls = {("0505", h): "wall" for h in ("0404", "0405", "0406", "0605")}
    doc = scenario([unit("a", W, "0503", "B3X"), unit("d", S, "0505", "e3X"), unit("f", S, "0506", "e3X")],
                   hexsides=walls)
    g = new(doc, 1, 1, 5)
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    choice = next(x for x in of_type(g, S, "retreat") if "displace_to" in x)
    g.act(S, choice)
    assert piece(g, "f")["disrupted"] and piece(g, "f")["hex"] == choice["displace_to"]


def test_retreat_before_combat_bowmen_and_cavalry_against_infantry_only():
    # SPI 7.7: bowmen (missile only) and cavalry attacked solely by infantry may retreat
    # one or two hexes before the melee; they are disrupted on a die of 1-3; the
    # attacker may move into the vacated hex
    def declared(defender, attacker_kind="infantry"):
        doc = scenario([unit("a", W, "0503", "B3X", attacker_kind), defender])
        g = new(doc, 4)
        play_until(g, "F", W)
        g.act(W, {"type": "move", "piece": "a", "to": "0504"})
        play_until(g, "G", W, "melee")
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        return g

    assert declared(unit("d", S, "0505", "e1X")).decision(S).kind == "evade"
    assert declared(unit("d", S, "0505", "B3X", "cavalry")).decision(S).kind == "evade"
    assert declared(unit("d", S, "0505", "B3X", "cavalry"), "cavalry").decision(S) is None
    g = declared(unit("d", S, "0505", "e1X"))
    lengths = {len(x["path"]) for x in of_type(g, S, "evade")}
    assert lengths == {1, 2} and {"type": "stand"} in g.legal_actions(S)
    g.act(S, next(x for x in of_type(g, S, "evade") if len(x["path"]) == 2))
    assert events(g, "evade")[-1]["die"] == 4 and not piece(g, "d")["disrupted"]
    assert g.legal_actions(W) == [{"type": "advance", "unit": "a"}, {"type": "stay"}]
    for die, disrupted in ((3, True), (1, True)):
        doc = scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e1X")])
        g = melee(doc, die)
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        g.act(S, of_type(g, S, "evade")[0])
        assert piece(g, "d")["disrupted"] is disrupted


def test_leaders_go_with_a_retreating_unit_and_share_its_a_or_e_on_five_or_six():
    # SPI 8.24: a Leader stacked with a unit that suffers an A or E result shares it on a
    # die of 5-6, is unaffected otherwise, and when the unit is eliminated and the
    # Leader remains, goes to the nearest friendly combat unit
    doc = scenario([unit("a", W, "0504", "A3X"), unit("d", S, "0505", "e2Y", reduced="e1Y"), unit("n", S, "0807")],
                   [leader("orc", S, "0505", rally=2), leader("n-orc", S, "0807")])
    g = melee(doc, 1, 1, 4, 5)               # 2; Y, 4: A (a flip); the orc's die 5: wounded
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    assert piece(g, "d")["reduced"] and piece(g, "orc")["rally"] == 1
    g = melee(doc, 1, 1, 1, 3)               # 2; Y, 1: E; the orc's die 3: unharmed
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    assert piece(g, "d") is None and piece(g, "orc") == {**piece(g, "orc"), "hex": "0807", "rally": 2}


def test_no_melee_where_the_defenders_zone_does_not_reach():
    # SPI 7.0, 7.31 with 6.13 (docs/rulings.md): melee is made in the defender's zone;
    # none against a unit in a Tunnel hex beside the attacker
    g = melee(scenario([unit("a", W, "0504"), unit("d", S, "0505", "e1X")], tokens={"0505": "U0"}))
    assert g.legal_actions(W) == [{"type": "end"}]


def test_the_log_says_why_a_unit_is_flipped_or_eliminated():
    # SPI 7.42: an A flips a unit to its reduced side, or eliminates it if it has none or
    # is already reduced; E eliminates; 7.56: a unit that cannot retreat is eliminated.
    # The players read which (the log once said only "is eliminated", and nothing of a flip).
    def struck(defender, *faces, hexsides=None):
        g = melee(scenario([unit("a", W, "0504", "B3X"), defender], hexsides=hexsides), *faces)
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        if S in g.to_act() and g.decision(S).kind == "evade":
            g.act(S, {"type": "stand"})
        return g

    g = struck(unit("d", S, "0505", "e3X", reduced="e2X"), 1, 1, 3)           # X, 3: A
    assert events(g, "flipped")[-1]["unit"] == "d" and piece(g, "d")["reduced"]
    g = struck(unit("d", S, "0505", "e3X"), 1, 1, 3)                           # no reduced side
    assert (events(g, "eliminated")[-1]["unit"], events(g, "eliminated")[-1]["why"]) == ("d", "no-reduced-side")
    g = struck(unit("d", S, "0505", "e3X"), 1, 1, 1)                           # X, 1: E
    assert events(g, "eliminated")[-1]["why"] == "E"
    walls = {("0505", h): "wall" for h in ("0404", "0405", "0406", "0506", "0605")}
    g = struck(unit("d", S, "0505", "e3X"), 1, 1, 5, hexsides=walls)           # X, 5: r1, no way out
    assert events(g, "eliminated")[-1]["why"] == "no-retreat"
