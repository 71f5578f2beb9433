"""What each caller of the server is shown: one filter, built on the game's own views.

A seat gets `view(seat)`; anybody else gets the public view: the full view without every
object the game marks hidden from any player (docs/rulings.md). The games master (the
game's creator, while holding no seat) is one of those: while a game runs, its hidden
information and its dice seed stay on the server, hidden from the games master and the
creator as from everyone (docs/server.md, "Secrets"). Nothing here ever returns the
full view `view(None)` to anyone."""

from __future__ import annotations

from typing import Any

from warjudge.core.game import Game
from warjudge.core.visibility import redacted_for_all

GM_ROLE = "gm"          # the games master holding no seat: the public view, the broadcast press
PUBLIC_ROLE = "public"


def public_view(game: Game) -> Any:
    return redacted_for_all(game.view(None), game.players)


def seen_as(role: str) -> str:
    """Whose view `role` gets: its own seat's, else the public one (the games master too)."""
    return PUBLIC_ROLE if role == GM_ROLE else role


def view_for(game: Game, role: str) -> Any:
    """`role` is a seat, GM_ROLE or PUBLIC_ROLE."""
    if seen_as(role) == PUBLIC_ROLE:
        return public_view(game)
    return game.view(role)
