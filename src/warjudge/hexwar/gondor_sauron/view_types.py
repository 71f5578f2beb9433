"""The shape of a Gondor & Sauron view (issue 25): what `game.view` returns, so the
renderers, bots and pages that read it are checked against the keys it really has."""

from __future__ import annotations

from typing import Any, Literal, TypedDict


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
    units: list[dict[str, Any]]        # combat units, with their printed ratings
    leaders: list[dict[str, Any]]
    engines: list[dict[str, Any]]
    cauldrons: list[dict[str, Any]]    # what lies under each is hidden from Sauron
    pedestal: dict[str, str] | None
    breached: list[list[str]]          # wall hexsides breached (SPI 6.13), a pair of hexes each
    waiting: list[str]
    to_come: list[str]
    spells_on: dict[str, list[str]]
    losses: dict[str, int]             # demoralization points each side has lost (SPI 9.2)
    levels: dict[str, int]
    demoralized: list[str]
    eliminated: list[str]
    events: list[dict[str, Any]]
    pending: list[dict[str, Any]]


PieceList = Literal["units", "leaders", "engines"]
ON_THE_MAP: tuple[PieceList, ...] = ("units", "leaders", "engines")   # the lists of pieces that stand on hexes
