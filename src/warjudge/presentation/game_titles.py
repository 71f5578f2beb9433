"""Each game's title in every language the pages speak: English is the game's registration
(`core.games.GameInfo.title`), French is worded here (a page read in French names its game
in French: issue 24)."""

from __future__ import annotations

from warjudge.core import games

FRENCH = {
    "diplomacy": "Diplomatie (carte standard, arbitre conforme au DATC)",
    "necromancer-diplomacy": "Necromancer, la variante de Diplomatie en Terre du Milieu (éditions 2000 et 2002)",
    "necromancer-sjg": "Necromancer (Steve Jackson Games, 1983), le jeu à hexagones pour deux joueurs",
    "gondor": "Gondor (SPI, 1977) : le siège de Minas Tirith, règles standard sur des données reconstituées",
    "sauron": "Sauron (SPI, 1977) : la Dernière Alliance, règles standard sur des données reconstituées",
}


def titles(game_id: str) -> dict[str, str]:
    """{"en": …, "fr": …}; a game worded in no French here (a test's toy) keeps its English title."""
    english = games.info(game_id).title
    return {"en": english, "fr": FRENCH.get(game_id, english)}
