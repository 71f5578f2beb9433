"""The conversion phase (5.0): attempts from the track, CP committed, free Jewel attempts.

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from typing import Any
from warjudge.hexwar.sjg.problems import Problem, problem, refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.state import Unit, other
from warjudge.hexwar.sjg.tables import FREE_ATTEMPT_MULTIPLE, ConversionResult, UnitType, conversion_result
from warjudge.hexwar.sjg.parts import GameParts


class ConversionPhase(GameParts):
    """Conversion attempts (5.0, 8.2)."""

    def _attempts_left(self) -> int:
        side = self.state.phasing
        allowed = self.scenario.attempts.get(side, self.state.position.sides[side].column.attempts)
        return max(0, allowed - self.state.conversions_used)

    def _conversion_problem(self, side: str, action: dict[str, Any]) -> Problem | None:
        terms = self._conversion_terms(side, action["target"], action.get("free", False), action.get("multiple", 0))
        return terms if isinstance(terms, Problem) else None

    def _conversion_terms(self, side: str, target: str, free: bool, multiple: int) -> tuple[list[Unit], int, int, int] | Problem:
        """The stack, its resistance, the multiple and the CP an attempt costs, or why it
        is not allowed (5.2-5.4, 8.2, 10.52, 10.54)."""
        pos = self.state.position
        me = pos.sides[side]
        targets = pos.at(target)
        if not targets or targets[0].side == side:
            return problem("nothing_to_convert", hex=target)
        enemy_n = pos.necromancer(other(side))
        if enemy_n and distance(enemy_n.hex, target) <= 1:
            return problem("near_enemy_necromancer", hex=target)
        if any(u.kind == UnitType.APPRENTICE for u in targets):
            return problem("with_apprentice", hex=target)
        if any(pos.resistance(u) is None for u in targets):
            return problem("unconvertible", hex=target)
        resistance = sum(pos.resistance(u) or 0 for u in targets)   # none is None: checked above
        if free:
            if me.free_attempts < 1:
                return problem("no_free_attempt")
            return targets, resistance, FREE_ATTEMPT_MULTIPLE, 0
        if self._attempts_left() < 1:
            return problem("no_attempts_left")
        if multiple not in (1, 2, 3, 4):
            return problem("bad_multiple", multiple=multiple)
        cost = multiple * resistance
        if cost > me.cp:
            return problem("cp_short", multiple=multiple, resistance=resistance, cost=cost, cp=me.cp)
        return targets, resistance, multiple, cost

    def _do_convert(self, act: A.Convert, decision: Decision) -> None:
        pos, side = self.state.position, act.side
        me = pos.sides[side]
        terms = self._conversion_terms(side, act.target, act.free, act.multiple)
        if isinstance(terms, Problem):
            raise refusal(terms)
        targets, resistance, multiple, cost = terms
        if act.free:
            me.free_attempts -= 1
        else:
            self.state.conversions_used += 1
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
