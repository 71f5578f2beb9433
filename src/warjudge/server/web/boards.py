"""The board picture a page shows and the page that plays a game, as the game's
registration names them (`core.games.GameInfo.board`, `.png` and `.page`): drawn from the
caller's own view (the server's one filter), never from the game's state. Games with no
board are played from their legal actions alone."""

from __future__ import annotations

from warjudge.core import games
from warjudge.core.game import Game, View

LANGUAGES = ("en", "fr")
PAGE_TEMPLATES = {"decisions": "decisions", "orders": "diplomacy"}   # GameInfo.page -> its template


def page_kind(game_id: str) -> str:
    return PAGE_TEMPLATES[games.info(game_id).page]


def has_board(game_id: str) -> bool:
    return games.info(game_id).board is not None


def board_svg(game_id: str, game: Game, view: View, lang: str = "en") -> str | None:
    renderer = games.info(game_id).board_renderer()
    return renderer(game, view, lang) if renderer else None


def board_png(game_id: str, game: Game, view: View, lang: str = "en") -> bytes | None:
    renderer = games.info(game_id).png_renderer()
    return renderer(game, view, lang) if renderer else None
