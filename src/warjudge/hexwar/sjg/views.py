"""What each player may see of an SJG Necromancer game.

The secrets the rules keep: the set-up (9.1: "deployed secretly (use a screen)") until
both sides have deployed; the items a player chose (10.5) until both have chosen; the
power of a Jewel until it reaches a Necromancer (8.1), which the engine does not even
roll before then; and which face-down Miasma counter hides the demon (10.4), which no
player sees until a search turns it over. Everything else on the table is open. A view
is a plain dict built from scratch, so nothing hidden can ride along.
"""

from __future__ import annotations

from typing import Any

from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.state import SIDES
from warjudge.hexwar.sjg.tables import UnitType
from warjudge.hexwar.sjg.view_types import DemonJson, ItemJson, MailedView, PieceJson, SideJson, UnitJson


def view(game: SjgNecromancerGame, side: str | None = None) -> MailedView:
    """The game as `side` sees it; None is the games master's (or a replay's) full view."""
    if side is not None and side not in SIDES:
        raise ValueError(f"no side {side!r}; the sides are red and black")
    pos = game.state.position
    screened = _screened(game, side)
    units: list[UnitJson | PieceJson] = [{"id": u.id, "kind": u.kind.value, "side": u.side, "hex": u.hex}
             for u in sorted(pos.units.values(), key=lambda u: u.id)
             if u.side not in screened or u.kind == UnitType.NECROMANCER]
    pending = game.pending
    return {
        "board": pos.board,
        "viewer": side,
        "turn": game.state.turn,
        "phasing": game.state.phasing,
        "phase": game.phase,
        "scenario": game.scenario.name,
        "units": units,
        "jewels": [{"id": j.id, "hex": j.hex, "delivered_to": j.delivered_to, "effect": j.effect}
                   for j in pos.jewels.values() if j.hex is not None or j.delivered_to is not None],
        "miasma": sorted(pos.miasma.hexes),
        "demon": _demon(game, side),
        "items": _items(game, screened),
        "sides": {s: _side(game, s) for s in SIDES},
        "pending": _pending(pending, side, screened) if pending else None,
        "winner": game.state.winner,
        "outcome": outcome.to_json() if (outcome := game.outcome()) else None,
        "hidden": sorted(screened),
        "choices": _choices_seen(game, side),
        "moved": [] if screened else game.recent_moves(),
        "events": [e.to_json() for e in game.events if side not in e.hidden_from],
    }


def _screened(game: SjgNecromancerGame, side: str | None) -> set[str]:
    """Sides whose units the viewer may not see yet: during a simultaneous set-up, the
    other side's deployment (a Necromancer on his skull hex is public)."""
    if side is None or not game.pending or game.pending.kind != "deploy" or game.scenario.deploy_order:
        return set()
    return {s for s in SIDES if s != side and s in game.state.deployed}


def _choices_seen(game: SjgNecromancerGame, side: str | None) -> dict[str, list[str]]:
    """10.5: a choice stays behind the screen until both are in (then the game has
    granted them and cleared `choices`)."""
    return {s: list(c) for s, c in game.state.choices.items() if side is None or s == side}


def _demon(game: SjgNecromancerGame, side: str | None) -> DemonJson | None:
    """10.4: where the unleashed demon is; its hidden counter only in the full view."""
    if "miasma_demon" not in game.options.optional:
        return None
    m = game.state.position.miasma
    out: DemonJson = {"hex": m.demon, "hidden": m.demon_counter is not None}
    if side is None:
        out["counter"] = m.demon_counter
    return out


def _items(game: SjgNecromancerGame, screened: set[str]) -> list[ItemJson]:
    """Items in play (10.55-10.58): who holds each and where; an item held behind the
    set-up screen is left out with its holder."""
    pos, out = game.state.position, list[ItemJson]()
    for item in sorted(pos.items.values(), key=lambda i: i.id):
        holder = pos.units.get(item.holder) if item.holder is not None else None
        if holder is not None and holder.side in screened:
            continue
        out.append({"id": item.id, "holder": item.holder, "hex": holder.hex if holder else item.hex,
                    "side": holder.side if holder else None})
    return out


def _side(game: SjgNecromancerGame, s: str) -> SideJson:
    data = game.state.position.sides[s]
    return {"cp": data.cp, "count": data.count, "column": data.column.label,
            "crystal_ball": data.crystal_ball, "extra_jewels": list(data.extra_jewels),
            "free_attempts": data.free_attempts, "necromancer_mp": data.necromancer_mp,
            "zombie_mp": data.zombie_mp, "skeleton_bonus": data.skeleton_bonus,
            "wraith_phases": data.wraith_phases, "necromancer_halved": data.necromancer_halved}


def _pending(decision: Decision, side: str | None, screened: set[str]) -> dict[str, Any]:
    out = decision.describe()
    if screened and decision.player != side:
        out = {k: out[k] for k in ("player", "kind", "accepts")}
    return out

