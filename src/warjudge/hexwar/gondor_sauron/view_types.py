"""The shape of a Gondor & Sauron view (issue 25): what `game.view` returns, so the
renderers, bots and pages that read it are checked against the keys it really has. No
`from __future__ import annotations`: NotRequired must be seen at run time too
(tests/core/test_view_shapes.py)."""

from typing import Any, Literal, NotRequired, TypedDict


class UnitJson(TypedDict):
    """A combat unit with its printed ratings (melee, missile, armour, morale: "4a35")."""

    id: str
    side: str
    nationality: str
    kind: str                  # infantry or cavalry (4.13)
    hex: str
    ratings: str               # the side face up: reduced once flipped (7.33)
    reduced: bool
    disrupted: bool            # 7.57
    formation: str | None      # its partner in a formation (8.4)


class LeaderJson(TypedDict):
    id: str
    side: str
    hex: str
    rally: int
    magic: int | None          # a Magic Leader's capability points (8.51)


class EngineJson(TypedDict):
    id: str
    side: str
    kind: str                  # catapult, siege_tower, ladder
    hex: str


class UnderCauldron(TypedDict):
    dummy: bool
    oil: int
    hidden_from: list[str]     # Sauron's side


class CauldronJson(TypedDict):
    """A cauldron both sides see; what lies under it only Westernesse ([BB-G])."""

    id: str
    side: str
    hex: str
    poured: int
    under: NotRequired[UnderCauldron]   # redacted from Sauron's view


class PedestalJson(TypedDict):
    leader: str
    hex: str


class PendingJson(TypedDict):
    """A choice the rules force in the middle of a phase."""

    kind: str                  # retreat, advance, evade
    side: str
    unit: str


class GondorView(TypedDict):
    """Every piece on the map, the turn's progress and the demoralization tallies; what
    lies under the cauldrons carries `hidden_from` (redacted for Sauron's side)."""

    game: str
    scenario: str
    turn: int
    last_turn: int                     # the scenario's last Game-Turn, or an earlier one agreed (max_turns)
    phase: str
    phase_title: str
    night: bool                        # SPI 10.0
    stage: str                         # the Combat Phase's step: missile, leader, melee (SPI 7.16)
    to_act: list[str]
    units: list[UnitJson]
    leaders: list[LeaderJson]
    engines: list[EngineJson]
    cauldrons: list[CauldronJson]      # what lies under each is hidden from Sauron
    pedestal: PedestalJson | None
    breached: list[list[str]]          # wall hexsides breached (SPI 6.13), a pair of hexes each
    waiting: list[str]
    to_come: list[str]
    spells_on: dict[str, list[str]]
    losses: dict[str, int]             # demoralization points each side has lost (SPI 9.2)
    levels: dict[str, int]
    demoralized: list[str]
    eliminated: list[str]
    events: list[dict[str, Any]]       # the last 50: turn, phase, event and its facts (each event its own)
    pending: list[PendingJson]


PieceList = Literal["units", "leaders", "engines"]
ON_THE_MAP: tuple[PieceList, ...] = ("units", "leaders", "engines")   # the lists of pieces that stand on hexes
