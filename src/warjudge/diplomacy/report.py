"""What a judged phase reports, in every Diplomacy game: one report type and one result
per order, whatever the map.

A report names the phase, each order's result, the units dislodged and the provinces left
vacant by a standoff, the position the phase left (the start of the next phase) and the
powers it eliminated; a variant with Hidden Movement (the Necromancer's) adds what the
phase revealed and which order lines others may not read, and reads the report only
through its one visibility filter (views.player_view).

Phases stay two types, `phases.Phase` and the variant's `calendar.NPhase`: the calendars
differ in their fields (a standard phase has a season, S1901M; a Necromancer turn is a
TA year, 15 years after the last, TA2765M), in their text and in what parsing checks
(Winter has only adjustments; only years ending in 0 do), so the report is generic in
its phase, and likewise in its position and its dislodged units, which the variant's
Multiple Units and hidden pieces shape otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from warjudge.core.events import Event, english
from warjudge.diplomacy.orders import Order, format_order

SUCCEEDS, FAILS, VOID = "succeeds", "fails", "void"

PhaseT = TypeVar("PhaseT")
PositionT = TypeVar("PositionT")
DislodgedT = TypeVar("DislodgedT")
RevealT = TypeVar("RevealT")


@dataclass(slots=True)   # slots: a search makes tens of thousands a second (issue 26)
class OrderResult:
    power: str
    written: str | None       # what the player wrote, the default order's text, or None for
                              # an order given parsed (a search's): written out when first read
    order: Order | None = None  # the standard judge's parsed order (None when unparsable; the
                                # variant's judges keep the text only)
    result: str = SUCCEEDS    # succeeds | fails | void
    why: Event | None = None  # the reason, as a code (reasons.py) and parameters
    default: bool = False     # the judge supplied this order (an unordered unit, civil disorder)

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
    def void(self) -> str:
        """The reason in English when the order is void, else ''."""
        return self.reason if self.result == VOID else ""

    @property
    def canonical(self) -> str:
        return format_order(self.order) if self.order is not None else self.text

    def set_void(self, why: Event) -> None:
        self.result, self.why = VOID, why

    def set_failed(self, why: Event) -> None:
        self.result, self.why = FAILS, why


@dataclass
class PhaseReport(Generic[PhaseT, PositionT, DislodgedT, RevealT]):
    phase: PhaseT
    results: list[OrderResult]
    after: PositionT           # the position at the start of the next phase
    reveal: RevealT            # what the phase revealed of hidden units (None where nothing hides)
    dislodged: list[DislodgedT] = field(default_factory=list)   # movement phases: who was dislodged
    standoffs: set[str] = field(default_factory=set)            # movement phases: vacant bounce provinces
    eliminated: list[str] = field(default_factory=list)         # powers the phase put out of the game
    hidden_orders: set[int] = field(default_factory=set)        # lines others read only when revealed
