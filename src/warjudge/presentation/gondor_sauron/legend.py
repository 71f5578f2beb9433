"""The key under a Gondor & Sauron map: each terrain and city level, wall, gate, tower and
breach the map has, each side's colour, and each kind of counter and marker the view
shows, drawn as on the map with its words; then how to read a counter's ratings (SPI 2.6).
Only what this map and view hold is listed."""

from __future__ import annotations

from html import escape

from warjudge.hexwar.gondor_sauron.view_types import GondorView, LeaderJson
from warjudge.hexwar.hexmap import HexMap
from warjudge.presentation.gondor_sauron import counters

TEXT = counters.TEXT
ROW = 40
TERRAIN_FILL = {"clear": "#e9e0c9", "level-1": "#d6c8a4", "level-2": "#bfae82", "grove": "#86a86f",
                "mountain": "#7d6d5c", "tunnel": "#4f463d", "tower": "#a7998a"}
WORDS = {"clear": "clear", "level-1": "city, first circle (level 1)", "level-2": "city, upper circle (level 2)",
         "grove": "grove", "mountain": "mountain", "tunnel": "tunnel", "tower": "tower hex",
         "wall": "wall", "gate": "gate", "tower-side": "tower (on a wall)", "breach": "breach",
         "westernesse": "Westernesse", "sauron": "Sauron", "infantry": "infantry", "cavalry": "cavalry",
         "beast": "the Beast", "bow": "shoots (missile)", "reduced": "reduced (flipped)",
         "disrupted": "disrupted", "leader": "Leader (initials)", "magic": "Magic Leader",
         "catapult": "catapult", "siege_tower": "siege tower", "ladder": "ladder", "cauldron": "cauldron of oil",
         "pedestal": "Sauron's pedestal"}
RATINGS = ("Counter: type in the box, ratings under it, e.g. Be3X = melee B, missile e "
           "(A/a strongest ... E/e weakest), armour 3 (4 best ... 1), morale X (W best ... Z).")
WORDS_FR = {"clear": "terrain dégagé", "level-1": "cité, premier cercle (niveau 1)",
            "level-2": "cité, cercle supérieur (niveau 2)", "grove": "bosquet", "mountain": "montagne",
            "tunnel": "tunnel", "tower": "hexagone de tour", "wall": "muraille", "gate": "porte",
            "tower-side": "tour (sur une muraille)", "breach": "brèche", "westernesse": "Occidentale", "sauron": "Sauron",
            "infantry": "infanterie", "cavalry": "cavalerie", "beast": "la Bête", "bow": "tire (projectiles)",
            "reduced": "réduit (retourné)", "disrupted": "désorganisé", "leader": "Chef (initiales)",
            "magic": "Chef magique", "catapult": "catapulte", "siege_tower": "tour de siège", "ladder": "échelle",
            "cauldron": "chaudron d'huile", "pedestal": "piédestal de Sauron"}
RATINGS_FR = ("Pion : type dans le cadre, valeurs dessous, p. ex. Be3X = mêlée B, tir e "
              "(A/a la plus forte ... E/e la plus faible), armure 3 (4 la meilleure ... 1), moral X (W le meilleur ... Z).")
# the key's words by language: its items, its title, how to read a counter, where that line breaks
KEY = {"en": (WORDS, "Legend", RATINGS, "armour"), "fr": (WORDS_FR, "Légende", RATINGS_FR, "armure")}


def terrain_key(terrain: str, level: int) -> str:
    return f"level-{level}" if terrain == "clear" and level else terrain


def _items(board: HexMap, view: GondorView) -> list[str]:
    items = sorted({terrain_key(str(board.terrain(h)), board.level(h)) for h in board.hexes},
                   key=list(TERRAIN_FILL).index)
    kinds = set(board.sides.values())
    items += [k for k in ("wall", "gate") if k in kinds] + (["tower-side"] if "tower" in kinds else [])
    items += ["breach"] if kinds else []
    units = view.get("units", [])
    items += [s for s in ("westernesse", "sauron") if any(p.get("side") == s for p in units + view.get("leaders", []))]
    items += [k for k in ("infantry", "cavalry", "beast") if any(u.get("kind") == k for u in units)]
    if any(any(c.islower() for c in str(u.get("ratings", ""))) for u in units):
        items.append("bow")
    items += ["reduced", "disrupted"] if units else []
    if view.get("leaders"):
        items.append("leader")
    if any(p.get("magic") for p in view.get("leaders", [])):
        items.append("magic")
    items += [k for k in counters.ENGINE_LETTER if any(e.get("kind") == k for e in view.get("engines", []))]
    items += ["cauldron"] if view.get("cauldrons") else []
    items += ["pedestal"] if view.get("pedestal") else []
    return items


def _sample(item: str, lang: str) -> str:
    if item in TERRAIN_FILL:
        return f'<polygon points="0,-15 13,-7.5 13,7.5 0,15 -13,7.5 -13,-7.5" fill="{TERRAIN_FILL[item]}" stroke="#a89a80"/>'
    if item in ("wall", "gate", "tower-side", "breach"):
        ink = {"wall": "#2a1f16", "gate": "#9a4b10", "tower-side": "#111", "breach": "#d02020"}[item]
        extra = {"gate": '<circle r="5" fill="#f1d36b" stroke="#9a4b10" stroke-width="2"/>',
                 "tower-side": '<circle r="8" fill="#555" stroke="#111" stroke-width="2.5"/>'}.get(item, "")
        dash = ' stroke-dasharray="5 4"' if item == "breach" else ""
        return f'<path d="M-14,0 H14" stroke="{ink}" stroke-width="7" stroke-linecap="round"{dash}/>{extra}'
    if item in ("westernesse", "sauron"):
        return f'<rect x="-13" y="-11" width="26" height="22" rx="3" fill="{counters.SIDE_COLOUR[item]}"/>'
    if item in ("infantry", "cavalry", "beast", "bow"):
        kind = "infantry" if item == "bow" else item
        return (f'<rect x="-14" y="-13" width="28" height="26" rx="3" fill="#555"/>'
                f'<g transform="translate(0,2)">{counters.unit_symbol(kind, item == "bow")}</g>')
    if item == "reduced":
        return '<rect x="-14" y="-13" width="28" height="26" rx="3" fill="#555"/><rect x="-13" y="-12" width="26" height="4" fill="#f0c040"/>'
    if item == "disrupted":
        return '<rect x="-14" y="-13" width="28" height="26" rx="3" fill="#555" stroke="#e02020" stroke-width="2.5" stroke-dasharray="4,2"/>'
    if item in ("leader", "magic"):
        sample: LeaderJson = {"id": "gandalf", "side": "", "hex": "", "rally": 0, "magic": 1 if item == "magic" else None}
        return counters.leader(sample, 0, 0)
    if item in counters.ENGINE_LETTER:
        return counters.engine({"id": "", "side": "", "kind": item, "hex": ""}, 0, 0)
    if item == "cauldron":
        return counters.cauldron({"id": "cauldron", "side": "", "hex": "", "poured": 0}, 0, 0, lang)
    return '<polygon points="0,-13 11,-6.5 11,6.5 0,13 -11,6.5 -11,-6.5" fill="none" stroke="#b000b0" stroke-width="4"/>'


def _placed(items: list[str], width: float, lang: str) -> list[tuple[str, float, int]]:
    """Each item with its x and its row, wrapped to the map's width."""
    out, x, row = [], 20.0, 0
    for item in items:
        w = 40 + 0.55 * TEXT * len(KEY[lang][0][item])
        if x + w > width - 20 and x > 20:
            x, row = 20.0, row + 1
        out.append((item, x, row))
        x += w + 16
    return out


def legend_height(board: HexMap, view: GondorView, width: float, lang: str = "en") -> int:
    placed = _placed(_items(board, view), width, lang)
    return 40 + ROW * (1 + (placed[-1][2] if placed else 0)) + 2 * 22


def legend(board: HexMap, view: GondorView, width: float, top: float, lang: str = "en") -> list[str]:
    words, heading, ratings, breaks = KEY[lang]
    items = _items(board, view)
    out = [f'<g data-testid="legend" data-items="{" ".join(items)}">',
           f'<rect y="{top:.0f}" width="{width}" height="{legend_height(board, view, width, lang)}" fill="#efe7d3"/>',
           f'<text x="20" y="{top + 24:.0f}" font-size="{TEXT}" font-weight="bold">{heading}</text>']
    y0 = top + 40 + ROW / 2
    for item, x, row in _placed(items, width, lang):
        y = y0 + ROW * row
        out.append(f'<g data-key="{item}"><g transform="translate({x + 16:.0f},{y:.0f})">{_sample(item, lang)}</g>'
                   f'<text x="{x + 38:.0f}" y="{y + 5:.0f}" font-size="{TEXT}">{escape(words[item])}</text></g>')
    last = y0 + ROW * (_placed(items, width, lang)[-1][2] if items else 0) + ROW / 2
    half = ratings.index(breaks)
    for i, line in enumerate((ratings[:half], ratings[half:])):
        out.append(f'<text x="20" y="{last + 16 + 22 * i:.0f}" font-size="{TEXT}">{escape(line.strip())}</text>')
    out.append("</g>")
    return out
