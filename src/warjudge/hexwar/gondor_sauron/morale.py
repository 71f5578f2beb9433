"""Demoralization (SPI 9.0): each army's losses, summed by Unit Demoralization Value
(9.12, at full strength), demoralize it once they exceed its level."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.units import CombatUnit


def loss_value(units: list[CombatUnit]) -> int:
    """9.13: the sum of the eliminated units' values."""
    return sum(u.full.demoralization_value() for u in units)


def newly_demoralized(levels: dict[str, int], losses: dict[str, int], already: set[str]) -> set[str]:
    """9.21: an army is demoralized when its losses exceed (not reach) its level; 9.22,
    9.23: both may be, at once. Returns the armies demoralized by these losses."""
    return {side for side, level in levels.items() if side not in already and losses.get(side, 0) > level}


__all__ = ["loss_value", "newly_demoralized"]
