"""What the Diplomacy games share about orders entered as whole lists: their bounds and checks."""

from __future__ import annotations

from typing import Any

from warjudge.core.errors import InputError


MAX_ORDERS = 500        # far more than any power has units
MAX_ORDER_TEXT = 1000   # an order is a line; the parsers refuse long ones with a reason


def checked_orders(action: dict[str, Any], powers) -> tuple[str, list[str]]:
    """The (power, orders) of an 'orders' action, or InputError with the reason."""
    power, orders = action.get("power"), action.get("orders")
    if not isinstance(power, str) or power not in powers:
        raise InputError(f"unknown power {power!r}; powers are {', '.join(powers)}")
    if not isinstance(orders, list) or not all(isinstance(o, str) for o in orders):
        raise InputError("orders must be a list of strings")
    if len(orders) > MAX_ORDERS or any(len(o) > MAX_ORDER_TEXT for o in orders):   # bounded before any work
        raise InputError(f"at most {MAX_ORDERS} orders of at most {MAX_ORDER_TEXT} characters for one power")
    return power, list(orders)
