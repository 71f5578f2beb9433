"""Issue 23's audit, SPI 2.0 Game Equipment and 3.0 Sequence of Play, from the rule text
alone, through scenario files, the `charts` option and `act`."""

import pytest

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.charts import ChartError
from warjudge.hexwar.gondor_sauron.scenario import ScenarioError
from tests.support.gs_audit import S, W, charts, events, leader, new, of_type, piece, play_until, scenario, unit, where


@pytest.mark.parametrize("table", ["terrain_effects", "casualty_probability", "casualty_results", "leader_combat",
                                   "rally", "magic_spell"])
def test_every_chart_the_rules_name_is_part_of_the_charts(table):
    # SPI 2.2: the Terrain Effects Chart, Casualty Probability and Results Tables, the
    # Leader Combat Results Table, the Rally Table (and the Magic Spell Chart, 8.54): a
    # transcription without one is refused, naming it, and no game starts
    broken = charts()
    del broken[table]
    with pytest.raises(ChartError, match=table):
        games.new("sauron", seed=1, charts=broken)


def test_the_turn_record_track_is_the_scenarios():
    # SPI 2.2, 3.0: the Turn Record Track gives the number of Game-Turns (the game ends
    # after the last) and the night turns (10.0)
    g = new(scenario([unit("w", W, "0101"), unit("s", S, "0909")], turns=1, night_turns=[1]))
    assert g.view(None)["night"]
    while not g.is_over:
        p = g.to_act()[0]
        g.act(p, {"type": "next"} if {"type": "next"} in g.legal_actions(p) else {"type": "end"})
    assert g.outcome().reason == "last-turn" and g.view(None)["turn"] == 2


def test_counters_show_their_ratings_leaders_their_rally_and_magic():
    # SPI 2.3, 2.4, 2.41: a combat unit's letters and numbers are its melee and missile
    # strengths, armour and morale ("Be3X"); Leaders show a Rally Rating, Magic Leaders a
    # Magic Capability; a counter that cannot be read is refused with where it is
    doc = scenario([unit("w", W, "0505", "Be3X"), unit("s", S, "0909")],
                   [leader("l", W, "0505", rally=3), leader("m", W, "0505", rally=2, magic=7)])
    g = new(doc)
    assert piece(g, "w")["ratings"] == "Be3X"
    assert (piece(g, "l")["rally"], piece(g, "l")["magic"], piece(g, "m")["magic"]) == (3, None, 7)
    doc["units"][0]["ratings"] = "B9Q"
    with pytest.raises(ScenarioError, match="unit w"):
        new(doc)


def test_a_unit_with_only_a_missile_strength_never_melees():
    # SPI 2.3: only a lower-case strength: no attack in a melee; so it is not obliged to
    # attack the enemy beside it (7.31) though it may fire at it
    doc = scenario([unit("bow", W, "0504", "e2X"), unit("d", S, "0505", "e1X")])
    g = new(doc)
    play_until(g, "G", W, "missile")
    assert of_type(g, W, "fire")
    play_until(g, "G", W, "melee")
    assert g.legal_actions(W) == [{"type": "end"}]


def test_better_letters_wound_more_better_morale_suffers_less():
    # SPI 2.6: A is the best attack and E the worst (B against 3 wounds on a 7, C does
    # not); armour 4 the best (B against 4 does not on a 7); morale W the best (a die of 1
    # is a flip against W, elimination against Z)
    def attack(attacker, defender, *faces):
        g = new(scenario([unit("a", W, "0504", attacker), unit("d", S, "0505", defender), unit("p", S, "0909")]),
                *faces)
        play_until(g, "G", W, "melee")
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        if g.decision(S) and g.decision(S).kind == "evade":
            g.act(S, {"type": "stand"})
        return events(g, "attack")[-1]["result"]

    assert attack("B3X", "e3W", 3, 4, 1) == "1/2E" and attack("B3X", "e3Z", 3, 4, 1) == "E"
    assert attack("C3X", "e3W", 3, 4, 1) == "-" and attack("B3X", "e4W", 3, 4, 1) == "-"


def test_the_sequence_of_play():
    # SPI 3.0: A (Westernesse's Magic Leaders, then Sauron's), B Sauron's Siege Phase
    # (Gondor only), C Sauron moves, D Sauron fights, E (Sauron's Magic Leaders first),
    # F Westernesse moves, G Westernesse fights, H both rally; then the next Game-Turn
    for game, codes in (("gondor", "ABCDEFGH"), ("sauron", "ACDEFGH")):
        g = new(scenario([unit("w", W, "0101"), unit("s", S, "0909")], game=game))
        seen = []
        while g.view(None)["turn"] == 1:
            phase, side, _ = where(g)
            if not seen or seen[-1] != (phase, side):
                seen.append((phase, side))
            legal = g.legal_actions(side)
            g.act(side, {"type": "next"} if {"type": "next"} in legal else {"type": "end"})
        order = {"A": [W, S], "B": [S], "C": [S], "D": [S], "E": [S, W], "F": [W], "G": [W], "H": [W, S]}
        assert seen == [(c, s) for c in codes for s in order[c]]
        assert where(g)[:2] == ("A", W)
