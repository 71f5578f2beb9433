"""The conversion phase (5.0): attempts from the track, CP committed, free Jewel attempts.

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from typing import Any
from warjudge.core.events import Refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.state import Unit, other
from warjudge.hexwar.sjg.tables import FREE_ATTEMPT_MULTIPLE, ConversionResult, UnitType, conversion_result
from warjudge.hexwar.sjg.parts import GameParts


class ConversionPhase(GameParts):
    """Conversion attempts (5.0, 8.2)."""

    def _attempts_left(self) -> int:
        side = self.phasing
        allowed = self.scenario.attempts.get(side, self.position.sides[side].column.attempts)
        return max(0, allowed - self.conversions_used)

    def _conversion_problem(self, side: str, action: dict[str, Any]) -> str | None:
        terms = self._conversion_terms(side, action["target"], action.get("free", False), action.get("multiple", 0))
        return terms if isinstance(terms, str) else None

    def _conversion_terms(self, side: str, target: str, free: bool, multiple: int) -> tuple[list[Unit], int, int, int] | str:
        """The stack, its resistance, the multiple and the CP an attempt costs, or why it
        is not allowed (5.2-5.4, 8.2, 10.52, 10.54)."""
        pos = self.position
        me = pos.sides[side]
        targets = pos.at(target)
        if not targets or targets[0].side == side:
            return f"there are no enemy units in {target}"
        enemy_n = pos.necromancer(other(side))
        if enemy_n and distance(enemy_n.hex, target) <= 1:
            return "the enemy Necromancer, units with him and units next to him may not be converted (SJG 5.4)"
        if any(u.kind == UnitType.APPRENTICE for u in targets):
            return "units stacked with an apprentice may not be converted (SJG 10.52)"
        if any(pos.resistance(u) is None for u in targets):
            return "this stack holds a unit that cannot be converted"
        resistance = sum(pos.resistance(u) or 0 for u in targets)   # none is None: checked above
        if free:
            if me.free_attempts < 1:
                return "you have no free conversion attempt left (SJG 8.2)"
            return targets, resistance, FREE_ATTEMPT_MULTIPLE, 0
        if self._attempts_left() < 1:
            return "no conversion attempts left this turn (Conversion Track; SJG 5.2, 9.2)"
        if multiple not in (1, 2, 3, 4):
            return "commit 1, 2, 3 or 4 times the stack's resistance ('multiple'; SJG 5.2)"
        cost = multiple * resistance
        if cost > me.cp:
            return f"{multiple} x {resistance} = {cost} CP, and you have {me.cp} (SJG 5.2)"
        return targets, resistance, multiple, cost

    def _do_convert(self, act: A.Convert, decision: Decision) -> None:
        pos, side = self.position, act.side
        me = pos.sides[side]
        terms = self._conversion_terms(side, act.target, act.free, act.multiple)
        if isinstance(terms, str):
            raise Refusal("sjg.refused.rule", detail=terms)
        targets, resistance, multiple, cost = terms
        if act.free:
            me.free_attempts -= 1
        else:
            self.conversions_used += 1
        roll = self._roll(1, "conversion")
        result = conversion_result(roll, multiple)
        self._say("sjg.conversion_tried", side=side, target=act.target, resistance=resistance, multiple=multiple,
                  free=act.free, cost=cost, result=result.value)
        if not self._attempts_left() and not me.free_attempts:
            decision.accepts = ("end",)
        if result == ConversionResult.NONE:
            return  # 5.2: the CPs are kept
        me.cp -= cost
        for unit in targets:
            if result == ConversionResult.ELIMINATED:
                self._eliminate(unit, "struggle")
            elif unit.kind == UnitType.DRAGON:
                self._eliminate(unit, "dragon_flies")
            else:
                unit.side = side
