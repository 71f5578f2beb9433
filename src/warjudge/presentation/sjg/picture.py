"""What the SJG renderers draw, made from a player's interface view (`game.view(side)`,
already filtered) and the public map: the terminal, the CLI and the play server draw
from this and never from the game's state, so a picture holds nothing its viewer may not
see. The renderers' input keys (render.py's docstring) are filled from the view's."""

from __future__ import annotations

from typing import Any

from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.sjg.view_types import DemonJson, PieceJson, SjgPicture, SjgView, UnitJson


def picture(board: HexMap, view: SjgView) -> SjgPicture:
    """The renderer's input for `view` drawn on `board`. The viewer's own secret set-up in
    progress (SJG 9.1) is drawn, and the first decision owed."""
    miasma = view["miasma"]
    drafts: list[UnitJson | PieceJson] = [{"id": -1 - i, "kind": kind, "side": s["side"], "hex": h}
                                          for s in view["secrets"] if s["kind"] == "set-up"
                                          for i, (kind, h) in enumerate(s["placements"])]
    outcome = view["outcome"]
    demon: DemonJson | None = None
    if "demon_hidden" in miasma:
        demon = {"hex": miasma["demon"], "hidden": miasma["demon_hidden"]}
        if "demon_counter" in miasma:   # the full view only
            demon["counter"] = miasma["demon_counter"]["hex"]
    return {
        "board": board, "viewer": view["viewer"], "turn": view["turn"], "phasing": view["phasing"],
        "phase": view["phase"], "scenario": view["scenario"],
        "units": [*view["units"], *drafts], "jewels": view["jewels"],
        "miasma": miasma["hexes"], "demon": demon, "items": view["items"],
        "sides": view["sides"], "pending": _pending(view),
        "winner": outcome["winners"][0] if outcome and outcome["reason"] == "victory" else None,
        "outcome": outcome, "moved": view["recent_moves"], "events": view["events"],
    }


def _pending(view: SjgView) -> dict[str, Any] | None:
    """The first decision owed, as the side panel lists it (the view holds only what
    the viewer may know of it)."""
    decisions = view["decisions"]
    if not decisions or view["outcome"]:
        return None
    first = decisions[0]
    return {"player": first["player"], "kind": first["kind"], "accepts": first["accepts"], **first["info"]}


__all__ = ["picture"]
