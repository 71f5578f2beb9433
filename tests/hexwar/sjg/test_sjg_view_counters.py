"""The public facts each unit of an SJG view carries (issue 12: a bot plays from the view
alone): its counter's figures as the Conversion Track sets them this turn, and the hexes
its zone of control reaches. They are on the table for both players, so both sides
views hold them and agree on them; hidden set-ups stay hidden (test_sjg_game_interface).
Also: the events of a view, redacted once per viewer as they come, are the log's."""

from __future__ import annotations

import pytest

from warjudge.core import games
from warjudge.core.visibility import HIDDEN_FROM

from tests.hexwar.sjg.sjg_helpers import make_map, start

FIELDS = ("direct", "indirect", "defence", "movement", "resistance", "zone")


@pytest.fixture
def armies():
    """Red controls 3 units (the 1-16 column), black 42 (the 35-44 column)."""
    game, u = start({"N": ("necromancer", "red", "0414"), "z": ("zombie", "red", "1008"),
                     "s": ("skeleton", "red", "1108"), "w": ("wraith", "red", "0808"),
                     "m": ("mercenary", "red", "0614"), "n": ("necromancer", "black", "2014"),
                     "bz": ("zombie", "black", "1508"), "bs": ("skeleton", "black", "1509")},
                    fill={"black": 40})
    return game, u


def seen(game, viewer, unit) -> dict:
    return next(x for x in game.view(viewer)["units"] if x["id"] == unit.id)


def facts(game, viewer, unit) -> dict:
    return {k: v for k, v in seen(game, viewer, unit).items() if k in FIELDS}


def test_every_unit_carries_its_public_figures_in_both_views(armies):
    game, u = armies
    for unit in u.values():
        red, black = facts(game, "red", unit), facts(game, "black", unit)
        assert set(red) == set(FIELDS) and red == black == facts(game, None, unit)


def test_strength_and_resistance_follow_the_conversion_track(armies):
    # SJG 3.1, 5.2 (Conversion Track): 1-16 units: zombie 12-10, skeleton 8-8, wraith
    # 5-4, boulder defence 12; 35-44: zombie 10-8, skeleton 7-6
    game, u = armies
    assert {k: facts(game, "black", u["z"])[k] for k in ("direct", "defence", "resistance")} == \
        {"direct": 12, "defence": 12, "resistance": 10}
    assert {k: facts(game, "black", u["s"])[k] for k in ("direct", "indirect", "defence", "resistance")} == \
        {"direct": 8, "indirect": 8, "defence": 8, "resistance": 8}
    assert {k: facts(game, "black", u["w"])[k] for k in ("direct", "indirect", "resistance")} == \
        {"direct": 5, "indirect": 0, "resistance": 4}   # 6.22: a wraith makes no indirect attack
    assert {k: facts(game, "red", u["bz"])[k] for k in ("direct", "defence", "resistance")} == \
        {"direct": 10, "defence": 10, "resistance": 8}
    assert facts(game, "red", u["bs"])["resistance"] == 6


def test_the_necromancers_and_mercenaries_figures(armies):
    # SJG 6.4: the Necromancer attacks as two zombies directly and two skeletons
    # indirectly, defends at the boulder defence, and cannot be converted; 10.53: a
    # mercenary is 8 direct, 5 indirect, 4 MP and cannot be converted
    game, u = armies
    assert facts(game, "black", u["N"]) | {"zone": []} == {"direct": 24, "indirect": 16, "defence": 12, "movement": 2,
                                                           "resistance": None, "zone": []}
    assert facts(game, "black", u["m"]) | {"zone": []} == {"direct": 8, "indirect": 5, "defence": 8, "movement": 4,
                                                           "resistance": None, "zone": []}


def test_movement_allowances_are_the_printed_ones(armies):
    # SJG 4.1 (Fixed Unit Abilities): zombie 3, skeleton 4, wraith 5
    game, u = armies
    assert [facts(game, "black", u[k])["movement"] for k in ("z", "s", "w")] == [3, 4, 5]


def test_a_zone_reaches_the_six_hexes_round_but_not_over_a_cliff_or_into_the_miasma():
    # SJG 4.3: a zone of control covers the six hexes around; it does not extend across
    # a cliff hexside, nor into or out of the Miasma (7.3)
    board = make_map({"1108": "2"}, cliffs=[("1108", "1208")])
    game, u = start({"N": ("necromancer", "red", "0414"), "a": ("zombie", "red", "1108"),
                     "b": ("zombie", "red", "0610"), "c": ("zombie", "red", "1413"),
                     "n": ("necromancer", "black", "2014")}, board=board, miasma="1412")
    zone_a = facts(game, "black", u["a"])["zone"]
    assert "1208" not in zone_a and len(zone_a) == 5 and set(zone_a) <= set(board.neighbours("1108"))
    assert sorted(facts(game, "black", u["b"])["zone"]) == sorted(board.neighbours("0610"))
    assert facts(game, "black", u["c"])["zone"] == []   # 1413 lies in the Miasma round 1412


def test_the_miasma_says_how_many_jewels_it_still_hides():
    # SJG 8.4: three Jewels in the suggested scenarios; none found yet
    game = games.new("necromancer-sjg", seed=4)
    red, black = game.view("red")["miasma"], game.view("black")["miasma"]
    assert red["jewels_left"] == black["jewels_left"] == 3 and red["jewels_found"] == 0


def test_the_figures_ride_inside_a_hidden_unit_and_leave_with_it():
    # SJG 9.1: a secretly deployed unit is absent from the other side's view, figures and all
    import random

    from tests.support.sjg_deploy import deploy_action

    game = games.new("necromancer-sjg", seed=1, first="red")
    game.act("red", deploy_action(game, "red", random.Random(1)))
    hidden = [x for x in game.view(None)["units"] if "black" in x.get(HIDDEN_FROM, [])]
    assert hidden and all(set(FIELDS) <= set(x) for x in hidden)
    assert {x["id"] for x in game.view("black")["units"]}.isdisjoint({x["id"] for x in hidden})


def test_events_redacted_as_they_come_equal_the_whole_log_redacted_at_once():
    # SJG 9.1: a placement taken back behind the screen is seen by its side only; views
    # asked between actions (each event is redacted once per viewer) hold what a view of
    # the whole log, redacted at once, holds, and a clone's views start from its own log
    from warjudge.core.visibility import redacted

    game = games.new("necromancer-sjg", seed=2, first="red")
    early = {s: game.view(s)["events"] for s in ("red", "black")}
    place = next(a for a in game.legal_actions("red") if a["type"] == "place")
    game.act("red", place)
    game.view("black")
    game.act("red", {"type": "undo", "side": "red"})
    clone = game.clone()
    clone.act("red", place)
    clone.act("red", {"type": "undo", "side": "red"})   # the clone's own log grows; the game's does not
    for viewer in ("red", "black"):
        whole = redacted(game.view(None)["events"], viewer)
        assert game.view(viewer)["events"] == whole and whole[:len(early[viewer])] == early[viewer]
        assert clone.view(viewer)["events"] == redacted(clone.view(None)["events"], viewer)
    taken_back = [e for e in game.view(None)["events"] if e["code"] == "sjg.placement_taken_back"]
    assert taken_back and all(e not in game.view("black")["events"] for e in taken_back)
    assert len(clone.view("red")["events"]) == len(game.view("red")["events"]) + 1
