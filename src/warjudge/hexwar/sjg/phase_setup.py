"""The set-up: 10.5 extra items chosen in secret and shared out, then 9.1/9.2 deployment
(whole, or one unit at a time).

A part of SjgNecromancerGame (game.py), which checks each action against the pending
decision and dispatches it here through its HANDLERS table."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from warjudge.core.events import Refusal
from warjudge.hexwar.sjg.problems import refusal
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg.items import COUNTERS, UNITS, Pick, allocate, choice_problem, parse_pick
from warjudge.hexwar.sjg.setup import deploy_problem
from warjudge.hexwar.sjg.state import SIDES, Item, Unit, other, recount
from warjudge.hexwar.sjg.tables import UnitType
from warjudge.hexwar.sjg.phase_search import apply_jewel
from warjudge.hexwar.sjg.phases import DEPLOY_ACTIONS
from warjudge.hexwar.sjg.parts import GameParts

if TYPE_CHECKING:
    from warjudge.hexwar.sjg.game import SjgNecromancerGame


class SetupPhase(GameParts):
    """Choosing items (10.5) and setting up (9.1, 9.2)."""

    def _queue_choices(self, allowance: dict[str, int]) -> None:
        """Both sides choose at once and in secret; the first in SIDES order is asked
        first, and the view hides a choice made until both are in."""
        left = {k.value: n for k, n in self.state.counters_left.items()}
        self.state.queue = [Decision(s, "choose", ("choose",), {"allowance": n, "counters_left": left,
                                                                "simultaneous": len(allowance) > 1})
                            for s, n in allowance.items()]
        self.state.choices = {}

    def _do_choose(self, act: A.Choose, decision: Decision) -> None:
        problem = choice_problem(act.items, decision.info["allowance"], self.state.counters_left)
        if problem:
            raise refusal(problem)
        self.state.choices[act.side] = list(act.items)
        self.state.queue.remove(decision)
        self._say("sjg.chosen", side=act.side)
        if self.state.queue:
            return
        granted, short = allocate(self.state.choices, self.state.counters_left, lambda: self._roll(1, "odd_counter"))
        self.state.choices = {}
        for side in SIDES:
            for pick in granted.get(side, []):
                self._grant(side, pick)
            if side in granted:
                self._say("sjg.granted", side=side, items=list(granted[side]), short=short.get(side, 0))
        if short:
            self._queue_choices(short)
        else:
            self._queue_deploy()

    def _grant(self, side: str, text: str) -> None:
        pick, power = parse_pick(text)
        me = self.state.position.sides[side]
        if pick in COUNTERS:
            self.state.counters_left[pick] -= 1
        if pick in UNITS:
            kind, n = UNITS[pick]
            self.state.extra_units[side][kind] = self.state.extra_units[side].get(kind, 0) + n
        elif pick == Pick.CRYSTAL_BALL:
            me.crystal_ball = True
        elif pick == Pick.EXTRA_JEWEL:
            assert power is not None, "parse_pick names the power of an extra Jewel (10.51)"
            me.extra_jewels.append(power.value)
            apply_jewel(me, power)  # 10.51: his from the start, never to be captured
        else:
            self.state.position.items[pick.value] = Item(pick.value)
            self.state.item_owner[pick.value] = side

    def _queue_deploy(self) -> None:
        """9.1: both sides set up at once behind a screen (the queue names the first; the
        other may answer too, `_decision_for`); 9.2: Black, then Red."""
        order = self.scenario.deploy_order or SIDES
        self.state.queue = [Decision(order[0], "deploy", DEPLOY_ACTIONS, {"simultaneous": not self.scenario.deploy_order})]

    def _do_deploy(self, act: A.Deploy, decision: Decision) -> None:
        kinds = {h: [UnitType(k) for k in ks] for h, ks in act.placements.items()}
        problem = deploy_problem(self.state.position, self.scenario, act.side, kinds, self.state.extra_units[act.side])
        if problem:
            raise refusal(problem)
        holders = self._holders(act, kinds)
        for h, ks in kinds.items():
            for k in ks:
                self.state.position.add(k, act.side, h)
        for item, where in holders.items():
            wizard = self._wizard_at(act.side, where)
            self.state.position.items[item].holder = wizard.id
        self.state.deployed.add(act.side)
        self.state.drafts[act.side] = []
        self._say("sjg.deployed", side=act.side)
        if self.state.queue[0] is decision:
            self.state.queue.pop(0)
        if len(self.state.deployed) < 2:
            if not self.state.queue:
                self.state.queue.insert(0, Decision(other(act.side), "deploy", DEPLOY_ACTIONS, decision.info))
            return
        for side in SIDES:
            recount(self.state.position, side)  # ruling: both sides count before the first turn
        self._start_turn(self.state.first)

    def _do_place(self, act: A.Place, decision: Decision) -> None:
        """One unit of the set-up, behind the screen; the set-up is complete (and then
        goes down as one `deploy`) once every unit is placed (deploy.py)."""
        from warjudge.hexwar.sjg.deploy import placement_problem

        problem = placement_problem(cast("SjgNecromancerGame", self), act.side, act.kind, act.hex)
        if problem:
            raise refusal(problem)
        self.state.drafts[act.side].append((act.kind, act.hex))

    def _holders(self, act: A.Deploy, kinds: dict[str, list[UnitType]]) -> dict[str, str]:
        """Who starts with each of the side's items: the Necromancer unless the deploy
        names a hex where an apprentice sets up (10.57: "either the Necromancer or his
        apprentice")."""
        mine = sorted(i for i, s in self.state.item_owner.items() if s == act.side)
        foreign = set(act.holders) - set(mine)
        if foreign:
            raise Refusal("sjg.refused.foreign_items", items=sorted(foreign))
        named: dict[str, str] = {k: v for k, v in act.holders.items()}
        holders = {i: named.get(i, "necromancer") for i in mine}
        for item, where in holders.items():
            if where != "necromancer" and UnitType.APPRENTICE not in kinds.get(where, []):
                raise Refusal("sjg.refused.no_holder", item=item, hex=where)
        return holders

    def _wizard_at(self, side: str, where: str) -> Unit:
        pos = self.state.position
        if where == "necromancer":
            necromancer = pos.necromancer(side)
            assert necromancer is not None, "the Necromancer is down before his items are handed out (9.1)"
            return necromancer
        return min((u for u in pos.at(where) if u.kind == UnitType.APPRENTICE), key=lambda u: u.id)
