"""What every phase judge reports back."""

from __future__ import annotations

from dataclasses import dataclass

from warjudge.core.events import Event, OrderRefusal, english
from warjudge.diplomacy.mapdata import DipMap
from warjudge.diplomacy.orders import Order, format_order, parse_canonical, parse_order
from warjudge.diplomacy.units import Unit

SUCCEEDS, FAILS, VOID = "succeeds", "fails", "void"


@dataclass
class OrderResult:
    power: str
    written: str | None       # what the player wrote, the default order's text, or None for
                              # an order given parsed (a search's): written out when first read
    order: Order | None       # None when the text could not be parsed
    result: str = SUCCEEDS    # succeeds | fails | void
    why: Event | None = None  # the reason, as a code (reasons.py) and parameters
    default: bool = False     # the judge supplied this order for an unordered unit

    @property
    def text(self) -> str:
        """The order as written (a parsed one in canonical form, made only if asked for:
        a search judges thousands of phases and reads few of their texts)."""
        if self.written is None:
            assert self.order is not None, "an order given parsed has its order"
            self.written = format_order(self.order)
        return self.written

    @property
    def reason(self) -> str:
        """The reason in English ('' if none), worded at the edge (wording_en.py)."""
        return english(self.why) if self.why is not None else ""

    @property
    def canonical(self) -> str:
        return format_order(self.order) if self.order is not None else self.text


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str | None
    via_convoy: bool = False   # a unit dislodged by a convoyed army may retreat there (DATC 6.H.11)


Entry = tuple[str, "str | Order"]  # (power, order text or parsed order)


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
        elif isinstance(item, Order):
            append(OrderResult(power, None, item))
            continue
        try:
            append(OrderResult(power, str(item), parse_order(item, power, dmap)))
        except OrderRefusal as exc:
            append(OrderResult(power, str(item), None, VOID, exc.event))
    return out
