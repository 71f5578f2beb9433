"""Gondor & Sauron counters drawn the way SPI printed them: a square in the side's colour
with the unit-type symbol in a box and the ratings under it (melee and missile strength,
armour, morale, e.g. "Be3X"), Leaders as discs with their initials and rally rating, siege
engines and cauldrons as small square markers. Several pieces in a hex stack up, the
Leaders and markers at its corners; every piece names itself in full on hover or tap, by the
name printed on it, never by its id (issue 24 finding 9)."""

from __future__ import annotations

from html import escape

from warjudge.hexwar.gondor_sauron.units import Ratings
from warjudge.hexwar.gondor_sauron.view_types import CauldronJson, EngineJson, LeaderJson, UnitJson
from warjudge.presentation.gondor_sauron.wording_en import piece as printed_name

TEXT = 14.5   # user units: at least 11 px on screen at 1366x768 (issue 24)
SIDE_COLOUR = {"westernesse": "#2a5a9e", "sauron": "#7a1f1f"}
ENGINE_LETTER = {"catapult": "C", "siege_tower": "T", "ladder": "L"}
# the words of a counter's tooltip (what it names in full on hover or tap), by language
TITLE_WORDS = {
    "en": {"westernesse": "Westernesse", "sauron": "Sauron", "infantry": "infantry", "cavalry": "cavalry",
           "beast": "the Beast", "melee": "melee", "missile": "missile", "armour": "armour", "morale": "morale",
           "reduced": "reduced", "disrupted": "disrupted", "formation": "formation", "leader": "Leader of",
           "magic": "magic", "rally": "rally", "catapult": "catapult", "siege_tower": "siege tower",
           "ladder": "ladder", "of": "of", "cauldron": "cauldron of oil", "poured": "poured", "oil": "oil"},
    "fr": {"westernesse": "Occidentale", "sauron": "Sauron", "infantry": "infanterie", "cavalry": "cavalerie",
           "beast": "la Bête", "melee": "mêlée", "missile": "tir", "armour": "armure", "morale": "moral",
           "reduced": "réduit", "disrupted": "désorganisé", "formation": "formation", "leader": "Chef de",
           "magic": "magie", "rally": "ralliement", "catapult": "catapulte", "siege_tower": "tour de siège",
           "ladder": "échelle", "of": "de", "cauldron": "chaudron d'huile", "poured": "versé", "oil": "huile"},
}


def _words(lang: str) -> dict[str, str]:
    return TITLE_WORDS.get(lang, TITLE_WORDS["en"])


def unit_symbol(kind: str, missile: bool) -> str:
    """The NATO-style box of the unit's type, at the origin (20 x 12): infantry a cross,
    cavalry a slash, the Beast a star; a bow's arc over it when it shoots."""
    box = '<rect x="-10" y="-6" width="20" height="12" fill="#fff" stroke="#111" stroke-width="1"/>'
    mark = {"infantry": '<path d="M-10,-6 L10,6 M-10,6 L10,-6" stroke="#111" stroke-width="1.3"/>',
            "cavalry": '<path d="M-10,6 L10,-6" stroke="#111" stroke-width="1.3"/>',
            "beast": '<path d="M0,-5 L1.5,-1 L5,-1 L2,1.5 L3,5 L0,2.5 L-3,5 L-2,1.5 L-5,-1 L-1.5,-1 Z" fill="#111"/>',
            }.get(kind, '<text y="4" font-size="10" text-anchor="middle">?</text>')
    bow = '<path d="M-7,-8 Q0,-14 7,-8" fill="none" stroke="#fff" stroke-width="1.6"/>' if missile else ""
    return box + mark + bow


def _ratings_text(code: str, x: float, y: float) -> str:
    squeeze = f' textLength="{7.5 * len(code):.0f}" lengthAdjust="spacingAndGlyphs"' if len(code) > 3 else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{TEXT}" font-weight="bold" fill="#fff" '
            f'text-anchor="middle"{squeeze}>{escape(code)}</text>')


def _name(piece: UnitJson | LeaderJson | EngineJson | CauldronJson) -> str:
    """'Gondor Citadel Guard 2', not 'gondor-citadel-guard-2'."""
    return printed_name(str(piece.get("id", "")), {})


def unit_title(piece: UnitJson, lang: str = "en", name: str | None = None) -> str:
    """The unit in full: `name` (as printed, else its id), kind and side, ratings, state."""
    w = _words(lang)
    code, kind = str(piece.get("ratings", "")), str(piece.get("kind", ""))
    words = [name or _name(piece), f"{w.get(kind, kind)}, {w.get(str(piece.get('side')), '')}"]
    try:
        r = Ratings.parse(code)
        words.append(f"{w['melee']} {r.melee or '-'}, {w['missile']} {r.missile or '-'}, {w['armour']} {r.armour}, "
                     f"{w['morale']} {r.morale}")
    except ValueError:
        words.append(code)
    words += [said for said, on in ((w["reduced"], piece.get("reduced")), (w["disrupted"], piece.get("disrupted")),
                                    (f"{w['formation']} {piece.get('formation')}", piece.get("formation"))) if on]
    return " · ".join(words)


def unit(piece: UnitJson, x: float, y: float) -> str:
    colour = SIDE_COLOUR.get(str(piece.get("side")), "#777")
    code = str(piece.get("ratings", ""))
    missile = any(c.islower() for c in code)
    edge = 'stroke="#e02020" stroke-width="2.5" stroke-dasharray="4,2"' if piece.get("disrupted") else \
        'stroke="#fff" stroke-width="1.2"'
    reduced = (f'<rect x="{x - 19:.1f}" y="{y - 16:.1f}" width="38" height="4" fill="#f0c040"/>'
               if piece.get("reduced") else "")
    return (f'<rect x="{x - 20:.1f}" y="{y - 17:.1f}" width="40" height="35" rx="3" fill="{colour}" {edge}/>{reduced}'
            f'<g transform="translate({x:.1f},{y - 4:.1f})">{unit_symbol(str(piece.get("kind")), missile)}</g>'
            + _ratings_text(code, x, y + 15))


def leader(piece: LeaderJson, x: float, y: float) -> str:
    colour = SIDE_COLOUR.get(str(piece.get("side")), "#777")
    initials = "".join(w[0] for w in str(piece.get("id", "?")).split("-")[:2]).title()
    ring = "#b000b0" if piece.get("magic") else colour
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12.5" fill="#f1d36b" stroke="{ring}" stroke-width="3"/>'
            f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="{TEXT}" font-weight="bold" text-anchor="middle">'
            f'{escape(initials)}</text>')


def leader_title(piece: LeaderJson, lang: str = "en", name: str | None = None) -> str:
    w = _words(lang)
    magic = f", {w['magic']} {piece['magic']}" if piece.get("magic") else ""
    return (f"{name or _name(piece)}: {w['leader']} {w.get(str(piece.get('side')), '')}, "
            f"{w['rally']} {piece.get('rally', '?')}{magic}")


def engine(piece: EngineJson, x: float, y: float) -> str:
    colour = SIDE_COLOUR.get(str(piece.get("side")), "#777")
    letter = ENGINE_LETTER.get(str(piece.get("kind")), "?")
    return (f'<rect x="{x - 11:.1f}" y="{y - 11:.1f}" width="22" height="22" fill="#fff" stroke="{colour}" '
            f'stroke-width="3"/><text x="{x:.1f}" y="{y + 5:.1f}" font-size="{TEXT}" font-weight="bold" '
            f'fill="{colour}" text-anchor="middle">{letter}</text>')


def engine_title(piece: EngineJson, lang: str = "en", name: str | None = None) -> str:
    w, kind = _words(lang), str(piece.get("kind", "engine"))
    return f"{name or _name(piece)}: {w.get(kind, kind)} {w['of']} {w.get(str(piece.get('side')), '')}"


def cauldron(piece: CauldronJson, x: float, y: float, lang: str = "en") -> str:
    poured, w = int(piece.get("poured") or 0), _words(lang)
    return (f'<g data-cauldron="{escape(str(piece.get("id", "")))}"><title>{escape(_name(piece))}: '
            f'{escape(w["cauldron"])} ({poured} {w["poured"]})</title><path d="M{x - 13:.1f},{y - 9:.1f} h26 l-4,18 h-18 z" '
            f'fill="#d9822b" stroke="#3b2f24" stroke-width="1.5"/><text x="{x:.1f}" y="{y + 5:.1f}" '
            f'font-size="{TEXT}" font-weight="bold" text-anchor="middle" textLength="20" '
            f'lengthAdjust="spacingAndGlyphs">{w["oil"]}</text></g>')
