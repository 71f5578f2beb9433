"""An order a Diplomacy game accepted: its canonical text, which the record and the views
keep, beside the order as `act` parsed and checked it, which the judge reads. So an
order is parsed once (issue 25 point 8), not again when its phase is judged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

OrderT = TypeVar("OrderT")


@dataclass(frozen=True, slots=True)
class Given(Generic[OrderT]):
    text: str       # canonical: what the record, the views and the report show
    order: OrderT   # the same order parsed (diplomacy/orders.py, or the variant's)
