"""A whole game between bots, through the interface only, summed up as one JSON document.

The summary's `state_hash` is the SHA-256 of the canonical JSON of the final full view,
so two runs agree bit for bit exactly when they reached the same state; the same seed
must give the same hash in every process and under any PYTHONHASHSEED.
"""

from __future__ import annotations

import hashlib
from typing import Any

from warjudge.core import bots, games
from warjudge.core.errors import InputError
from warjudge.core.game import Game
from warjudge.core.record import canonical_json

MAX_ACTIONS = 200_000


def state_hash(game: Game) -> str:
    return hashlib.sha256(canonical_json(game.view(None)).encode("utf-8")).hexdigest()


def seat_names(game: Game, names: list[str]) -> dict[str, str]:
    """Which bot plays each seat: one name for every seat, or one name per seat in order."""
    players = list(game.players)
    if len(names) == 1:
        names = names * len(players)
    if len(names) != len(players):
        raise InputError(f"{game.game_id} has {len(players)} players ({', '.join(players)}): name one bot "
                         f"for all of them or one per player, not {len(names)}")
    return dict(zip(players, names))


def selfplay(game_id: str, seed: int, bot_names: list[str], options: dict[str, Any],
             max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """Play `game_id` from `seed` to its end (or `max_actions`) and sum it up."""
    game = games.new(game_id, seed=seed, **options)
    seats = seat_names(game, bot_names)
    played = bots.play_out(game, {p: bots.make(game.game_id, name, bots.bot_rng(seed, p))
                                  for p, name in seats.items()}, max_actions)
    outcome = game.outcome()
    return {"game": game.game_id, "seed": seed, "options": options, "bots": seats,
            "actions": played, "finished": game.is_over,
            "outcome": outcome.to_json() if outcome else None, "state_hash": state_hash(game)}


__all__ = ["MAX_ACTIONS", "seat_names", "selfplay", "state_hash"]
