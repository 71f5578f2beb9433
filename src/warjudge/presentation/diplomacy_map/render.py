"""Render a Diplomacy view as the map players recognise: provinces as filled regions
coloured by their supply centre's owner, sea areas blue, coasts, mountain borders,
supply-centre markers, unit counters on their regions, dislodged units offset, and the
last phase's orders as arrows with their results.

The picture draws only what the view holds: a player's view was filtered by the game,
so what is hidden from that player is not in it and not on the map. Every text from the
view is escaped; the attributes the browser UI relies on are listed in
docs/web-ui.md ("The Diplomacy map").
"""

from __future__ import annotations

from functools import lru_cache, partial
from html import escape
from collections.abc import Mapping, Sequence
from typing import Any

from warjudge.core.errors import InputError
from warjudge.presentation.diplomacy_map.boards import Board, board_for
from warjudge.presentation.diplomacy_map.legend import legend, legend_height
from warjudge.presentation.diplomacy_map.orders import OrderMark, order_marks
from warjudge.presentation.diplomacy_map.outlines import border_lines, region_paths
from warjudge.presentation.diplomacy_map.place_names import place_name
from warjudge.presentation.diplomacy_map.places import coast_points, unit_point
from warjudge.presentation.diplomacy_map.style import (
    COAST, GAP_FILL, IMPASSABLE_FILL, LAND, MOUNTAIN, NEUTRAL_SC, SEA, WORDS, power_colour, tint)
from warjudge.presentation.diplomacy_map.tessellation import GAP, regions_of, shared_edges

LABEL = 15    # user units of labels and counters' letters: at least 11 px on screen at 1366x768


def render_map(map_id_or_map: Any, view: Mapping[str, Any], *, lang: str = "en",
               orders: Sequence[Mapping[str, Any]] | None = None) -> str:
    """The SVG text of `view` on the map ("standard", "necromancer", a loaded map or a
    Board). `orders`: the lines to draw as arrows ({"power", "order", "result"}), e.g. the
    view's last phase's results. A view naming a province the map lacks is refused."""
    if lang not in WORDS:
        raise InputError(f"language {lang!r}: choose {' or '.join(sorted(WORDS))}")
    board = board_for(map_id_or_map)
    _check_shape(view, orders)
    words = WORDS[lang]
    units = _units(board, view)
    dislodged = _dislodged(board, view)
    owners = _owners(board, view)
    marks = order_marks(board, orders or [])
    height = board.height + legend_height(board, board.width, words)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" data-testid="map" data-map="{escape(board.map_id)}" '
           f'viewBox="0 0 {board.width} {height}" width="{board.width}" height="{height}" font-family="sans-serif">',
           _defs(owners),
           f'<rect width="{board.width}" height="{board.height}" fill="{GAP_FILL}"/>']
    out.extend(_regions(board, owners, words, lang))
    out.extend(_lines(board))
    out.extend(_labels(board, owners))
    out.extend(_coast_markers(board))
    for mark in marks:
        out.append(mark.svg)
    for i, (power, text, province, coast) in enumerate(units):
        out.append(_counter(board, power, text, province, coast, dislodged=False, slot=_slot(units, i)))
    for i, (power, text, province, coast) in enumerate(dislodged):
        out.append(_counter(board, power, text, province, coast, dislodged=True, slot=_slot(dislodged, i)))
    out.extend(legend(board, view, words, lang))
    out.append("</svg>")
    return "\n".join(out)


Unit = tuple[str, str, str, str | None]   # power, unit text, province, coast


def _check_shape(view: Any, orders: Any) -> None:
    """Refuse, with one clear message, a view or order list that is not a Diplomacy view's
    shape, before anything is drawn."""
    def texts_by_power(value: Any) -> bool:
        return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, list) and
                                               all(isinstance(t, str) for t in v) for k, v in value.items())

    def entries(value: Any) -> list[Any]:
        if isinstance(value, dict):
            return [e for es in value.values() for e in (es if isinstance(es, list) else [None])]
        return value if isinstance(value, list) else [None]

    problems = []
    if not isinstance(view, dict):
        problems.append("the view is not a JSON object")
    else:
        for key in ("units", "supply_centers"):
            if key in view and not texts_by_power(view[key]):
                problems.append(f"'{key}' must map each power to a list of texts")
        if view.get("dislodged") and not all(isinstance(e, dict) and isinstance(e.get("unit"), str)
                                             for e in entries(view["dislodged"])):
            problems.append("each dislodged unit must be an object with its 'unit' text")
    if orders is not None and not (isinstance(orders, list) and all(isinstance(o, dict) for o in orders)):
        problems.append("orders must be a list of objects (power, order, result)")
    if problems:
        raise InputError("cannot draw this view: " + "; ".join(problems))


def _split(board: Board, text: str) -> tuple[str, str | None]:
    location = str(text).rsplit(" ", 1)[-1]
    province, _, coast = location.partition("/")
    if province not in board.places:
        raise InputError(f"the view names {location!r}, which is not a province of the {board.map_id} map")
    return province, coast or None


def _units(board: Board, view: Mapping[str, Any]) -> list[Unit]:
    out = []
    for power, texts in sorted(view.get("units", {}).items()):
        for text in texts:
            province, coast = _split(board, text)
            out.append((power, str(text), province, coast))
    return out


def _dislodged(board: Board, view: Mapping[str, Any]) -> list[Unit]:
    """Dislodged units: a list of {"power", "unit"} (standard) or {power: [{"unit"}]}
    (Necromancer)."""
    raw = view.get("dislodged") or []
    entries = raw if isinstance(raw, list) else [dict(e, power=p) for p, es in sorted(raw.items()) for e in es]
    out = []
    for entry in entries:
        province, coast = _split(board, entry["unit"])
        out.append((str(entry["power"]), str(entry["unit"]), province, coast))
    return out


def _owners(board: Board, view: Mapping[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power, centres in sorted(view.get("supply_centers", {}).items()):
        for centre in centres:
            _split(board, centre)
            out.setdefault(centre, []).append(power)
    return out


def _slot(units: list[Unit], i: int) -> tuple[int, int]:
    """This unit's place among the units drawn in the same province (and its count)."""
    province = units[i][2]
    same = [j for j, u in enumerate(units) if u[2] == province]
    return same.index(i), len(same)


def _defs(owners: dict[str, list[str]]) -> str:
    parts = ['<defs>',
             '<marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
             'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>',
             ]
    for shared in sorted({tuple(o) for o in owners.values() if len(o) > 1}):
        parts.append(f'<pattern id="{_pattern_id(shared)}" width="16" height="16" patternUnits="userSpaceOnUse" '
                     f'patternTransform="rotate(45)"><rect width="8" height="16" fill="{tint(power_colour(shared[0]))}"/>'
                     f'<rect x="8" width="8" height="16" fill="{tint(power_colour(shared[1]))}"/></pattern>')
    parts.append('</defs>')
    return "".join(parts)


def _pattern_id(powers: tuple[str, ...]) -> str:
    return "own-" + "-".join("".join(ch for ch in p if ch.isalnum()) for p in powers)


def _fill(board: Board, pid: str, owners: dict[str, list[str]]) -> str:
    place = board.places[pid]
    if place.sea:
        return SEA
    owned = owners.get(pid, [])
    if len(owned) > 1:
        return f"url(#{_pattern_id(tuple(owned))})"
    if owned:
        return tint(power_colour(owned[0]))
    return LAND


def _regions(board: Board, owners: dict[str, list[str]], words: dict[str, str], lang: str) -> list[str]:
    out = []
    named = partial(place_name, board.map_id)
    for label, path in _outlines(board):
        place = board.places.get(label)
        if place is None:
            area = next(p for p in board.impassable if p.id == label)
            out.append(f'<path data-impassable="{escape(area.name)}" d="{path}" '
                       f'fill="{IMPASSABLE_FILL}" stroke="#5c5346" stroke-width="0.8">'
                       f'<title>{escape(named(area.id, area.name, lang))} ({escape(words["impassable"])})</title></path>')
            continue
        kind = "sea" if place.sea else "land"
        out.append(f'<path data-province="{escape(label)}" data-kind="{kind}" d="{path}" '
                   f'fill="{_fill(board, label, owners)}" stroke="#4a4a4a" stroke-width="0.8">'
                   f'<title>{escape(named(label, place.name, lang))}</title></path>')
    return out


@lru_cache(maxsize=8)
def _outlines(board: Board) -> tuple[tuple[str, str], ...]:
    """Each region's outline (label, path data), traced once per board."""
    regions = regions_of(board)
    paths = region_paths(regions)
    return tuple((label, paths[i]) for i, label in enumerate(regions.labels) if i in paths)


@lru_cache(maxsize=8)
def _lines(board: Board) -> tuple[str, ...]:
    """Coasts where land meets sea, mountain borders as ridges, crossings as straits."""
    regions = regions_of(board)
    labels = regions.labels
    sea = {i for i, label in enumerate(labels) if label in board.places and board.places[label].sea}
    coast, ridge = [], []
    for (a, b), edges in shared_edges(regions).items():
        if a == GAP:
            continue
        if (a in sea) != (b in sea):
            coast.extend(edges)
        elif board.borders.get(frozenset((labels[a], labels[b]))) == "mountain":
            ridge.extend(edges)
    out = []
    if coast:
        out.append(f'<path data-line="coast" d="{border_lines(regions, coast)}" fill="none" stroke="{COAST}" '
                   'stroke-width="2.2" stroke-linejoin="round"/>')
    if ridge:
        ridges = border_lines(regions, ridge)   # a line with teeth: a range of mountains
        out.append(f'<path data-line="mountain" d="{ridges}" fill="none" stroke="{MOUNTAIN}" stroke-width="2.5"/>'
                   f'<path d="{ridges}" fill="none" stroke="{MOUNTAIN}" stroke-width="9" stroke-dasharray="2,6" '
                   'pointer-events="none"/>')
    for pair in sorted(board.crossings, key=sorted):
        (x1, y1), (x2, y2) = (board.places[p].anchor for p in sorted(pair))
        out.append(f'<line data-crossing="{escape("-".join(sorted(pair)))}" x1="{x1:.0f}" y1="{y1:.0f}" '
                   f'x2="{x2:.0f}" y2="{y2:.0f}" stroke="{COAST}" stroke-width="3" stroke-dasharray="6,3"/>')
    return tuple(out)


def _labels(board: Board, owners: dict[str, list[str]]) -> list[str]:
    out = []
    for place in board.places.values():
        x, y = place.anchor
        out.append(f'<text data-label="{escape(place.id)}" x="{x:.0f}" y="{y - 17:.0f}" font-size="{LABEL}" '
                   'font-weight="bold" text-anchor="middle" '
                   f'fill="#222" stroke="#fff" stroke-width="3" stroke-opacity="0.7" paint-order="stroke" '
                   f'pointer-events="none">{escape(place.id)}</text>')
        if place.sc:
            owned = owners.get(place.id, [])
            colour = power_colour(owned[0]) if owned else NEUTRAL_SC
            out.append(f'<circle data-sc="{escape(place.id)}" cx="{x:.0f}" cy="{y + 19:.0f}" r="5.5" '
                       f'fill="{colour}" stroke="#111" stroke-width="1" pointer-events="none"/>')
    return out


def _coast_markers(board: Board) -> list[str]:
    out = []
    for coast, (x, y) in coast_points(board).items():
        out.append(f'<g data-coast="{escape(coast)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="#ffffff" '
                   f'fill-opacity="0.85" stroke="{COAST}" stroke-width="1.2"/><text x="{x:.1f}" y="{y + 5:.1f}" '
                   f'font-size="{LABEL}" text-anchor="middle">{escape(coast.split("/")[1])}</text></g>')
    return out


def _counter(board: Board, power: str, text: str, province: str, coast: str | None, *, dislodged: bool,
             slot: tuple[int, int]) -> str:
    x, y = unit_point(board, province, coast)
    index, count = slot
    x += (index - (count - 1) / 2) * 28
    if dislodged:
        x, y = x + 14, y + 12
    kind = text.rsplit(" ", 1)[0] if " " in text else text
    colour = power_colour(power)
    outline = 'stroke="#d00000" stroke-width="2" stroke-dasharray="3,2"' if dislodged else \
        'stroke="#111" stroke-width="1.2"'
    shape = (f'<circle r="13" fill="{colour}" {outline}/>' if kind.startswith("F") else
             f'<rect x="-13" y="-13" width="26" height="26" rx="4" fill="{colour}" {outline}/>')
    size = LABEL
    extra = ' data-dislodged="true"' if dislodged else ""
    return (f'<g data-testid="unit" data-unit="{escape(text)}" data-power="{escape(power)}"{extra} '
            f'transform="translate({x:.1f},{y:.1f})">{shape}<text y="{size / 3 + 0.5:.1f}" font-size="{size}" '
            f'font-weight="bold" text-anchor="middle" fill="#fff" stroke="#000" stroke-width="0.6" '
            f'paint-order="stroke">{escape(kind)}</text><title>{escape(power)}: {escape(text)}</title></g>')


__all__ = ["OrderMark", "render_map"]
