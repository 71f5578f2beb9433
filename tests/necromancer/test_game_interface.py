"""The Necromancer Diplomacy variant in the game registry (issue 12): its own name and
record id, new games through `core.games`, and records that say `necromancer` (written
before issue 12) still loading. The atomic-action protocol for this variant is not built
yet (docs/rulings.md, "Necromancer variant and the game interface")."""

from __future__ import annotations

import random

import pytest

from warjudge.core import games
from warjudge.core.errors import RecordError
from warjudge.core.record import GameRecord
from warjudge.diplomacy.variants.necromancer.bots import random_orders
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame


def _played(game, phases: int, seed: int):
    rng = random.Random(seed)
    for _ in range(phases):
        for power in game.powers:
            game.set_orders(power, random_orders(game, power, rng))
        game.process()
    return game


def test_new_games_come_from_the_registry_with_their_options():  # issue 12: one registry
    game = games.new("necromancer-diplomacy", seed=5, edition="2000", alignment=False)
    assert isinstance(game, NecromancerDiplomacyGame)
    assert game.record.game == "necromancer-diplomacy"
    assert game.record.options == {"edition": "2000", "alignment": False}
    assert str(game.state.phase) == "TA2750A"   # EN 7.7 x: the opening adjustment
    with pytest.raises(RecordError, match="edition"):
        games.new("necromancer-diplomacy", seed=5, edition="1999")
    with pytest.raises(RecordError, match="unknown field"):
        games.new("necromancer-diplomacy", seed=5, colour="red")


def test_a_record_that_says_necromancer_still_loads():  # issue 12: old records load
    game = _played(NecromancerDiplomacyGame("2002"), 3, seed=4)
    old = GameRecord.from_json(game.record.to_json())
    old.game = "necromancer"   # what every record said before issue 12
    again = games.load(old)
    assert isinstance(again, NecromancerDiplomacyGame)
    assert again.state == game.state
    assert again.record.game == "necromancer-diplomacy"   # saved again under today's id
    assert again.record.actions == game.record.actions
