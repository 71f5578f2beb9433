"""Magic items taken in play (10.55-10.58) and the Miasma demon (10.4).

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from typing import Any

from warjudge.hexwar.sjg.problems import Problem, problem, refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg import demon as D
from warjudge.hexwar.sjg.tables import DEMON_STRENGTH, UnitType, odds_column
from warjudge.hexwar.sjg.parts import GameParts


class ItemsAndDemon(GameParts):
    """Items taken in play (10.55-10.58) and the Miasma demon (10.4)."""

    def _do_take(self, act: A.Take, decision: Decision) -> None:
        """A unit takes an item lying in its hex or held by a friendly unit there; any
        unit that can carry a Jewel may (10.55), only a wizard uses it (10.57)."""
        problem = self._take_problem(act.side, act.unit, act.item)
        if problem:
            raise refusal(problem)
        unit, item = self.state.position.units[act.unit], self.state.position.items[act.item]
        item.holder, item.hex = unit.id, None
        self._say("sjg.item_taken", side=act.side, unit=unit.ref(), item=act.item)

    def _take_problem(self, side: str, unit_id: int, item_id: str) -> Problem | None:
        pos = self.state.position
        unit, item = pos.units.get(unit_id), pos.items.get(item_id)
        if unit is None or unit.side != side:
            return problem("not_yours", unit=unit_id)
        if item is None:
            return problem("no_such_item", item=item_id)
        if unit.kind == UnitType.DRAGON:
            return problem("dragon_takes")
        holder = pos.units.get(item.holder) if item.holder is not None else None
        if item.holder == unit.id:
            return problem("already_holds", unit=unit.ref(), item=item_id)
        if holder is None and item.hex != unit.hex or holder is not None and (holder.hex != unit.hex
                                                                            or holder.side != side):
            return problem("item_not_here", item=item_id, hex=unit.hex)
        return None

    def _demon_turn(self) -> None:
        """Every combat phase, before the players, the demon moves onto the nearest
        stack in the Miasma and attacks it."""
        stacks = D.nearest_stacks(self.state.position)
        if not stacks:
            return
        target = stacks[0] if len(stacks) == 1 else D.pick_one(stacks, lambda: self._roll(1, "demon_target"))
        self.state.position.miasma.demon = target
        self._demon_strikes(target)

    def _demon_strikes(self, hex_: str) -> None:
        """30 against the stack's defence, never with the Miasma's -1. Ruling: results
        that would eliminate an attacker (AE, AR-1, AR-2) destroy it; AR leaves it."""
        pos = self.state.position
        defenders = pos.at(hex_)
        if not defenders:
            return
        defence = sum(pos.defence_strength(u) for u in defenders)
        column = odds_column(DEMON_STRENGTH, defence)
        roll, result = self._crt_roll(column, 0, "demon_attack")
        self._say("sjg.demon_attacks", hex=hex_, attack=DEMON_STRENGTH, defence=defence, column=column, roll=roll,
                  modifier=0, result=str(result))
        if result.kind == "DE":
            for unit in defenders:
                self._eliminate(unit, "demon", combat=True)
        elif result.kind == "DR":
            self._queue_retreat(defenders[0].side, hex_, [u.id for u in defenders], result.losses, [hex_])
        elif result.kind == "AE" or result.kind == "AR" and result.losses:
            self._banish_demon("own_attack")

    def _banish_demon(self, why: str, **params: Any) -> None:
        self.state.position.miasma.demon = None
        self._say("sjg.demon_banished", why=why, **params)
