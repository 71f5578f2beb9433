"""What a Gondor & Sauron choice's wording needs from the seat's view, in no language: a
piece's printed name split into its words and number ('gondor-knights-10' -> words
('gondor', 'knights'), '10'), and the ratings its counter shows (combat units only)."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.view_types import CauldronJson, EngineJson, GondorView, LeaderJson, UnitJson

KIND_LETTER = {"infantry": "I", "cavalry": "C", "bowmen": "B", "beast": "X"}   # as render.py prints them


def name_parts(piece_id: str) -> tuple[tuple[str, ...], str]:
    words = piece_id.split("-")
    return (tuple(words[:-1]), words[-1]) if words[-1].isdigit() else (tuple(words), "")


def codes(view: GondorView) -> dict[str, str]:
    """Combat unit id -> its counter's printed code ('CD4X': kind letter and ratings)."""
    return {str(u.get("id")): KIND_LETTER.get(str(u.get("kind")), "") + str(u["ratings"])
            for u in view.get("units", []) if u.get("ratings")}


def piece_ids(view: GondorView) -> list[str]:
    """Every piece the view shows: combat units, Leaders, siege engines, cauldrons."""
    pieces: list[UnitJson | LeaderJson | EngineJson | CauldronJson] = [
        *view.get("units", []), *view.get("leaders", []), *view.get("engines", []), *view.get("cauldrons", [])]
    return [p["id"] for p in pieces]
