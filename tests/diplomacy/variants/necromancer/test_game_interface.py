"""The Necromancer Diplomacy variant on its way to the game interface (issue 12): its own
name and record id, new games from options the way the registry makes them, and records
that say `necromancer` (written before issue 12) still loading. The atomic-action protocol
for this variant is not built yet, so it is not registered (a registered game must be
playable through the interface: the server, selfplay and the conformance test serve every
registered game); docs/rulings.md, "Necromancer variant and the game interface"."""

from __future__ import annotations

import random

import pytest

from warjudge.core.events import Refusal
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


def test_new_games_come_from_options_as_the_registry_makes_them():  # issue 12
    game = NecromancerDiplomacyGame.new(5, edition="2000", alignment=False)
    assert isinstance(game, NecromancerDiplomacyGame)
    assert game.record.game == "necromancer-diplomacy"
    assert game.record.options == {"edition": "2000", "alignment": False, "public_asking": True,
                                   "counted_disbands": True}
    assert str(game.state.phase) == "TA2750A"   # EN 7.7 x: the opening adjustment
    with pytest.raises(Refusal, match="edition"):   # the family's option refusals (tests/diplomacy/test_dialect.py)
        NecromancerDiplomacyGame.new(5, edition="1999")
    with pytest.raises(Refusal, match="unknown option"):
        NecromancerDiplomacyGame.new(5, colour="red")


def test_a_record_that_says_necromancer_still_loads():  # issue 12: old records load
    game = _played(NecromancerDiplomacyGame("2002"), 3, seed=4)
    old = GameRecord.from_json(game.record.to_json())
    old.game = "necromancer"   # what every record said before issue 12
    again = NecromancerDiplomacyGame.from_record(old)
    assert isinstance(again, NecromancerDiplomacyGame)
    assert again.state == game.state
    assert again.record.game == "necromancer-diplomacy"   # saved again under today's id
    assert again.record.actions == game.record.actions
