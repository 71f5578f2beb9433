"""The parsing every Necromancer phase judge does before it judges (results: diplomacy/report.py)."""

from __future__ import annotations

from typing import Any, Iterator

from warjudge.core.events import OrderRefusal
from warjudge.diplomacy.report import OrderResult
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap
from warjudge.diplomacy.variants.necromancer.orders import parse_norder


def parsed(nmap: NecroMap, orders: list[tuple[str, str]], results: list[OrderResult]
           ) -> Iterator[tuple[OrderResult, Any]]:
    """Each order with its result record (appended to `results`); unparsable ones are
    recorded void with the parser's reason and not yielded."""
    for power, text in orders:
        r = OrderResult(power, text)
        results.append(r)
        try:
            yield r, parse_norder(text, power, nmap)
        except OrderRefusal as exc:
            r.set_void(exc.event)
