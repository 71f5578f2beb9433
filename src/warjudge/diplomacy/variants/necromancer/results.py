"""What each Necromancer phase judge reports for an order, and the parsing they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from warjudge.core.events import Event, OrderRefusal, english
from warjudge.diplomacy.variants.necromancer.mapfile import NecroMap
from warjudge.diplomacy.variants.necromancer.orders import parse_norder


@dataclass
class NResult:
    power: str
    text: str
    result: str = "succeeds"   # succeeds | fails | void
    why: Event | None = None   # the reason, as a code (reasons.py) and parameters
    default: bool = False      # supplied by the judge (e.g. civil disorder)

    @property
    def reason(self) -> str:
        """The reason in English ('' if none), worded at the edge (wording_en.py)."""
        return english(self.why) if self.why is not None else ""

    @property
    def void(self) -> str:
        """The reason in English when the order is void, else ''."""
        return self.reason if self.result == "void" else ""

    def set_void(self, why: Event) -> None:
        self.result, self.why = "void", why

    def set_failed(self, why: Event) -> None:
        self.result, self.why = "fails", why


def parsed(nmap: NecroMap, orders: list[tuple[str, str]], results: list[NResult]) -> Iterator[tuple[NResult, Any]]:
    """Each order with its result record (appended to `results`); unparsable ones are
    recorded void with the parser's reason and not yielded."""
    for power, text in orders:
        r = NResult(power, text)
        results.append(r)
        try:
            yield r, parse_norder(text, power, nmap)
        except OrderRefusal as exc:
            r.set_void(exc.event)
