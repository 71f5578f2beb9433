"""Optional rule 10.4, the Miasma demon: which face-down Miasma counter hides it and
which stack it falls on. Pure functions; the game rolls the dice and applies results."""

from __future__ import annotations

from typing import Callable

from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg.state import Position

PAIRS = 36  # two dice read as a number 0-35


def hidden_counter(hexes: list[str], die: Callable[[], int]) -> str:
    """The hex whose counter hides the demon: the counters are "mixed" (10.4), so each
    of the Miasma's hexes is equally likely. Two dice make a number 0-35; 35 is rolled
    again so that every one of seven hexes has exactly 5 chances in 35."""
    return sorted(hexes)[_two_dice_choice(len(hexes), die)]


def _two_dice_choice(n: int, die: Callable[[], int]) -> int:
    usable = PAIRS - PAIRS % n
    while True:
        value = (die() - 1) * 6 + die() - 1
        if value < usable:
            return value % n


def nearest_stacks(position: Position) -> list[str]:
    """The Miasma hexes holding units (of either side) nearest the demon; it "can
    magically teleport across gaps in the mist" (10.4), so only distance counts."""
    demon = position.miasma.demon
    occupied = sorted({u.hex for u in position.units.values() if position.in_miasma(u.hex)})
    if demon is None or not occupied:
        return []
    best = min(distance(demon, h) for h in occupied)
    return [h for h in occupied if distance(demon, h) == best]


def pick_one(choices: list[str], die: Callable[[], int]) -> str:
    """10.4: equally near stacks: "roll a die to determine which is attacked" (a face
    above the number of stacks is rolled again)."""
    if len(choices) > 6:
        return choices[_two_dice_choice(len(choices), die)]
    while True:
        face = die()
        if face <= len(choices):
            return choices[face - 1]
