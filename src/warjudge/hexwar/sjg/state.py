"""The position of an SJG Necromancer game: units, Jewels, the Miasma, each side's
Conversion Points and Jewel bonuses, and where the turn stands.

Units are tracked one by one: a printed 2- or 3-unit counter is that many units in its
hex (docs/rulings.md, "counters"). Queries that every rule asks (who is where, who is an
enemy, who exerts a zone of control, what a unit's strength is this turn) live here, so
the rule modules stay small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warjudge.hexwar.copying import copied, copied_all
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.sjg.tables import (
    BOW_BONUS, COUNTS_ON_TRACK, FIXED_STRENGTH, MOVEMENT_ALLOWANCE, SWORD_BONUS, TrackColumn, UnitType, track,
)

SIDES = ("red", "black")
STACK_LIMIT = 3  # SJG 4.4
# Not counted for stacking: 4.4 frees only the Necromancers; every optional unit counts
# as one (10.54 says so of the dragon; docs/rulings.md, "apprentice stacking").
FREE_OF_STACKING = frozenset({UnitType.NECROMANCER})
UNDEAD = frozenset({UnitType.ZOMBIE, UnitType.SKELETON, UnitType.WRAITH})
WIZARDS = frozenset({UnitType.NECROMANCER, UnitType.APPRENTICE})  # who may use a magic item (10.55-10.58)


def other(side: str) -> str:
    return "black" if side == "red" else "red"


@dataclass
class Unit:
    id: int
    kind: UnitType
    side: str
    hex: str

    def ref(self) -> dict[str, Any]:
        """The unit as an event names it (JSON)."""
        return {"id": self.id, "kind": self.kind.value, "side": self.side}

    @property
    def label(self) -> str:
        return f"{self.kind.value[0].upper()}{self.id}" if self.kind != UnitType.NECROMANCER else f"N-{self.side}"


@dataclass
class Jewel:
    """A Jewel of Power. On the map it lies in `hex` and goes with the stack there; once
    delivered it is its Necromancer's (`delivered_to`) and `effect` is known."""

    id: str
    hex: str | None = None
    delivered_to: str | None = None
    effect: str | None = None


@dataclass
class Item:
    """A magic item with a counter (10.55 Ring, 10.57 Sword, 10.58 Bow). It is held by a
    unit (`holder`) and goes where that unit goes; when its holder dies it lies in `hex`
    until a unit that can carry a Jewel takes it (10.55, 6.52)."""

    id: str
    holder: int | None = None
    hex: str | None = None


@dataclass
class Side:
    cp: int = 0
    count: int = 0               # units counted at the start of this side's last turn (3.1)
    free_attempts: int = 0       # free x3 conversion rolls from Jewels (8.2)
    necromancer_mp: int = 0      # Jewel bonuses (8.2), cumulative
    zombie_mp: int = 0
    skeleton_bonus: int = 0
    wraith_phases: int = 0
    necromancer_halved: int = 0
    crystal_ball: bool = False   # 10.56
    extra_jewels: list[str] = field(default_factory=list)  # 10.51: powers held from the start

    @property
    def column(self) -> TrackColumn:
        return track(self.count)


@dataclass
class Miasma:
    hexes: set[str] = field(default_factory=set)
    centre: str | None = None
    direction: int | None = None      # optional Miasma movement (10.2)
    searched_out: set[str] = field(default_factory=set)  # vanish after the 7.5 check
    jewels_found: int = 0
    teleport_pending: bool = False    # 10.3
    new_direction: bool = False       # 10.2: roll again next turn
    demon_counter: str | None = None  # 10.4: the hex of the face-down demon counter (secret)
    demon: str | None = None          # 10.4: where the unleashed demon is


@dataclass
class Position:
    board: HexMap
    units: dict[int, Unit] = field(default_factory=dict)
    jewels: dict[str, Jewel] = field(default_factory=dict)
    items: dict[str, Item] = field(default_factory=dict)
    sides: dict[str, Side] = field(default_factory=lambda: {s: Side() for s in SIDES})
    miasma: Miasma = field(default_factory=Miasma)
    next_id: int = 1

    def clone(self) -> "Position":
        """A copy sharing only the (immutable) board: what `undo` restores. Written out
        by hand because a deep copy of every move made bot games three times slower."""
        sides, miasma = copied_all(self.sides), copied(self.miasma)
        for side in sides.values():
            side.extra_jewels = list(side.extra_jewels)
        miasma.hexes, miasma.searched_out = set(miasma.hexes), set(miasma.searched_out)
        return Position(self.board, copied_all(self.units), copied_all(self.jewels), copied_all(self.items),
                        sides, miasma, self.next_id)

    # --- where things are -------------------------------------------------------------

    def add(self, kind: UnitType, side: str, hex_: str) -> Unit:
        unit = Unit(self.next_id, kind, side, hex_)
        self.units[unit.id] = unit
        self.next_id += 1
        return unit

    def at(self, hex_: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_]

    def occupied(self) -> dict[str, str]:
        """Hex -> the side whose units stand there."""
        return {u.hex: u.side for u in self.units.values()}

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def necromancer(self, side: str) -> Unit | None:
        return next((u for u in self.units.values() if u.side == side and u.kind == UnitType.NECROMANCER), None)

    def stack_size(self, hex_: str, side: str | None = None) -> int:
        return sum(1 for u in self.units.values()
                   if u.hex == hex_ and u.kind not in FREE_OF_STACKING and (side is None or u.side == side))

    def jewels_at(self, hex_: str) -> list[Jewel]:
        return [j for j in self.jewels.values() if j.hex == hex_ and j.delivered_to is None]

    def wields(self, unit: Unit, item: str) -> bool:
        """A wizard holding the item uses it; others only carry it (10.53-10.58)."""
        held = self.items.get(item)
        return held is not None and held.holder == unit.id and unit.kind in WIZARDS

    def counted_units(self, side: str) -> int:
        """Zombies, skeletons and wraiths the side controls (3.1; the track's note)."""
        return sum(1 for u in self.units.values() if u.side == side and u.kind in COUNTS_ON_TRACK)

    # --- zones of control (4.3, 7.3) ----------------------------------------------------

    def in_miasma(self, hex_: str) -> bool:
        return hex_ in self.miasma.hexes

    def zoc_reaches(self, source: str, target: str) -> bool:
        """Does a unit in `source` exert its zone of control into the adjacent `target`?
        Not across a cliff, not into or out of the Miasma."""
        return not (self.board.is_cliff(source, target) or self.in_miasma(source) or self.in_miasma(target))

    def in_enemy_zoc(self, hex_: str, side: str, occupied: dict[str, str] | None = None) -> bool:
        occupied = self.occupied() if occupied is None else occupied
        return any(occupied.get(n) == other(side) and self.zoc_reaches(n, hex_) for n in self.board.neighbours(hex_))

    # --- this turn's values (3.1, 6.4, 8.2) ----------------------------------------------

    def movement_allowance(self, unit: Unit) -> int:
        side = self.sides[unit.side]
        # 10.52: the apprentice's MA is "the same as the Necromancer's", Jewel bonus included
        bonus = {UnitType.NECROMANCER: side.necromancer_mp, UnitType.APPRENTICE: side.necromancer_mp,
                 UnitType.ZOMBIE: side.zombie_mp}.get(unit.kind, 0)
        return MOVEMENT_ALLOWANCE[unit.kind] + bonus

    def direct_strength(self, unit: Unit) -> int:
        side = self.sides[unit.side]
        col = side.column
        if unit.kind in FIXED_STRENGTH:
            base = FIXED_STRENGTH[unit.kind].direct
        elif unit.kind == UnitType.NECROMANCER:
            base = _halved(2 * col.strength(UnitType.ZOMBIE), side.necromancer_halved)
        elif unit.kind == UnitType.APPRENTICE:
            base = col.strength(UnitType.ZOMBIE)
        else:
            base = col.strength(unit.kind) + (side.skeleton_bonus if unit.kind == UnitType.SKELETON else 0)
        return base + self.item_bonus(unit, direct=True)

    def indirect_strength(self, unit: Unit) -> int:
        """0 for units that cannot attack indirectly (6.22: skeletons and Necromancers)."""
        side = self.sides[unit.side]
        skeleton = side.column.strength(UnitType.SKELETON) + side.skeleton_bonus
        if unit.kind == UnitType.SKELETON:
            return skeleton
        if unit.kind == UnitType.NECROMANCER:
            return _halved(2 * skeleton, side.necromancer_halved) + self.item_bonus(unit, direct=False)
        if unit.kind == UnitType.APPRENTICE:
            return skeleton + self.item_bonus(unit, direct=False)
        if unit.kind == UnitType.MERCENARY:
            return FIXED_STRENGTH[unit.kind].indirect
        return 0

    def defence_strength(self, unit: Unit) -> int:
        """Against direct and indirect attacks, at the side's last count (6.21, 6.4)."""
        col = self.sides[unit.side].column
        if unit.kind in (UnitType.NECROMANCER, UnitType.APPRENTICE):
            return col.boulder_defence
        if unit.kind in FIXED_STRENGTH:
            return FIXED_STRENGTH[unit.kind].direct
        return col.strength(unit.kind) + (self.sides[unit.side].skeleton_bonus if unit.kind == UnitType.SKELETON else 0)

    def boulder_defence(self, unit: Unit) -> int | None:
        """None for the immune (6.23: Necromancers and apprentices)."""
        if unit.kind in (UnitType.NECROMANCER, UnitType.APPRENTICE):
            return None
        if unit.kind in FIXED_STRENGTH:
            return FIXED_STRENGTH[unit.kind].boulder_defence
        return self.sides[unit.side].column.boulder_defence

    def resistance(self, unit: Unit) -> int | None:
        """Resistance to conversion; None where the unit cannot be converted at all."""
        if unit.kind in UNDEAD:
            return self.sides[unit.side].column.resistance(unit.kind)
        if unit.kind == UnitType.DRAGON:
            return 20  # 10.54
        return None


    def item_bonus(self, unit: Unit, direct: bool) -> int:
        """10.57 Magic Sword (+6 direct), 10.58 Magic Bow (+4 direct and indirect), for the
        wizard who holds them."""
        bonus = SWORD_BONUS if direct and self.wields(unit, "sword") else 0
        return bonus + (BOW_BONUS if self.wields(unit, "bow") else 0)


def _halved(value: int, times: int) -> int:
    """8.2: each 'halved' Jewel halves again, rounded up."""
    for _ in range(times):
        value = -(-value // 2)
    return value


def recount(position: Position, side: str) -> None:
    """Count units and fix this turn's values (3.1); called once per turn."""
    position.sides[side].count = position.counted_units(side)
