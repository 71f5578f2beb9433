"""Colours and words of the Diplomacy map."""

from __future__ import annotations

from warjudge.presentation.necromancer_diplomacy.render import POWER_COLOURS as NECROMANCER_COLOURS

SEA = "#a9cbe8"
LAND = "#eee5cc"
GAP_FILL = "#6d6557"          # the thin gaps between provinces that do not border each other
IMPASSABLE_FILL = "#b3a993"
COAST = "#2f5d8a"
MOUNTAIN = "#6b4226"
NEUTRAL_SC = "#9e9e9e"
STANDARD_COLOURS = {   # the colours of the Avalon Hill board, Russia in purple so white stays free
    "AUSTRIA": "#c62828", "ENGLAND": "#1a237e", "FRANCE": "#29a3e0", "GERMANY": "#424242",
    "ITALY": "#2e7d32", "RUSSIA": "#7b1fa2", "TURKEY": "#f9a825",
}
KEYS = {   # the legend's words (legend.py): one per kind of thing the map draws
    "en": {"land": "land", "sea": "sea", "impassable": "impassable", "owned": "owned (the power's colour)",
           "army": "army", "fleet": "fleet", "sc": "supply centre", "neutral-sc": "unowned centre",
           "dislodged": "dislodged", "coast": "coast (nc north, sc south, ec east...)",
           "mountain": "mountain border", "crossing": "crossing", "move": "move", "support": "support",
           "hold": "hold", "failed": "failed order"},
    "fr": {"land": "terre", "sea": "mer", "impassable": "infranchissable", "owned": "possédée (couleur de la puissance)",
           "army": "armée", "fleet": "flotte", "sc": "centre de ravitaillement", "neutral-sc": "centre neutre",
           "dislodged": "délogé", "coast": "côte (nc nord, sc sud, ec est...)", "mountain": "frontière de montagne",
           "crossing": "passage", "move": "mouvement", "support": "soutien", "hold": "tient",
           "failed": "ordre échoué"},
}
WORDS = {
    "en": {"impassable": "impassable", "reconstruction": "Reconstructed map: not the official board",
           **{f"key-{k}": v for k, v in KEYS["en"].items()}},
    "fr": {"impassable": "infranchissable", "reconstruction": "Carte reconstituée : ce n'est pas le plateau officiel",
           **{f"key-{k}": v for k, v in KEYS["fr"].items()}},
}


def power_colour(power: str) -> str:
    return STANDARD_COLOURS.get(power) or NECROMANCER_COLOURS.get(power) or "#000000"


def tint(colour: str, amount: float = 0.55) -> str:
    """`colour` mixed with white, for the fill of an owned province."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)
