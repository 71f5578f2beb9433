"""How pages name a game's seats in each language (issue 24): the standard game's powers
as French players call them, a hex game's sides as its wording tables do (choices.names),
the Necromancer variant's powers as its map names them (the game's own `seat_names`,
stored with its progress, so a map of one's own is named too). A seat with no name in a
language is printed as its id."""

from __future__ import annotations

from typing import Any

from warjudge.presentation import choices

DIPLOMACY = {"fr": {"AUSTRIA": "Autriche", "ENGLAND": "Angleterre", "FRANCE": "France", "GERMANY": "Allemagne",
                    "ITALY": "Italie", "RUSSIA": "Russie", "TURKEY": "Turquie"}}
LANGUAGES = ("en", "fr")


def seat_names(game_id: str, lang: str, own: dict[str, Any] | None = None) -> dict[str, str]:
    """Seat id -> its name in `lang`; `own`: the names by language the game gave (stored
    progress's `names`), used where this module has none."""
    if game_id == "diplomacy":
        return dict(DIPLOMACY.get(lang, {}))
    sides = choices.names(game_id, lang).get("sides")
    if sides:
        return dict(sides)
    given = (own or {}).get(lang) if lang != "en" else None   # English: the ids, as the map prints them
    return dict(given) if isinstance(given, dict) else {}


def every_language(game_id: str, own: dict[str, Any] | None = None) -> dict[str, dict[str, str]]:
    """seat_names in each language, for a page that switches language without a reload."""
    return {lang: seat_names(game_id, lang, own) for lang in LANGUAGES}
