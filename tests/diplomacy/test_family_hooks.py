"""The family shell's hooks are declared (issue 25): a Diplomacy game class that leaves
one out cannot be made a game of, rather than failing mid-game when the hook is first
called; `_may_pass` and `_pass` come together or not at all."""

from __future__ import annotations

import pytest

from warjudge.diplomacy.family import DiplomacyFamily
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame


def test_a_game_class_missing_a_hook_is_refused_when_it_is_made():
    with pytest.raises(TypeError, match="without the hooks .*_adjudicate.*survivors"):
        class Missing(DiplomacyFamily):   # a game (it names its id) that supplies none of the hooks
            game_id = "missing"

    class Partial(DiplomacyFamily):   # no game of its own yet: a base for one
        pass

    with pytest.raises(TypeError, match="abstract"):
        Partial()

    class Forgetful(DiplomacyGame):
        game_id = "forgetful"

    assert Forgetful.new(seed=1).to_act()   # every hook inherited: a game as before


def test_the_hooks_are_the_ones_each_game_supplies():
    assert {"powers", "new", "_give", "_adjudicate", "_write", "report_view",
            "survivors"} <= DiplomacyFamily.__abstractmethods__
    assert not DiplomacyGame.__abstractmethods__
    assert not NecromancerDiplomacyGame.__abstractmethods__


def test_pass_and_may_pass_come_together():
    with pytest.raises(TypeError, match="_may_pass and _pass"):
        type("HalfPass", (DiplomacyGame,), {"_may_pass": lambda self, power: True})
