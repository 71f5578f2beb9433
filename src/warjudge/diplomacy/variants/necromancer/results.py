"""The parsing every Necromancer phase judge does before it judges (results: diplomacy/report.py);
none for an order the game parsed when it was given (diplomacy/given.py)."""

from __future__ import annotations

from typing import Any, Iterator, Sequence, TypeAlias

from warjudge.core.events import OrderRefusal
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.report import OrderResult
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap
from warjudge.diplomacy.variants.necromancer.orders import NOrder, Waive, parse_norder

NEntry: TypeAlias = tuple[str, "str | Given[NOrder | Waive]"]   # (power, order text, or as given to the game)


def parsed(nmap: NecroMap, orders: Sequence[NEntry], results: list[OrderResult]
           ) -> Iterator[tuple[OrderResult, Any]]:
    """Each order with its result record (appended to `results`); unparsable ones are
    recorded void with the parser's reason and not yielded."""
    for power, item in orders:
        if isinstance(item, Given):
            r = OrderResult(power, item.text)
            results.append(r)
            yield r, item.order
            continue
        r = OrderResult(power, item)
        results.append(r)
        try:
            yield r, parse_norder(item, power, nmap)
        except OrderRefusal as exc:
            r.set_void(exc.event)
