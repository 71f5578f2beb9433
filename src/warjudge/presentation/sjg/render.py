"""Pictures of an SJG Necromancer position: a Rich terminal rendering, SVG and PNG.

Every renderer takes a *view* (an SjgPicture, hexwar/sjg/view_types.py): a plain dict
holding only what one side may see (or everything, for a games master):

    {"board": HexMap, "turn": int, "phasing": str, "phase": str,
     "units": [{"id", "kind", "side", "hex"}], "jewels": [{"id", "hex", "delivered_to", "effect"}],
     "miasma": [hex, ...], "sides": {"red": {"cp", "count", ...}, "black": {...}},
     "pending": {"player", "kind", ...} | None, "winner": str | None}

The renderers draw what the view contains and nothing else, so hidden information
(a secret deployment, SJG 9.1) stays hidden as long as the view leaves it out.

SVG and PNG are drawn from one list of shapes (`scene`), so the two pictures agree.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from warjudge.hexwar.grid import direction_between, parse_hex
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.sjg.view_types import JewelJson, PieceJson, SideJson, SjgPicture, UnitJson
from warjudge.presentation.sjg import picture_words as words
from warjudge.presentation.sjg import wording_fr

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

Point = tuple[float, float]

# --- shared vocabulary --------------------------------------------------------------

KIND_LETTER = {"necromancer": "N", "zombie": "Z", "skeleton": "S", "wraith": "W",
               "mercenary": "M", "apprentice": "A", "dragon": "D"}
KIND_ORDER = ("zombie", "skeleton", "wraith", "mercenary", "dragon", "apprentice")
SIDE_COLOUR = {"red": "#b3202a", "black": "#1b1b1f"}
JEWEL_COLOUR = {"red": "#ff4d4d", "green": "#3ddc6a", "blue": "#4da3ff", "amber": "#ffb020"}
MIASMA_POINT_NAMES = ("miasma:1-2", "miasma:3-4", "miasma:5-6")


def stack_label(kinds: list[str]) -> str:
    """'2Z1W' for two zombies and a wraith; 'N' first if the Necromancer is there.
    Falls back to one letter a unit ('NZSW') when the counts would be longer."""
    necro = "N" if "necromancer" in kinds else ""
    counts = [(kinds.count(k), KIND_LETTER[k]) for k in KIND_ORDER if k in kinds]
    counted = "".join(f"{n}{letter}" for n, letter in counts)
    letters = "".join(letter * n for n, letter in counts)
    if len(necro + counted) <= 4:
        return necro + counted
    return (necro + letters)[:4]


def _stacks(view: SjgPicture) -> dict[str, dict[str, list[UnitJson | PieceJson]]]:
    """hex -> side -> the view's units there."""
    out: dict[str, dict[str, list[UnitJson | PieceJson]]] = {}
    for unit in view.get("units", []):
        if unit.get("hex"):
            out.setdefault(unit["hex"], {}).setdefault(unit["side"], []).append(unit)
    return out


def _jewels_on_map(view: SjgPicture) -> dict[str, list[JewelJson]]:
    out: dict[str, list[JewelJson]] = {}
    for jewel in view.get("jewels", []):
        if (h := jewel.get("hex")) and not jewel.get("delivered_to"):
            out.setdefault(h, []).append(jewel)
    return out


def _track_label(side: SideJson) -> str:
    if side.get("column"):
        return str(side["column"])
    if side.get("count") is None:
        return "?"
    from warjudge.hexwar.sjg.tables import track

    return track(int(side["count"])).label


def _demon_hex(view: SjgPicture) -> str | None:
    """Where the unleashed demon is (10.4), if the view shows it."""
    demon = view.get("demon")
    return demon["hex"] if demon else None


def _pretty(value: Any) -> str:
    return str(value).replace("_", " ")


def ending(view: SjgPicture) -> str | None:
    """How the game ended, as a player reads it: a view mailed after an agreed turn limit
    has no winner by the rules, so without this it looked like a game still waiting.
    Short, to fit the side panel; the units are counted red-black."""
    outcome = view.get("outcome")
    if not outcome:
        return None
    if outcome["reason"] == "victory":
        return f"{outcome['winners'][0]} has won"
    units = "-".join(str(int(n)) for n in outcome["scores"].values())
    result = "a draw" if outcome["draw"] else f"{outcome['winners'][0]} wins"
    return f"turn limit: {result}, units {units}"


def _decision_lines(pending: dict[str, Any] | None) -> list[str]:
    if not pending:
        return []
    lines = [f"{pending.get('player')} to answer: {pending.get('kind')}"]
    accepts = pending.get("accepts")
    if accepts:
        lines.append("  accepts: " + ", ".join(accepts))
    for key, value in pending.items():
        if key in ("player", "kind", "accepts") or value in (None, [], {}, ""):
            continue
        if isinstance(value, (list, tuple)):
            value = ", ".join(map(str, value))
        lines.append(f"  {_pretty(key)}: {value}")
    return lines


def _jewel_lines(view: SjgPicture) -> list[tuple[str, str]]:
    """(jewel id, what is known about it)."""
    out = []
    for j in view.get("jewels", []):
        if j.get("delivered_to"):
            where = f"{j['delivered_to']}'s — {_pretty(j.get('effect') or 'power unknown')}"
        elif j.get("hex"):
            where = f"found, in {j['hex']}"
        else:
            where = "not found yet"
        out.append((j["id"], where))
    return out


def _extra_lines(view: SjgPicture) -> list[str]:
    """Optional rules: the demon (10.4), magic items, Crystal Ball, extra Jewels (10.5)."""
    out = []
    demon = view.get("demon")
    if demon:
        where = f"in {demon['hex']}" if demon.get("hex") else "hidden in the Miasma" if demon.get("hidden") else "gone"
        out.append(f"Demon: {where}")
    units = {u["id"]: u for u in view.get("units", [])}
    for item in view.get("items", []):
        holder = None if (held_by := item.get("holder")) is None else units.get(held_by)
        if holder:
            where = f"{holder['side']} {KIND_LETTER.get(holder['kind'], '?')}{holder['id']} in {holder['hex']}"
        else:
            where = f"lying in {item['hex']}" if item.get("hex") else "not yet set up"
        out.append(f"{item['id'].capitalize()}: {where}")
    for name, side in view.get("sides", {}).items():
        if side.get("crystal_ball"):
            out.append(f"{name}: the Crystal Ball (+2 SP)")
        for power in side.get("extra_jewels", []):
            out.append(f"{name}: extra Jewel, {_pretty(power)}")
    return out


SideBonus = Literal["free_attempts", "necromancer_mp", "zombie_mp", "skeleton_bonus", "wraith_phases",
                    "necromancer_halved"]
SIDE_BONUSES: tuple[tuple[SideBonus, str], ...] = (("free_attempts", "free conversion rolls"), ("necromancer_mp", "Necromancer +MP"),
                ("zombie_mp", "zombie +MP"), ("skeleton_bonus", "skeleton +str"),
                ("wraith_phases", "extra wraith phases"), ("necromancer_halved", "Necromancer halved"))


# --- terminal ------------------------------------------------------------------------

TERM_LEVEL_BG = {0: "#2a2118", 1: "#3d3024", 2: "#6a5640", 3: "#9c8463", 4: "#d4c29a"}
TERM_LEVEL_FG = {0: "#8a7a66", 1: "#9c8a72", 2: "#c4b090", 3: "#ecdcbc", 4: "#6a5a40"}
TERM_MIASMA_BG = "#5a2a72"
TERM_MIASMA_FG = "#e4b8ff"
TERM_SIDE = {"red": "bold #ffffff on #b0222a", "black": "bold #f0f0f0 on #101014"}
TERM_CLIFF = "bold #ff8c1a"
CELL = 6        # characters a hex: 5 of content and its east hexside
SHIFT = 3       # even rows sit half a hex to the right
LABEL = 3       # "07 " before each row
SPLIT_AT = 12   # a narrow terminal gets columns 01-12, then 12-23 (12 is in both)


def side_label(kinds: list[str], side: str) -> str:
    """The stack's label with its side in the glyphs, so no colour is needed: red in
    CAPITALS ('2Z1W'), black in small letters ('2z1w')."""
    label = stack_label(kinds)
    return label if side == "red" else label.lower()


class TerminalView:
    """A Rich renderable: the map beside (or above) a panel with the turn, both sides'
    Conversion Points and Track columns, Jewels and the pending decision. The map is text
    that reads without colour: side in the glyphs, cliffs drawn on all six hexsides, rows
    and columns labelled; a terminal too narrow for the whole map gets it in two halves
    (never cut)."""

    def __init__(self, view: SjgPicture):
        self.view = view

    def map_width(self, columns: int) -> int:
        return LABEL + SHIFT + CELL * columns + LABEL

    def map_text(self, first: int = 1, last: int | None = None) -> Text:
        """Columns `first`..`last` of the map: a line per row of hexes, and between rows a
        line where the cliffs on the hexes' lower sides are drawn (\\ south-west, / south-east);
        a cliff on a hex's east side is drawn after it (┃)."""
        view = self.view
        board: HexMap = view["board"]
        last = last or board.grid.width
        height = board.grid.height
        lines = [[(" ", "")] * self.map_width(last - first + 1) for _ in range(2 * height + 1)]

        def put(line: int, x: int, chars: str, style: str = "") -> None:
            for k, ch in enumerate(chars):
                if 0 <= x + k < len(lines[line]):
                    lines[line][x + k] = (ch, style)

        for i, col in enumerate(range(first, last + 1)):
            put(0, LABEL + CELL * i + 1, f"{col:02d}", "bold")
            put(2 * height, LABEL + SHIFT + CELL * i + 1, f"{col:02d}", "bold")
        stacks, jewels = _stacks(view), _jewels_on_map(view)
        miasma, moved = set(view.get("miasma", [])), set(view.get("moved", []))
        demon = _demon_hex(view)
        for row in range(1, height + 1):
            y = 2 * row - 1
            shift = SHIFT if row % 2 == 0 else 0
            put(y, 0, f"{row:02d}", "bold")
            for i, col in enumerate(range(first, last + 1)):
                h = f"{col:02d}{row:02d}"
                x = LABEL + shift + CELL * i
                put(y, x, *self._content(board, h, stacks.get(h), bool(jewels.get(h)), h in miasma, h == demon,
                                          h in moved))
                east = board.grid.neighbour(h, 2)
                if east and board.is_cliff(h, east):
                    put(y, x + 5, "┃", TERM_CLIFF)
                for direction, dx, glyph in ((4, 1, "\\"), (3, 4, "/")):
                    below = board.grid.neighbour(h, direction)
                    if below and board.is_cliff(h, below):
                        put(y + 1, x + dx, glyph, TERM_CLIFF)
            if first == 1 and last == board.grid.width:
                put(y, LABEL + shift + CELL * (last - first + 1), f" {row:02d}", "bold")
        text = Text(no_wrap=True, overflow="ignore")
        for n, line in enumerate(lines):
            chars = "".join(ch for ch, _ in line).rstrip()
            for ch, style in line[:len(chars)]:
                text.append(ch, style=style or None)
            if n < len(lines) - 1:
                text.append("\n")
        return text

    def _content(self, board: HexMap, h: str, stack: dict[str, list[UnitJson | PieceJson]] | None, jewel: bool, in_miasma: bool, demon: bool,
                 moved: bool) -> tuple[str, str]:
        """The five characters of a hex and their style. A stack keeps one mark of what
        lies under it: Ψ the demon, ◆ a Jewel, ~ the Miasma, ^ a slope, » it just moved."""
        terrain, level = board.terrain(h), board.level(h)
        bg = TERM_MIASMA_BG if in_miasma else TERM_LEVEL_BG.get(level, TERM_LEVEL_BG[0])
        fg = TERM_MIASMA_FG if in_miasma else TERM_LEVEL_FG.get(level, TERM_LEVEL_FG[0])
        if stack:
            side = max(stack, key=lambda s: len(stack[s]))
            label = side_label([u["kind"] for s in stack for u in stack[s]], side)
            mark = ("Ψ" if demon else "◆" if jewel else "~" if in_miasma else "^" if terrain == "slope"
                    else "»" if moved else " ")
            return mark + label.ljust(4), TERM_SIDE.get(side, "bold") + (" reverse" if moved else "")
        if terrain == "monolith":
            return " ▲▲▲ ", "bold #f4f4f4 on #1c1c1c"
        middle = f"/{level}\\" if terrain == "slope" else f" {level} "
        edge = "~" if in_miasma else " "
        body = ("◆" if jewel else edge) + middle + ("Ψ" if demon else edge)
        return body, f"{fg} on {bg}"

    def panel(self) -> Panel:
        view = self.view
        board: HexMap = view["board"]
        lines = Text()
        end = ending(view)
        if end:
            lines.append(f"{end.upper()}\n", style="bold green")
        lines.append(f"Turn {view.get('turn', 0)}", style="bold")
        if phasing := view.get("phasing"):
            lines.append(f" · {phasing} phasing", style=_side_style(phasing))
        lines.append(f"\nPhase: {view.get('phase') or '-'}\n")
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        table.add_column("")
        table.add_column("CP", justify="right")
        table.add_column("units", justify="right")
        table.add_column("track")
        counts: dict[str, int] = {}
        for u in view.get("units", []):
            counts[u["side"]] = counts.get(u["side"], 0) + (u["kind"] != "necromancer")
        for name, side in view.get("sides", {}).items():
            table.add_row(Text(name, style=_side_style(name)), str(side.get("cp", "?")),
                          str(counts.get(name, 0)), _track_label(side))
        bonus_lines = Text()
        for name, side in view.get("sides", {}).items():
            got = [f"{label} {side[key]}" for key, label in SIDE_BONUSES if side.get(key)]
            if got:
                bonus_lines.append(f"{name}: " + ", ".join(got) + "\n", style=_side_style(name))
        jewel_text = Text("Jewels\n", style="bold")
        for jid, where in _jewel_lines(view):
            jewel_text.append("◆ ", style=JEWEL_COLOUR.get(jid, "yellow"))
            jewel_text.append(f"{jid}: {where}\n")
        extras = Text()
        for line in _extra_lines(view):
            extras.append(line + "\n")
        pending = Text("\n".join(_decision_lines(view.get("pending"))) or "no decision pending")
        legend = Text()
        legend.append("Legend\n", style="bold")
        legend.append("  3  ", style=f"{TERM_LEVEL_FG[3]} on {TERM_LEVEL_BG[3]}")
        legend.append(" plateau, level 1-4   ")
        legend.append(" /3\\ ", style=f"{TERM_LEVEL_FG[3]} on {TERM_LEVEL_BG[3]}")
        legend.append(" slope\n")
        legend.append(" ▲▲▲ ", style="bold #f4f4f4 on #1c1c1c")
        legend.append(" monolith            ")
        legend.append("~ 1 ~", style=f"{TERM_MIASMA_FG} on {TERM_MIASMA_BG}")
        legend.append(" Miasma\n")
        legend.append("┃ \\ /", style=TERM_CLIFF)
        legend.append(" cliff on the east, south-west, south-east side ('hex HEX' tells which side is high)\n")
        legend.append(" 2Z1W", style=TERM_SIDE["red"])
        legend.append(" red: CAPITALS  ")
        legend.append(" n3s ", style=TERM_SIDE["black"])
        legend.append(" black: small letters\n")
        legend.append("N Necromancer, Z S W, A apprentice, M mercenary, D dragon; under a stack: "
                      "~ Miasma, ^ slope, ◆ Jewel, Ψ demon, » moved last\n")
        if board.reconstruction:
            legend.append("Map: a reconstruction, not the printed SJG map", style="italic")
        return Panel(Group(lines, table, bonus_lines, jewel_text, extras, Text("Pending", style="bold"), pending, legend),
                     title="Necromancer", width=44)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        board: HexMap = self.view["board"]
        width = board.grid.width
        full = self.map_width(width)
        if options.max_width >= full + 46:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True, width=full)
            grid.add_column(width=44)
            grid.add_row(self.map_text(), self.panel())
            yield grid
            return
        if options.max_width >= full:
            yield self.map_text()
        else:
            split = min(SPLIT_AT, width)
            yield Text(f"West half (columns 01-{split:02d})", style="bold")
            yield self.map_text(1, split)
            if split < width:
                yield Text(f"East half (columns {split:02d}-{width:02d})", style="bold")
                yield self.map_text(split, width)
            if options.max_width < self.map_width(SPLIT_AT) - LABEL:
                yield Text(f"(this terminal is {options.max_width} columns; the map needs "
                           f"{self.map_width(SPLIT_AT) - LABEL} to show unbroken)", style="italic")
        yield self.panel()


def _side_style(side: str) -> str:
    return "bold #ff5050" if side == "red" else "bold #c8c8c8"


def render_terminal(view: SjgPicture) -> TerminalView:
    """A Rich renderable of the view: `Console().print(render_terminal(view))`."""
    return TerminalView(view)


# --- the picture (SVG and PNG) -----------------------------------------------------

R = 26.0                       # hex circumradius, px
SQ3 = math.sqrt(3)
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 34.0, 78.0, 124.0
# The smallest text drawn: a game page shows the board at about 0.82 px a unit at 1366x768,
# so this is 11 px on screen there (issue 24), hex numbers and counters included.
TEXT = 14.0
LEVEL_FILL = {0: "#3a2f25", 1: "#5b4632", 2: "#8a7152", 3: "#bca47c", 4: "#eadcb6"}
MONOLITH_FILL = "#4a4a52"
MIASMA_TINT = "#9b59d0"
CLIFF = "#2a1a0c"
ROCK = "#6d6d6d"
BG = "#f7f3ea"
INK = "#2b2520"


# drawn over a hex but not a target of its own: a click on it is a click on the hex below
# (issue 24: a slope's hatching swallowed clicks)
DECORATION = {"pointer-events": "none"}


@dataclass
class Shape:
    """One drawing primitive. kind: poly, line, circle, text, rect, group."""

    kind: str
    points: list[tuple[float, float]] = field(default_factory=list)
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    text: str = ""
    size: float = 10.0
    bold: bool = False
    anchor: str = "middle"      # middle, start, end
    radius: float = 0.0         # circle radius / rect corner radius
    attrs: dict[str, str] = field(default_factory=dict)  # SVG-only class/data attributes
    title: str = ""             # SVG tooltip
    children: list["Shape"] = field(default_factory=list)


def hex_centre(h: str) -> tuple[float, float]:
    col, row = parse_hex(h)
    c, r = col - 1, row - 1
    return MARGIN_X + SQ3 * R * (c + 0.5 + 0.5 * (r & 1)), MARGIN_TOP + R + 1.5 * R * r


def hex_corners(h: str, radius: float = R) -> list[tuple[float, float]]:
    """Pointy-top corners, clockwise from the top."""
    x, y = hex_centre(h)
    return [(x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]


# corners (i, i+1) bounding each compass direction's hexside, for hex_corners' order
_SIDE_CORNERS = {1: (0, 1), 2: (1, 2), 3: (2, 3), 4: (3, 4), 5: (4, 5), 6: (5, 0)}


def picture_size(board: HexMap) -> tuple[float, float]:
    w = 2 * MARGIN_X + SQ3 * R * (board.grid.width + 0.5)
    h = MARGIN_TOP + MARGIN_BOTTOM + R * (2 + 1.5 * (board.grid.height - 1))
    return math.ceil(w), math.ceil(h)


def _mix(a: str, b: str, t: float) -> str:
    """Colour a blended toward b by t (0..1)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def _clip_line_to_poly(p0: Point, p1: Point, poly: list[Point]) -> tuple[Point, Point] | None:
    """Cyrus-Beck clipping of segment p0-p1 to a convex polygon (clockwise in screen space)."""
    t0, t1 = 0.0, 1.0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    n = len(poly)
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        nx, ny = ey, -ex                       # a normal; orient it inward
        if nx * (cx - a[0]) + ny * (cy - a[1]) < 0:
            nx, ny = -nx, -ny
        denom = nx * dx + ny * dy
        num = nx * (p0[0] - a[0]) + ny * (p0[1] - a[1])
        if abs(denom) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / denom
        if denom > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p0[0] + dx * t0, p0[1] + dy * t0), (p0[0] + dx * t1, p0[1] + dy * t1)


def _spiral(cx: float, cy: float, turns: float, radius: float, phase: float) -> list[tuple[float, float]]:
    pts = []
    steps = int(36 * turns)
    for i in range(steps + 1):
        t = i / steps
        a = phase + t * turns * 2 * math.pi
        pts.append((cx + radius * t * math.cos(a), cy + radius * t * math.sin(a)))
    return pts


def scene(view: SjgPicture) -> list[Shape]:
    """The picture of a view as shapes, back to front."""
    board: HexMap = view["board"]
    width, height = picture_size(board)
    out: list[Shape] = [Shape("rect", [(0, 0), (width, height)], fill=BG)]
    miasma = set(view.get("miasma", []))
    stacks = _stacks(view)
    jewels = _jewels_on_map(view)

    # title
    title = "Necromancer (Steve Jackson Games, 1983)"
    out.append(Shape("text", [(MARGIN_X, 26)], text=title, size=17, bold=True, fill=INK, anchor="start"))
    lang = view.get("lang", "en")
    status = words.say(lang, "turn", view.get("turn", 0))
    if phasing := view.get("phasing"):
        status += " · " + words.say(lang, "phasing", x=words.side(lang, phasing))
    if phase_name := view.get("phase"):
        status += " · " + words.say(lang, "phase", x=words.phase(lang, phase_name))
    if ending(view):
        status += f" · {ending(view)}"
    for i, (name, facts) in enumerate(view.get("sides", {}).items()):
        status += "   " + words.say(lang, "cp", facts.get("cp", "?"), words.side(lang, name), _track_label(facts))
    if not view.get("sides"):
        status = words.say(lang, "battlefield")
    out.append(Shape("text", [(MARGIN_X, 46)], text=status, size=TEXT, fill=INK, anchor="start"))
    sub = words.say(lang, "map", x=board.name)
    if board.reconstruction:
        sub = words.say(lang, "rebuilt") + (
            "" if "reconstruct" in board.name.lower() else f" ({board.name})")
    out.append(Shape("text", [(width - MARGIN_X, 26)], text=sub, size=TEXT, fill="#8b2d1a" if board.reconstruction else INK,
                     anchor="end", bold=board.reconstruction))

    # hexes
    for h in board.grid.hex_ids():
        terrain, level = board.terrain(h), board.level(h)
        corners = hex_corners(h)
        fill = LEVEL_FILL.get(level, LEVEL_FILL[0])
        if h in miasma:
            fill = _mix(fill, MIASMA_TINT, 0.55)
        out.append(Shape("poly", corners, fill=fill, stroke="#5c5040", width=0.6,
                         attrs={"class": "hex", "data-hex": h, "data-terrain": terrain, "data-level": str(level)}))
        if terrain == "slope":
            lower = LEVEL_FILL.get(level - 1, LEVEL_FILL[0])
            hatch = "#4a3a28" if level <= 2 else _mix(lower, "#000000", 0.35)
            inner = hex_corners(h, R - 0.8)
            x, y = hex_centre(h)
            for k in range(-4, 5):
                off = k * 6.5
                seg = _clip_line_to_poly((x - R + off, y + R), (x + R + off, y - R), inner)
                if seg:
                    out.append(Shape("line", list(seg), stroke=hatch, width=1.1, attrs=DECORATION))
        elif terrain == "monolith":
            x, y = hex_centre(h)
            pillar = [(x - 7, y + 11), (x - 8.5, y - 4), (x - 3, y - 13), (x + 4, y - 12),
                      (x + 8.5, y - 3), (x + 7, y + 11)]
            out.append(Shape("poly", [(x - 11, y + 12), (x + 11, y + 12), (x + 8, y + 15), (x - 8, y + 15)],
                             fill=_mix(fill, "#000000", 0.3), attrs=DECORATION))
            out.append(Shape("poly", pillar, fill=MONOLITH_FILL, stroke="#1e1e22", width=1.2,
                             attrs={"class": "monolith", **DECORATION}))
            out.append(Shape("line", [(x - 2, y - 9), (x - 3, y + 9)], stroke="#8a8a94", width=1.2, attrs=DECORATION))
        # hex number at the top of the hex, above where a counter goes
        x, y = hex_centre(h)
        out.append(Shape("text", [(x, y - R * 0.64)], text=h, size=TEXT, attrs=DECORATION,
                         fill="#f2e8d2" if level <= 2 and terrain != "monolith" else "#4a3d2c"))

    # map features: Miasma spirals (7.2) and skulls (9.1)
    for name in MIASMA_POINT_NAMES:
        point = board.points.get(name)
        if not point or point not in board.hexes:
            continue
        x, y = hex_centre(point)
        colour = "#f0e0ff" if point in miasma else "#c08ef0"
        for phase in (0.0, math.pi):
            out.append(Shape("line", _spiral(x, y + 2, 1.6, R * 0.48, phase), stroke=colour, width=1.3, attrs=DECORATION))
        out.append(Shape("text", [(x, y + 18)], text=name.split(":")[1].replace("-", ","), size=TEXT,
                         bold=True, fill=colour))
    for side in ("red", "black"):
        skull = board.points.get(f"start:{side}")
        if skull and skull in board.hexes:
            x, y = hex_centre(skull)
            out.extend(_skull(x, y + 1, SIDE_COLOUR[side]))

    # Miasma tint outline
    for h in sorted(miasma):
        if h in board.hexes:
            out.append(Shape("poly", hex_corners(h, R - 2.2), stroke="#d9b3ff", width=1.4,
                             attrs={"class": "miasma", "data-hex": h}))

    # cliffs: heavy line on the hexside, rocks on the low side (2.16)
    for hexside, high in sorted(board.cliffs.items(), key=lambda kv: sorted(kv[0])):
        a, b = sorted(hexside)
        low = b if high == a else a
        d = direction_between(high, low)
        if d is None:
            continue
        i, j = _SIDE_CORNERS[d]
        corners = hex_corners(high)
        p, q = corners[i], corners[j]
        lx, ly = hex_centre(low)
        for t in (0.2, 0.5, 0.8):
            mx, my = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            rx, ry = mx + (lx - mx) * 0.16, my + (ly - my) * 0.16
            out.append(Shape("circle", [(rx, ry)], radius=2.3, fill=ROCK, stroke="#3a3a3a", width=0.6))
        out.append(Shape("line", [p, q], stroke=CLIFF, width=4.2,
                         attrs={"class": "cliff", "data-hexes": f"{a}-{b}", "data-high": high}))

    # stacks: a counter per side in the hex
    for h, by_side in sorted(stacks.items()):
        if h not in board.hexes:
            continue
        x, y = hex_centre(h)
        sides = sorted(by_side)
        for k, side in enumerate(sides):
            units = by_side[side]
            dx = 0 if len(sides) == 1 else (-5 if k == 0 else 5)
            out.append(_counter(x + dx, y + 4 + (k * 4 if len(sides) > 1 else 0), h, side, units, lang))

    # Jewels lying on the map (badges on the stacks' corners)
    for h, js in sorted(jewels.items()):
        x, y = hex_centre(h)
        for k, jewel in enumerate(js):
            jx, jy = x + R * 0.62 - k * 9, y - R * 0.38
            out.append(Shape("poly", [(jx, jy - 9.5), (jx + 7.5, jy), (jx, jy + 9.5), (jx - 7.5, jy)], fill="#1a1a1a"))
            out.append(Shape("poly", [(jx, jy - 7.5), (jx + 5.8, jy), (jx, jy + 7.5), (jx - 5.8, jy)],
                             fill=JEWEL_COLOUR.get(jewel["id"], "#ffd700"), stroke="#fff6c8", width=1.3,
                             attrs={"class": "jewel", "data-jewel": jewel["id"], "data-hex": h},
                             title=words.say(lang, "jewel-on-map", x=words.jewel(lang, jewel["id"]))))

    demon = _demon_hex(view)
    if demon:
        x, y = hex_centre(demon)
        out.append(Shape("circle", [(x - R * 0.55, y - R * 0.35)], fill="#c01818", stroke="#ffe0e0", width=1.5,
                         radius=10, attrs={"class": "demon", "data-hex": demon}, title=words.say(lang, "demon")))
        out.append(Shape("text", [(x - R * 0.55, y - R * 0.35 + 1)], fill="#ffffff", text="Ψ", size=TEXT, bold=True))
    for item in view.get("items", []):
        if (lying := item.get("hex")) and item.get("holder") is None:
            x, y = hex_centre(lying)
            out.append(Shape("rect", [(x - 12, y + R * 0.45 - 8), (x + 12, y + R * 0.45 + 8)], fill="#e8e0c0",
                             stroke="#3a3020", width=1.0, radius=2,
                             attrs={"class": "item", "data-item": item["id"], "data-hex": lying},
                             title=words.say(lang, "lying", x=words.item(lang, item["id"]))))
            out.append(Shape("text", [(x, y + R * 0.45 + 0.5)], fill="#3a3020", text=item["id"][:2].upper(), size=TEXT))

    out.extend(_legend(board, width, height, lang))
    return out


def _skull(x: float, y: float, colour: str) -> list[Shape]:
    head = [(x + 7 * math.cos(a), y - 2 + 6.5 * math.sin(a)) for a in [i * math.pi / 10 for i in range(20)]]
    return [
        Shape("poly", head, fill="#f4efe4", stroke=colour, width=1.3, attrs={"class": "skull"}),
        Shape("rect", [(x - 4, y + 2), (x + 4, y + 7)], fill="#f4efe4", stroke=colour, width=1.0),
        Shape("circle", [(x - 2.6, y - 2)], radius=1.8, fill=colour),
        Shape("circle", [(x + 2.6, y - 2)], radius=1.8, fill=colour),
    ]


def _counter(x: float, y: float, h: str, side: str, units: list[UnitJson | PieceJson], lang: str) -> Shape:
    kinds = [u["kind"] for u in units]
    necro = "necromancer" in kinds
    rest = [k for k in kinds if k != "necromancer"]
    label = stack_label(rest) if rest else ""
    s, tall = 20.0, (15.5 if necro and label else 12.5)   # half its width and height
    colour = SIDE_COLOUR.get(side, "#555555")
    children = [Shape("rect", [(x - s + 1.5, y - tall + 1.5), (x + s + 1.5, y + tall + 1.5)],
                      fill="#3a3026", radius=3),
                Shape("rect", [(x - s, y - tall), (x + s, y + tall)], fill=colour,
                      stroke="#e6c463" if necro else "#f0e6d0", width=2.0 if necro else 1.0, radius=3)]
    if necro and label:
        children.append(Shape("text", [(x, y - 7)], text="N", size=TEXT, bold=True, fill="#ffd54a"))
        children.append(Shape("text", [(x, y + 7)], text=label, size=TEXT, bold=True, fill="#ffffff"))
    elif necro:
        children.append(Shape("text", [(x, y + 0.5)], text="N", size=TEXT + 2, bold=True, fill="#ffd54a"))
    else:
        children.append(Shape("text", [(x, y + 0.5)], text=label, size=TEXT, bold=True, fill="#ffffff"))
    return Shape("group", attrs={"class": "stack", "data-hex": h, "data-side": side, "data-testid": "unit",
                                 "data-unit": f"{side} {h}", "tabindex": "0",
                                 "data-units": ",".join(str(u["id"]) for u in units)},
                 title=words.say(lang, "stack-title", h, side if lang != "fr" else wording_fr.SIDES.get(side, side),
                                 words.people(lang, units)), children=children)   # kinds, as printed: no ids


def _legend(board: HexMap, width: float, height: float, lang: str = "en") -> list[Shape]:
    y0 = height - MARGIN_BOTTOM + 26
    out: list[Shape] = []
    x = MARGIN_X
    items: list[tuple[str, list[Shape]]] = []

    def swatch(fill: str) -> list[Shape]:
        return [Shape("poly", [(0, -9), (8, -4.5), (8, 4.5), (0, 9), (-8, 4.5), (-8, -4.5)], fill=fill,
                      stroke="#5c5040", width=0.6)]

    for level in (1, 2, 3, 4):
        items.append((words.say(lang, "level", level), swatch(LEVEL_FILL[level])))
    slope = swatch(LEVEL_FILL[3]) + [Shape("line", [(-5, 5), (3, -6)], stroke="#5b4632", width=1.1),
                                     Shape("line", [(-1, 7), (6, -3)], stroke="#5b4632", width=1.1)]
    items.append((words.say(lang, "slope"), slope))
    items.append((words.say(lang, "monolith"), swatch(LEVEL_FILL[2]) + [Shape("poly", [(-4, 6), (-5, -3), (-1, -7), (4, -6), (5, 6)],
                                                             fill=MONOLITH_FILL)]))
    items.append((words.say(lang, "cliff"), [Shape("line", [(-9, -3), (9, -3)], stroke=CLIFF, width=4),
                                         Shape("circle", [(-5, 3)], radius=2.2, fill=ROCK),
                                         Shape("circle", [(1, 3)], radius=2.2, fill=ROCK),
                                         Shape("circle", [(6, 3)], radius=2.2, fill=ROCK)]))
    items.append((words.say(lang, "miasma"), swatch(_mix(LEVEL_FILL[1], MIASMA_TINT, 0.55))
                  + [Shape("line", _spiral(0, 0, 1.5, 7, 0), stroke="#e8d2ff", width=1)]))
    items.append((words.say(lang, "jewel"), [Shape("poly", [(0, -6), (4.5, 0), (0, 6), (-4.5, 0)], fill=JEWEL_COLOUR["amber"],
                                  stroke="#222", width=0.9)]))
    for label, shapes in items:
        cx = x + 10
        for s in shapes:
            out.append(_translate(s, cx, y0))
        out.append(Shape("text", [(cx + 13, y0 + 0.5)], text=label, size=TEXT, fill=INK, anchor="start"))
        x += 30 + 8.2 * len(label)
    y1 = y0 + 30
    x = MARGIN_X
    for side in ("red", "black"):
        out.append(Shape("rect", [(x, y1 - 12), (x + 42, y1 + 12)], fill=SIDE_COLOUR[side], stroke="#f0e6d0", radius=3))
        out.append(Shape("text", [(x + 21, y1 + 0.5)], text="2Z1W", size=TEXT, bold=True, fill="#ffffff"))
        out.append(Shape("text", [(x + 48, y1 + 0.5)], text=words.say(lang, "stack", x=words.side(lang, side)), size=TEXT, fill=INK, anchor="start"))
        x += 140
    out.append(Shape("rect", [(x, y1 - 12), (x + 30, y1 + 12)], fill=SIDE_COLOUR["red"], stroke="#e6c463",
                     width=2, radius=3))
    out.append(Shape("text", [(x + 15, y1 + 0.5)], text="N", size=TEXT + 2, bold=True, fill="#ffd54a"))
    out.append(Shape("text", [(x + 36, y1 + 0.5)], text=words.say(lang, "necromancer"), size=TEXT, fill=INK, anchor="start"))
    x += 240
    out.extend(_skull(x + 8, y1, SIDE_COLOUR["black"]))
    out.append(Shape("text", [(x + 22, y1 + 0.5)], text=words.say(lang, "skull"), size=TEXT, fill=INK, anchor="start"))
    out.append(Shape("text", [(MARGIN_X, y1 + 30)], text=words.say(lang, "counts"),
                     size=TEXT, fill=INK, anchor="start"))
    return out


def _translate(shape: Shape, dx: float, dy: float) -> Shape:
    return Shape(shape.kind, [(px + dx, py + dy) for px, py in shape.points], shape.fill, shape.stroke, shape.width,
                 shape.text, shape.size, shape.bold, shape.anchor, shape.radius, dict(shape.attrs), shape.title,
                 [_translate(c, dx, dy) for c in shape.children])


# --- SVG ------------------------------------------------------------------------------

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _svg_colour(c: str | None) -> tuple[str, str]:
    """('#rrggbb', extra opacity attribute) from '#rrggbb' or '#rrggbbaa'."""
    if c is None:
        return "none", ""
    if len(c) == 9:
        return c[:7], f' fill-opacity="{int(c[7:], 16) / 255:.2f}"'
    return c, ""


def _svg_shape(s: Shape) -> str:
    attrs = "".join(f' {k}="{escape(v)}"' for k, v in s.attrs.items())
    title = f"<title>{escape(s.title)}</title>" if s.title else ""
    fill, extra = _svg_colour(s.fill)
    stroke = f' stroke="{s.stroke}" stroke-width="{_fmt(s.width)}"' if s.stroke else ""
    if s.kind == "group":
        inner = "".join(_svg_shape(c) for c in s.children)
        return f"<g{attrs}>{title}{inner}</g>"
    if s.kind == "poly":
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in s.points)
        body = f'<polygon{attrs} points="{pts}" fill="{fill}"{extra}{stroke}'
    elif s.kind == "line":
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in s.points)
        body = f'<polyline{attrs} points="{pts}" fill="none" stroke="{s.stroke}" stroke-width="{_fmt(s.width)}" ' \
               f'stroke-linecap="round" stroke-linejoin="round"'
    elif s.kind == "circle":
        (x, y), = s.points
        body = f'<circle{attrs} cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(s.radius)}" fill="{fill}"{extra}{stroke}'
    elif s.kind == "rect":
        (x0, y0), (x1, y1) = s.points
        body = (f'<rect{attrs} x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(x1 - x0)}" height="{_fmt(y1 - y0)}" '
                f'rx="{_fmt(s.radius)}" fill="{fill}"{extra}{stroke}')
    elif s.kind == "text":
        (x, y), = s.points
        anchor = {"start": "start", "end": "end"}.get(s.anchor, "middle")
        weight = ' font-weight="bold"' if s.bold else ""
        return (f'<text{attrs} x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(s.size)}" text-anchor="{anchor}" '
                f'dominant-baseline="central" fill="{fill}"{weight}>{escape(s.text)}</text>')
    else:  # pragma: no cover - a programming error
        raise ValueError(f"unknown shape {s.kind}")
    return f"{body}>{title}</{body.split()[0][1:]}>" if title else body + "/>"


def render_svg(view: SjgPicture) -> str:
    """The view as a standalone SVG document."""
    board: HexMap = view["board"]
    width, height = picture_size(board)
    body = "\n".join(_svg_shape(s) for s in scene(view))
    title = words.say(view.get("lang", "en"), "rebuilt-title" if board.reconstruction else "title")
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}">\n<title>{escape(title)}</title>\n{body}\n</svg>\n')


# --- PNG ------------------------------------------------------------------------------

PNG_SCALE = 2     # draw at 2x, then shrink: anti-aliased edges
_FONT_CACHE: dict[tuple[float, bool], ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}


def _font(size: float, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont

    key = (size, bold)
    if key not in _FONT_CACHE:
        names = ("DejaVuSans-Bold.ttf", "Arial Bold.ttf") if bold else ("DejaVuSans.ttf", "Arial.ttf")
        font: ImageFont.FreeTypeFont | ImageFont.ImageFont | None = None
        for name in names:
            try:
                font = ImageFont.truetype(name, max(1, round(size)))
                break
            except OSError:
                continue
        if font is None:
            font = ImageFont.load_default(size=max(1, round(size)))
        _FONT_CACHE[key] = font
    return _FONT_CACHE[key]


def _rgba(c: str | None) -> tuple[int, ...] | None:
    if c is None:
        return None
    vals = [int(c[i:i + 2], 16) for i in range(1, len(c), 2)]
    return tuple(vals + [255] * (4 - len(vals)))


def _draw(draw: ImageDraw.ImageDraw, s: Shape, k: float) -> None:
    pts = [(x * k, y * k) for x, y in s.points]
    w = max(1, round(s.width * k))
    if s.kind == "group":
        for c in s.children:
            _draw(draw, c, k)
    elif s.kind == "poly":
        draw.polygon(pts, fill=_rgba(s.fill), outline=_rgba(s.stroke) if s.stroke else None,
                     width=w if s.stroke else 0)
    elif s.kind == "line":
        draw.line(pts, fill=_rgba(s.stroke), width=w, joint="curve")
        if s.width * k >= 3:
            r = w / 2
            for x, y in (pts[0], pts[-1]):
                draw.ellipse([x - r, y - r, x + r, y + r], fill=_rgba(s.stroke))
    elif s.kind == "circle":
        (x, y), = pts
        r = s.radius * k
        draw.ellipse([x - r, y - r, x + r, y + r], fill=_rgba(s.fill),
                     outline=_rgba(s.stroke) if s.stroke else None, width=w if s.stroke else 0)
    elif s.kind == "rect":
        (x0, y0), (x1, y1) = pts
        draw.rounded_rectangle([x0, y0, x1, y1], radius=s.radius * k, fill=_rgba(s.fill),
                               outline=_rgba(s.stroke) if s.stroke else None, width=w if s.stroke else 0)
    elif s.kind == "text":
        (x, y), = pts
        anchor = {"start": "lm", "end": "rm"}.get(s.anchor, "mm")
        draw.text((x, y), s.text, fill=_rgba(s.fill), font=_font(s.size * k, s.bold), anchor=anchor)


def render_png(view: SjgPicture, path: str | Path) -> Path:
    """Draw the view with Pillow and save it as a PNG at `path`."""
    path = Path(path)
    path.write_bytes(png_bytes(view))
    return path


def png_bytes(view: SjgPicture) -> bytes:
    """The view drawn with Pillow, as the bytes of a PNG file."""
    from PIL import Image, ImageDraw

    board: HexMap = view["board"]
    width, height = picture_size(board)
    k = PNG_SCALE
    image = Image.new("RGBA", (int(width * k), int(height * k)), _rgba(BG))
    draw = ImageDraw.Draw(image, "RGBA")
    for s in scene(view):
        _draw(draw, s, k)
    image = image.resize((int(width), int(height)), Image.Resampling.LANCZOS).convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


__all__ = ["png_bytes", "render_png", "render_svg", "render_terminal", "scene", "stack_label"]
