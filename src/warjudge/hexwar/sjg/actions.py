"""The actions a player (or bot) sends to an SJG Necromancer game, validated by pydantic
so a malformed action is refused with a clear message before the rules look at it."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from warjudge.core.events import Refusal

MAX_UNIT_ID = 999_999
MAX_UNITS_IN_ACTION = 200
MAX_PATH = 64       # no unit moves farther than a few hexes (4.1); a path longer is nonsense

Hex = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
# Every count and size is bounded by what the rules could ever need, before any work:
# a side never has more than a few hundred units, a stack holds 3 (4.4) plus wizards.
UnitId = Annotated[int, Field(ge=0, le=MAX_UNIT_ID)]
Units = Annotated[list[UnitId], Field(max_length=MAX_UNITS_IN_ACTION)]
Jewels = Annotated[list[Annotated[str, Field(max_length=20)]], Field(max_length=8)]
Side = Literal["red", "black"]
Kind = Literal["necromancer", "zombie", "skeleton", "wraith", "apprentice", "mercenary", "dragon"]
HeldItem = Literal["ring", "sword", "bow"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: Side


class Choose(_Action):
    """10.5: the items a player takes (see items.py for the names)."""
    type: Literal["choose"]
    items: list[Annotated[str, Field(max_length=60)]] = Field(max_length=16)


class Deploy(_Action):
    type: Literal["deploy"]
    placements: dict[Hex, Annotated[list[Kind], Field(max_length=8)]] = Field(max_length=200)
    # 10.55-10.58: who starts with each item: the Necromancer (default) or the apprentice
    # set up in the hex given
    holders: dict[HeldItem, Union[Literal["necromancer"], Hex]] = {}


class Place(_Action):
    """One unit of a set-up, behind the screen (9.1, 9.2): the interface's atomic step;
    once every unit is placed the side sends the whole set-up as one `deploy`."""
    type: Literal["place"]
    kind: Kind
    hex: Hex


class Take(_Action):
    """A unit takes an item from a friendly unit in its hex, or from the ground there,
    during its side's movement phase (10.55, 10.57; docs/rulings.md)."""
    type: Literal["take"]
    item: HeldItem
    unit: UnitId


class Move(_Action):
    type: Literal["move"]
    units: Units = Field(min_length=1)
    path: list[Hex] = Field(min_length=2, max_length=MAX_PATH)
    jewels: Jewels = []
    suicide: bool = False


class End(_Action):
    """Ends the player's part of the current phase."""
    type: Literal["end"]


class Undo(_Action):
    """Takes back the side's last dice-free action of the current phase (never across a
    die roll or a revealed secret); repeatable back to the phase's start."""
    type: Literal["undo"]


class Attack(_Action):
    type: Literal["attack"]
    targets: list[Hex] = Field(min_length=1, max_length=7)
    direct: Units = []
    indirect: Units = []
    boulder: Units = []
    demon: bool = False   # 10.4: the target is the Miasma demon in that hex


class Convert(_Action):
    type: Literal["convert"]
    target: Hex
    multiple: int = Field(default=0, ge=0, le=4)   # CP = multiple x total resistance
    free: bool = False                              # a Jewel's free x3 attempt


class Displace(BaseModel):
    model_config = ConfigDict(extra="forbid")
    units: Units = Field(min_length=1)
    to: Hex


class Retreat(_Action):
    type: Literal["retreat"]
    lose: Units = []
    to: Hex | None = None
    displace: list[Displace] = Field(default=[], max_length=12)
    carry: Jewels = []
    over_cliff: Hex | None = None


class Advance(_Action):
    type: Literal["advance"]
    moves: dict[UnitId, Hex] = Field(default={}, max_length=MAX_UNITS_IN_ACTION)


class Search(_Action):
    type: Literal["search"]
    hex: Hex


Action = Annotated[Union[Choose, Deploy, Place, Move, Take, End, Undo, Attack, Convert, Retreat, Advance, Search],
                  Field(discriminator="type")]
_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: object) -> Action:
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}" for e in exc.errors()[:4])
        raise Refusal("sjg.refused.malformed", problems=problems) from None
