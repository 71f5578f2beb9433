"""The map check: can a player see every adjacency of the map file on the picture, and
does the picture show no border the map file lacks?

An adjacency is seen when the two regions share a border at least MIN_BORDER cells long
(shorter ones are a dot at a corner, not a border a player can read) or when the layout
draws it as a crossing (a strait). Two non-adjacent provinces must not touch at all;
impassable areas (Switzerland) touch anything (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

from warjudge.presentation.diplomacy_map.boards import Board, board_for
from warjudge.presentation.diplomacy_map.tessellation import GAP, Regions, regions_of, shared_edges

MIN_BORDER = 3   # cells


def check_map(map_or_id: Any, layout: dict[str, Any] | None = None) -> list[str]:
    """Every problem of the picture of this map (empty: it passes), all at once. Run it on
    your own map: `check_map(load_map("mine.json"), layout=json.load(open("layout.json")))`."""
    board = board_for(map_or_id, layout)
    return picture_problems(board, regions_of(board))


def picture_problems(board: Board, regions: Regions) -> list[str]:
    """The problems of these regions as a picture of this board's adjacencies."""
    labels = regions.labels
    lengths = {frozenset((labels[a], labels[b])): len(edges)
               for (a, b), edges in shared_edges(regions).items() if a != GAP and a != b}
    problems = []
    for pair, kind in sorted(board.borders.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(pair)
        if pair in board.crossings:
            continue
        length = lengths.get(pair, 0)
        if length < MIN_BORDER:
            problems.append(f"{a}-{b} ({kind}) are adjacent but their regions "
                            + ("do not touch" if length == 0 else f"share only {length} cell(s) of border"))
    impassable = {p.id for p in board.impassable}
    for pair, length in sorted(lengths.items(), key=lambda item: sorted(item[0])):
        if pair not in board.borders and not pair & impassable:
            a, b = sorted(pair)
            problems.append(f"{a}-{b} share a border ({length} cells) but are not adjacent")
    for pair in sorted(board.crossings - set(board.borders), key=sorted):
        problems.append(f"crossing {'-'.join(sorted(pair))} is drawn but the map has no such adjacency")
    present = set(regions.owner)
    for i, label in enumerate(labels):
        if i not in present:
            problems.append(f"{label} has no region at all")
    return problems
