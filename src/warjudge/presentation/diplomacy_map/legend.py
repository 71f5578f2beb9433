"""The key under a Diplomacy map: a sample of every kind of region, line, counter and
order mark the board draws, each with its words, so nothing on the map goes unexplained.
Only what this board has is listed (the standard map has no impassable areas, mountain
borders or crossings; the Necromancer map has all three)."""

from __future__ import annotations

from html import escape
from collections.abc import Mapping
from typing import Any

from warjudge.presentation.diplomacy_map.boards import Board
from warjudge.presentation.diplomacy_map.place_names import map_title
from warjudge.presentation.diplomacy_map.places import coast_points
from warjudge.presentation.diplomacy_map.style import (
    COAST, IMPASSABLE_FILL, LAND, MOUNTAIN, NEUTRAL_SC, SEA, power_colour, tint)
from warjudge.presentation.phase_words import phase_words

FONT = 15                 # user units: at least 11 px on screen at 1366x768 (issue 24)
ROW = 30
SAMPLE_POWER = "FRANCE"   # any power's colour: the sample counters


def legend_height(board: Board, width: float, words: dict[str, str]) -> int:
    return 56 + ROW * _rows(_items(board), width, words)


def legend(board: Board, view: Mapping[str, Any], words: dict[str, str], lang: str = "en") -> list[str]:
    """The key's SVG elements, drawn from the map's bottom edge down."""
    top = board.height
    title = " · ".join(phase_words(str(view[k]), lang) for k in ("phase", "viewer") if view.get(k))
    items = _items(board)
    out = [f'<g data-testid="legend" data-items="{" ".join(items)}">',
           f'<rect y="{top}" width="{board.width}" height="{legend_height(board, board.width, words)}" fill="#f4ecd8"/>',
           f'<text x="12" y="{top + 22}" font-size="17" font-weight="bold">{escape(map_title(board.map_id, board.title, lang))}'
           f'{escape(" — " + title) if title else ""}</text>']
    if board.reconstruction:
        out.append(f'<text x="12" y="{top + 44}" font-size="{FONT}" fill="#7a1f1f">'
                   f'{escape(words["reconstruction"])}</text>')
    x, y = 12.0, top + 56 + ROW / 2
    for item in items:
        text = words[f"key-{item}"]
        width = 34 + _text_width(text)
        if x + width > board.width - 12 and x > 12:
            x, y = 12.0, y + ROW
        out.append(f'<g data-key="{item}"><g transform="translate({x + 13:.0f},{y:.0f})">{_sample(item)}</g>'
                   f'<text x="{x + 32:.0f}" y="{y + FONT / 3:.0f}" font-size="{FONT}">{escape(text)}</text></g>')
        x += width + 18
    out.append("</g>")
    return out


def _items(board: Board) -> list[str]:
    items = ["land", "sea"]
    if board.impassable:
        items.append("impassable")
    items += ["owned", "army", "fleet", "sc", "neutral-sc", "dislodged"]
    if coast_points(board):
        items.append("coast")
    if any(kind == "mountain" for kind in board.borders.values()):
        items.append("mountain")
    if board.crossings:
        items.append("crossing")
    return items + ["move", "support", "hold", "failed"]


def _rows(items: list[str], width: float, words: dict[str, str]) -> int:
    rows, x = 1, 12.0
    for item in items:
        w = 34 + _text_width(words[f"key-{item}"])
        if x + w > width - 12 and x > 12:
            rows, x = rows + 1, 12.0
        x += w + 18
    return rows


def _text_width(text: str) -> float:
    return 0.56 * FONT * len(text)


def _sample(item: str) -> str:
    colour = power_colour(SAMPLE_POWER)
    swatch = '<rect x="-12" y="-9" width="24" height="18" fill="{}" stroke="#4a4a4a"/>'
    if item in ("land", "sea", "impassable", "owned"):
        return swatch.format({"land": LAND, "sea": SEA, "impassable": IMPASSABLE_FILL, "owned": tint(colour)}[item])
    if item == "army":
        return f'<rect x="-11" y="-11" width="22" height="22" rx="4" fill="{colour}" stroke="#111"/>'
    if item == "fleet":
        return f'<circle r="11" fill="{colour}" stroke="#111"/>'
    if item in ("sc", "neutral-sc"):
        return f'<circle r="6" fill="{colour if item == "sc" else NEUTRAL_SC}" stroke="#111"/>'
    if item == "dislodged":
        return (f'<rect x="-11" y="-11" width="22" height="22" rx="4" fill="{colour}" stroke="#d00000" '
                'stroke-width="2.5" stroke-dasharray="3,2"/>')
    if item == "coast":
        return (f'<circle r="11" fill="#fff" stroke="{COAST}" stroke-width="1.2"/>'
                '<text y="5" font-size="15" text-anchor="middle">nc</text>')
    if item == "mountain":
        return (f'<path d="M-13,0 H13" stroke="{MOUNTAIN}" stroke-width="2.5"/>'
                f'<path d="M-13,0 H13" stroke="{MOUNTAIN}" stroke-width="9" stroke-dasharray="2,6"/>')
    if item == "crossing":
        return f'<path d="M-13,0 H13" stroke="{COAST}" stroke-width="3" stroke-dasharray="6,3"/>'
    line = '<path d="M-13,0 H10" stroke="#333" stroke-width="3"{}/>'
    return {"move": line.format(' marker-end="url(#head)"'), "support": line.format(' stroke-dasharray="2,4"'),
            "hold": '<circle r="9" fill="none" stroke="#333" stroke-width="2.5"/>',
            "failed": line.format(' stroke-dasharray="8,4"') +
            '<path d="M-5,-5 L5,5 M-5,5 L5,-5" stroke="#d00000" stroke-width="3"/>'}[item]
