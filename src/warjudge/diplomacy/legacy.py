"""Records written before the one game interface: actions {"type": "orders", "phase",
"power", "orders": [...]}, {"type": "process", "phase"} and {"type": "draw", "phase",
"powers"}. They are replayed as the judge read them then, through today's atomic actions
(docs/rulings.md, "Old Diplomacy records"): each power's last list of orders counts; the
first order naming a unit is the unit's order, later ones are void; a void order is left
out, so the unit takes the default the judge gave a void order (hold, disband, civil
disorder). The game becomes a new-format record of the same game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from warjudge.core.errors import IllegalAction, InputError, OrderError, RecordError
from warjudge.core.game import GM
from warjudge.diplomacy.actions import checked_orders
from warjudge.diplomacy.orders import parse_order
from warjudge.diplomacy.phases import ADJUSTMENT, MOVEMENT

if TYPE_CHECKING:
    from warjudge.diplomacy.game import DiplomacyGame


def replay_legacy(game: DiplomacyGame, actions: Sequence[dict[str, Any]]) -> DiplomacyGame:
    pending: dict[str, list[str]] = {}
    for index, action in enumerate(actions):
        try:
            if action.get("phase") != str(game.state.phase):
                raise InputError(f"the game is in {game.state.phase}, not {action.get('phase')}")
            kind = action.get("type")
            if kind == "orders":
                power, orders = checked_orders(action, game.map.powers)
                pending[power] = orders
            elif kind == "process":
                for power in game.map.powers:
                    _enter(game, power, pending.get(power, []))
                game.act(GM, {"type": "process"})
                pending = {}
            elif kind == "draw":
                game.act(GM, {"type": "draw", "powers": action.get("powers")})
            else:
                raise InputError(f"unknown action type {kind!r}")
        except (InputError, IllegalAction) as exc:
            raise RecordError(f"action {index} cannot be replayed: {exc}") from None
    return game


def _enter(game: DiplomacyGame, power: str, texts: list[str]) -> None:
    """`power`'s orders as the old judge read them: the first order naming a unit is its order."""
    if power not in game.to_act():
        return
    named: set[str] = set()
    for text in texts:
        try:
            order = parse_order(text, power, game.map)
        except OrderError:
            continue
        if game.state.phase.kind != ADJUSTMENT:
            key = order.province
            if _owns(game, power, key):
                if key in named:
                    continue
                named.add(key)
        try:
            game.act(power, {"type": "order", "order": text})
        except IllegalAction:
            continue


def _owns(game: DiplomacyGame, power: str, province: str) -> bool:
    if game.state.phase.kind == MOVEMENT:
        unit = game.state.units.get(province)
        return unit is not None and unit.power == power
    return any(d.unit.province == province and d.unit.power == power for d in game.state.dislodged)
