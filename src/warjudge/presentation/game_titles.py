"""Each game's title in every language the pages speak: English is the game's registration
(`core.games.GameInfo.title`), another language its registered words' (a page read in
French names its game in French: issue 24)."""

from __future__ import annotations

from warjudge.core import games


def titles(game_id: str) -> dict[str, str]:
    """{"en": …, "fr": …}; a game worded in no French keeps its English title."""
    info = games.info(game_id)
    return {"en": info.title, "fr": info.game_words().title("fr", info.title)}
