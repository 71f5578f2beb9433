"""Leaders (SPI 8.1 stacking, 8.24 sharing a unit's A or E, 7.23), played through
scenario files and `act` only. Neighbours of 0505: 0504 NE, 0605 E, 0506 SE, 0406 SW,
0405 W, 0404 NW."""

import json

import pytest

from warjudge.core.events import Refusal
from warjudge.hexwar.gondor_sauron.charts import DEFAULT_CHARTS
from tests.support.gs_scenarios import (
    RING, S, W, battle, charts, events, leader, leader_view, new, play_until, unit, where)

SEEDS = range(1, 41)


def mordor(*more_units, more_leaders=()):
    """Gothmog with his Mordor unit in 0505, an Easterling unit in 0705, the enemy far off."""
    return battle("sauron", [unit("m", S, "0505"), unit("e", S, "0705", nationality="easterling"),
                             unit("w", W, "0101"), *more_units],
                  [leader("gothmog", S, "0505"), *more_leaders])


# --- 8.1: stacked with a unit of his own nationality when the Combat Phase begins ---------

def test_a_leader_may_not_end_movement_alone_while_a_unit_can_join_him():
    # SPI 8.1 "Leaders must be stacked with a combat unit at the beginning of a Friendly
    # Combat Phase": a bug let a Leader that had moved end the phase alone
    g = new("sauron", mordor())
    play_until(g, S, "C")
    g.act(S, {"type": "move", "piece": "gothmog", "to": "0503"})
    assert {"type": "end"} not in g.legal_actions(S)
    with pytest.raises(Refusal) as caught:
        g.act(S, {"type": "end"})
    assert caught.value.code == "gs.refused.leaders_alone" and caught.value.params == {"leaders": ["gothmog"]}
    g.act(S, {"type": "move", "piece": "m", "to": "0503"})
    g.act(S, {"type": "end"})
    assert g.state.phase == "D" and where(g, "gothmog") == "0503" and not events(g, "leader-transferred")


def test_a_leader_on_a_foreign_unit_is_transferred_to_his_own_when_the_combat_phase_begins():
    # SPI 8.1 "Normal (non-magic) Leaders must be stacked with a combat unit of their own
    # nationality": a bug let a Mordor Leader begin Phase D on an Easterling unit. No
    # action can stack him once his Mordor unit has moved (4.21: once a phase), so the
    # phase may end, and he is transferred as 8.24 transfers a Leader left alone (ruling)
    g = new("sauron", mordor())
    play_until(g, S, "C")
    g.act(S, {"type": "move", "piece": "m", "to": "0503"})
    g.act(S, {"type": "move", "piece": "gothmog", "to": "0705"})
    g.act(S, {"type": "end"})
    assert g.state.phase == "D" and where(g, "gothmog") == "0503"
    assert events(g, "leader-transferred")[-1] == {"turn": 1, "phase": "C", "event": "leader-transferred",
                                                   "leader": "gothmog", "frm": "0705", "to": "0503"}


def test_a_leader_left_behind_by_his_unit_must_follow_it():
    # SPI 8.1: the unit moves away and the Leader has not moved
    g = new("sauron", mordor())
    play_until(g, S, "C")
    g.act(S, {"type": "move", "piece": "m", "to": "0503"})
    assert {"type": "end"} not in g.legal_actions(S)
    g.act(S, {"type": "move", "piece": "gothmog", "to": "0503"})
    assert {"type": "end"} in g.legal_actions(S)


def test_a_leader_who_enters_alone_must_be_joined_by_a_unit_of_his_nation():
    # SPI 8.1 (and 8.1's "deployment and reinforcement schedules"): Theoden enters the
    # map alone; the phase may not end while a Rohan unit can still enter into his hex
    # (a bug let it: a Leader who had entered counted as moved)
    rohan = {"group": "rohan", "side": W, "turn": 1, "roll": [], "entry": ["0101", "0102"], "demoralization": 0}
    doc = battle("sauron", [unit("w", W, "0505"), unit("s", S, "0909"),
                            {**unit("rider", W, None, nationality="rohan"), "hex": None, "arrives": "rohan"}],
                 [{**leader("theoden", W, None, nationality="rohan"), "hex": None, "arrives": "rohan"}],
                 reinforcements=[rohan])
    g = new("sauron", doc)
    play_until(g, W, "F")
    g.act(W, {"type": "enter", "piece": "theoden", "to": "0101"})
    assert {"type": "end"} not in g.legal_actions(W)
    g.act(W, {"type": "enter", "piece": "rider", "to": "0101"})
    assert {"type": "end"} in g.legal_actions(W)


def test_a_magic_leader_may_wait_alone_for_any_unit_to_join_him():
    # SPI 8.1 "Magic Leaders ... may stack with any combat unit"; ruling: 8.1 is judged when
    # the Combat Phase begins, so he may end Phase A alone, and the Movement Phase may not
    # end while a unit of any nationality can still join him (a bug let it)
    doc = mordor(more_leaders=[leader("witch", S, "0505", nationality="nazgul", magic=8)])
    g = new("sauron", doc)
    play_until(g, S, "A")
    g.act(S, {"type": "move", "piece": "witch", "to": "0703"})
    assert {"type": "end"} in g.legal_actions(S)
    play_until(g, S, "C")
    assert {"type": "end"} not in g.legal_actions(S)
    g.act(S, {"type": "move", "piece": "e", "to": "0703"})
    assert {"type": "end"} in g.legal_actions(S)


def test_a_leader_advances_with_his_unit():
    # SPI 7.51 the victor may advance; ruling: a Leader stacked with it goes too, as with a
    # retreat (a bug left him alone in the hex, where he barred the enemy's way, 4.27)
    doc = battle("sauron", [unit("a", W, "0503"), unit("d", S, "0505"), unit("far", S, "0909")],
                 [leader("hero", W, "0503")])
    g = new("sauron", doc, charts=charts("r1"))
    play_until(g, W, "F")
    g.act(W, {"type": "move", "piece": "a", "to": "0504"})
    g.act(W, {"type": "move", "piece": "hero", "to": "0504"})
    play_until(g, W, "G", "melee")
    g.act(W, {"type": "attack", "unit": "a", "target": "d"})
    g.act(S, g.legal_actions(S)[0])                        # d retreats one hex
    g.act(W, {"type": "advance", "unit": "a"})
    assert where(g, "a") == "0505" and where(g, "hero") == "0505"


def test_a_leader_whose_unit_is_eliminated_goes_to_the_nearest_unit_of_his_nationality():
    # SPI 8.24 "the Leader is transferred to the nearest Friendly combat unit", and 8.1:
    # one he may stack with (ruling: a bug sent Imrahil to the Rohirrim next door)
    doc = battle("sauron", [unit("g1", W, "0505"), unit("r", W, "0506", nationality="rohan"),
                            unit("g2", W, "0202"), unit("s", S, "0503")],
                 [leader("imrahil", W, "0505")])
    survived = 0
    for seed in SEEDS:
        g = new("sauron", doc, seed=seed, charts=charts("E"))
        play_until(g, S, "C")
        g.act(S, {"type": "move", "piece": "s", "to": "0504"})
        play_until(g, S, "D", "melee")
        g.act(S, {"type": "attack", "unit": "s", "target": "g1"})
        assert where(g, "g1") is None
        if leader_view(g, "imrahil") is not None:   # he did not share the E (8.24)
            survived += 1
            assert where(g, "imrahil") == "0202"
    assert survived


# --- 8.24: a Leader shares his unit's A or E on 5-6, 7.23 included ---------------------

def boxed(reduced: str | None) -> dict:
    """Sauron's unit d boxed in by walls in 0505 with two Leaders; Westernesse's hero (Rally
    5) beside it in 0504; another Sauron unit far off."""
    d = unit("d", S, "0505", **({"reduced": reduced} if reduced else {}))
    return battle("sauron", [d, unit("a", W, "0504"), unit("far", S, "0909")],
                  [leader("hero", W, "0504", rally=5), leader("orc", S, "0505", rally=2),
                   leader("captain", S, "0505", rally=3)],
                  walls=[("0505", h) for h in RING])


def duel(seed: int, reduced: str | None):
    g = new("sauron", boxed(reduced), seed=seed)
    play_until(g, W, "G", "leader")
    g.act(W, {"type": "duel", "leader": "hero", "target": "orc"})   # +3: the orc suffers A or E
    return g


def test_a_unit_flipped_by_7_23_makes_its_leaders_roll_to_share_the_a():
    # SPI 8.24 "If a combat unit with which a Leader is stacked suffers either an 'A' or an
    # 'E' result - by Melee, Missile, or Case 7.23 - the Leader suffers the same result if
    # ... he rolls a five or six"; 7.23: the boxed-in unit cannot retreat two hexes, so it
    # flips. A bug gave the Leaders no roll
    outcomes = set()
    for seed in SEEDS:
        g = duel(seed, "D2Y")
        duel_result = events(g, "duel")[-1]["result"]
        assert events(g, "flipped")[-1]["unit"] == "d"
        rolls = {e["leader"]: e for e in events(g, "leader-share")}
        alive = {"captain"} | ({"orc"} if duel_result == "-/A" else set())
        assert set(rolls) == alive and all(r["result"] == "A" and r["unit"] == "d" for r in rolls.values())
        captain = rolls["captain"]
        assert captain["shared"] == (captain["die"] in (5, 6))
        assert leader_view(g, "captain")["rally"] == (2 if captain["shared"] else 3)
        if "orc" in rolls:   # wounded in the duel (2 -> 1), and again if he shares
            assert leader_view(g, "orc")["rally"] == (0 if rolls["orc"]["shared"] else 1)
        assert where(g, "d") == "0505" and where(g, "captain") == "0505"
        outcomes.add(captain["shared"])
    assert outcomes == {True, False}


def test_a_unit_eliminated_by_7_23_makes_its_leaders_roll_to_share_the_e():
    # SPI 8.24, 7.23 "if already flipped over, it is eliminated" (a counter with no reduced
    # side: likewise); a Leader who does not share it is transferred (8.24)
    outcomes = set()
    for seed in SEEDS:
        g = duel(seed, None)
        assert events(g, "eliminated")[-1]["unit"] == "d"
        captain = next(e for e in events(g, "leader-share") if e["leader"] == "captain")
        assert captain["result"] == "E" and captain["shared"] == (captain["die"] in (5, 6))
        assert where(g, "captain") == (None if captain["shared"] else "0909")
        outcomes.add(captain["shared"])
    assert outcomes == {True, False}


def test_sharing_a_result_is_no_leader_combat_and_moves_no_unit():
    # SPI 7.23 is for "a Leader engaging in Leader Combat": a bug made a Leader who shared
    # an A (8.24) force his unit to retreat two hexes as well
    doc = battle("sauron", [unit("a", W, "0503"), unit("d", S, "0505", reduced="D2Y"), unit("far", S, "0909")],
                 [leader("hero", W, "0503"), leader("orc", S, "0505", rally=3)])
    shared = 0
    for seed in SEEDS:
        g = new("sauron", doc, seed=seed, charts=charts("A"))
        play_until(g, W, "F")
        g.act(W, {"type": "move", "piece": "a", "to": "0504"})
        g.act(W, {"type": "move", "piece": "hero", "to": "0504"})
        play_until(g, W, "G", "melee")
        g.act(W, {"type": "attack", "unit": "a", "target": "d"})
        assert g.to_act() == (W,) and where(g, "d") == "0505" and where(g, "orc") == "0505"
        shared += leader_view(g, "orc")["rally"] == 2      # he shared the A: wounded
    assert shared


def test_a_disrupted_unit_that_must_make_a_7_23_retreat_is_eliminated():
    # SPI 7.57 "a disrupted unit that is forced to retreat is eliminated instead" (ruling:
    # also when 7.23 forces the retreat; a bug flipped it), an E its Leader may share (8.24).
    # Charts: every spell works, every duel wounds the defender; Sinister Visions disrupts
    mine = json.loads(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    mine["magic_spell"] = {k: list(range(2, 13)) for k in mine["magic_spell"]}
    mine["leader_combat"] = {k: ["-/A"] * 6 for k in mine["leader_combat"]}
    doc = battle("sauron", [unit("a", W, "0505", reduced="D2Y"), unit("d", S, "0605"), unit("home", W, "0101")],
                 [leader("hero", W, "0505", rally=3), leader("witch", S, "0605", magic=8)],
                 walls=[("0505", h) for h in RING],
                 spells=[{"id": "visions", "side": S, "cost": 3, "effect": "disrupt", "range": 4}])
    g = new("sauron", doc, charts=mine)
    g.act(W, {"type": "end"})
    g.act(S, {"type": "cast", "leader": "witch", "spell": "visions", "target": "a"})
    play_until(g, S, "D", "leader")
    g.act(S, {"type": "duel", "leader": "witch", "target": "hero"})
    assert where(g, "a") is None and events(g, "eliminated")[-1]["unit"] == "a"
    roll = events(g, "leader-share")[-1]
    assert (roll["leader"], roll["result"]) == ("hero", "E")
    assert where(g, "hero") == (None if roll["shared"] else "0101")
