"""The shapes of an SJG Necromancer view (issue 25): what `game.view` returns, so the
renderers, bots and pages that read it are checked against the keys it really has. No
`from __future__ import annotations`: NotRequired must be seen at run time too
(tests/core/test_view_shapes.py)."""

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from warjudge.core.json_types import EventJson, OutcomeJson

if TYPE_CHECKING:
    from warjudge.hexwar.hexmap import HexMap


class BoardId(TypedDict):
    name: str
    sha256: str


class DecisionJson(TypedDict):
    """A decision owed (hexwar/decisions.py)."""

    player: str
    kind: str
    accepts: list[str]
    info: dict[str, Any]        # the decision's facts, free in shape: each kind its own (docs/interface.md)


class PieceJson(TypedDict):
    """A unit where it stands: a mailed view's, or a draft of the viewer's own set-up."""

    id: int                     # a draft's is negative
    kind: str
    side: str
    hex: str


class UnitJson(PieceJson):
    """A unit in the interface view: its counter's figures this turn (3.1, 4.1, 5.2) and
    the hexes its zone of control reaches (4.3)."""

    direct: int
    indirect: int
    defence: int
    movement: int
    resistance: int | None      # None: no conversion can take it (5.2, 10.52-10.54)
    zone: list[str]
    hidden_from: NotRequired[list[str]]   # behind the set-up screen (9.1)


class JewelJson(TypedDict):
    id: str
    hex: str | None
    delivered_to: str | None
    effect: str | None          # its power: rolled only once it reaches a Necromancer (8.1)


class ItemJson(TypedDict):
    id: str
    holder: int | None
    hex: str | None
    side: str | None
    hidden_from: NotRequired[list[str]]   # held behind the set-up screen (9.1)


class DemonCounter(TypedDict):
    hex: str
    hidden_from: list[str]      # face down: nobody knows which counter it is (10.4)


class MiasmaJson(TypedDict):
    hexes: list[str]
    centre: str | None
    searched_out: list[str]
    jewels_found: int
    demon: str | None           # where the unleashed demon is (10.4)
    jewels_left: int            # how many Jewels the Miasma still hides (8.4)
    demon_counter: NotRequired[DemonCounter]
    demon_hidden: NotRequired[bool]       # with the Miasma demon rule: still face down (public)


class SideJson(TypedDict):
    """A side's tallies: conversion points, the Conversion Track's column, Jewel bonuses."""

    cp: int
    count: int
    column: str
    crystal_ball: bool
    extra_jewels: list[str]
    free_attempts: int
    necromancer_mp: int
    zombie_mp: int
    skeleton_bonus: int
    wraith_phases: int
    necromancer_halved: int


class ChoiceSecret(TypedDict):
    """The items a side chose, behind the screen until both have chosen (10.5)."""

    kind: Literal["choice"]
    side: str
    items: list[str]
    hidden_from: list[str]


class SetUpSecret(TypedDict):
    """A side's set-up so far, behind the screen (9.1): (kind, hex) each."""

    kind: Literal["set-up"]
    side: str
    placements: list[list[str]]
    hidden_from: list[str]


class DemonJson(TypedDict):
    """The demon as the renderers draw it (10.4): the counter's hex only in the full view."""

    hex: str | None
    hidden: bool
    counter: NotRequired[str | None]


class SjgView(TypedDict):
    """What `view` returns: JSON only, the board by id. In the full view (viewer None)
    every object some side may not see carries `hidden_from`."""

    game: str
    viewer: str | None
    board: BoardId
    scenario: str
    options: dict[str, Any]
    turn: int
    phasing: str
    phase: str
    to_act: list[str]
    decisions: list[DecisionJson]
    units: list[UnitJson]
    jewels: list[JewelJson]
    items: list[ItemJson]
    miasma: MiasmaJson
    sides: dict[str, SideJson]
    secrets: list[ChoiceSecret | SetUpSecret]
    recent_moves: list[str]
    outcome: OutcomeJson | None
    events: list[EventJson]


class SjgPicture(TypedDict):
    """What the renderers draw (presentation/sjg/render.py): a view laid on the public
    map (presentation/sjg/picture.py), or the mailed view file's own format (views.py)."""

    board: "HexMap"
    viewer: str | None
    turn: int
    phasing: str | None
    phase: str | None
    scenario: str | None
    units: list[UnitJson | PieceJson]    # the mailed view's and the drafts: no figures
    jewels: list[JewelJson]
    miasma: list[str]
    demon: DemonJson | None
    items: list[ItemJson]
    sides: dict[str, SideJson]
    pending: dict[str, Any] | None       # the first decision owed, its facts beside it (free per kind)
    winner: str | None
    outcome: OutcomeJson | None
    moved: list[str]
    events: list[EventJson]
    lang: NotRequired[str]


class MailedView(SjgPicture):
    """The view a player is mailed (views.py, viewfile.py): the picture with what is
    still screened from him and the item choices he may see."""

    hidden: list[str]
    choices: dict[str, list[str]]
