"""The shapes of the Diplomacy family's views (issue 25): what `game.view` returns for
the standard game and for the Necromancer variant, so the maps, bots and pages that
read them are checked against the keys they really have. No `from __future__ import
annotations`: NotRequired must be seen at run time too (tests/core/test_view_shapes.py)."""

from typing import Any, NotRequired, TypedDict


class LastPhase(TypedDict):
    phase: str
    results: list[dict[str, Any]]


class DiplomacyView(TypedDict):
    """The position, the last phase's results and this phase's orders so far (each
    power's marked hidden from the others until adjudicated)."""

    game: str
    variant: str
    phase: str
    units: dict[str, list[str]]
    supply_centers: dict[str, list[str]]
    dislodged: list[dict[str, Any]]
    standoffs: list[str]
    orders: list[dict[str, Any]]
    last_phase: LastPhase | None
    max_year: int | None
    outcome: dict[str, Any] | None


class ReportView(TypedDict):
    """A Necromancer phase report as one reader may read it (variants/necromancer/views.py)."""

    phase: str
    viewer: str
    next_phase: str
    orders: list[dict[str, Any]]
    units: dict[str, list[str]]
    dislodged: dict[str, list[dict[str, Any]]]
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


class NecromancerView(TypedDict):
    """The phase, each power's orders so far and the last report per reader: "GM", each
    power and "public", each copy marked hidden from all who may not read it."""

    game: str
    edition: str
    alignment: bool
    phase: str
    max_year: int | None
    orders: list[dict[str, Any]]
    passed: list[dict[str, Any]]
    report: dict[str, ReportView]
    outcome: dict[str, Any] | None
