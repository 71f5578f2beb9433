"""Where everything stands in a Gondor & Sauron battle, and the facts every rule asks of
it: who occupies a hex, whose zones of control reach it (SPI 6.0), who is demoralized,
whether it is night."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from warjudge.hexwar import terrain
from warjudge.hexwar.copying import copied_all
from warjudge.hexwar.gondor_sauron.charts import Charts
from warjudge.hexwar.gondor_sauron.units import (
    FORMATION_ALLOWANCE, SAURON, WESTERNESSE, Cauldron, CombatUnit, Engine, Leader, Ratings, other)
from warjudge.hexwar.hexmap import HexMap

FANATICAL_MORALES = ("W", "X")  # 9.33


@dataclass
class Position:
    map: HexMap
    charts: Charts
    units: dict[str, CombatUnit]
    leaders: dict[str, Leader]
    breached: frozenset[frozenset[str]] = frozenset()          # wall/gate/tower hexsides breached (6.13)
    demoralized: set[str] = field(default_factory=set)   # sides (9.2)
    night: bool = False                        # 10.0
    formations: dict[str, str] = field(default_factory=dict)   # unit id -> partner (8.4)
    engines: dict[str, Engine] = field(default_factory=dict)   # siege engines (Gondor: 5.0 c)
    cauldrons: dict[str, Cauldron] = field(default_factory=dict)   # Gondor's oil (and dummies)
    _costs: dict[tuple[str, str, str, frozenset[frozenset[str]]], int | None] = field(default_factory=dict, repr=False, compare=False)
    _steps: dict[tuple[str, bool, frozenset[frozenset[str]]], dict[str, tuple[tuple[str, int], ...]]] = field(default_factory=dict, repr=False, compare=False)
    _zoc: dict[tuple[str, frozenset[frozenset[str]]], frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    def clone(self) -> "Position":
        """An independent copy: the pieces and what play changes are copied; the map, the
        charts and the terrain tables memoised from them are shared (they never change)."""
        twin = object.__new__(Position)
        vars(twin).update(vars(self))
        twin.units, twin.leaders = copied_all(self.units), copied_all(self.leaders)
        twin.engines, twin.cauldrons = copied_all(self.engines), copied_all(self.cauldrons)
        twin.demoralized, twin.formations = set(self.demoralized), dict(self.formations)
        return twin

    def terrain_cost(self, a: str, b: str, move_class: str) -> int | None:
        """The Terrain Effects Chart's cost of the step a -> b (memoised per breach state)."""
        key = (a, b, move_class, self.breached)
        found = self._costs.get(key, -1)
        if found == -1:
            found = self._costs[key] = terrain.step_cost(self.rules, self.map, a, b, move_class, self.breached)
        return found

    def steps(self, move_class: str, formation: bool = False) -> dict[str, tuple[tuple[str, int], ...]]:
        """hex -> (neighbour, cost) for every step the terrain allows `move_class`, in
        neighbour order (8.41: a formation only into clear hexes across no hexside),
        made once per breach state, so that a search pays no call per step."""
        key = (move_class, formation, self.breached)
        table = self._steps.get(key)
        if table is None:
            m = self.map
            table = self._steps[key] = {
                a: tuple((b, cost) for b in m.neighbours(a)
                         if not (formation and (m.terrain(b) != "clear" or m.hexside_kind(a, b)))
                         and (cost := self.terrain_cost(a, b, move_class)) is not None)
                for a in m.hexes}
        return table

    @functools.cached_property
    def wall_sides(self) -> tuple[tuple[str, str], ...]:
        """Every wall, gate and tower hexside of the map (breached or not), each a sorted
        pair, in order; found once, as the map never changes."""
        m = self.map
        return tuple(sorted({(min(h, n), max(h, n)) for h in m.hexes for n in m.neighbours(h)
                             if (kind := m.hexside_kind(h, n)) and m.vocabulary.hexsides[kind].breachable}))

    @property
    def rules(self) -> terrain.Ruleset:
        return self.charts.ruleset

    def units_at(self, h: str) -> list[CombatUnit]:
        return [u for u in self.units.values() if u.hex == h]

    def side_at(self, h: str) -> str | None:
        """The side whose pieces (combat units or Leaders) stand in `h` (4.27)."""
        return self.occupancy().get(h)

    def occupancy(self) -> dict[str, str]:
        """hex -> the side whose pieces stand there (never both)."""
        pieces: list[CombatUnit | Leader] = [*self.units.values(), *self.leaders.values()]
        return {p.hex: p.side for p in pieces}

    def exerts_zoc(self, unit: CombatUnit) -> bool:
        """6.1: every combat unit, except those of a demoralized army (6.14)."""
        return unit.side not in self.demoralized

    def zoc_of(self, unit: CombatUnit) -> frozenset[str]:
        """6.0, 6.13: the adjacent hexes the unit's zone of control reaches (memoised
        per hex and breach state: only the terrain decides)."""
        if not self.exerts_zoc(unit):
            return frozenset()
        key = (unit.hex, self.breached)
        found = self._zoc.get(key)
        if found is None:
            found = self._zoc[key] = frozenset(n for n in self.map.neighbours(unit.hex)
                                               if terrain.zoc_reaches(self.rules, self.map, unit.hex, n, self.breached))
        return found

    def enemy_zoc(self, side: str) -> set[str]:
        """Hexes in the zone of control of `side`'s enemies (6.12: several count once)."""
        return {h for u in self.units.values() if u.side == other(side) for h in self.zoc_of(u)}

    def controllers(self, unit: CombatUnit) -> list[CombatUnit]:
        """The enemy combat units whose zone of control `unit` is in (7.31)."""
        return [e for e in self.units.values() if e.side != unit.side and unit.hex in self.zoc_of(e)]

    def fanatical(self, unit: CombatUnit) -> bool:
        """9.33: Westernesse W and X units once Westernesse is demoralized; 10.0: every
        Sauron unit at night."""
        if unit.side == SAURON:
            return self.night
        return WESTERNESSE in self.demoralized and unit.ratings.morale in FANATICAL_MORALES

    def ratings(self, unit: CombatUnit) -> Ratings:
        """8.44: a special formation attacks at A with armour 4 and its units' morale
        (ruling: a missile strength is kept)."""
        if unit.id in self.formations:
            return Ratings("A", unit.ratings.missile, 4, unit.ratings.morale)
        return unit.ratings

    def allowance(self, piece: CombatUnit | Leader | Engine) -> int:
        """4.11-4.13; 8.45: a Wedge moves 3, a Shield Wall 2."""
        if isinstance(piece, CombatUnit) and piece.id in self.formations:
            return FORMATION_ALLOWANCE[piece.kind]
        return piece.allowance

    def rally_rating(self, leader: Leader) -> int:
        """10.0: Sauron's Leaders add three at night."""
        return leader.rally + (3 if self.night and leader.side == SAURON else 0)


__all__ = ["Position"]
