"""Orders drawn as Diplomacy sites draw them: a move (and each step of a Necromancer
Double Move) as an arrow, a support as a dotted line to the province it helps, a convoy
as a dash-dot line to the middle of the army's move, a hold as a ring; a failed or void
order dashed and crossed. The text is read by shape only (provinces in order, and the
H, S, C and '-' words), so both maps' canonical orders draw."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from collections.abc import Mapping, Sequence
from typing import Any

from warjudge.presentation.diplomacy_map.boards import Board
from warjudge.presentation.diplomacy_map.places import unit_point
from warjudge.presentation.diplomacy_map.style import power_colour

FAILED = ("fails", "void", "failed", "bounces")


@dataclass(frozen=True)
class OrderMark:
    order: str
    result: str
    svg: str


def order_marks(board: Board, lines: Sequence[Mapping[str, Any]]) -> list[OrderMark]:
    return [mark for line in lines if (mark := _mark(board, line)) is not None]


def _point(board: Board, token: str) -> tuple[float, float] | None:
    province, _, coast = token.partition("/")
    if province not in board.places:
        return None
    return unit_point(board, province, coast or None)


def _mark(board: Board, line: Mapping[str, Any]) -> OrderMark | None:
    text, result = str(line.get("order", "")), str(line.get("result", ""))
    tokens = text.split()
    if not tokens or tokens[0] in ("Build", "Waive") or tokens[-1] == "D":
        return None
    points = [p for t in tokens if (p := _point(board, t)) is not None]
    if not points:
        return None
    colour = power_colour(str(line.get("power", "")))
    failed = result in FAILED
    parts = []
    if "S" in tokens and len(points) >= 2:
        aim = points[1] if len(points) == 2 else _middle(points[1], points[2])
        parts.append(_line(points[0], aim, colour, "2,4", arrow=False, failed=failed))
    elif "C" in tokens and len(points) >= 3:
        parts.append(_line(points[0], _middle(points[1], points[2]), colour, "8,3,2,3", arrow=False, failed=failed))
    elif ("-" in tokens or "R" in tokens) and len(points) >= 2:
        for a, b in zip(points, points[1:]):
            parts.append(_line(a, b, colour, "8,4" if failed else "", arrow=True, failed=failed))
    else:
        x, y = points[0]
        dashed = ' stroke-dasharray="4,3"' if failed else ""
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" stroke="{colour}" stroke-width="2.5"'
                     f'{dashed}/>')
    return OrderMark(text, result, f'<g data-testid="order" data-order="{escape(text)}" '
                                   f'data-result="{escape(result)}" opacity="0.9">{"".join(parts)}</g>')


def _middle(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _line(a: tuple[float, float], b: tuple[float, float], colour: str, dash: str, *, arrow: bool,
          failed: bool) -> str:
    (x1, y1), (x2, y2) = a, b
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    x1, y1 = x1 + 12 * dx, y1 + 12 * dy
    if arrow:
        x2, y2 = x2 - 13 * dx, y2 - 13 * dy
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    head = ' marker-end="url(#head)"' if arrow else ""
    out = (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="3.5"'
           f'{dashes}{head} stroke-linecap="round"/>')
    if failed:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out += (f'<path d="M{mx - 6:.1f},{my - 6:.1f} L{mx + 6:.1f},{my + 6:.1f} M{mx - 6:.1f},{my + 6:.1f} '
                f'L{mx + 6:.1f},{my - 6:.1f}" stroke="#d00000" stroke-width="3.5"/>')
    return out
