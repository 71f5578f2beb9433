"""Both hex games follow one template (issue 25): hexwar/hexgame.py's `HexGame` holds the
record, dice, events, the kept legal lists, clone and act's skeleton, and neither game
nor any of its phase parts writes them again."""

from __future__ import annotations

import pytest

from warjudge.core import games
from warjudge.core.game import GM
from warjudge.hexwar.gondor_sauron.game import GondorSauronGame, SauronGame
from warjudge.hexwar.hexgame import HexGame
from warjudge.hexwar.sjg.game import SjgNecromancerGame

SKELETON = ("act", "_take", "clone", "_stamp", "_replayed")


@pytest.mark.parametrize("cls", [SjgNecromancerGame, GondorSauronGame, SauronGame])
def test_each_hex_game_and_its_parts_leave_the_skeleton_to_the_template(cls: type) -> None:
    assert issubclass(cls, HexGame)
    parts = cls.__mro__[:cls.__mro__.index(HexGame)]
    assert len(parts) > 5   # a part per phase
    assert [(part.__name__, name) for part in parts for name in SKELETON if name in vars(part)] == []


@pytest.mark.parametrize("game_id", ["necromancer-sjg", "gondor", "sauron"])
def test_a_clone_keeps_its_own_legal_lists(game_id: str) -> None:
    # a clone starts from its original's lists, but what it lists later is its own
    game = games.new(game_id, seed=4)
    seat = game.to_act()[0]
    listed = game.legal_actions(seat)
    twin = game.clone(reseed=False)
    assert twin.legal_actions(seat) == listed
    twin.act(GM, {"type": "process"})
    assert twin.record.action_count() > game.record.action_count()
    assert game.legal_actions(seat) == listed
    assert game.clone(reseed=False).legal_actions(seat) == listed
