"""Issue 12: the rules emit events (a code and JSON parameters) and refuse with a reason
code; the English is the wording table's (presentation/sjg/wording_en.py). Hidden events
ride in the full view marked `hidden_from`, and a side's view drops them."""

import json
import random

import pytest

from warjudge.core.errors import IllegalAction
from warjudge.core.events import Event, Refusal
from warjudge.core.visibility import hidden_objects
from warjudge.hexwar.sjg import bots
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.views import view
from warjudge.presentation.sjg.wording_en import EVENTS, REFUSALS, english, lines
from tests.support.sjg_act import act_as_its_side


def played(seed: int, actions: int = 400) -> SjgNecromancerGame:
    game = SjgNecromancerGame.new(seed=seed, items={"red": 2, "black": 2},
                                  optional=["miasma_demon", "miasma_movement", "fourth_jewel"])
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        act_as_its_side(game, bots.random_action(game, rng))
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_is_json_has_a_code_in_the_table_and_reads_back(seed):
    game = played(seed)
    assert {e.code for e in game.events} >= {"sjg.roll", "sjg.turn", "sjg.moved", "sjg.phase_ended"}
    for event in game.events:
        data = json.loads(json.dumps(event.to_json()))
        assert Event.from_json(data) == event
        assert event.code in EVENTS
        assert english(event)                                     # every event has its wording
    assert lines(game.view(None)["events"]) == lines(game.events)


def test_a_rule_reports_data_and_the_table_words_it():  # SJG 3.1, 7.2, 9.1: the opening events
    game = SjgNecromancerGame.new(seed=3, first="red")
    assert [(e.code, e.params) for e in game.events] == [
        ("sjg.roll", {"total": 6, "reason": "miasma_placement"}), ("sjg.first_player", {"side": "red"})]
    assert lines(game.events) == ["  roll 6 (Miasma placement (7.2))", "red moves first"]


def test_a_refusal_carries_its_reason_code_and_parameters_and_changes_nothing():  # SJG 4.0: own units only
    game = SjgNecromancerGame.new(seed=4, first="red")
    while game.phase != "move":
        act_as_its_side(game, bots.random_action(game, random.Random(0)))
    enemy = next(u for u in game.state.position.units.values() if u.side == "black")
    before = (json.dumps(game.view(None), sort_keys=True), len(game.record.actions))
    with pytest.raises(Refusal) as refused:
        game.act("red", {"type": "move", "units": [enemy.id], "path": [enemy.hex, enemy.hex]})
    assert isinstance(refused.value, IllegalAction)
    assert (refused.value.code, refused.value.params) == ("sjg.refused.not_yours", {"unit": enemy.id})
    assert str(refused.value) == f"unit {enemy.id} is not one of yours"
    assert (json.dumps(game.view(None), sort_keys=True), len(game.record.actions)) == before


def test_a_malformed_action_and_a_wrong_side_are_refused_with_codes():
    game = SjgNecromancerGame.new(seed=4)
    with pytest.raises(Refusal) as malformed:
        game.act(game.pending.player, {"type": "fly"})
    assert malformed.value.code == "sjg.refused.malformed" and "malformed action" in str(malformed.value)
    with pytest.raises(Refusal) as wrong:
        game.act("red", {"type": "end", "side": "black"})
    assert wrong.value.params == {"said": "black", "player": "red"}


def test_every_refusal_code_the_rules_raise_has_wording():
    import pathlib
    import re

    import warjudge.hexwar.sjg as package

    raised = set()
    for source in pathlib.Path(package.__path__[0]).glob("*.py"):
        raised |= set(re.findall(r'Refusal\("(sjg\.refused\.[a-z_]+)"', source.read_text()))
    assert raised and raised <= set(REFUSALS), raised - set(REFUSALS)


def test_taking_back_a_secret_placement_is_hidden_from_the_other_side():  # SJG 9.1: set up behind a screen
    game = SjgNecromancerGame.new(seed=4, first="red")
    side = game.pending.player
    place = next(a for a in game.legal_actions(side) if a["type"] == "place")
    game.act(side, place)
    game.act(side, {"type": "undo"})
    taken_back = game.events[-1]
    assert taken_back.code == "sjg.placement_taken_back" and taken_back.hidden_from == ("black" if side == "red" else "red",)
    other = taken_back.hidden_from[0]
    full = game.view(None)
    assert {"code": "sjg.placement_taken_back", "params": {"side": side}, "hidden_from": [other]} in full["events"]
    assert list(hidden_objects(full, other))                              # marked in the full view
    assert taken_back.to_json() not in game.view(other)["events"]        # gone from the other side's
    assert taken_back.to_json() in game.view(side)["events"]              # the side itself sees it
    assert taken_back.to_json() not in view(game, other)["events"]        # and from the mailed view
    assert lines([taken_back]) == [f"{side} takes back a placement"]


def test_undo_names_the_action_it_takes_back():  # docs/rulings.md: undo within a phase
    game = SjgNecromancerGame.new(seed=4, first="red")
    rng = random.Random(0)
    while game.phase != "move":
        act_as_its_side(game, bots.random_action(game, rng))
    move = next(a for a in game.legal_actions("red") if a["type"] == "move")
    game.act("red", move)
    moved = game.events[-1]
    game.act("red", {"type": "undo"})
    assert game.events[-1] == Event("sjg.taken_back", {"side": "red", "what": moved.to_json()})
    assert lines(game.events[-1:]) == [f"red takes back: {english(moved)}"]


def test_a_mailed_view_carries_the_sides_events_and_show_words_them(tmp_path):
    """By mail a player has only the view file: its log comes from the events in it."""
    from typer.testing import CliRunner

    from warjudge.cli import app

    runner = CliRunner()
    game, red = tmp_path / "g.json", tmp_path / "red.json"
    assert runner.invoke(app, ["sjg", "new", str(game), "--seed", "3", "--first", "red"]).exit_code == 0
    assert runner.invoke(app, ["sjg", "show", str(game), "--side", "red", "--export", str(red)]).exit_code == 0
    mailed = json.loads(red.read_text())["view"]["events"]
    assert mailed == [{"code": "sjg.roll", "params": {"total": 6, "reason": "miasma_placement"}},
                      {"code": "sjg.first_player", "params": {"side": "red"}}]
    shown = runner.invoke(app, ["sjg", "show", str(red), "--log", "1", "--units"])
    assert shown.exit_code == 0 and "red moves first" in shown.stdout and "roll 6" not in shown.stdout
    data = json.loads(red.read_text())
    data["view"]["events"][1] = {"code": "sjg.no_such_event", "params": {}}
    red.write_text(json.dumps(data))
    broken = runner.invoke(app, ["sjg", "show", str(red), "--log", "2", "--units"])
    assert broken.exit_code == 2 and "its events cannot be read" in broken.stderr and "Traceback" not in broken.output


def _as_seen(game: SjgNecromancerGame, viewer: str | None) -> list[dict]:
    return [e.to_json() for e in game.events if viewer not in e.hidden_from]


def test_a_clone_sees_its_past_as_the_game_does_and_neither_sees_what_the_other_does_next():  # SJG 9.1
    game = SjgNecromancerGame.new(seed=4, first="red")
    side = game.pending.player
    other = "black" if side == "red" else "red"
    place = next(a for a in game.legal_actions(side) if a["type"] == "place")
    game.act(side, place)
    game.act(side, {"type": "undo"})   # an event hidden from the other side
    viewers = (None, side, other)
    before = {v: game.view(v)["events"] for v in viewers}   # each viewer's list made on the game
    twin = game.clone()
    assert {v: twin.view(v)["events"] for v in viewers} == before
    for g, k in ((twin, 1), (game, 2), (twin, 3), (game, 4)):   # each goes its own way, in secret
        placing = [a for a in g.legal_actions(side) if a["type"] == "place"]
        for action in (placing[k], {"type": "undo"}, placing[k]):
            g.act(side, action)
            assert {v: g.view(v)["events"] for v in viewers} == {v: _as_seen(g, v) for v in viewers}
    assert any(other in e.hidden_from for e in twin.events[len(before[None]):])
    assert not set(map(id, twin.events[len(before[None]):])) & set(map(id, game.events))
