"""Combat odds as hex wargames state them: a ratio of two small integers, rounded in the
defender's favour (SJG Necromancer 6.21; SPI games use the same convention).

Game-agnostic: which ratios a game's Combat Results Table prints, and what happens off
its ends, is the ruleset's business.
"""

from __future__ import annotations


def odds_ratio(attack: int, defence: int) -> tuple[int, int]:
    """The attack:defence ratio rounded down in the defender's favour.

    24 to 10 is (2, 1), 15 to 10 is (1, 1), 16 to 17 is (1, 2). An attack of 0 gives
    (0, 1), worse than any ratio a table prints.
    """
    if defence < 1:
        raise ValueError(f"defence strength must be at least 1, not {defence}")
    if attack < 0:
        raise ValueError(f"attack strength cannot be negative ({attack})")
    if attack == 0:
        return (0, 1)
    if attack >= defence:
        return (attack // defence, 1)
    return (1, -(-defence // attack))


def ratio_label(ratio: tuple[int, int]) -> str:
    """The ratio as a CRT column heading prints it: (2, 1) -> "2-1"."""
    return f"{ratio[0]}-{ratio[1]}"
