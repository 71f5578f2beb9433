"""The test game itself behaves: its bids stay secret until both are in, and it replays."""

from warjudge.core import games
from warjudge.core.errors import IllegalAction

from tests.support.toygame import INFO

import pytest


@pytest.fixture
def toy():
    games.register(INFO)
    yield
    games.unregister(INFO.id)


def test_bids_are_hidden_until_both_are_in_and_replay_is_exact(toy):
    game = games.new("toy-bids", seed=5, rounds=2)
    game.act("north", {"type": "bid", "amount": 3})
    assert game.view("south")["bids"] == [] and game.view("north")["bids"][0]["amount"] == 3
    with pytest.raises(IllegalAction):
        game.act("north", {"type": "bid", "amount": 1})
    game.act("south", {"type": "bid", "amount": 0})
    assert game.view("south")["history"][0]["bids"] == {"north": 3, "south": 0}
    again = games.load(game.record)
    assert again.view(None) == game.view(None)
