"""A Gondor & Sauron view as SVG: the battle map's hexes by terrain and city level, walls,
gates and towers (dashed red where breached), every counter the view holds (counters.py),
the hex numbers, and a legend of everything the map and the view show (legend.py).
It reads only the public map and the view, so it draws nothing a side may not see.

Stable attributes for the browser: each hex `<polygon class="hex" data-hex="0304">`, each
counter `<g data-testid="unit" data-unit="gondor-archers-6" data-hex="0304" data-side=…>`."""

from __future__ import annotations

import math
from html import escape

from warjudge.hexwar.grid import parse_hex
from warjudge.hexwar.gondor_sauron.view_types import EngineJson, GondorView, LeaderJson, UnitJson
from warjudge.hexwar.hexmap import HexMap
from warjudge.presentation.gondor_sauron import counters, wording_en, wording_fr
from warjudge.presentation.gondor_sauron.legend import KEY, TERRAIN_FILL, legend, legend_height, terrain_key

R = 30.0                                   # hex circumradius, px
SQ3 = math.sqrt(3)
MARGIN, TOP = 20.0, 52.0
HEX_NUMBER = counters.TEXT


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


def _hexes(board: HexMap, lang: str) -> list[str]:
    """Each hex with its number, its tooltip naming its terrain and level in `lang`."""
    out = []
    fr = lang == "fr"
    words: dict[str, str] = KEY["fr"][0] if fr else {}   # English: the map's own terrain names
    for h in board.hexes:
        terrain, level = str(board.terrain(h)), board.level(h)
        key = terrain_key(terrain, level)
        x, y = centre(h)
        out.append(f'<polygon class="hex" data-hex="{h}" data-terrain="{escape(terrain)}" data-level="{level}" '
                   f'points="{_points(corners(h))}" fill="{TERRAIN_FILL.get(key, "#ddd")}" stroke="#a89a80" '
                   f'stroke-width="0.8"><title>{h} {escape(words.get(terrain, terrain))}'
                   f'{(" niveau " if fr else " level ") + str(level) if level else ""}</title>'
                   f'</polygon>')
        ink = "#f4ecd8" if key in ("mountain", "tunnel") else "#5b5040"
        out.append(f'<text x="{x:.1f}" y="{y - R * 0.5:.1f}" font-size="{HEX_NUMBER}" fill="{ink}" '
                   f'text-anchor="middle" pointer-events="none">{h}</text>')
    return out


def _hexsides(board: HexMap, breached: set[frozenset[str]], lang: str) -> list[str]:
    """Walls as thick dark ramparts on a light casing, gates in brown with a gap, towers
    with a round keep at their middle; a breach dashed in red (each named in `lang` on hover)."""
    out = []
    fr = lang == "fr"
    for side, kind in sorted(board.sides.items(), key=lambda item: sorted(item[0])):
        edge = _shared_edge(*sorted(side))
        if edge is None:
            continue
        (x1, y1), (x2, y2) = edge
        broken = side in breached
        ink = "#d02020" if broken else {"wall": "#2a1f16", "gate": "#9a4b10", "tower": "#111"}.get(kind, "#000")
        dash = ' stroke-dasharray="5 4"' if broken else ""
        coords = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        named = KEY["fr"][0].get("tower-side" if kind == "tower" else kind, kind) if fr else kind
        out.append(f'<g><title>{escape(named)}{(" (percée)" if fr else " (breached)") if broken else ""}</title>'
                   f'<line data-hexside="{"-".join(sorted(side))}" data-kind="{escape(kind)}" '
                   f'data-breached="{str(broken).lower()}" {coords} stroke="{ink}" stroke-width="7" '
                   f'stroke-linecap="round"{dash}/></g>')
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if kind == "gate":
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5" fill="#f1d36b" stroke="{ink}" stroke-width="2" '
                       'pointer-events="none"/>')
        elif kind == "tower":
            out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="#555" stroke="{ink}" stroke-width="2.5" '
                       'pointer-events="none"/>')
    return out


def _walls_casing(board: HexMap) -> list[str]:
    """A pale band under every fortified hexside, so the walls stand out on any terrain."""
    out = []
    for side in sorted(board.sides, key=sorted):
        edge = _shared_edge(*sorted(side))
        if edge is not None:
            (x1, y1), (x2, y2) = edge
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#f7f3ea" '
                       'stroke-width="11" stroke-linecap="round" pointer-events="none"/>')
    return out


def _pieces(view: GondorView, lang: str) -> list[str]:
    """Combat units stacked at the hex's middle, Leaders at its top right, engines at its
    bottom left, cauldrons at its right; Sauron's pedestal under them all. Each names itself
    on hover as its counter is printed (in `lang`), never by its id."""
    names = (wording_fr if lang == "fr" else wording_en).piece_names(view)
    by_hex: dict[str, tuple[list[UnitJson], list[LeaderJson], list[EngineJson]]] = {}
    for unit in view.get("units", []):
        if unit.get("hex"):
            by_hex.setdefault(unit["hex"], ([], [], []))[0].append(unit)
    for ldr in view.get("leaders", []):
        if ldr.get("hex"):
            by_hex.setdefault(ldr["hex"], ([], [], []))[1].append(ldr)
    for eng in view.get("engines", []):
        if eng.get("hex"):
            by_hex.setdefault(eng["hex"], ([], [], []))[2].append(eng)
    out = []
    for h, (units, leaders, engines) in sorted(by_hex.items()):
        x0, y0 = centre(h)
        alone = len(units) + len(leaders) + len(engines) == 1
        for i, unit in enumerate(units):
            out.append(_piece(h, "unit", unit, counters.unit(unit, x0 + 4 * i, y0 + 5 - 4 * i),
                              counters.unit_title(unit, lang, names.get(unit["id"]))))
        for i, ldr in enumerate(leaders):
            x, y = (x0, y0) if alone or not units else (x0 + 17 + 9 * i, y0 - 12)
            out.append(_piece(h, "leader", ldr, counters.leader(ldr, x, y),
                              counters.leader_title(ldr, lang, names.get(ldr["id"]))))
        for eng in engines:
            x, y = (x0, y0) if alone else (x0 - 17, y0 + 17)
            out.append(_piece(h, "engine", eng, counters.engine(eng, x, y),
                              counters.engine_title(eng, lang, names.get(eng["id"]))))
    for piece in view.get("cauldrons", []):
        if piece.get("hex"):
            x0, y0 = centre(str(piece["hex"]))
            out.append(counters.cauldron(piece, x0 + 21, y0 - 10, lang))
    pedestal = view.get("pedestal")
    if isinstance(pedestal, dict) and pedestal.get("hex"):
        out.insert(0, f'<polygon data-pedestal="{escape(str(pedestal["hex"]))}" points="{_points(_inset(str(pedestal["hex"])))}" '
                   f'fill="none" stroke="#b000b0" stroke-width="4" pointer-events="none"><title>'
                   f'{escape(KEY[lang if lang in KEY else "en"][0]["pedestal"])}</title></polygon>')
    return out


def _piece(h: str, kind: str, piece: UnitJson | LeaderJson | EngineJson, shape: str, title: str) -> str:
    """A piece's counter, named on hover."""
    return (f'<g data-testid="unit" data-unit="{escape(piece["id"])}" data-hex="{h}" data-kind="{kind}" tabindex="0" '
            f'data-side="{escape(piece["side"])}"><title>{escape(title)}</title>{shape}</g>')


def _inset(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + (px - x) * 0.85, y + (py - y) * 0.85) for px, py in corners(h)]


def render_svg(board: HexMap, view: GondorView, lang: str = "en") -> str:
    """The view on its battle map, with its legend under it (in `lang`: en or fr), as a
    standalone SVG document."""
    width = math.ceil(2 * MARGIN + SQ3 * R * (board.grid.width + 0.5))
    map_height = math.ceil(TOP + 10 + R * (2 + 1.5 * (board.grid.height - 1)))
    height = map_height + legend_height(board, view, width, lang)
    breached = {frozenset(pair) for pair in view.get("breached", []) if len(pair) == 2}
    said = board.reconstruction and "reconstruct" not in board.name.lower()
    fr = lang == "fr"
    redrawn = " (carte reconstituée, pas celle imprimée)" if fr else " (reconstructed map, not the printed one)"
    title = f"{board.name}{redrawn if said else ''}"
    turn, last = view.get("turn", "?"), view.get("last_turn")
    if isinstance(turn, int) and isinstance(last, int) and turn > last:   # played to its last Game-Turn: over
        status = f"{'Tour de jeu' if fr else 'Game-Turn'} {last} · {'bataille terminée' if fr else 'the battle is over'}"
    else:
        status = f"{'Tour de jeu' if fr else 'Game-Turn'} {turn} · phase {view.get('phase', '?')}" + \
            ((" · nuit" if fr else " · night") if view.get("night") else "")
    body = [*_hexes(board, lang), *_walls_casing(board), *_hexsides(board, breached, lang), *_pieces(view, lang),
            *legend(board, view, width, map_height, lang)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<rect width="{width}" height="{height}" fill="#f7f3ea"/>'
            f'<text x="{MARGIN}" y="22" font-size="17" font-weight="bold">{escape(title)}</text>'
            f'<text x="{MARGIN}" y="42" font-size="{HEX_NUMBER}">{escape(status)}</text>' + "".join(body) + "</svg>")
