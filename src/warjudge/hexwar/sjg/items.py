"""Optional rule 10.5: the extra magic items and units each Necromancer brings, and how
the counters are shared out when both players want more than the box holds.

A pick is a string: "apprentice", "mercenaries" (two units), "dragon" (counts as two
picks), "ring", "crystal_ball", "sword", "bow", or "extra_jewel:<power>" with a power of
the Jewel Table (10.51). Counts and the odd-counter die are rulings (docs/rulings.md).
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Callable

from warjudge.hexwar.sjg.problems import Problem, problem
from warjudge.hexwar.sjg.tables import JewelEffect, UnitType


class Pick(StrEnum):
    EXTRA_JEWEL = "extra_jewel"    # 10.51
    APPRENTICE = "apprentice"      # 10.52
    MERCENARIES = "mercenaries"    # 10.53
    DRAGON = "dragon"              # 10.54
    RING = "ring"                  # 10.55
    CRYSTAL_BALL = "crystal_ball"  # 10.56
    SWORD = "sword"                # 10.57
    BOW = "bow"                    # 10.58


# Counters in the box (the counter sheet: four A, two D, six M = three pairs; one of each
# named item). An extra Jewel is a power of the table, not a counter: no limit.
COUNTERS: dict[Pick, int] = {Pick.APPRENTICE: 4, Pick.MERCENARIES: 3, Pick.DRAGON: 2, Pick.RING: 1,
                             Pick.CRYSTAL_BALL: 1, Pick.SWORD: 1, Pick.BOW: 1}
WEIGHT = {Pick.DRAGON: 2}  # 10.54: the dragon counts as two items
UNITS: dict[Pick, tuple[UnitType, int]] = {Pick.APPRENTICE: (UnitType.APPRENTICE, 1),
                                          Pick.MERCENARIES: (UnitType.MERCENARY, 2),
                                          Pick.DRAGON: (UnitType.DRAGON, 1)}
_PICKS = frozenset(p.value for p in Pick)
_POWERS = frozenset(e.value for e in JewelEffect)


def pick_problem(text: str) -> Problem | None:
    """Why `text` names no pick of 10.51-10.58 (None: it does)."""
    name, _, power = text.partition(":")
    if name not in _PICKS:
        return problem("unknown_item", item=name, items=[p.value for p in Pick])
    if name != Pick.EXTRA_JEWEL and power:
        return problem("power_on_item", item=name)
    if name == Pick.EXTRA_JEWEL and power not in _POWERS:
        return problem("jewel_needs_power", powers=[e.value for e in JewelEffect])
    return None


def parse_pick(text: str) -> tuple[Pick, JewelEffect | None]:
    """'sword' -> (SWORD, None); 'extra_jewel:zombie_movement' -> (EXTRA_JEWEL, ...).
    Only for picks `pick_problem` passed."""
    name, _, power = text.partition(":")
    pick = Pick(name)
    return pick, JewelEffect(power) if pick == Pick.EXTRA_JEWEL else None


def weight(picks: list[str]) -> int:
    return sum(WEIGHT.get(parse_pick(p)[0], 1) for p in picks)


def choice_problem(picks: list[str], allowance: int, remaining: Counter[str]) -> Problem | None:
    """Why this choice is not allowed (None: fine): exactly `allowance` items (a dragon
    is two), no more of a kind than the counters left (10.5)."""
    for text in picks:
        bad = pick_problem(text)
        if bad:
            return bad
    kinds = Counter(parse_pick(p)[0] for p in picks)
    if weight(picks) != allowance:
        return problem("items_worth", allowance=allowance, worth=weight(picks), dragon=Pick.DRAGON in kinds)
    for kind, n in kinds.items():
        if kind in COUNTERS and n > remaining[kind]:
            return problem("counters_left", item=kind.value, left=remaining[kind])
    return None


def allocate(choices: dict[str, list[str]], remaining: Counter[str],
             die: Callable[[], int]) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Share the counters out (10.5): if both players together want more of a kind than
    remain, divide them equally, but a player who chose fewer than half leaves the
    extras to the other. Ruling: an odd counter left over goes to red on 1-3, black on
    4-6. Returns what each side is granted and the item value each must choose again."""
    granted: dict[str, list[str]] = {s: [] for s in choices}
    for side, picks in choices.items():
        granted[side] = [p for p in picks if parse_pick(p)[0] not in COUNTERS]
    for kind in COUNTERS:
        wants = {s: [p for p in picks if parse_pick(p)[0] == kind] for s, picks in choices.items()}
        total = sum(len(w) for w in wants.values())
        if not total:
            continue
        avail = remaining[kind]
        shares = {s: len(w) for s, w in wants.items()}
        if total > avail:
            shares = _divide(shares, avail, die)
        for side, picks in wants.items():
            granted[side] += picks[:shares[side]]
    shortfall = {s: weight(choices[s]) - weight(granted[s]) for s in choices}
    return granted, {s: n for s, n in shortfall.items() if n}


def _divide(wants: dict[str, int], avail: int, die: Callable[[], int]) -> dict[str, int]:
    if len(wants) == 1:
        return {s: min(n, avail) for s, n in wants.items()}
    (a, wa), (b, wb) = sorted(wants.items())
    if wa < avail / 2:
        return {a: wa, b: min(wb, avail - wa)}
    if wb < avail / 2:
        return {a: min(wa, avail - wb), b: wb}
    half = avail // 2
    shares = {a: half, b: half}
    if avail % 2:
        shares["red" if die() <= 3 else "black"] += 1
    return shares
