"""The standard judges' dislodged units and the parsing of the orders they judge (none for
an order a game already parsed: diplomacy/given.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from warjudge.core.events import OrderRefusal
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.orders import Order, parse_canonical, parse_order
from warjudge.diplomacy.report import VOID, OrderResult
from warjudge.diplomacy.units import Unit


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str | None
    via_convoy: bool = False   # a unit dislodged by a convoyed army may retreat there (DATC 6.H.11)


OrderItem: TypeAlias = str | Order | Given[Order]   # order text, a parsed order, or both (a game's)
Entry = tuple[str, OrderItem]               # (power, its order)


def parse_entries(entries: list[Entry], dmap: DipMap) -> list[OrderResult]:
    """Parse every entry; unparsable ones come back void with the reason, never raise."""
    out: list[OrderResult] = []
    append = out.append
    for power, item in entries:
        if type(item) is str:
            # canonical text (what bots and the legal-order lists write) straight to the fast reader
            order = parse_canonical(item, power, dmap)
            if order is not None:
                append(OrderResult(power, item, order))
                continue
        elif isinstance(item, Given):
            append(OrderResult(power, item.text, item.order))
            continue
        elif isinstance(item, Order):
            append(OrderResult(power, None, item))
            continue
        try:
            append(OrderResult(power, str(item), parse_order(item, power, dmap)))
        except OrderRefusal as exc:
            append(OrderResult(power, str(item), None, VOID, exc.event))
    return out
