"""Set-ups in a few clicks (issue 24): a side's set-up drafted in full and checked unit by
unit with the engine's own placement rules (deploy.py), the rest filled in a named
formation or like an earlier set-up. Nothing here changes the game: the finished set-up
goes down as one `deploy`, which the engine checks again in full (9.1, 9.2).

The formations read only what the side may see: in the secret set-up (9.1) the enemy's
Necromancer on his skull hex, in the open one (9.2) every enemy unit."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.deploy import (Draft, draft_placements, hex_problem, legal_hexes, placement_problem, room,
                                        still_to_place, wanted)
from warjudge.hexwar.sjg.problems import problem, refusal
from warjudge.hexwar.sjg.state import other
from warjudge.hexwar.sjg.tables import UnitType

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame

# id -> the name a player reads; the order of the buttons
FORMATIONS = {"front": "Spread along the front", "massed": "Massed round the Necromancer",
              "rear": "Held back from the enemy"}
LIKE = "like"   # the fill that follows an earlier set-up, then spreads along the front


def checked_draft(game: "SjgNecromancerGame", side: str, placements: dict[str, list[str]]) -> Draft:
    """`placements` (hex -> kinds) as a draft, each unit checked in turn against the
    scenario and the units before it; the first that may not go there is refused."""
    draft: Draft = []
    for hex_, kinds in placements.items():
        for kind in kinds:
            if kind not in {k.value for k in UnitType}:
                raise refusal(problem("not_in_forces", kind=kind))
            found = placement_problem(game, side, kind, hex_, draft)
            if found:
                raise refusal(found)
            draft.append((kind, hex_))
    return draft


def _enemy_hexes(game: "SjgNecromancerGame", side: str) -> list[str]:
    """The enemy units the side may see now (9.1: only his Necromancer, on his skull)."""
    pos, enemy = game.state.position, other(side)
    if game.scenario.deploy_order:
        return sorted(u.hex for u in pos.side_units(enemy) if u.hex)
    necromancer = pos.necromancer(enemy)
    return [necromancer.hex] if necromancer and necromancer.hex else []


def _order(game: "SjgNecromancerGame", side: str, formation: str) -> Callable[[str, int], tuple[Any, ...]]:
    """The formation as a sort key of a legal hex (and the units already there): the unit
    goes to the hex with the smallest key."""
    enemies = _enemy_hexes(game, side)
    to_enemy = {h: min((distance(h, e) for e in enemies), default=0) for h in room(game, side)}
    own = game.state.position.necromancer(side)
    home = own.hex if own and own.hex else None
    if formation == "front":       # one unit a hex, nearest the enemy first, before any hex takes a second
        return lambda h, n: (n, to_enemy[h], h)
    if formation == "massed":      # full stacks, nearest the Necromancer (or the enemy) first
        return lambda h, n: (distance(h, home) if home else to_enemy[h], h)
    return lambda h, n: (-to_enemy[h], h)   # rear: full stacks, farthest from the enemy first


def _units_left(game: "SjgNecromancerGame", side: str, draft: Draft) -> list[str]:
    """The kinds still to place, one entry a unit, taken round the kinds in turn so each
    part of a formation gets a mix (the Necromancer first where he is to be placed)."""
    left = still_to_place(game, side, draft)
    kinds = sorted(left, key=lambda k: (k != UnitType.NECROMANCER.value, k))
    units: list[str] = []
    while +left:
        for kind in kinds:
            if left[kind] > 0:
                units.append(kind)
                left[kind] -= 1
    return units


def filled(game: "SjgNecromancerGame", side: str, draft: Draft, formation: str,
           like: Draft | None = None) -> Draft:
    """The draft with the rest of the side's units placed: first where `like` put each
    kind (where that is still legal), then in `formation`; a unit no legal hex takes is
    left to place by hand."""
    draft, hexes = list(draft), room(game, side)
    inside = set(hexes)

    def fits(kind: str, hex_: str, left: Counter[str], placed: dict[str, list[str]]) -> bool:
        """`left` and `placed`: what is left and placed after `draft`, worked out once for
        all the hexes a unit tries (each time for each hex cost most of a plan)."""
        return left[kind] > 0 and hex_problem(game, side, kind, hex_, placed.get(hex_, []), inside) is None

    for kind, hex_ in like or []:
        if fits(kind, hex_, still_to_place(game, side, draft), draft_placements(game, side, draft)):
            draft.append((kind, hex_))
    key = _order(game, side, formation)
    for kind in _units_left(game, side, draft):
        here, left, placed = Counter(h for _, h in draft), still_to_place(game, side, draft), \
            draft_placements(game, side, draft)
        best = next((h for h in sorted(hexes, key=lambda h: key(h, here[h])) if fits(kind, h, left, placed)), None)
        if best is not None:
            draft.append((kind, best))
    return draft


def setup_plan(game: "SjgNecromancerGame", side: str, placements: dict[str, list[str]],
               fill: str | None = None, like: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The side's set-up `placements` checked (and, with `fill`, completed: a formation's
    id, or "like" to follow `like`'s placements first): what is placed, what is left, the
    set-up zone, the hexes each kind left may go to next, and the `deploy` that sends it
    once complete. Refused as a whole if a placement breaks the rules; changes nothing."""
    if fill is not None and fill not in (*FORMATIONS, LIKE):
        raise refusal(problem("unknown_formation", formation=fill, known=[*FORMATIONS, LIKE]))
    draft = checked_draft(game, side, placements)
    if fill is not None:
        earlier = [(k, h) for h, ks in (like or {}).items() for k in ks] if fill == LIKE else None
        draft = filled(game, side, draft, "front" if fill == LIKE else fill, earlier)
    left = still_to_place(game, side, draft)
    done = draft_placements(game, side, draft)
    return {"placements": done, "wanted": dict(sorted(wanted(game, side).items())),
            "left": {k: n for k, n in sorted(left.items()) if n > 0}, "zone": room(game, side),
            "legal": legal_hexes(game, side, draft),
            "formations": [{"id": f, "name": n} for f, n in FORMATIONS.items()],
            "deploy": None if +left else {"type": "deploy", "side": side, "placements": done}}
