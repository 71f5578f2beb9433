"""A Gondor & Sauron battle's changing state is one value (issue 25), built as SJG's is:
`GondorSauronState.clone` shares nothing play can change, so a search's clone never moves
with the game, whatever point of the sequence of play it is made at."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.game_state import GondorSauronState
from tests.support.shared_values import shared

# the charts and memos of the fixed map never change; groups to come are copied on arrival
BY_DESIGN = frozenset({"charts", "_costs", "_steps", "_zoc", "to_come"})


@functools.cache
def _positions(game_id: str, seed: int) -> dict[str, Any]:
    """The first position of a random game with each kind of state in play: a forced
    choice waited for, a melee statement open, a spell on a Leader, pieces waiting to enter."""
    game, rng, found = games.new(game_id, seed=seed), random.Random(seed), {}
    wanted = {"queue": lambda s: s.queue, "allocation": lambda s: s.allocation is not None,
              "bound": lambda s: s.bound, "waiting": lambda s: s.waiting}
    found["start"] = game.clone(reseed=False)
    while not game.is_over and len(found) < 1 + len(wanted):
        for name, test in wanted.items():
            if name not in found and test(game.state):
                found[name] = game.clone(reseed=False)
        side = rng.choice(game.to_act())
        game.act(side, rng.choice(game.legal_actions(side)))
    return found | {"end": game}


@pytest.mark.parametrize("game_id, seed", [("gondor", 3), ("sauron", 4)])
def test_a_cloned_state_shares_nothing_play_changes(game_id, seed):
    # issue 25: a clone must be independent, or a search's trial would change the real game
    positions = _positions(game_id, seed)
    assert {"start", "queue", "allocation", "end"} <= set(positions)
    for name, game in positions.items():
        state = game.state
        assert isinstance(state, GondorSauronState)
        twin = state.clone()
        assert twin.position.map is state.position.map and twin.to_come is not state.to_come
        assert list(shared(state, twin, name, BY_DESIGN)) == [], name
        assert vars(twin).keys() == vars(state).keys()


def test_a_clone_played_on_leaves_the_game_as_it_was():
    # issue 25: the game's view is the same after its clones have played on
    game = _positions("sauron", 4)["allocation"]
    before = game.view(None)
    rng = random.Random(1)
    for _ in range(2):
        twin = game.clone()
        for _ in range(150):
            side = rng.choice(twin.to_act())
            twin.act(side, rng.choice(twin.legal_actions(side)))
    assert game.view(None) == before
