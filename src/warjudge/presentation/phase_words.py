"""A Diplomacy phase as a person reads it, wherever one reaches a reader outside the
pages' own script (static/phasewords.js): the map's legend, the server's refusals, the
mails. "S1901M" is "Spring 1901 (moves)", the Necromancer's "TA2780R" "TA 2780
(retreats)"; any other name (a hex game's "turn 3 · movement") stays as it is."""

from __future__ import annotations

import re

PHASE_PARTS = {
    "en": {"S": "Spring", "F": "Fall", "W": "Winter", "M": "moves", "R": "retreats", "A": "adjustments"},
    "fr": {"S": "Printemps", "F": "Automne", "W": "Hiver", "M": "mouvements", "R": "retraites", "A": "ajustements"},
}


def phase_words(phase: str, lang: str = "en") -> str:
    parts = re.fullmatch(r"([SFW]|TA)(\d+)([MRA])", phase)
    if not parts:
        return phase
    season, year, kind = parts.groups()
    words = PHASE_PARTS.get(lang, PHASE_PARTS["en"])
    return f"{words.get(season, season)} {year} ({words[kind]})"
