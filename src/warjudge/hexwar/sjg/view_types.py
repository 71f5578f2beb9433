"""The shapes of an SJG Necromancer view (issue 25): what `game.view` returns, so the
renderers, bots and pages that read it are checked against the keys it really has. No
`from __future__ import annotations`: NotRequired must be seen at run time too
(tests/core/test_view_shapes.py)."""

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from warjudge.core.json_types import EventJson, OutcomeJson

if TYPE_CHECKING:
    from warjudge.hexwar.hexmap import HexMap


class BoardId(TypedDict):
    name: str
    sha256: str


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
    decisions: list[dict[str, Any]]
    units: list[dict[str, Any]]
    jewels: list[dict[str, Any]]
    items: list[dict[str, Any]]
    miasma: dict[str, Any]
    sides: dict[str, dict[str, Any]]
    secrets: list[dict[str, Any]]
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
    units: list[dict[str, Any]]
    jewels: list[dict[str, Any]]
    miasma: list[str]
    demon: dict[str, Any] | None
    items: list[dict[str, Any]]
    sides: dict[str, dict[str, Any]]
    pending: dict[str, Any] | None
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
