"""The words the SJG picture draws (render.py's title, status line and key), in English
and French: the play server's French page draws its board in French (issue 24 finding 14)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from warjudge.presentation.sjg import wording_en, wording_fr

WORDS = {
    "en": {"turn": "Turn {n}", "phasing": "{x} phasing", "phase": "{x} phase", "cp": "{x}: {n} CP, track {t}",
           "map": "Map: {x}", "rebuilt": "RECONSTRUCTED MAP — not the printed SJG map",
           "battlefield": "The battlefield: terrain, cliffs, the three Miasma spirals (7.2) and the two skull hexes (9.1)",
           "level": "level {n}", "slope": "slope", "monolith": "monolith", "cliff": "cliff, rocks below",
           "miasma": "Miasma", "jewel": "Jewel", "stack": "{x} stack", "necromancer": "Necromancer (gold edge)",
           "skull": "skull hex (start)", "counts": "Z zombie · S skeleton · W wraith · numbers are counts",
           "title": "Necromancer", "rebuilt-title": "Necromancer (reconstructed map)", "jewel-on-map": "the {x} Jewel",
           "demon": "the Miasma demon", "lying": "the {x}, lying here", "stack-title": "{n} {x}: {t}"},
    "fr": {"turn": "Tour {n}", "phasing": "{x} en phase", "phase": "phase : {x}", "cp": "{x} : {n} PC, piste {t}",
           "map": "Carte : {x}", "rebuilt": "CARTE RECONSTITUÉE — pas la carte SJG imprimée",
           "battlefield": "Le champ de bataille : terrain, falaises, les trois spirales du Miasme (7.2) et les deux "
                          "hexagones de crâne (9.1)",
           "level": "niveau {n}", "slope": "pente", "monolith": "monolithe", "cliff": "falaise, rochers en bas",
           "miasma": "Miasme", "jewel": "Joyau", "stack": "pile {x}", "necromancer": "Nécromancien (bord doré)",
           "skull": "hexagone de crâne (départ)",
           "counts": "Z zombie · S squelette · W spectre · les nombres sont des effectifs",
           "title": "Necromancer", "rebuilt-title": "Necromancer (carte reconstituée)", "jewel-on-map": "le Joyau {x}",
           "demon": "le démon du Miasme", "lying": "{x}, posé ici", "stack-title": "{n} {x} : {t}"}}
SIDES = {"en": {"red": "red", "black": "black"}, "fr": {"red": "rouge", "black": "noire"}}
PHASES = {"en": wording_en.PHASE_TITLES, "fr": wording_fr.PHASE_TITLES}


def say(lang: str, word: str, n: object = "", x: str = "", t: str = "") -> str:
    """`word` in `lang` (English unless French), its {n}, {x} and {t} filled."""
    return WORDS["fr" if lang == "fr" else "en"][word].format(n=n, x=x, t=t)


def side(lang: str, name: str) -> str:
    return SIDES["fr" if lang == "fr" else "en"].get(name, name)


def people(lang: str, units: Sequence[Mapping[str, Any]]) -> str:
    """A stack's units by the kinds printed on their counters ("the Necromancer, 2 zombies")."""
    return wording_fr._kinds(units) if lang == "fr" else wording_en.PEOPLE.many(units)


def jewel(lang: str, colour: str) -> str:
    return wording_fr.JEWEL_COLOURS.get(colour, colour) if lang == "fr" else colour


def item(lang: str, item_id: str) -> str:
    return wording_fr.ITEM_WORDS.get(item_id, item_id) if lang == "fr" else item_id


def phase(lang: str, code: str) -> str:
    return PHASES["fr" if lang == "fr" else "en"].get(code, code)
