"""The shapes of the Diplomacy family's views (issue 25): what `game.view` returns for
the standard game and for the Necromancer variant, so the maps, bots and pages that
read them are checked against the keys they really have. No `from __future__ import
annotations`: NotRequired must be seen at run time too (tests/core/test_view_shapes.py)."""

from typing import NotRequired, TypedDict

from warjudge.core.json_types import EventJson, OutcomeJson


class JudgedOrder(TypedDict):
    """One order of the last phase as judged: public once judged."""

    power: str
    order: str                 # canonical
    result: str                # succeeds | fails | void
    reason: str                # in English ('' if none); `why` is the same as a code
    why: EventJson | None
    default: bool              # the judge supplied it (an unordered unit, civil disorder)


class LastPhase(TypedDict):
    phase: str
    results: list[JudgedOrder]


class DislodgedUnit(TypedDict):
    power: str
    unit: str                  # "A Par"
    attacker_from: str | None
    via_convoy: bool           # may retreat where the convoyed army came from (DATC 6.H.11)


class GivenOrder(TypedDict):
    """An order given this phase, hidden from the other powers until adjudicated."""

    power: str
    unit: str                  # the key the order stands under (a province, or "waive-1")
    order: str
    hidden_from: list[str]


class DiplomacyView(TypedDict):
    """The position, the last phase's results and this phase's orders so far (each
    power's marked hidden from the others until adjudicated)."""

    game: str
    variant: str
    phase: str
    units: dict[str, list[str]]
    supply_centers: dict[str, list[str]]
    dislodged: list[DislodgedUnit]
    standoffs: list[str]
    orders: list[GivenOrder]
    last_phase: LastPhase | None
    max_year: int | None
    outcome: OutcomeJson | None


class ReportLine(TypedDict):
    """One order of a Necromancer report as its reader may read it: another power's
    line may be partly written (`order`) or its result "unknown" (EN 7.8.2)."""

    power: str
    order: str
    result: str
    reason: str
    why: EventJson | None
    default: NotRequired[bool]          # present (True) only for an order the judge supplied


class DislodgedGroup(TypedDict):
    """Pieces dislodged together from one province (EN 4.2 xii)."""

    unit: str
    attacker_from: str
    also_forbidden: NotRequired[list[str]]   # an overrun Cavalry's second province (EN 7.6 iii)
    retreats: NotRequired[list[str]]         # where it may retreat: for its power and the GM only


class ReportView(TypedDict):
    """A Necromancer phase report as one reader may read it (variants/necromancer/views.py)."""

    phase: str
    viewer: str
    next_phase: str
    orders: list[ReportLine]
    units: dict[str, list[str]]
    dislodged: dict[str, list[DislodgedGroup]]
    standoffs: list[str]
    supply_centers: dict[str, list[str]]
    centres: dict[str, int]
    unit_counts: dict[str, int]
    eliminated: list[str]
    eriador_alive: bool
    neutralised: list[str]
    winner: str | None
    adjustments: NotRequired[dict[str, int]]
    victory_points: NotRequired[dict[str, int]]
    hidden_from: NotRequired[list[str]]   # a copy in the game's view: who may not read it


class WrittenOrder(TypedDict):
    """A power's order so far this phase, hidden from the other powers: `written` marks
    one entered as text (the GM's), else it is a given order's text."""

    power: str
    order: str
    written: NotRequired[bool]
    hidden_from: list[str]


class Passed(TypedDict):
    """A power that has passed this phase (hidden from the others)."""

    power: str
    hidden_from: list[str]


class NecromancerView(TypedDict):
    """The phase, each power's orders so far and the last report per reader: "GM", each
    power and "public", each copy marked hidden from all who may not read it."""

    game: str
    edition: str
    alignment: bool
    phase: str
    max_year: int | None
    orders: list[WrittenOrder]
    passed: list[Passed]
    report: dict[str, ReportView]
    outcome: OutcomeJson | None
