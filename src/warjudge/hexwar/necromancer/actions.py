"""The actions a player (or bot) sends to an SJG Necromancer game, validated by pydantic
so a malformed action is refused with a clear message before the rules look at it."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from warjudge.hexwar.decisions import IllegalAction

Hex = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
Side = Literal["red", "black"]
Kind = Literal["necromancer", "zombie", "skeleton", "wraith", "apprentice", "mercenary", "dragon"]
HeldItem = Literal["ring", "sword", "bow"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: Side


class Choose(_Action):
    """10.5: the items a player takes (see items.py for the names)."""
    type: Literal["choose"]
    items: list[str]


class Deploy(_Action):
    type: Literal["deploy"]
    placements: dict[Hex, list[Kind]]
    # 10.55-10.58: who starts with each item: the Necromancer (default) or the apprentice
    # set up in the hex given
    holders: dict[HeldItem, Union[Literal["necromancer"], Hex]] = {}


class Take(_Action):
    """A unit takes an item from a friendly unit in its hex, or from the ground there,
    during its side's movement phase (10.55, 10.57; docs/rulings.md)."""
    type: Literal["take"]
    item: HeldItem
    unit: int


class Move(_Action):
    type: Literal["move"]
    units: list[int] = Field(min_length=1)
    path: list[Hex] = Field(min_length=2)
    jewels: list[str] = []
    suicide: bool = False


class End(_Action):
    """Ends the player's part of the current phase."""
    type: Literal["end"]


class Attack(_Action):
    type: Literal["attack"]
    targets: list[Hex] = Field(min_length=1)
    direct: list[int] = []
    indirect: list[int] = []
    boulder: list[int] = []
    demon: bool = False   # 10.4: the target is the Miasma demon in that hex


class Convert(_Action):
    type: Literal["convert"]
    target: Hex
    multiple: int = Field(default=0, ge=0, le=4)   # CP = multiple x total resistance
    free: bool = False                              # a Jewel's free x3 attempt


class Displace(BaseModel):
    model_config = ConfigDict(extra="forbid")
    units: list[int] = Field(min_length=1)
    to: Hex


class Retreat(_Action):
    type: Literal["retreat"]
    lose: list[int] = []
    to: Hex | None = None
    displace: list[Displace] = []
    carry: list[str] = []
    over_cliff: Hex | None = None


class Advance(_Action):
    type: Literal["advance"]
    moves: dict[int, Hex] = {}


class Search(_Action):
    type: Literal["search"]
    hex: Hex


Action = Annotated[Union[Choose, Deploy, Move, Take, End, Attack, Convert, Retreat, Advance, Search],
                  Field(discriminator="type")]
_ADAPTER: TypeAdapter = TypeAdapter(Action)


def parse_action(data: object):
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}" for e in exc.errors()[:4])
        raise IllegalAction(f"malformed action: {problems}") from None
