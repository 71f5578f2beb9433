"""Every registered game, and the toy games, as pytest parameters: a real game whose class
is not on the one game interface yet is skipped with the reason, so the tests that take
these cover it the moment it lands."""

from __future__ import annotations

import pytest

from warjudge.core import games


def _not_on_interface(game_id: str) -> str | None:
    try:
        games.new(game_id)
    except (AttributeError, ImportError, NotImplementedError) as exc:
        return f"{game_id} is not on the one game interface yet ({type(exc).__name__}: {exc})"
    return None


GAMES = [pytest.param(g, marks=pytest.mark.skipif(bool(why), reason=str(why)))
         for g in games.ids() for why in [_not_on_interface(g)]] + ["toy-bids", "toy-bids-gm"]
