"""The actions every simultaneous-orders game takes, as records of its game record."""

from __future__ import annotations

import copy
from typing import Any

from warjudge.core.errors import InputError


MAX_ORDERS = 500        # far more than any power has units
MAX_ORDER_TEXT = 1000   # an order is a line; the parsers refuse long ones with a reason


class ActionGame:
    """Mixin: `set_orders`, `process` and `draw` become actions handed to `apply`, so a
    game is exactly its record. Subclasses define `apply`, `state.phase` and `history`."""

    def set_orders(self, power: str, orders: list[str]) -> None:
        """Replace `power`'s orders for the current phase (checked when adjudicated)."""
        self.apply({"type": "orders", "phase": str(self.state.phase), "power": power, "orders": list(orders)})

    def process(self):
        self.apply({"type": "process", "phase": str(self.state.phase)})
        return self.history[-1]

    def order_problems(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """(order, reason) for each of `power`'s orders that would be void if the phase were
        adjudicated now: the phase is judged on a copy, so nothing here changes."""
        powers = list(self.powers)
        if power not in powers:
            raise InputError(f"unknown power {power!r}; powers are {', '.join(powers)}")
        if power not in self.survivors():
            raise InputError(f"{power} has been eliminated: it gives no more orders "
                             f"(the powers still playing are {', '.join(self.survivors())})")
        trial = copy.deepcopy(self)
        trial.set_orders(power, orders)
        report = trial.process()
        return [(r.text, r.reason) for r in report.results if r.power == power and r.result == "void"]

    def draw(self, powers: list[str]) -> None:
        """End the game in a draw shared by every surviving power."""
        self.apply({"type": "draw", "phase": str(self.state.phase), "powers": sorted(powers)})


def checked_orders(action: dict[str, Any], powers) -> tuple[str, list[str]]:
    """The (power, orders) of an 'orders' action, or InputError with the reason."""
    power, orders = action.get("power"), action.get("orders")
    if power not in powers:
        raise InputError(f"unknown power {power!r}; powers are {', '.join(powers)}")
    if not isinstance(orders, list) or not all(isinstance(o, str) for o in orders):
        raise InputError("orders must be a list of strings")
    if len(orders) > MAX_ORDERS or any(len(o) > MAX_ORDER_TEXT for o in orders):   # bounded before any work
        raise InputError(f"at most {MAX_ORDERS} orders of at most {MAX_ORDER_TEXT} characters for one power")
    return power, list(orders)
