"""A ruleset's terrain as data: the words its map files use and what each word does.

`MapVocabulary` is what a map file may say (terrain letters, hexside kinds); `Ruleset`
adds what the terrain does to movement (cost per movement class, prohibited hexes and
hexsides), zones of control, missile sight and stacking. The engine's generic helpers
(`step_cost`, `zoc_reaches`, `sight_blocked`) read only this data, so a new game brings a
table, not code. SJG Necromancer's words are one ruleset (`SJG`), Gondor & Sauron's
another (`hexwar.gondor_sauron.terrain`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from warjudge.hexwar.hexmap import HexMap

PROHIBITED = None  # a cost of None: no unit of that class may enter / cross


@dataclass(frozen=True)
class HexsideKind:
    """A hexside word. `has_high_side`: the file names the higher hex, which must stand
    on a higher level (a cliff). `breachable`: play may breach it (a city wall)."""

    has_high_side: bool = False
    breachable: bool = False


@dataclass(frozen=True)
class MapVocabulary:
    """One token per hex, an optional terrain letter then a level digit; `terrain` maps
    each letter ("" for none) to a terrain name."""

    terrain: Mapping[str, str]
    hexsides: Mapping[str, HexsideKind]
    examples: str  # shown when a token is not understood, e.g. "3, S4, M2"

    @cached_property
    def token(self) -> re.Pattern[str]:
        letters = "".join(sorted(k for k in self.terrain if k))
        return re.compile(rf"^([{letters}]?)([0-9])$")


@dataclass(frozen=True)
class TerrainRule:
    """What a terrain does. `cost`: movement points to enter it per movement class
    (None: prohibited). `zoc_in`/`zoc_out`: a zone of control extends into / out of it.
    `blocks_sight`: missiles may not be fired through it (the ends excepted)."""

    cost: Mapping[str, int | None]
    zoc_in: bool = True
    zoc_out: bool = True
    blocks_sight: bool = False


@dataclass(frozen=True)
class HexsideRule:
    """What a hexside does while intact. `extra`: movement points added to cross it per
    movement class (None: impassable). `blocks_zoc`, `blocks_melee`, `blocks_sight`;
    `missile_cover`: armour a unit fired on across it adds (SPI 7.18). A breached
    hexside (a breachable kind) does none of these."""

    extra: Mapping[str, int | None]
    blocks_zoc: bool = False
    blocks_melee: bool = False
    blocks_sight: bool = False
    missile_cover: int = 0


@dataclass(frozen=True)
class Ruleset:
    """Terrain, hexsides and stacking of one game; see the module docstring."""

    name: str
    vocabulary: MapVocabulary
    terrain: Mapping[str, TerrainRule]
    hexsides: Mapping[str, HexsideRule]
    stacking: int                       # combat units a hex at the end of a movement phase
    movement_classes: tuple[str, ...] = ("any",)
    notes: Mapping[str, str] = field(default_factory=dict)

    def problems(self) -> list[str]:
        """Every inconsistency between the vocabulary and the rules (used by tests and
        by a user's transcription of a Terrain Effects Chart)."""
        found = []
        for name in sorted(set(self.vocabulary.terrain.values()) - set(self.terrain)):
            found.append(f"terrain {name!r} has no rule")
        for name in sorted(set(self.vocabulary.hexsides) - set(self.hexsides)):
            found.append(f"hexside {name!r} has no rule")
        for name, rule in sorted(self.terrain.items()):
            found += [f"terrain {name!r}: no cost for movement class {c!r}"
                      for c in self.movement_classes if c not in rule.cost]
        for name, side in sorted(self.hexsides.items()):
            found += [f"hexside {name!r}: no entry for movement class {c!r}"
                      for c in self.movement_classes if c not in side.extra]
        return found


def _intact(m: HexMap, a: str, b: str, breached: frozenset[frozenset[str]]) -> str | None:
    """The kind of the hexside a-b if it still has an effect (None: clear or breached)."""
    kind = m.hexside_kind(a, b)
    if kind is None or (frozenset((a, b)) in breached and m.vocabulary.hexsides[kind].breachable):
        return None
    return kind


def step_cost(rules: Ruleset, m: HexMap, a: str, b: str, move_class: str,
              breached: frozenset[frozenset[str]] = frozenset()) -> int | None:
    """Movement points to step from `a` into the adjacent `b` (None: prohibited)."""
    enter = rules.terrain[m.terrain(b)].cost.get(move_class)
    if enter is None:
        return None
    kind = _intact(m, a, b, breached)
    if kind is None:
        return enter
    extra = rules.hexsides[kind].extra.get(move_class)
    return None if extra is None else enter + extra


def zoc_reaches(rules: Ruleset, m: HexMap, src: str, dst: str, breached: frozenset[frozenset[str]] = frozenset()) -> bool:
    """Does a unit in `src` exert its zone of control into the adjacent `dst`?"""
    if not (rules.terrain[m.terrain(src)].zoc_out and rules.terrain[m.terrain(dst)].zoc_in):
        return False
    kind = _intact(m, src, dst, breached)
    return kind is None or not rules.hexsides[kind].blocks_zoc


def melee_blocked(rules: Ruleset, m: HexMap, a: str, b: str, breached: frozenset[frozenset[str]] = frozenset()) -> bool:
    kind = _intact(m, a, b, breached)
    return kind is not None and rules.hexsides[kind].blocks_melee


def sight_blocked(rules: Ruleset, m: HexMap, h: str) -> bool:
    """Does the terrain of `h` stop missiles fired through it?"""
    return rules.terrain[m.terrain(h)].blocks_sight


# SJG Necromancer (1983): plateaus, slopes, monoliths and cliffs. Its line of sight is
# decided by levels (SJG 6.22) in its own code, not by blocking terrain.
SJG_VOCABULARY = MapVocabulary(
    terrain={"": "plateau", "P": "plateau", "S": "slope", "M": "monolith"},
    hexsides={"cliff": HexsideKind(has_high_side=True)},
    examples="3, S4, M2",
)
SJG = Ruleset(
    name="necromancer-sjg",
    vocabulary=SJG_VOCABULARY,
    terrain={
        "plateau": TerrainRule(cost={"any": 1}),            # SJG 4.2
        "slope": TerrainRule(cost={"any": 2}),              # SJG 2.12, 4.2
        "monolith": TerrainRule(cost={"any": PROHIBITED}),  # SJG 2.13
    },
    hexsides={"cliff": HexsideRule(extra={"any": PROHIBITED})},  # SJG 2.16 (wraiths: 4.21, in its code)
    stacking=3,                                                   # SJG 4.4
)

__all__ = ["HexsideKind", "HexsideRule", "MapVocabulary", "PROHIBITED", "Ruleset", "SJG", "SJG_VOCABULARY",
           "TerrainRule", "melee_blocked", "sight_blocked", "step_cost", "zoc_reaches"]
