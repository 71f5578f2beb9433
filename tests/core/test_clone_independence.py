"""A clone is a separate game (issue 25, finding 5): after a clone, the original and the
clone play on differently, and each is exactly the game its own record replays to; the
clone shares the record's past actions (core/log.py) and still changes nothing of the
original's. A reseeded clone (`reseed=True`) rolls from a seed of its own, so only a
clone with the game's dice replays from its own record. Random legal play over every registered game."""

from __future__ import annotations

import random

import pytest

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
    assert log[-1] == 3 and log[1:] == [2, 3] and log[3:] == [] and log[-9:] == [1, 2, 3] and log[::2] == [1, 3]
    with pytest.raises(IndexError):
        log[-4]


# Each game played to its end quickly (a year or turn limit; the variant's calendar jumps
# from TA 2750 to 2765): the clones below are taken in its middle and one action from its end.
SHORT_GAMES = [("diplomacy", {"max_year": 1902}), ("necromancer-diplomacy", {"max_year": 2765}),
               ("necromancer-sjg", {"max_turns": 1}), ("gondor", {"max_turns": 1}), ("sauron", {"max_turns": 1})]


def _everything(game) -> tuple:
    """All a player or a search can read of a game: its record, every seat's view, who acts, what they may do."""
    return (game.record.to_json(), [game.view(s) for s in (None, *game.players)], game.to_act(),
            [game.legal_actions(p) for p in game.to_act()], game.outcome())


def _replay(game, entries) -> None:
    for player, action in entries:
        game.act(player, action)


@pytest.mark.parametrize("game_id, options", SHORT_GAMES, ids=[g for g, _ in SHORT_GAMES])
def test_a_clone_in_the_middle_or_at_the_end_and_its_original_never_touch(game_id: str, options: dict) -> None:
    """Issue 25 finding 5: acting on a clone taken in the middle of a game, or one action
    from its end, changes nothing of the original, and acting on the original nothing of
    the clone; each stays the game its own record replays to."""
    whole = games.new(game_id, seed=5, **options)
    _play(whole, random.Random(5), 10_000)
    assert whole.outcome() is not None
    actions = games.entries(whole.record)
    for point in (len(actions) // 2, len(actions) - 1):
        game = games.new(game_id, seed=5, **options)
        _replay(game, actions[:point])
        twin = game.clone(reseed=False)
        before = _everything(game)
        _replay(twin, actions[point:])                # the clone plays the game out
        assert twin.outcome() is not None and twin.record.to_json() == whole.record.to_json()
        assert _everything(game) == before
        other = game.clone(reseed=False)
        before = _everything(other)
        _play(game, random.Random(point), 10)         # the original plays on its own way
        assert _everything(other) == before
        _same_as_replayed(game)
