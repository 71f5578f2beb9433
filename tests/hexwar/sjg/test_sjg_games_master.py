"""The games master forces an SJG game on (a deadline passed, issue 13): `act(GM,
{"type": "process"})` answers each waiting side's current decision with its default
(docs/rulings.md), whole or nothing, and the record holds the answers themselves."""

from __future__ import annotations

import json
import random

import pytest

from warjudge.core import games
from warjudge.core.errors import IllegalAction
from warjudge.core.game import GM


def full(game) -> str:
    return json.dumps(game.view(None), sort_keys=True)


def test_process_sets_up_both_sides_then_ends_one_decision_at_a_time():
    game = games.new("necromancer-sjg", seed=3)
    assert game.to_act() == ("red", "black") and game.decision("red").kind == "deploy"
    game.act(GM, {"type": "process"})
    # both secret set-ups done (SJG 5.1: every unit placed, by the default: the first legal place each time)
    assert game.to_act() == ("red",) and game.decision("red").kind == "move"
    placed = [a for a in game.record.actions if a.get("type") == "place"]
    assert {a["side"] for a in placed} == {"red", "black"}
    assert all(u["hex"] for u in game.view(None)["units"])
    game.act(GM, {"type": "process"})              # red's movement ends where it may end: 'end'
    assert game.decision("red").kind == "convert"
    assert game.record.actions[-1] == {"type": "end", "side": "red"}
    again = games.load(game.record)                 # the record replays the answers, not 'process'
    assert full(again) == full(game)


def test_process_takes_the_first_legal_answer_where_a_decision_cannot_just_end():
    # a forced answer (a retreat or losses after combat, SJG 6.4) has no 'end': the first legal one
    game = games.new("necromancer-sjg", seed=3)
    rng = random.Random(7)
    for _ in range(3000):
        side = game.to_act()[0]
        legal = game.legal_actions(side)
        if game.decision(side).kind != "deploy" and not any(a["type"] == "end" for a in legal):
            before = len(game.record.actions)
            game.act(GM, {"type": "process"})
            assert game.record.actions[before] == {**legal[0], "side": side}
            return
        game.act(side, rng.choice(legal))
    pytest.fail("no decision without an 'end' came up")


def test_the_games_master_may_only_process_and_nothing_once_the_game_is_over():
    game = games.new("necromancer-sjg", seed=3, max_turns=1)
    before = full(game)
    for wrong in ({"type": "end"}, {"type": "process", "side": "red"}, "process"):
        with pytest.raises(IllegalAction):
            game.act(GM, wrong)
    assert full(game) == before
    while not game.is_over:
        game.act(GM, {"type": "process"})
    with pytest.raises(IllegalAction, match="over"):
        game.act(GM, {"type": "process"})
