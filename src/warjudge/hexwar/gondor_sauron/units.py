"""Gondor & Sauron playing pieces (SPI 2.3-2.6, 4.1, 9.12): combat units with their
printed ratings, and Leaders.

A combat unit's ratings are printed as one code, melee strength (upper case), missile
strength (lower case), armour, morale: "B3Y", "Be3X", "e1Y". A unit with only a missile
strength may not melee (2.3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

WESTERNESSE, SAURON = "westernesse", "sauron"
SIDES = (WESTERNESSE, SAURON)

ATTACK_VALUE = {"A": 5, "B": 4, "C": 3, "D": 2, "E": 1}   # SPI 9.12
MORALE_VALUE = {"W": 4, "X": 3, "Y": 2, "Z": 1}            # SPI 9.12
RATINGS = re.compile(r"^([A-E]?)([a-e]?)([1-4])([W-Z])$")

INFANTRY, CAVALRY = "infantry", "cavalry"
LEADER_ALLOWANCE = 6                                        # SPI 4.11
ALLOWANCE = {CAVALRY: 6, INFANTRY: 4}                       # SPI 4.11, 4.12
FORMATION_ALLOWANCE = {CAVALRY: 3, INFANTRY: 2}             # SPI 8.45: Wedge 3, Shield Wall 2


def other(side: str) -> str:
    return SAURON if side == WESTERNESSE else WESTERNESSE


@dataclass(frozen=True)
class Ratings:
    """One side of a counter: `melee` (A-E or None), `missile` (a-e or None), `armour`
    (1-4), `morale` (W-Z)."""

    melee: str | None
    missile: str | None
    armour: int
    morale: str

    @classmethod
    def parse(cls, code: str) -> "Ratings":
        m = RATINGS.match(code)
        if not m or not (m.group(1) or m.group(2)):
            raise ValueError(f"{code!r} is not a unit's ratings (attack, missile, armour, morale: 'B3Y', 'Be3X', 'e1Y')")
        return cls(m.group(1) or None, m.group(2) or None, int(m.group(3)), m.group(4))

    @property
    def code(self) -> str:
        return f"{self.melee or ''}{self.missile or ''}{self.armour}{self.morale}"

    @property
    def missile_only(self) -> bool:
        """2.3, 7.15: only a lower-case strength: never melees."""
        return self.melee is None

    def demoralization_value(self) -> int:
        """9.12: attack (and missile) + armour + morale, at full strength."""
        attacks = [s.upper() for s in (self.melee, self.missile) if s]
        return sum(ATTACK_VALUE[a] for a in attacks) + self.armour + MORALE_VALUE[self.morale]


@dataclass
class CombatUnit:
    """A combat unit on the map. `reduced` is set when it has been flipped (7.33)."""

    id: str
    side: str
    nationality: str
    kind: str                   # INFANTRY or CAVALRY (4.13: everything not cavalry is infantry)
    full: Ratings
    reduced_side: Ratings | None
    hex: str
    reduced: bool = False
    disrupted: bool = False     # 7.57

    @property
    def ratings(self) -> Ratings:
        return self.reduced_side if self.reduced and self.reduced_side else self.full

    @property
    def allowance(self) -> int:
        return ALLOWANCE[self.kind]   # 4.11-4.13


@dataclass
class Leader:
    """A Leader (8.0); a Magic Leader has `magic` capability points (8.51). `allowance`
    is 6 unless the Exclusive Rules say otherwise (Gandalf 10, the Lord of the Nazgûl 8)."""

    id: str
    side: str
    nationality: str
    rally: int
    hex: str
    magic: int | None = None
    allowance: int = LEADER_ALLOWANCE
    rallies_anyone: bool = False   # 8.33: Gandalf, the Lord of the Nazgûl, Sauron

    @property
    def is_magic(self) -> bool:
        return self.magic is not None


@dataclass
class Engine:
    """A siege engine on the map: it moves like infantry at its own allowance (ruling),
    never stops an enemy, and is destroyed when an enemy combat unit shares its hex."""

    id: str
    side: str
    kind: str
    hex: str
    allowance: int
    missile: str | None = None         # a catapult's missile strength (7.11)


@dataclass
class Cauldron:
    """A cauldron of boiling oil in Gondor's city (reconstructed from [BB-G]): `oil`
    counters left under it; a dummy's counters are dummies, so it never pours. Which
    cauldrons are dummies is hidden from Sauron."""

    id: str
    hex: str
    oil: int
    attack: str                        # the Casualty Probability row its oil attacks on
    dummy: bool = False
    poured: int = 0


__all__ = ["CAVALRY", "Cauldron", "CombatUnit", "Engine", "INFANTRY", "Leader", "Ratings", "SAURON", "SIDES", "WESTERNESSE", "other"]
