"""The built-in games' words for people, each named by its registration
(`core.games.GameInfo.words`): titles in French (a page read in French names its game in
French: issue 24), the standard powers as French players call them, the hex games' sides,
phases and actions from their wording tables. The Necromancer variant's powers are named
as its map names them (the game's own `seat_names`, stored with its progress)."""

from __future__ import annotations

from warjudge.core.words import Words
from warjudge.presentation.choices import ChoiceWords

_GONDOR_SAURON = "warjudge.presentation.gondor_sauron"

DIPLOMACY = Words(
    titles={"fr": "Diplomatie (carte standard, arbitre conforme au DATC)"},
    seats={"fr": {"AUSTRIA": "Autriche", "ENGLAND": "Angleterre", "FRANCE": "France", "GERMANY": "Allemagne",
                  "ITALY": "Italie", "RUSSIA": "Russie", "TURKEY": "Turquie"}})
NECROMANCER_DIPLOMACY = Words(
    titles={"fr": "Necromancer, la variante de Diplomatie en Terre du Milieu (éditions 2000 et 2002)"})
SJG = ChoiceWords(titles={"fr": "Necromancer (Steve Jackson Games, 1983), le jeu à hexagones pour deux joueurs"},
                  package="warjudge.presentation.sjg", places=True)
GONDOR = ChoiceWords(
    titles={"fr": "Gondor (SPI, 1977) : le siège de Minas Tirith, règles standard sur des données reconstituées"},
    package=_GONDOR_SAURON, pieces=True)
SAURON = ChoiceWords(
    titles={"fr": "Sauron (SPI, 1977) : la Dernière Alliance, règles standard sur des données reconstituées"},
    package=_GONDOR_SAURON, pieces=True)
