"""`game.preview(p, action)` (issue 14: odds shown before an attack), for every registered
game that offers it: along random games, each legal attack's preview is JSON, changes
nothing (view, record, dice) and names only units the attacking side can see; anything
but a legal action has no preview."""

from __future__ import annotations

import json
import random

import pytest

from warjudge.core import games

ROLLED = {"attack", "fire", "duel"}


@pytest.mark.parametrize("game_id", ["necromancer-sjg", "gondor", "sauron"])
def test_previews_are_read_only_json_of_what_the_side_sees(game_id):
    game = games.new(game_id, seed=7)
    rng = random.Random(7)
    previewed = 0
    for _ in range(1500):
        if game.is_over or previewed >= 30:
            break
        player = game.to_act()[0]
        legal = game.legal_actions(player)
        before = (json.dumps(game.view(None), sort_keys=True), game.record.action_count(), game.dice.rolls_made)
        seen = json.dumps(game.view(player))
        for action in [a for a in legal if a["type"] in ROLLED][:3]:
            shown = game.preview(player, action)
            assert shown is not None, action
            json.dumps(shown)
            ids = [a["id"] for a in shown.get("attackers", [])] + \
                [d["id"] for r in shown.get("rolls", []) for d in r.get("defenders", [])]
            assert all(f'"id": {i}' in seen for i in ids)   # units on the side's own view
            previewed += 1
        assert game.preview(player, {"type": "attack", "nonsense": True}) is None
        assert (json.dumps(game.view(None), sort_keys=True), game.record.action_count(), game.dice.rolls_made) == before
        onward = [a for a in legal if a["type"] != "undo"] or legal
        game.act(player, rng.choice(onward))
    assert previewed, "no attack came up to preview"
