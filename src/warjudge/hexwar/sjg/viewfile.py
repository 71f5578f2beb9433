"""A side's view of an SJG Necromancer game as a file of its own.

By mail the games master keeps the game file (it holds the seed and both sides' secrets)
and sends each player only that player's view. `warjudge sjg show VIEW.json`
draws such a file with no game file at hand. The view was filtered before it was written
(views.py), so the file holds nothing the side may not see; reading one back validates
every field with bounds (it comes from outside) and the map like any map file.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warjudge.core.errors import InputError, MapError
from warjudge.core.textinput import UnusableInput, load_json
from warjudge.hexwar.sjg.board import load_board_text
from warjudge.hexwar.sjg.view_types import MailedView

FORMAT = "warjudge-sjg-view/1"
Hex = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
Side = Literal["red", "black"]
Word = Annotated[str, Field(max_length=60)]
Small = Annotated[int, Field(ge=0, le=100_000)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UnitView(_Strict):
    id: Small
    kind: Literal["necromancer", "zombie", "skeleton", "wraith", "apprentice", "mercenary", "dragon"]
    side: Side
    hex: Hex


class JewelView(_Strict):
    id: Word
    hex: Hex | None = None
    delivered_to: Side | None = None
    effect: Word | None = None


class ItemView(_Strict):
    id: Word
    holder: Small | None = None
    hex: Hex | None = None
    side: Side | None = None


class SideView(_Strict):
    cp: Small
    count: Small
    column: Word
    crystal_ball: bool = False
    extra_jewels: list[Word] = Field(default=[], max_length=16)
    free_attempts: Small = 0
    necromancer_mp: Small = 0
    zombie_mp: Small = 0
    skeleton_bonus: Small = 0
    wraith_phases: Small = 0
    necromancer_halved: Small = 0


class DemonView(_Strict):
    hex: Hex | None = None
    hidden: bool = False


class OutcomeView(_Strict):
    winners: list[Side] = Field(max_length=2)
    reason: Literal["victory", "turn-limit"]
    draw: bool = False
    scores: dict[Side, float] = {}


class EventView(_Strict):
    """An event as data (core.events); its wording is checked when it is printed."""

    code: Annotated[str, Field(pattern=r"^sjg\.[a-z_.]{1,60}$")]
    params: dict[Word, Any] = {}


class ViewBody(_Strict):
    viewer: Side
    turn: Small
    phasing: Side
    phase: Word
    scenario: Word
    units: list[UnitView] = Field(max_length=1000)
    jewels: list[JewelView] = Field(max_length=8)
    miasma: list[Hex] = Field(max_length=100)
    demon: DemonView | None = None
    items: list[ItemView] = Field(max_length=8)
    sides: dict[Side, SideView]
    pending: dict[Word, Any] | None = None
    winner: Side | None = None
    outcome: OutcomeView | None = None
    hidden: list[Side] = Field(max_length=2)
    choices: dict[Side, list[Word]] = {}
    moved: list[Hex] = Field(default=[], max_length=400)
    events: list[EventView] = Field(default=[], max_length=100_000)


def export_view(view: MailedView) -> str:
    """The JSON text of a side's view (never the full view: a GM's view has no viewer)."""
    if view.get("viewer") not in ("red", "black"):
        raise InputError("only a side's view can be exported; name the side with --side red or --side black")
    body = {k: v for k, v in view.items() if k != "board"}
    return json.dumps({"format": FORMAT, "map": view["board"].spec, "view": body}, indent=1)


def is_view_text(text: str) -> bool:
    return FORMAT in text[:200]


def import_view(text: str, source: str) -> MailedView:
    """A view read back from a file, every field checked; InputError says what is wrong."""
    try:
        data = load_json(text, f"view file {source}")
    except UnusableInput as exc:
        raise InputError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or set(data) != {"format", "map", "view"}:
        raise InputError(f"{source} is not a view file ({FORMAT}: format, map, view)")
    try:
        body = ViewBody.model_validate(data["view"])
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:4])
        raise InputError(f"view file {source} is damaged: {problems}") from None
    if not isinstance(data["map"], dict):
        raise InputError(f"view file {source} is damaged: its map is not an object")
    try:
        board = load_board_text(json.dumps(data["map"]), f"in view file {source}")
    except MapError as exc:
        raise InputError(str(exc)) from None
    view = body.model_dump()
    off_map = sorted({u["hex"] for u in view["units"]} - set(board.hexes))
    if off_map:
        raise InputError(f"view file {source} is damaged: units stand off its map ({', '.join(off_map[:5])})")
    view["board"] = board
    return cast(MailedView, view)   # the fields ViewBody checked, and the map


__all__ = ["export_view", "import_view", "is_view_text"]
