"""What the Diplomacy games (standard and the Necromancer variant) share about actions:
the checks every `act` starts with, the games master's process and draw, and whole order
lists."""

from __future__ import annotations

from typing import Any, Sequence

from warjudge.core.errors import InputError
from warjudge.core.events import Refusal
from warjudge.core.game import GM
from warjudge.core.games import Option


MAX_ORDERS = 500        # far more than any power has units
MAX_ORDER_TEXT = 1000   # an order is a line; the parsers refuse long ones with a reason
DRAFTS_OPTION = Option("drafts", "bool", "orders stay drafts until the phase is processed: a power may change "
                       "them after giving them all (the play server sets it: every seat ready, or the deadline)",
                       False)
GM_ADJUDICATES = Option("gm_adjudicates", "bool", "phases wait for the games master's 'process'", False,
                        label="Games master adjudicates")


def checked_orders(action: dict[str, Any], powers: Sequence[str]) -> tuple[str, list[str]]:
    """The (power, orders) of an 'orders' action, or InputError with the reason."""
    power, orders = action.get("power"), action.get("orders")
    if not isinstance(power, str) or power not in powers:
        raise InputError(f"unknown power {power!r}; powers are {', '.join(powers)}")
    if not isinstance(orders, list) or not all(isinstance(o, str) for o in orders):
        raise InputError("orders must be a list of strings")
    if len(orders) > MAX_ORDERS or any(len(o) > MAX_ORDER_TEXT for o in orders):   # bounded before any work
        raise InputError(f"at most {MAX_ORDERS} orders of at most {MAX_ORDER_TEXT} characters for one power")
    return power, list(orders)


def check_actor(game: Any, player: str, action: Any, powers: Sequence[str]) -> None:
    """The checks every Diplomacy `act` starts with: a JSON object, a game not over, and a
    power that owes orders now (the games master's actions are checked by the game)."""
    if not isinstance(action, dict):
        raise Refusal("dip.act.not_object")
    if game.is_over:
        raise Refusal("dip.act.over", outcome=game.outcome_text())
    if player != GM and player not in game.to_act():
        raise Refusal("dip.act.nothing_to_order", power=player, phase=str(game.state.phase)) if player in powers \
            else Refusal("dip.act.unknown_player", player=str(player)[:80], powers=list(powers))


def gm_process_or_draw(game: Any, action: dict[str, Any]) -> bool:
    """The games master's `process` (adjudicate now) or `draw` (exactly the survivors), the
    same in both Diplomacy games; False, with nothing done, for any other action."""
    kind = action.get("type")
    if kind == "process" and set(action) == {"type"}:
        game.record.append({"player": GM, "type": "process"})
        game._adjudicate()
        game._advance()
        return True
    if kind == "draw" and set(action) == {"type", "powers"}:
        game.drawn = checked_draw(action, game.survivors())
        game.record.append({"player": GM, "type": "draw", "powers": game.drawn})
        return True
    return False


def checked_draw(action: dict[str, Any], survivors: list[str]) -> list[str]:
    """The powers of the games master's `draw` action: exactly the surviving powers."""
    powers = action["powers"]
    if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers) or sorted(powers) != survivors:
        raise Refusal("dip.act.draw_survivors", powers=list(survivors))
    return sorted(powers)
