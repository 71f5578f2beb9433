"""A clone is a separate game (issue 25, finding 5): after a clone, the original and the
clone play on differently, and each is exactly the game its own record replays to; the
clone shares the record's past actions (core/log.py) and still changes nothing of the
original's. A reseeded clone (`reseed=True`) rolls from a seed of its own, so only a
clone with the game's dice replays from its own record. Random legal play over every registered game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from warjudge.core import games
from warjudge.core.log import Log


def _play(game, rng: random.Random, count: int) -> None:
    for _ in range(count):
        waiting = [p for p in game.to_act() if game.legal_actions(p)]
        if game.outcome() is not None or not waiting:
            return
        player = rng.choice(waiting)
        game.act(player, rng.choice(game.legal_actions(player)))


def _same_as_replayed(game) -> None:
    twin = games.load(game.record)
    assert twin.record.to_json() == game.record.to_json()
    for viewer in (None, *game.players):
        assert twin.view(viewer) == game.view(viewer)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=[Phase.explicit, Phase.generate])
@given(seed=st.integers(0, 2**32), before=st.integers(0, 40), after=st.integers(1, 25), reseed=st.booleans())
def test_a_clone_and_its_original_play_on_apart(seed: int, before: int, after: int, reseed: bool) -> None:
    for game_id in games.ids():
        original = games.new(game_id, seed=seed)
        _play(original, random.Random(seed), before)
        shared = original.record.to_json()
        twin = original.clone(reseed=reseed)
        if not reseed:
            assert twin.record.to_json() == shared
        _play(twin, random.Random(seed + 1), after)
        assert original.record.to_json() == shared   # acting on the clone changed nothing
        _play(original, random.Random(seed + 2), after)
        _same_as_replayed(original)
        if not reseed:   # a reseeded clone rolls from a seed its past was not rolled with
            _same_as_replayed(twin)


def test_a_log_copy_shares_the_past_and_keeps_its_own_future() -> None:
    log = Log([1, 2])
    twin = log.copy()
    log.append(3)
    twin.append(4)
    assert list(log) == [1, 2, 3] and list(twin) == [1, 2, 4]
    assert log[-2:] == [2, 3] and log[0] == 1 and len(twin) == 3
