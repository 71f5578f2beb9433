"""What each caller of the server is shown: one filter, built on the game's own views.

A seat gets `view(seat)`; the games master (the game's creator, while holding no seat)
gets the full view `view(None)`; anybody else, a spectator, gets the public view: the full
view without every object the game marks hidden from any player (docs/rulings.md)."""

from __future__ import annotations

from typing import Any

from warjudge.core.game import Game
from warjudge.core.visibility import redacted

GM_ROLE = "gm"
PUBLIC_ROLE = "public"


def public_view(game: Game) -> Any:
    view = game.view(None)
    for player in game.players:
        view = redacted(view, player)
    return view


def view_for(game: Game, role: str) -> Any:
    """`role` is a seat, GM_ROLE or PUBLIC_ROLE."""
    if role == GM_ROLE:
        return game.view(None)
    if role == PUBLIC_ROLE:
        return public_view(game)
    return game.view(role)
