"""Issue 23's audit, SPI 8.0 Leaders: Leaders in combat, rallying, special formations and
magic, from the rule text alone, through scenario files and `act`. Units are disrupted
by a Sauron Magic Leader's spells in Phase A (a transcribed Magic Spell Chart on which
one point always succeeds), so that the Joint Rally Phase has work. (Restacking, 8.1,
a Leader sharing a 7.23 result and Freeze/Fear, 8.47, are tested with the Leaders' fixes.)"""

from tests.support.gs_audit import (
    S, W, charts, events, leader, moves, new, of_type, piece, play_until, scenario, unit)

ALWAYS = list(range(2, 13))
SURE_SPELLS = {"1": ALWAYS}
RALLY = {"0": [], "1": ALWAYS}            # a transcription: rating 0 never rallies, 1 always


def disrupting(targets: list[str], units: list[dict], leaders: list[dict], **kw):
    """Sauron's witch (with unit `s` in 0909) disrupts `targets` in Phase A of each turn."""
    spells = [{"id": f"v{i}", "side": S, "cost": 1, "effect": "disrupt", "range": 12} for i in range(len(targets))]
    doc = scenario([*units, unit("s", S, "0909")], [*leaders, leader("witch", S, "0909", magic=99)],
                   spells=spells, **kw)
    return doc


def cast_all(g, targets):
    play_until(g, "A", S)
    for i, t in enumerate(targets):
        g.act(S, {"type": "cast", "leader": "witch", "spell": f"v{i}", "target": t})
    assert all(piece(g, t)["disrupted"] for t in targets)


def rallies(g, side, ldr):
    return {a["unit"] for a in of_type(g, side, "rally") if a["leader"] == ldr}


RALLY_UNITS = [unit("g0", W, "0505"), unit("g1", W, "0404"), unit("g2", W, "0504"), unit("g3", W, "0405"),
               unit("g4", W, "0605"), unit("e1", W, "0406", nationality="elves"), unit("g5", W, "0506"),
               unit("g6", W, "0705"), unit("g8", W, "0707"), unit("e2", W, "0706", nationality="elves")]
RALLY_LEADERS = [leader("imrahil", W, "0505", rally=1), leader("gandalf", W, "0707", rally=1, magic=1,
                                                                rallies_anyone=True)]
TARGETS = ["g1", "g2", "g3", "g4", "e1", "g5", "g6", "e2"]


def test_rallying_in_the_joint_rally_phase_adjacent_own_nationality_three_a_turn():
    # SPI 8.3: Leaders rally disrupted units in the Joint Rally Phase (3.0 H) only;
    # 8.31: units of their own nationality, adjacent, not across an unbreached wall;
    # 8.32: three attempts a Game-Turn; 8.33: Gandalf rallies anyone; 8.34, 8.37: two
    # dice on the Rally Table under the Rally Rating (a transcribed table: rating 1 always
    # rallies); a rallied unit is no longer disrupted. 8.53: a Magic Leader casts as many
    # spells as its points allow
    doc = disrupting(TARGETS, RALLY_UNITS, RALLY_LEADERS, hexsides={("0505", "0506"): "wall"})
    g = new(doc, charts=charts(magic_spell=SURE_SPELLS, rally=RALLY))
    cast_all(g, TARGETS)
    play_until(g, "G", W)
    assert not of_type(g, W, "rally")
    play_until(g, "H", W)
    assert rallies(g, W, "imrahil") == {"g1", "g2", "g3", "g4"}      # not e1, g5 (wall), g6 (two hexes)
    assert "e2" in rallies(g, W, "gandalf")
    for u in ("g1", "g2", "g3"):
        g.act(W, {"type": "rally", "leader": "imrahil", "unit": u})
        assert not piece(g, u)["disrupted"]
    assert rallies(g, W, "imrahil") == set() and piece(g, "g4")["disrupted"]


def test_one_attempt_a_unit_a_turn_no_combined_ratings_and_again_next_turn():
    # SPI 8.36: Leaders do not combine their ratings, and each unit is tried once a
    # Game-Turn (Boromir's failure leaves g1 disrupted for the turn); 8.35: a unit in an
    # enemy zone is rallied, and a unit may be disrupted and rallied any number of times
    units = [unit("g0", W, "0505"), unit("g1", W, "0404"), unit("b0", W, "0304"), unit("x", S, "0503", "e1X")]
    leaders = [leader("imrahil", W, "0505", rally=1), leader("boromir", W, "0304", rally=0)]
    doc = disrupting(["g1"], units, leaders)
    g = new(doc, charts=charts(magic_spell=SURE_SPELLS, rally=RALLY))
    cast_all(g, ["g1"])
    play_until(g, "H", W)
    assert rallies(g, W, "imrahil") == rallies(g, W, "boromir") == {"g1"}
    g.act(W, {"type": "rally", "leader": "boromir", "unit": "g1"})
    assert piece(g, "g1")["disrupted"] and not of_type(g, W, "rally")
    play_until(g, "H", W, turn=2)
    g.act(W, {"type": "rally", "leader": "imrahil", "unit": "g1"})
    assert not piece(g, "g1")["disrupted"]
    cast_all(g, ["g1"])                                   # turn 3: disrupted once more
    play_until(g, "H", W, turn=3)
    g.act(W, {"type": "rally", "leader": "imrahil", "unit": "g1"})
    assert not piece(g, "g1")["disrupted"]


def test_a_leader_rallies_the_unit_stacked_with_him():
    # SPI 8.31 "adjacent": a unit in the Leader's own hex is nearer still (docs/rulings.md)
    doc = disrupting(["g0"], RALLY_UNITS[:1], RALLY_LEADERS[:1])
    g = new(doc, charts=charts(magic_spell=SURE_SPELLS, rally=RALLY))
    cast_all(g, ["g0"])
    play_until(g, "H", W)
    assert rallies(g, W, "imrahil") == {"g0"}


def test_the_shipped_rally_table_two_dice_under_the_rating():
    # SPI 8.34: rating 3 rallies on 2-6 (the shipped table): a 6 rallies, a 7 does not
    for faces, rallied in (((3, 3), True), ((3, 4), False)):
        doc = disrupting(["g1"], RALLY_UNITS[:2], [leader("imrahil", W, "0505", rally=3)])
        g = new(doc, None, None, *faces, charts=charts(magic_spell=SURE_SPELLS))
        cast_all(g, ["g1"])
        play_until(g, "H", W)
        g.act(W, {"type": "rally", "leader": "imrahil", "unit": "g1"})
        assert events(g, "rally")[-1]["dice"] == sum(faces) and piece(g, "g1")["disrupted"] is not rallied


def test_leaders_are_never_disrupted():
    # SPI 8.21: whatever the result, a Leader is never disrupted: the orc retreats with
    # his unit (which is disrupted) and still moves next turn
    doc = scenario([unit("a", W, "0504", "B3X"), unit("d", S, "0505", "e3X"), unit("n", S, "0909")],
                   [leader("orc", S, "0505")])
    g = new(doc, 1, 1, 5)                      # 2; X, 5: retreat one
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, {"type": "stand"})
    g.act(S, of_type(g, S, "retreat")[0])
    g.act(W, {"type": "stay"})
    assert piece(g, "d")["disrupted"] and piece(g, "orc")["hex"] == piece(g, "d")["hex"]
    play_until(g, "C", S, turn=2)
    assert moves(g, S, "orc") and not moves(g, S, "d")


FORMERS = [unit("a", W, "0505", "E1Y"), unit("b", W, "0605", "E1Y"), unit("c", W, "0404", "E1Y", "cavalry"),
           unit("m", W, "0406", "E1Y", nationality="rohan"), unit("s", S, "0909")]


def forms(g):
    return {tuple(a["units"]) for a in of_type(g, W, "form")}


def test_who_may_make_a_special_formation():
    # SPI 8.0, 8.4, 8.41: only Westernesse Leaders command formations, of Westernesse
    # units, in clear terrain; 8.42: two cavalry (Wedge) or two infantry (Shield Wall),
    # nothing else; 8.43: the same nationality and strengths, with or beside the Leader
    # at the start of the Movement Phase, outside enemy zones
    g = new(scenario(FORMERS, [leader("l", W, "0505")]))
    play_until(g, "F", W)
    assert forms(g) == {("a", "b")}
    g = new(scenario(FORMERS, [leader("l", W, "0505")], tokens={"0505": "G0"}))
    play_until(g, "F", W)
    assert forms(g) == set()
    g = new(scenario([*FORMERS[:4], unit("s", S, "0705", "e1X")], [leader("l", W, "0505")]))
    play_until(g, "F", W)
    assert forms(g) == set()                    # b at 0605 is in s's zone
    g = new(scenario([unit("x", S, "0505", "E1Y"), unit("y", S, "0605", "E1Y"), unit("w", W, "0101")],
                     [leader("orc", S, "0505")]))
    play_until(g, "C", S)
    assert not of_type(g, S, "form")


def test_formations_attack_at_a_with_armour_4_move_slowly_keep_to_clear_and_disband():
    # SPI 8.44: A and 4 whatever the units' ratings (E1Y), their morale; 8.45: a Shield
    # Wall moves 2 and not in the turn it formed; 8.41: only into clear hexes; 8.48: one
    # unit moving away disbands it, no Leader needed; 5.0 b: two units in one hex
    doc = scenario([*FORMERS[:2], unit("s", S, "0901")], [leader("l", W, "0505")], tokens={"0303": "G0"})
    g = new(doc)
    play_until(g, "F", W)
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l"})
    assert piece(g, "b")["hex"] == "0505" and piece(g, "a")["formation"] == "b"
    assert not moves(g, W, "a")
    play_until(g, "F", W, turn=2)
    reach = moves(g, W, "a")
    assert "0305" in reach and "0205" not in reach and "0303" not in reach
    g.act(W, {"type": "move", "piece": "a", "to": "0305"})
    g.act(W, {"type": "move", "piece": "l", "to": "0305"})
    assert piece(g, "b")["hex"] == "0305"
    play_until(g, "F", W, turn=3)
    g.act(W, {"type": "split", "unit": "b", "to": "0405"})
    assert piece(g, "a")["formation"] is None and piece(g, "b")["hex"] == "0405"


def test_a_formation_fights_at_a_and_armour_4():
    # SPI 8.44: E1Y units formed attack at A (A against 1 wounds on 2-10: an 8) and
    # defend at armour 4 (C against 4 wounds on 2-5: a 6 does nothing)
    doc = scenario([*FORMERS[:2], unit("d", S, "0703", "C1Y")], [leader("l", W, "0505")])
    g = new(doc, 4, 4, 6)
    play_until(g, "F", W)
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l"})
    play_until(g, "F", W, turn=2)
    g.act(W, {"type": "move", "piece": "a", "to": "0604"})
    g.act(W, {"type": "move", "piece": "l", "to": "0604"})
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    assert events(g, "attack")[-1]["dice"] == 8 and events(g, "attack")[-1]["die"] == 6


def test_a_formation_driven_back_retreats_unit_by_unit_to_different_hexes():
    # SPI 8.46: a formation forced to retreat: each unit retreats to a different hex
    doc = scenario([*FORMERS[:2], unit("d", S, "0703", "A3Y")], [leader("l", W, "0505")])
    g = new(doc, 1, 1, 5)                        # turn 2, D: A against 4: 2; morale Y, 5: retreat two
    play_until(g, "F", W)
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l"})
    play_until(g, "C", S, turn=2)
    g.act(S, {"type": "move", "piece": "d", "to": "0504"})
    play_until(g, "D", S, "melee")
    g.act(S, {"type": "attack", "unit": "d", "target": "a"})
    first = of_type(g, W, "retreat")[0]
    g.act(W, first)
    second = of_type(g, W, "retreat")
    assert second and all(x["path"][-1] != first["path"][-1] for x in second)


def test_casting_spells_points_spent_only_on_success():
    # SPI 8.51: only Leaders with a Magic Capability Rating cast; 8.54: in a Magic Leader
    # Movement Phase, two dice on the Magic Spell Chart under the points (1 point: 5-9);
    # 8.56: a failure costs nothing, a success spends the points for good; 8.55: not
    # with fewer points left than the spell costs
    spells = [{"id": "fear", "side": W, "cost": 1, "effect": "fear", "range": 9},
              {"id": "freeze", "side": W, "cost": 2, "effect": "freeze", "range": 9}]
    doc = scenario([unit("w", W, "0505"), unit("s", S, "0909")],
                   [leader("wiz", W, "0505", magic=2), leader("plain", W, "0505"), leader("orc", S, "0909")],
                   spells=spells)
    g = new(doc, 2, 2, 2, 3)
    assert {a["leader"] for a in of_type(g, W, "cast")} == {"wiz"}
    g.act(W, {"type": "cast", "leader": "wiz", "spell": "fear", "target": "orc"})
    assert events(g, "cast")[-1]["success"] is False and piece(g, "wiz")["magic"] == 2
    play_until(g, "E", W)
    assert not of_type(g, W, "cast")                                     # 3.0 E: cast in A already
    play_until(g, "F", W)
    assert not of_type(g, W, "cast")
    play_until(g, "A", W, turn=2)
    g.act(W, {"type": "cast", "leader": "wiz", "spell": "fear", "target": "orc"})
    assert events(g, "cast")[-1]["success"] is True and piece(g, "wiz")["magic"] == 1
    play_until(g, "A", W, turn=3)
    assert {a["spell"] for a in of_type(g, W, "cast")} == {"fear"}        # freeze costs 2: 1 left


def test_a_shield_wall_of_bowmen_still_never_melees():
    # SPI 8.44 with 2.3 (docs/rulings.md): a formation of missile-only units "attacks at
    # A" but, like its units, never melees: it is not obliged to, nor offered
    doc = scenario([unit("a", W, "0505", "e1Y"), unit("b", W, "0605", "e1Y"), unit("s", S, "0703", "C1X")],
                   [leader("l", W, "0505")])
    harmless = charts()["casualty_probability"]
    harmless["C"]["4"] = []                                # s's obliged attack in Phase D never wounds
    g = new(doc, charts=charts(casualty_probability=harmless))
    play_until(g, "F", W)
    g.act(W, {"type": "form", "units": ["a", "b"], "leader": "l"})
    play_until(g, "C", S, turn=2)
    g.act(S, {"type": "move", "piece": "s", "to": "0504"})
    play_until(g, "D", S, "melee")
    g.act(S, {"type": "attack", "unit": "s", "target": "a"})
    play_until(g, "G", W, "melee")
    assert g.legal_actions(W) == [{"type": "end"}]
