"""The movement phase (4.0, 6.7) and 8.2's extra wraith phase: group moves, the 4.4
dead-end check, Jewels carried along.

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from warjudge.core.events import Refusal
from warjudge.hexwar.sjg.problems import Problem, problem, refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.moves import locked_units, may_join, mixes_mercenaries, move_problem
from warjudge.hexwar.sjg.state import FREE_OF_STACKING, STACK_LIMIT, Unit
from warjudge.hexwar.sjg.tables import UnitType
from warjudge.hexwar.sjg.phases import PHASE_ACTIONS
from warjudge.hexwar.sjg.parts import GameParts


class MovementPhase(GameParts):
    """Moves of units and stacks, and the extra wraith phase (4.0, 6.7, 8.2)."""

    def _queue_wraith_phase(self) -> bool:
        """8.2: one extra wraith phase after combat per such Jewel (cumulative)."""
        side = self.state.phasing
        if self.state.wraith_phases_done >= self.state.position.sides[side].wraith_phases:
            return False
        self.state.wraith_phases_done += 1
        self.state.wraith_moved = set()
        self.state.locked = locked_units(self.state.position, side)
        self.state.queue.append(Decision(side, "wraith", PHASE_ACTIONS["wraith"]))
        return True

    def _do_move(self, act: A.Move, decision: Decision) -> None:
        pos = self.state.position
        units = []
        moved = self.state.wraith_moved if decision.kind == "wraith" else self.state.moved
        for uid in act.units:
            unit = pos.units.get(uid)
            if unit is None or unit.side != act.side:
                raise Refusal("sjg.refused.not_yours", unit=uid)
            if uid in moved:
                raise Refusal("sjg.refused.already_moved", unit=unit.ref())
            units.append(unit)
        if decision.kind == "wraith":
            problem = self._wraith_step_problem(units, act)
        elif not act.jewels and not act.suicide and self._listed_walk(act.side, act.units, act.path):
            problem = None   # listed for this very position, its checks made in the listing (issue 26)
        else:
            problem = move_problem(pos, units, list(act.path), locked=self.state.locked, suicide=act.suicide) or (
                None if act.suicide else self._dead_end_problem(units, act.path[-1]))
        if problem:
            raise refusal(problem)
        jewels = self._jewels_on_path(act, units)
        end = act.path[-1]
        moved.update(u.id for u in units)
        self.state.moved.update(u.id for u in units)
        if act.suicide:
            for unit in units:
                self._eliminate(unit, "cliff_suicide")
        else:
            for unit in units:
                unit.hex = end
        for j in jewels:
            pos.jewels[j].hex = end
        if not act.suicide and end not in self.state.moved_to[act.side]:
            self.state.moved_to[act.side].append(end)
        self._say("sjg.moved", side=act.side, units=[u.ref() for u in units], path=list(act.path),
                  suicide=act.suicide)

    def _dead_end_problem(self, units: list[Unit], dest: str, there: list[Unit] | None = None) -> Problem | None:
        """Ruling on 4.4 and 10.53: stacking counts at the end of the phase, but units that
        have moved (or are held in a zone of control) cannot leave again, so a move that
        leaves more than three of them, or mercenaries with others, in one hex could never
        be put right and the phase could never end. Such a move is refused now."""
        pos, moving = self.state.position, {u.id for u in units}
        stuck = [u for u in (pos.at(dest) if there is None else there) if u.id not in moving and (u.id in self.state.moved or u.id in self.state.locked)] + units
        return dead_end(dest, *stacked(stuck))

    def _jewels_on_path(self, act: A.Move, units: list[Unit]) -> list[str]:
        pos = self.state.position
        for j in act.jewels:
            jewel = pos.jewels.get(j)
            if jewel is None or jewel.delivered_to or jewel.hex not in act.path[:-1] + ([] if act.suicide else [act.path[-1]]):
                raise Refusal("sjg.refused.no_jewel_to_carry", jewel=j)
        if act.jewels and all(u.kind == UnitType.DRAGON for u in units):
            raise Refusal("sjg.refused.dragon_carries")
        return list(act.jewels)

    def _wraith_step_problem(self, units: list[Unit], act: A.Move) -> Problem | None:
        """8.2: after combat, wraiths not in an enemy zone move one hex; no cliff but
        downwards to suicide; slopes allowed."""
        pos = self.state.position
        if any(u.kind != UnitType.WRAITH for u in units):
            return problem("wraiths_only")
        if len(act.path) != 2:
            return problem("wraith_one_hex")
        if self.state.locked & {u.id for u in units}:
            return problem("wraith_in_zoc")
        a, b = act.path
        if any(u.hex != a for u in units) or b not in pos.board.neighbours(a):
            return problem("wraith_step", hex=a)
        if pos.board.is_cliff(a, b):
            if act.suicide and pos.board.cliff_high_side(a, b) == a:
                return None
            return problem("wraith_cliff")
        if act.suicide or pos.board.terrain(b) == "monolith" or any(u.side != act.side for u in pos.at(b)):
            return problem("wraith_blocked", hex=b)
        if not may_join(pos, units, b):
            return problem("overstacked", hex=b, limit=STACK_LIMIT)
        return None


def stacked(units: list[Unit]) -> tuple[int, frozenset[UnitType]]:
    """What 4.4 and 10.53 count of units in one hex: how many count for stacking, and their kinds."""
    return sum(1 for u in units if u.kind not in FREE_OF_STACKING), frozenset(u.kind for u in units)


def dead_end(dest: str, size: int, kinds: frozenset[UnitType]) -> Problem | None:
    """`_dead_end_problem` of the units stuck in `dest` once the move is made, as `stacked`
    counts them (a listing adds a group's count to each hex's, worked out once)."""
    if size > STACK_LIMIT:
        return problem("dead_end_stack", hex=dest, size=size, limit=STACK_LIMIT)
    if mixes_mercenaries(kinds):
        return problem("dead_end_mercenaries", hex=dest)
    return None
