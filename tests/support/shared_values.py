"""Where two values, a state and its clone, hold one mutable object (issue 25): what play
changes must never be shared, or a search's trial would change the real game."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any, Iterator

from warjudge.core import games
from warjudge.hexwar.hexmap import HexMap

IMMUTABLE = (int, float, str, bytes, bool, type(None), tuple, frozenset, Enum, HexMap)


def shared(a: Any, b: Any, path: str, by_design: frozenset[str] = frozenset()) -> Iterator[str]:
    """Paths where the two values are one mutable object; the attributes named in
    `by_design` (fixed data, memos of it) are meant to be shared and are not followed."""
    if isinstance(a, IMMUTABLE) or getattr(getattr(a, "__dataclass_params__", None), "frozen", False):
        return
    if a is b:
        yield path
        return
    if isinstance(a, dict):
        for key in a:
            yield from shared(a[key], b[key], f"{path}[{key!r}]", by_design)
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from shared(x, y, f"{path}[{i}]", by_design)
    elif hasattr(a, "__dict__"):
        for key, value in vars(a).items():
            if key not in by_design:
                yield from shared(value, vars(b)[key], f"{path}.{key}", by_design)


def played_randomly(game_id: str, seed: int, actions: int, **options: Any) -> Any:
    """`actions` random legal actions from `seed` (fewer if the game ends)."""
    game, rng = games.new(game_id, seed=seed, **options), random.Random(seed)
    while actions and not game.is_over:
        side = rng.choice(game.to_act())
        game.act(side, rng.choice(game.legal_actions(side)))
        actions -= 1
    return game
