"""What an attack is worth to the heuristic bot: the Demoralization Points (SPI 9.12) it
is expected to take from the enemy, from the charts' own odds (7.33, 7.42). Victory is
points inflicted (docs/rulings.md), so a strike is worth the value it may destroy: an
'E', an 'A' on a reduced unit, or a retreat the target cannot make (7.56, 7.57) destroys
the whole unit; an 'A' on a full unit is a step towards it. Reads only public facts:
the pieces, their ratings and the zones of control."""

from __future__ import annotations

from warjudge.hexwar.gondor_sauron.aftermath import retreat_paths
from warjudge.hexwar.gondor_sauron.charts import CasualtyResult
from warjudge.hexwar.gondor_sauron.combat import Terms
from warjudge.hexwar.gondor_sauron.position import Position
from warjudge.hexwar.gondor_sauron.units import CombatUnit

FLIP_SHARE = 0.4      # a flip halves a unit's strength: worth part of its value already
RETREAT_SHARE = 0.1   # a retreat it can make only opens the line


def hit_chance(pos: Position, attack: str, armour: int) -> float:
    """7.33: the chance two dice make a casualty against `armour`."""
    totals = pos.charts.casualty_totals(attack, armour)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in totals) / 36


def damage(pos: Position, target: CombatUnit, result: CasualtyResult) -> float:
    """The share of the target's value one casualty result destroys."""
    if result.eliminated:
        return 1.0
    if result.flip or result.half:
        return 1.0 if target.reduced else FLIP_SHARE
    if result.retreat:
        return 1.0 if target.disrupted or not retreat_paths(pos, target, result.retreat) else RETREAT_SHARE
    return 0.0


def expected_points(pos: Position, terms: Terms, target: CombatUnit) -> float:
    """The Demoralization Points an attack rolled with `terms` is expected to destroy."""
    if not terms.attack:
        return 0.0
    hit = 1.0 if terms.fanatical else hit_chance(pos, terms.attack, terms.armour)
    results = pos.charts.results[terms.morale]
    share = sum(damage(pos, target, r) for r in results) / len(results)
    return hit * share * target.full.demoralization_value()


__all__ = ["expected_points", "hit_chance"]
