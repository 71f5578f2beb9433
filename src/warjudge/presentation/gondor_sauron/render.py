"""A Gondor & Sauron view as SVG: the battle map's hexes by terrain and city level, walls,
gates and towers (dashed where breached), every counter the view holds, the hex numbers.
It reads only the public map and the view, so it draws nothing a side may not see.

Stable attributes for the browser: each hex `<polygon class="hex" data-hex="0304">`, each
counter `<g data-testid="unit" data-unit="gondor-archers-6" data-hex="0304" data-side=…>`."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from warjudge.hexwar.grid import parse_hex
from warjudge.hexwar.hexmap import HexMap

R = 24.0                                   # hex circumradius, px
SQ3 = math.sqrt(3)
MARGIN, TOP = 20.0, 46.0
TERRAIN_FILL = {"clear": "#e9e0c9", "grove": "#86a86f", "mountain": "#8d7d6c", "tunnel": "#5f554a",
                "tower": "#b9ab93"}
LEVEL_TINT = {1: "#d8cdb2", 2: "#c7b994"}  # city levels, the higher the darker
SIDE_INK = {"wall": "#3b2f24", "gate": "#8a4b1c", "tower": "#1f1a15"}
SIDE_COLOUR = {"westernesse": "#2a5a9e", "sauron": "#2b2b2b"}
KIND_LETTER = {"infantry": "I", "cavalry": "C", "bowmen": "B", "beast": "X"}


def centre(h: str) -> tuple[float, float]:
    col, row = parse_hex(h)
    return MARGIN + SQ3 * R * (col - 0.5 + 0.5 * ((row - 1) & 1)), TOP + R + 1.5 * R * (row - 1)


def corners(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + R * math.cos(math.radians(a)), y + R * math.sin(math.radians(a))) for a in range(-90, 270, 60)]


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _shared_edge(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]] | None:
    near = [p for p in corners(a) if any(math.dist(p, q) < 0.5 for q in corners(b))]
    return (near[0], near[1]) if len(near) == 2 else None


def _hexes(board: HexMap) -> list[str]:
    out = []
    for h in board.hexes:
        terrain = str(board.terrain(h))
        level = board.level(h)
        fill = LEVEL_TINT.get(level, TERRAIN_FILL.get(terrain, "#ddd")) if terrain == "clear" else \
            TERRAIN_FILL.get(terrain, "#ddd")
        x, y = centre(h)
        out.append(f'<polygon class="hex" data-hex="{h}" data-terrain="{escape(terrain)}" data-level="{level}" '
                   f'points="{_points(corners(h))}" fill="{fill}" stroke="#a89a80" stroke-width="0.8">'
                   f'<title>{h} {escape(terrain)}{f" level {level}" if level else ""}</title></polygon>')
        out.append(f'<text x="{x:.1f}" y="{y - R * 0.55:.1f}" font-size="7" fill="#6b604f" '
                   f'text-anchor="middle" pointer-events="none">{h}</text>')
    return out


def _hexsides(board: HexMap, breached: set[frozenset[str]]) -> list[str]:
    out = []
    for side, kind in sorted(board.sides.items(), key=lambda item: sorted(item[0])):
        edge = _shared_edge(*sorted(side))
        if edge is None:
            continue
        (x1, y1), (x2, y2) = edge
        dash = ' stroke-dasharray="4 3"' if side in breached else ""
        out.append(f'<line data-hexside="{"-".join(sorted(side))}" data-kind="{escape(kind)}" '
                   f'data-breached="{str(side in breached).lower()}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                   f'y2="{y2:.1f}" stroke="{SIDE_INK.get(kind, "#000")}" stroke-width="{5 if kind == "tower" else 3.5}"'
                   f' stroke-linecap="round"{dash}/>')
    return out


def _counters(view: dict[str, Any]) -> list[str]:
    """Combat units, Leaders and siege engines, several to a hex fanned out."""
    pieces: list[tuple[str, dict[str, Any]]] = [("unit", u) for u in view.get("units", [])] + \
        [("leader", u) for u in view.get("leaders", [])] + [("engine", u) for u in view.get("engines", [])]
    by_hex: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for kind, piece in pieces:
        if piece.get("hex"):
            by_hex.setdefault(str(piece["hex"]), []).append((kind, piece))
    out = []
    for h, here in sorted(by_hex.items()):
        x0, y0 = centre(h)
        for i, (kind, piece) in enumerate(here):
            x, y = x0 - 6 * (len(here) - 1) + 12 * i, y0 + 2
            colour = SIDE_COLOUR.get(str(piece.get("side")), "#777")
            name = escape(str(piece.get("id", "")))
            if kind == "unit":
                label = KIND_LETTER.get(str(piece.get("kind")), "?") + escape(str(piece.get("ratings", "")))
                faded = ' opacity="0.6"' if piece.get("disrupted") else ""
                shape = (f'<rect x="{x - 13:.1f}" y="{y - 8:.1f}" width="26" height="16" rx="2" fill="{colour}" '
                         f'stroke="#fff" stroke-width="1"{faded}/>'
                         f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="8" fill="#fff" text-anchor="middle">'
                         f'{label}</text>')
            elif kind == "leader":
                shape = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#f1d36b" stroke="{colour}" stroke-width="2"/>'
                         f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle">'
                         f'{escape(str(piece.get("id", "?"))[:2].title())}</text>')
            else:
                shape = (f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="#fff" '
                         f'stroke="{colour}" stroke-width="2"/>')
            out.append(f'<g data-testid="unit" data-unit="{name}" data-hex="{h}" data-kind="{kind}" tabindex="0" '
                       f'data-side="{escape(str(piece.get("side", "")))}"><title>{name}</title>{shape}</g>')
    return out


def render_svg(board: HexMap, view: dict[str, Any]) -> str:
    """The view on its battle map, as a standalone SVG document."""
    width = math.ceil(2 * MARGIN + SQ3 * R * (board.grid.width + 0.5))
    height = math.ceil(TOP + 20 + R * (2 + 1.5 * (board.grid.height - 1)))
    breached = {frozenset(pair) for pair in view.get("breached", []) if len(pair) == 2}
    said = board.reconstruction and "reconstruct" not in board.name.lower()
    title = f"{board.name}{' (reconstructed map, not the printed one)' if said else ''}"
    status = f"Game-Turn {view.get('turn', '?')} · phase {view.get('phase', '?')}" + \
        (" · night" if view.get("night") else "")
    body = [*_hexes(board), *_hexsides(board, breached), *_counters(view)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<rect width="{width}" height="{height}" fill="#f7f3ea"/>'
            f'<text x="{MARGIN}" y="18" font-size="13" font-weight="bold">{escape(title)}</text>'
            f'<text x="{MARGIN}" y="34" font-size="10">{escape(status)}</text>' + "".join(body) + "</svg>")
