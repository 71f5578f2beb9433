"""What a legal action forfeits (issue 24: no move whose cost is hidden): a unit lost by
declining to displace its friends, the moves given up by ending the Movement Phase, read
from the game's own pending choice and legal moves, so the page can mark it and ask first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from warjudge.hexwar.gondor_sauron.game import GondorSauronGame

Cost = dict[str, Any]


def action_cost(game: "GondorSauronGame", side: str, action: dict[str, Any]) -> list[Cost]:
    """Each thing `action` (one of `side`'s legal actions now) forfeits; empty if nothing."""
    if action == {"type": "decline"} and game.state.queue:
        return [_declined(game, game.state.queue[0])]
    if action == {"type": "end"} and not game.state.queue and game._phase().kind == "movement":
        return _unmoved(game, side)
    return []


def _declined(game: "GondorSauronGame", pending: Any) -> Cost:
    """7.61, 7.63: declining the displacement, the retreating unit cannot retreat: it is
    eliminated (7.23: a Leader-combat retreat flips it instead, if it can be flipped)."""
    unit = game.state.position.units[pending.unit]
    name = printed_name(unit.id)
    if pending.fallback == "flip" and not unit.disrupted and not unit.reduced and unit.reduced_side is not None:
        return {"what": "unit-flipped", "rule": "SPI 7.23", "hex": unit.hex, "units": [unit.id],
                "why": f"{name} does not retreat: it is flipped to its weaker side (SPI 7.23)"}
    return {"what": "units-lost", "rule": "SPI 7.63", "hex": unit.hex, "units": [unit.id],
            "why": f"{name} does not displace its friends and is eliminated instead (SPI 7.61, 7.63)"}


def printed_name(piece_id: str) -> str:
    """The piece as its counter names it, never its id (issue 24 finding 9; the page's
    hexwords.js pieceName words it alike): 'gondor-knights-10' -> 'Gondor Knights 10'."""
    return " ".join(w if i and w in ("of", "the") else w.capitalize() for i, w in enumerate(piece_id.split("-")))


def _unmoved(game: "GondorSauronGame", side: str) -> list[Cost]:
    """4.11: a piece's movement not used in its Movement Phase is lost."""
    could = sorted({str(a.get("piece", a.get("unit"))) for a in game.legal_actions(side)
                    if a["type"] in ("move", "split", "enter")})
    if not could:
        return []
    return [{"what": "units-unmoved", "rule": "SPI 4.11", "units": could,
             "why": f"{len(could)} piece{'s' if len(could) > 1 else ''} could still move or enter: ending the "
                    "phase leaves them where they are this turn (SPI 4.11)"}]
