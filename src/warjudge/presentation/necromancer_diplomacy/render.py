"""A schematic SVG of the Necromancer map: provinces at their `xy`, borders by kind,
fortresses, alignment, supply centres coloured by owner, and units.

The picture shows only what it is given: a player's view is made by the judge, which
leaves out what that player may not see, and this module draws that view as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from warjudge.core.errors import WarjudgeError
from warjudge.diplomacy.view_types import ReportLine, ReportView
from warjudge.diplomacy.variants.necromancer.mapfile import START, NecroMap, Province
from warjudge.diplomacy.variants.necromancer.pieces import parse_group

POWER_COLOURS = {   # far apart in hue and lightness: no two greens, no two greys
    "DWARVES": "#8b4513", "EASTERLINGS": "#ff8c00", "ELVES": "#00838f", "GONDOR": "#1e40d0",
    "HARAD": "#c9a000", "ROHAN": "#43a047", "SARUMAN": "#8e24aa", "SAURON": "#b00020",
    "STANDING": "#111111",
}
UNIT_LETTERS = "A army  C Cavalry  W Wizard  N Nazgûl  S Spiders  D Dragons  /F Fleet  /E Siege Engine  2A: two armies"
BORDER_STYLE = {
    "land": 'stroke="#9a8f7a" stroke-width="1.5"',
    "coast": 'stroke="#6f8fa8" stroke-width="2.5"',
    "sea": 'stroke="#4f81bd" stroke-width="1.5" stroke-dasharray="6,4"',
    "mountain": 'stroke="#7b4b2a" stroke-width="3" stroke-dasharray="2,4"',
}
SIZE = 1000


@dataclass
class Picture:
    """What to draw: units per province as (power, written unit without province),
    supply-centre owners per province (Eriador has two), and a title."""

    units: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    owners: dict[str, list[str]] = field(default_factory=dict)
    title: str = ""
    neutralised: set[str] = field(default_factory=set)   # provinces whose alignment became Neutral (8.1 viii)
    arrows: list[tuple[str, str, str, str, str]] = field(default_factory=list)  # power, kind, from, to, result


def start_picture(nmap: NecroMap) -> Picture:
    """The TA 2765 position before Saruman's third army and Sauron's first Activation."""
    picture = Picture(title="Necromancer: initial position, TA 2750")
    for power, units in START.items():
        for text in units:
            group = parse_group(text, nmap.resolve_name)
            picture.units.setdefault(group.province, []).append((power, text.split()[0]))
    for p in nmap.provinces.values():
        if p.home:
            picture.owners[p.id] = list(p.home)
    return picture


def picture_of_view(view: ReportView, nmap: NecroMap | None = None) -> Picture:
    """What a view (views.player_view) shows, ready to draw: nothing else reaches the map."""
    picture = Picture(title=f"Necromancer {view['phase']}: {view['viewer']}")
    for power, units in view["units"].items():
        for text in units:
            designation, province = text.rsplit(" ", 1)
            picture.units.setdefault(province, []).append((power, designation))
    for power, centres in view["supply_centers"].items():
        for province in centres:
            picture.owners.setdefault(province, []).append(power)
    picture.owners["Eri"] = ["DWARVES", "ELVES"] if view.get("eriador_alive", True) else []
    picture.neutralised = set(view.get("neutralised", ()))
    if nmap is not None:
        picture.arrows = order_arrows(view["orders"], nmap)
    return picture


def order_arrows(lines: list[ReportLine], nmap: NecroMap) -> list[tuple[str, str, str, str, str]]:
    """Arrows for the orders a view shows, as Diplomacy maps draw them: a move (each step of
    a Double Move), a support to its aim, a retreat; with the order's result."""
    from warjudge.diplomacy.variants.necromancer.orders import DoubleMove, Move, NOrder, Retreat, Support, parse_norder

    arrows = []
    for line in lines:
        try:
            order = parse_norder(line["order"], line["power"], nmap)
        except WarjudgeError:
            continue
        power, result = line["power"], line["result"]
        here = order.unit.province if isinstance(order, NOrder) else ""   # a Waive names no unit
        if isinstance(order, (Move, Retreat)) and order.dest != here:
            arrows.append((power, "move", here, order.dest, result))
        elif isinstance(order, DoubleMove):
            middle = order.first.dest or here
            if order.first.dest:
                arrows.append((power, "move", here, middle, result))
            if order.second.dest:
                arrows.append((power, "move", middle, order.second.dest, result))
        elif isinstance(order, Support):
            arrows.append((power, "support", here, order.target_dest or order.target.province, result))
    return arrows


def render_svg(nmap: NecroMap, picture: Picture) -> str:
    missing = [p.id for p in nmap.spec.provinces if p.xy is None]
    xy = _layout(nmap)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE + 230}" '
           f'width="{SIZE}" height="{SIZE + 230}" font-family="sans-serif">',
           f'<rect width="{SIZE}" height="{SIZE + 230}" fill="#f4ecd8"/>']
    title = picture.title or nmap.spec.title
    out.append(f'<text x="20" y="30" font-size="20" font-weight="bold">{escape(title)}</text>')
    if nmap.reconstruction:
        out.append('<text x="20" y="52" font-size="12" fill="#7a1f1f">Reconstructed map: not the '
                   'official Necromancer board (load your own transcription with --map)</text>')
    if missing:
        out.append(f'<text x="20" y="70" font-size="11" fill="#7a1f1f">No drawing position for '
                   f'{escape(", ".join(missing))}: placed on a circle</text>')
    for pair, kind in sorted(nmap.borders.items(), key=lambda item: (item[1] != "mountain", sorted(item[0]))):
        a, b = sorted(pair)
        (x1, y1), (x2, y2) = xy[a], xy[b]
        out.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" {BORDER_STYLE[kind]}/>')
    out.append('<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
               'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>')
    for p in nmap.provinces.values():
        out.extend(_province(p, xy[p.id], picture))
    for power, kind, src, dest, result in picture.arrows:
        if src in xy and dest in xy:
            out.extend(_arrow(xy[src], xy[dest], POWER_COLOURS.get(power, "#000"), kind, result))
    out.extend(_legend())
    out.append("</svg>")
    return "\n".join(out)


def _layout(nmap: NecroMap) -> dict[str, tuple[float, float]]:
    """Each province's position; those without `xy` go on a circle, so a user's
    transcription without positions still draws."""
    import math

    spec = nmap.spec.provinces
    unplaced = [p.id for p in spec if p.xy is None]
    xy = {p.id: (p.xy[0], p.xy[1] + 70) for p in spec if p.xy is not None}
    for i, pid in enumerate(unplaced):
        angle = 2 * math.pi * i / max(1, len(unplaced))
        xy[pid] = (SIZE / 2 + 400 * math.cos(angle), SIZE / 2 + 70 + 400 * math.sin(angle))
    return xy


def _arrow(a: tuple[float, float], b: tuple[float, float], colour: str, kind: str, result: str) -> list[str]:
    """A move arrow (solid) or support (dotted), stopping short of the province circles; a
    failed or void order is dashed and crossed at its middle."""
    (x1, y1), (x2, y2) = a, b
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    x1, y1, x2, y2 = x1 + 18 * dx, y1 + 18 * dy, x2 - 18 * dx, y2 - 18 * dy
    dash = ' stroke-dasharray="2,4"' if kind == "support" else ' stroke-dasharray="8,4"' if result in (
        "fails", "void") else ""
    parts = [f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{colour}" '
             f'stroke-width="{2 if kind == "support" else 3}"{dash} marker-end="url(#head)" opacity="0.85"/>']
    if result in ("fails", "void"):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        parts.append(f'<path d="M{mx - 5:.0f},{my - 5:.0f} L{mx + 5:.0f},{my + 5:.0f} M{mx - 5:.0f},{my + 5:.0f} '
                     f'L{mx + 5:.0f},{my - 5:.0f}" stroke="#d00000" stroke-width="3"/>')
    return parts


def _province(p: Province, at: tuple[float, float], picture: Picture) -> list[str]:
    x, y = at
    fill = "#bcd4ea" if p.kind == "sea" else "#e8dcc0"
    alignment = "neutral" if p.id in picture.neutralised else p.alignment
    ring = {"good": "#2e8b57", "evil": "#8b0000"}.get(alignment, "#7d705a")
    parts = [f'<g><title>{escape(p.name)} ({escape(p.id)}): {escape(_describe(p))}</title>']
    if p.id in picture.neutralised:   # EN 8.1 viii: drawn as what it was, struck through
        parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="19" fill="none" stroke="#8b0000" stroke-width="2" '
                     f'stroke-dasharray="3,3"/>')
    if p.fortress:
        parts.append(f'<rect x="{x - 20:.0f}" y="{y - 20:.0f}" width="40" height="40" fill="none" '
                     f'stroke="#444" stroke-width="2"/>')
    parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="16" fill="{fill}" stroke="{ring}" '
                 f'stroke-width="{3 if alignment != "neutral" else 1.5}"/>')
    parts.append(f'<text x="{x:.0f}" y="{y + 4:.0f}" font-size="10" text-anchor="middle">{escape(p.id)}</text>')
    if p.sc:
        owners: list[str | None] = [*picture.owners.get(p.id, [])] or [None]
        for i, owner in enumerate(owners):
            colour = POWER_COLOURS.get(owner, "#ffffff") if owner else "#ffffff"
            parts.append(f'<circle cx="{x + 14 + 9 * i:.0f}" cy="{y - 14:.0f}" r="5" fill="{colour}" '
                         f'stroke="#000" stroke-width="1"/>')
    for i, (power, text) in enumerate(picture.units.get(p.id, [])):
        colour = POWER_COLOURS.get(power, "#000000")
        parts.append(f'<text x="{x:.0f}" y="{y + 31 + 15 * i:.0f}" font-size="14" font-weight="bold" '
                     f'text-anchor="middle" fill="{colour}" stroke="#ffffff" stroke-width="3" '
                     f'paint-order="stroke">{escape(text)}</text>')
    parts.append("</g>")
    return parts


def _describe(p: Province) -> str:
    facts = [p.kind]
    if p.sc:
        facts.append("supply centre")
    if p.home:
        facts.append("home of " + " and ".join(h.title() for h in p.home))
    if p.fortress:
        facts.append("mountain fortress" if p.mountain_fortress else "fortress")
    if p.alignment != "neutral":
        facts.append(p.alignment)
    if p.standing_army:
        facts.append("standing army")
    return ", ".join(facts)


def _legend() -> list[str]:
    y = SIZE + 125
    parts = []
    x = 20
    for power, colour in POWER_COLOURS.items():
        parts.append(f'<circle cx="{x}" cy="{y}" r="5" fill="{colour}"/>'
                     f'<text x="{x + 8}" y="{y + 4}" font-size="11">{power.title()}</text>')
        x += 105
    y += 20
    x = 20
    for kind in ("land", "coast", "sea", "mountain"):
        parts.append(f'<line x1="{x}" y1="{y}" x2="{x + 30}" y2="{y}" {BORDER_STYLE[kind]}/>'
                     f'<text x="{x + 36}" y="{y + 4}" font-size="11">{kind} border</text>')
        x += 140
    parts.append(f'<rect x="{x}" y="{y - 8}" width="16" height="16" fill="none" stroke="#444" stroke-width="2"/>'
                 f'<text x="{x + 22}" y="{y + 4}" font-size="11">fortress</text>')
    y += 20
    x = 20
    for label, colour, dash in (("Good province", "#2e8b57", ""), ("Evil province", "#8b0000", ""),
                                ("Neutral", "#7d705a", ""), ("neutralised (EN 8.1 viii)", "#8b0000", "3,3")):
        parts.append(f'<circle cx="{x + 8}" cy="{y}" r="7" fill="#e8dcc0" stroke="{colour}" stroke-width="3"'
                     f'{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>'
                     f'<text x="{x + 20}" y="{y + 4}" font-size="11">{label}</text>')
        x += 170
    parts.append(f'<line x1="{x}" y1="{y}" x2="{x + 30}" y2="{y}" stroke="#333" stroke-width="3"/>'
                 f'<text x="{x + 36}" y="{y + 4}" font-size="11">move</text>'
                 f'<line x1="{x + 80}" y1="{y}" x2="{x + 110}" y2="{y}" stroke="#333" stroke-width="2" '
                 f'stroke-dasharray="2,4"/><text x="{x + 116}" y="{y + 4}" font-size="11">support</text>'
                 f'<text x="{x + 175}" y="{y + 4}" font-size="11" fill="#d00000">dashed + x: failed</text>')
    parts.append(f'<text x="20" y="{y + 22}" font-size="11">Units: {escape(UNIT_LETTERS)}</text>')
    return parts
