"""Issue 23's audit, SPI 9.0 Demoralization and 10.0 Night Turns, from the rule text
alone, through scenario files and `act`. (Two armies demoralized in one Combat Phase,
9.23, are tested with the Leaders' fixes.)"""

from tests.support.gs_audit import S, W, charts, events, leader, new, of_type, piece, play_until, scenario, unit

SURE_SPELLS = {"1": list(range(2, 13))}


def losses_after_flip_and_kill(level):
    """d (Be3X, reduced De2X) is flipped by a1 and eliminated by a2 in one Combat Phase."""
    doc = scenario([unit("a1", W, "0503", "A3X"), unit("a2", W, "0603", "A3X"),
                    unit("d", S, "0505", "Be3X", reduced="De2X"), unit("p", S, "0909")],
                   demoralization_levels={W: 99, S: level})
    g = new(doc, 1, 1, 3, 1, 1, 1)              # 2; X, 3: A (flip); 2; X, 1: E
    play_until(g, "F", W)
    g.act(W, {"type": "move", "piece": "a1", "to": "0504"})
    g.act(W, {"type": "move", "piece": "a2", "to": "0605"})
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a1", "target": "d"})   # both must be stated (SPI 7.31, 7.32)
    g.act(W, {"type": "attack", "unit": "a2", "target": "d"})
    assert [e["result"] for e in events(g, "attack")] == ["A", "E"]
    g.act(W, {"type": "stay"})
    assert piece(g, "d") is None
    return g


def test_a_lost_units_full_value_counts_and_only_exceeding_the_level_demoralizes():
    # SPI 9.11, 9.13: an eliminated unit's Demoralization Value adds to its army's
    # losses; 9.12: attack + missile + armour + morale at full strength (Be3X: 4 + 1 + 3
    # + 3 = 11, though it died flipped); 9.21: demoralized when the losses exceed the
    # level (11 does not exceed 11, it exceeds 10), at the end of the Combat Phase
    g = losses_after_flip_and_kill(11)
    assert g.view(None)["losses"][S] == 11
    g.act(W, {"type": "end"})
    assert g.view(None)["demoralized"] == []
    g = losses_after_flip_and_kill(10)
    g.act(W, {"type": "end"})
    assert g.view(None)["demoralized"] == [S]


def test_either_army_may_demoralize_and_stays_so():
    # SPI 9.22: Westernesse's demoralization (Phase D) does not spare Sauron's (Phase G);
    # 9.0: demoralized for the rest of the game; 9.33: Westernesse's W and X units are
    # then fanatical (7.37: one die, no Casualty Probability roll); 9.31: a demoralized
    # army's disrupted units are not rallied
    spells = [{"id": "visions", "side": S, "cost": 1, "effect": "disrupt", "range": 12}]
    doc = scenario([unit("w", W, "0205", "e1Z"), unit("x", S, "0105", "A3X"), unit("a", W, "0708", "A3X"),
                    unit("y", S, "0808", "e1Z"), unit("g", W, "0402"), unit("q", S, "0909")],
                   [leader("l", W, "0402", rally=9), leader("witch", S, "0909", magic=9)],
                   demoralization_levels={W: 1, S: 1}, spells=spells)
    g = new(doc, None, None, 1, 1, 1, 1, charts=charts(magic_spell=SURE_SPELLS))
    play_until(g, "A", S)
    g.act(S, {"type": "cast", "leader": "witch", "spell": "visions", "target": "g"})
    play_until(g, "D", S, "melee")
    g.act(S, {"type": "attack", "unit": "x", "target": "w"})
    g.act(W, {"type": "stand"})
    g.act(S, {"type": "stay"})
    g.act(S, {"type": "end"})
    assert g.view(None)["demoralized"] == [W]
    play_until(g, "G", W, "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "y"})
    g.act(S, {"type": "stand"})
    assert events(g, "attack")[-1]["dice"] is None and piece(g, "y") is None
    g.act(W, {"type": "stay"})
    g.act(W, {"type": "end"})
    assert g.view(None)["demoralized"] == [S, W]
    play_until(g, "H", W)
    assert piece(g, "g")["disrupted"] and not of_type(g, W, "rally")
    play_until(g, "A", W, turn=2)
    assert g.view(None)["demoralized"] == [S, W]


def test_sauron_leaders_rally_three_better_at_night():
    # SPI 10.0: at night Sauron's Leaders add three to their Rally Ratings: rating 0
    # rallies on 2-3, at night as 3 on 2-6 (a 6)
    spells = [{"id": "sleep", "side": W, "cost": 1, "effect": "disrupt", "range": 12}]
    for night, rallied in (([1], True), ([], False)):
        doc = scenario([unit("o", S, "0505"), unit("n", S, "0504"), unit("w", W, "0101")],
                       [leader("orc", S, "0504", rally=0), leader("wiz", W, "0101", magic=9)],
                       spells=spells, night_turns=night)
        g = new(doc, None, None, 3, 3, charts=charts(magic_spell=SURE_SPELLS))
        g.act(W, {"type": "cast", "leader": "wiz", "spell": "sleep", "target": "o"})
        play_until(g, "H", S)
        g.act(S, {"type": "rally", "leader": "orc", "unit": "o"})
        assert events(g, "rally")[-1]["dice"] == 6 and piece(g, "o")["disrupted"] is not rallied
