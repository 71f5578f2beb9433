"""The odds shown before a Gondor & Sauron attack (issue 14): the two-dice totals that
cause a casualty, the morale row, a wall's cover, a duel's differential; then the attack
is made and the engine resolves it as the preview said."""

from __future__ import annotations

from tests.hexwar.gondor_sauron.test_game import S, W, close_in, play_until, small, u
from tests.support.gs_positions import ScriptedDice, leader, position, unit

from warjudge.core import games
from warjudge.hexwar.gondor_sauron import leaders
from warjudge.hexwar.gondor_sauron.combat import leader_fight
from warjudge.hexwar.gondor_sauron.preview import attack_preview


def last_event(g, kind):
    return next(e for e in reversed(g.events) if e["event"] == kind)


def test_melee_preview_is_what_the_engine_resolves():
    # SPI 7.33: B against armour 3 causes a casualty on 7 (not on 9); then one die against
    # morale Y: a 3 is r1A (retreat one hex and flip, 7.42)
    g = games.new("sauron", seed=1, scenario=small([u("a", W, "0503", "B3X"), u("d", S, "0505", "B3Y", reduced="D2Y")]))
    close_in(g)
    action = {"type": "attack", "unit": "a", "target": "d"}
    shown = g.preview(W, action)
    assert (shown["kind"], shown["attack"], shown["armour"], shown["morale"], shown["fanatical"]) == \
           ("melee", "B", 3, "Y", False)
    assert 7 in shown["casualty_on"] and 9 not in shown["casualty_on"]
    assert shown["chance_in_36"] == sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in shown["casualty_on"])
    g.dice = ScriptedDice(3, 4, 3)
    g.act(W, action)
    said = last_event(g, "attack")
    assert said["dice"] in shown["casualty_on"] and shown["morale_row"][str(said["die"])] == said["result"] == "r1A"
    assert g.decision(S).kind == "retreat"     # the defender now owes its retreat path


def test_missile_preview_shows_a_walls_cover():
    # SPI 7.17-7.18: bowmen fire as melee with their missile strength; a wall of the
    # target's own hex adds one to its armour against missiles
    doc = small([u("bow", W, "0501", "e1Y"), u("t", S, "0701", "C2X")])
    doc["map"]["hexsides"] = [{"hexes": ["0601", "0701"], "kind": "wall"}]
    g = games.new("sauron", seed=1, scenario=doc)
    play_until(g, W, "G", "missile")
    action = {"type": "fire", "unit": "bow", "target": "t"}
    shown = g.preview(W, action)
    assert (shown["kind"], shown["attack"], shown["armour"]) == ("missile", "e", 3)
    assert shown["modifiers"] == [{"value": 1, "why": "armour +1: fired on through a wall of its own hex (SPI 7.18)"}]
    assert shown["casualty_on"] == sorted(g.state.position.charts.casualty_totals("e", 3))
    g.dice = ScriptedDice(6, 6)   # 12: no casualty against armour 3 unless the chart says so
    if 12 in shown["casualty_on"]:
        g.dice.faces.append(6)
    g.act(W, action)
    said = last_event(g, "fire")
    assert (said["result"] != "-") == (said["dice"] in shown["casualty_on"])


def test_duel_preview_shows_the_differential_and_its_row():
    # SPI 7.22: one die against the attacker's Rally Rating minus the defender's; 10.0:
    # Sauron's Leaders +3 at night. The preview reads the row leader_fight then rolls on.
    hero, orc = leader("hero", W, "0504", rally=4), leader("orc", S, "0505", rally=1)
    for night, differential in ((False, 3), (True, 0)):
        pos = position(hero, orc, night=night)
        shown = attack_preview(pos, {"type": "duel", "leader": "hero", "target": "orc"}, {})
        assert shown["differential"] == differential
        for die in range(1, 7):
            diff, rolled, mine, theirs = leader_fight(pos, ScriptedDice(die), hero, orc)
            assert (diff, shown["row"][str(rolled)]) == (differential, f"{mine}/{theirs}")


def faces(total):
    return min(6, total - 1), total - min(6, total - 1)


def test_rally_and_spell_previews_are_the_totals_that_succeed():
    # SPI 8.34 (10.0: at night Sauron's Leaders +3): two dice under the Leader's Rally Rating;
    # SPI 8.54: two dice under the Magic Points the spell uses
    for night in (False, True):
        nazgul, orcs = leader("nazgul", S, "0505", rally=2, magic=5), unit("orcs", S, "0505")
        orcs.disrupted = True
        pos = position(nazgul, orcs, night=night)
        rally = attack_preview(pos, {"type": "rally", "leader": "nazgul", "unit": "orcs"}, {})
        spell = attack_preview(pos, {"type": "cast", "leader": "nazgul", "spell": "dread"}, {"dread": 3})
        assert rally["rating"] == (5 if night else 2) and spell["cost"] == 3
        for total in range(2, 13):
            assert leaders.rally(pos, ScriptedDice(*faces(total)), nazgul, orcs)[1] == (total in rally["succeeds_on"])
            orcs.disrupted, nazgul.magic = True, 5
            assert leaders.cast(pos, ScriptedDice(*faces(total)), nazgul, 3)[1] == (total in spell["succeeds_on"])
            nazgul.magic = 5
        assert rally["chance_in_36"] == sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in rally["succeeds_on"])


def test_no_preview_for_moves_or_illegal_attacks():
    g = games.new("sauron", seed=1, scenario=small([u("a", W, "0503", "B3X"), u("d", S, "0505", "B3Y")]))
    play_until(g, W, "F")
    assert g.preview(W, {"type": "move", "piece": "a", "to": "0504"}) is None
    assert g.preview(W, {"type": "attack", "unit": "a", "target": "d"}) is None   # not adjacent, not now
