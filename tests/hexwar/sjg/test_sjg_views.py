"""What each side may see of an SJG Necromancer game (hidden information)."""

import json
import random

import pytest

from warjudge.presentation.sjg.wording_en import lines as log_lines
from tests.support.sjg_deploy import deploy_action
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.views import view
from tests.support.sjg_act import act_as_its_side


def deployed_by(game, side, seed=1):
    act_as_its_side(game, deploy_action(game, side, random.Random(seed)))


def visible_ids(game, side):
    return {u["id"] for u in view(game, side)["units"]}


def test_secret_deployment_is_hidden_until_both_sides_are_down():  # SJG 9.1 "use a screen"
    game = SjgNecromancerGame.new(seed=4, first="red")
    first = game.pending.player
    deployed_by(game, first)
    second = game.pending.player
    assert second != first
    theirs = {u.id for u in game.state.position.side_units(first) if u.kind.value != "necromancer"}
    assert len(theirs) == 50
    assert not visible_ids(game, second) & theirs
    # nothing about the hidden units rides along anywhere in the view or the pending decision
    text = json.dumps({k: v for k, v in view(game, second).items() if k != "board"})
    assert all(f'"id": {uid},' not in text for uid in theirs)
    assert theirs <= visible_ids(game, first)          # a side sees its own set-up
    assert theirs <= visible_ids(game, None)           # and the games master sees all
    deployed_by(game, second, seed=2)
    assert theirs <= visible_ids(game, second)         # revealed once both are down


def test_necromancers_on_their_skulls_are_public_during_set_up():  # SJG 9.1
    game = SjgNecromancerGame.new(seed=4)
    deployed_by(game, game.pending.player)
    seen = view(game, game.pending.player)["units"]
    assert {u["kind"] for u in seen} == {"necromancer"}
    assert {u["side"] for u in seen} == {"red", "black"}


def test_the_log_names_no_hex_of_a_secret_deployment():  # SJG 9.1
    game = SjgNecromancerGame.new(seed=4)
    start, side = len(log_lines(game.events)), game.pending.player
    deployed_by(game, side)
    assert log_lines(game.events)[start:] == [f"{side} has deployed"]


def test_conversion_scenario_set_up_is_open():  # ruling: 9.2 Red must see Black to keep 14 hexes away
    game = SjgNecromancerGame.new(seed=4, scenario="conversion")
    assert game.pending.player == "black"
    deployed_by(game, "black")
    black = {u.id for u in game.state.position.side_units("black")}
    assert black <= visible_ids(game, "red")


def test_an_undelivered_jewel_has_no_power_in_any_view():  # SJG 8.1: unknown until delivered
    game = SjgNecromancerGame.new(seed=4)
    jewel = game.state.position.jewels["red"]
    jewel.hex = "1209"
    for side in ("red", "black", None):
        shown = [j for j in view(game, side)["jewels"] if j["id"] == "red"]
        assert shown == [{"id": "red", "hex": "1209", "delivered_to": None, "effect": None}]


def test_unknown_viewer_is_refused():
    game = SjgNecromancerGame.new(seed=4)
    with pytest.raises(ValueError):
        view(game, "green")
