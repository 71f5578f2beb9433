"""The game's changing state is one value (issue 25): `SjgState.clone` shares nothing play
can change, so a clone (search) and a saved undo state never move with the game."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any, Iterator

from warjudge.core import games
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.sjg.game_state import SjgState

IMMUTABLE = (int, float, str, bytes, bool, type(None), tuple, frozenset, Enum, HexMap)


def _shared(a: Any, b: Any, path: str) -> Iterator[str]:
    """Paths where the two values are one mutable object (the board is shared: it never changes)."""
    if isinstance(a, IMMUTABLE):
        return
    if a is b:
        yield path
        return
    if isinstance(a, dict):
        for key in a:
            yield from _shared(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from _shared(x, y, f"{path}[{i}]")
    elif hasattr(a, "__dict__"):
        for key, value in vars(a).items():
            yield from _shared(value, vars(b)[key], f"{path}.{key}")


def _played(seed: int, actions: int, **options: Any) -> Any:
    """`actions` random legal actions from `seed` (fewer if the game ends)."""
    game, rng = games.new("necromancer-sjg", seed=seed, **options), random.Random(seed)
    while actions and not game.is_over:
        side = rng.choice(game.to_act())
        game.act(side, rng.choice(game.legal_actions(side)))
        actions -= 1
    return game


def test_a_cloned_state_shares_nothing_play_changes():
    # issue 25: a clone must be independent, or a search's trial would change the real game
    for game in (_played(3, 1, items={"red": 2, "black": 2}), _played(3, 40, items={"red": 2, "black": 2}),
                 _played(5, 300)):
        state = game.state
        assert isinstance(state, SjgState)
        twin = state.clone()
        assert twin.position.board is state.position.board
        assert list(_shared(state, twin, "state")) == []
        assert vars(twin).keys() == vars(state).keys()


def test_an_undo_restores_a_copy_so_the_saved_state_never_moves():
    # issue 10 item 1 (undo) on the state value: undoing twice from clones gives the same game
    game = _played(5, 300)
    mover = next(p for p in game.to_act() if any(a["type"] == "move" for a in game.legal_actions(p)))
    game.act(mover, next(a for a in game.legal_actions(mover) if a["type"] == "move"))
    twin = game.clone(reseed=False)
    for g in (game, twin):
        g.act(mover, {"type": "undo"})
        g.act(mover, next(a for a in g.legal_actions(mover) if a["type"] == "move"))
    assert game.view(None) == twin.view(None)
    assert game.state.position is not twin.state.position

