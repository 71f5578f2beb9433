"""The set-up one unit at a time (9.1, 9.2, 10.52-10.54), for the game interface.

A whole set-up has astronomically many spellings, so the interface asks for it as a
sequence of `place` actions, each checked against what the side has placed so far; once
every unit is down the side sends the set-up as one `deploy` (choosing who holds each
item, 10.57), which the engine checks again in full (setup.deploy_problem).
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Any

from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.moves import mixes_mercenaries
from warjudge.hexwar.sjg.problems import Problem, problem
from warjudge.hexwar.sjg.setup import CONVERSION_SPACING, DEPLOY_RADIUS
from warjudge.hexwar.sjg.state import STACK_LIMIT
from warjudge.hexwar.sjg.tables import UnitType

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame


def wanted(game: "SjgNecromancerGame", side: str) -> Counter[str]:
    """Kind -> how many units the side sets up (the scenario's forces and its 10.5
    units; in the conversion scenario the Necromancer too)."""
    counts = Counter({k.value: n for k, n in game.scenario.forces[side].counts().items() if n})
    for kind, n in game.state.extra_units[side].items():
        counts[kind.value] += n
    if game.scenario.name != "standard":
        counts[UnitType.NECROMANCER.value] = 1
    return counts


Draft = list[tuple[str, str]]   # (kind, hex) in the order placed


def still_to_place(game: "SjgNecromancerGame", side: str, draft: Draft | None = None) -> Counter[str]:
    """What the side has left to set up after `draft` (default: its placements so far)."""
    return wanted(game, side) - Counter(k for k, _ in (game.state.drafts[side] if draft is None else draft))


def draft_placements(game: "SjgNecromancerGame", side: str, draft: Draft | None = None) -> dict[str, list[str]]:
    placements: dict[str, list[str]] = {}
    for kind, h in (game.state.drafts[side] if draft is None else draft):
        placements.setdefault(h, []).append(kind)
    return placements


def room(game: "SjgNecromancerGame", side: str) -> list[str]:
    """The hexes the scenario lets the side set up in (9.1 within 3 hexes of its
    Necromancer; 9.2 Black on the large level-4 plateau, Red 14+ hexes from Black)."""
    board, pos = game.state.position.board, game.state.position
    if game.scenario.name == "standard":
        skull = pos.necromancer(side)
        return [h for h in board.within(skull.hex, DEPLOY_RADIUS)] if skull else []
    if side == "black":
        return sorted(board.regions.get("large_level4_plateau", frozenset()))
    black = [u.hex for u in pos.side_units("black")]
    return [h for h in board.hexes if all(distance(h, b) > CONVERSION_SPACING for b in black)]


def placement_problem(game: "SjgNecromancerGame", side: str, kind: str, hex_: str,
                      draft: Draft | None = None) -> Problem | None:
    """Why `side` may not place a `kind` in `hex_` after `draft` (default: its placements
    so far) (None: it may)."""
    if still_to_place(game, side, draft)[kind] < 1:
        return problem("none_left_to_place", kind=kind)
    return hex_problem(game, side, kind, hex_, draft_placements(game, side, draft).get(hex_, []),
                        set(room(game, side)))


def legal_hexes(game: "SjgNecromancerGame", side: str, draft: Draft | None = None) -> dict[str, list[str]]:
    """Kind left to place -> the hexes where one may go next, after `draft` (default: the
    side's placements so far)."""
    left, placed = still_to_place(game, side, draft), draft_placements(game, side, draft)
    hexes = room(game, side)
    inside = set(hexes)
    return {kind: [h for h in hexes if hex_problem(game, side, kind, h, placed.get(h, []), inside) is None]
            for kind in sorted(+left)}


def hex_problem(game: "SjgNecromancerGame", side: str, kind: str, hex_: str, here: list[str],
                 room: set[str]) -> Problem | None:
    pos = game.state.position
    board = pos.board
    if hex_ not in board.hexes:
        return problem("off_map", hex=hex_)
    if board.terrain(hex_) == "monolith":
        return problem("monolith", hex=hex_)
    if any(u.side != side for u in pos.at(hex_)):
        return problem("enemy_there", hex=hex_)
    if kind != UnitType.NECROMANCER.value and sum(1 for k in here if k != UnitType.NECROMANCER.value) >= STACK_LIMIT:
        return problem("stack_limit", hex=hex_, limit=STACK_LIMIT)
    if mixes_mercenaries({UnitType(k) for k in [*here, kind]} | {u.kind for u in pos.at(hex_)}):
        return problem("mercenaries_mixed", hex=hex_)
    if hex_ not in room:
        if game.scenario.name == "standard":
            return problem("deploy_near_necromancer", hexes=[hex_], radius=DEPLOY_RADIUS)
        if side == "black":
            return problem("black_on_plateau", hexes=[hex_])
        return problem("red_too_near", hexes=[hex_], spacing=CONVERSION_SPACING)
    return None


def legal_placements(game: "SjgNecromancerGame", side: str) -> list[dict[str, Any]]:
    """Every legal next step of the side's set-up: a `place` per kind left and hex, or,
    once all are placed, the `deploy` of the set-up with each choice of item holders."""
    left = still_to_place(game, side)
    draft = draft_placements(game, side)
    if +left:
        return [{"type": "place", "side": side, "kind": kind, "hex": h}
                for kind, hexes in legal_hexes(game, side).items() for h in hexes]
    items = sorted(i for i, s in game.state.item_owner.items() if s == side)
    wizards = ["necromancer", *sorted(h for h, ks in draft.items() if UnitType.APPRENTICE.value in ks)]
    actions = []
    for choice in product(wizards, repeat=len(items)):
        holders = {i: w for i, w in zip(items, choice) if w != "necromancer"}
        actions.append({"type": "deploy", "side": side, "placements": draft, **({"holders": holders} if holders else {})})
    return actions
