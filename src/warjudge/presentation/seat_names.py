"""How pages name a game's seats in each language (issue 24), as the game's registered
words name them (`core.games.GameInfo.words`, a `core.words.Words`); a seat with no name
in a language is printed as its id."""

from __future__ import annotations

from typing import Any

from warjudge.core import games

LANGUAGES = ("en", "fr")


def seat_names(game_id: str, lang: str, own: dict[str, Any] | None = None) -> dict[str, str]:
    """Seat id -> its name in `lang`; `own`: the names by language the game gave (stored
    progress's `names`), used where its words have none."""
    return games.info(game_id).game_words().seat_names(lang, own)


def every_language(game_id: str, own: dict[str, Any] | None = None) -> dict[str, dict[str, str]]:
    """seat_names in each language, for a page that switches language without a reload."""
    return {lang: seat_names(game_id, lang, own) for lang in LANGUAGES}
