"""An SJG Necromancer game: the turn sequence (3.1-3.6), pending decisions, dice and the
record that replays it.

Every change is an action (actions.py). `act` checks the action completely against the
first pending decision and the rules before anything changes, then applies it, rolls
whatever dice the rules call for from the record's seeded dice, appends it to the record
and queues the next decision. `SjgNecromancerGame.from_record` replays a record to the same
state bit for bit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from warjudge.core.dice import Dice
from pydantic import ValidationError

from warjudge.core.errors import MapError, RecordError
from warjudge.core.games import replay
from warjudge.core.record import GameRecord
from warjudge.hexwar.decisions import Decision, IllegalAction
from warjudge.hexwar.grid import AXIAL_STEP, distance, from_axial, to_axial
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.necromancer import actions as A
from warjudge.hexwar.necromancer import demon as D
from warjudge.hexwar.necromancer.board import board_from_record, load_board
from warjudge.hexwar.necromancer.combat import AttackPlan, can_boulder, indirect_modifier, must_be_attacked, plan_attack
from warjudge.hexwar.necromancer.interface import SjgInterface, _copied
from warjudge.hexwar.necromancer.items import COUNTERS, UNITS, Pick, allocate, choice_problem, parse_pick
from warjudge.hexwar.necromancer.moves import (
    MERCENARY_RULE, locked_units, may_join, mixes_mercenaries, move_problem, stacking_problems,
)
from warjudge.hexwar.necromancer.setup import (
    CP_ALLOWANCE_START, CP_ALLOWANCE_TURN, SCENARIOS, Options, deploy_problem, option_problems,
)
from warjudge.hexwar.necromancer.state import FREE_OF_STACKING, SIDES, STACK_LIMIT, Item, Jewel, Position, Unit, other, recount
from warjudge.hexwar.necromancer.tables import (
    AUTO_AE, AUTO_DE, CRYSTAL_BALL_SP, DEMON_STRENGTH, FREE_ATTEMPT_MULTIPLE, JEWEL_CP, SEARCH_POINTS,
    ConversionResult, CRTResult,
    JewelEffect, UnitType, conversion_result, crt, jewel_effect, odds_column, search_target,
)
from warjudge.hexwar.retreat import farther_hexes

GAME = "necromancer-sjg"
JEWEL_IDS = ("red", "green", "blue", "amber")   # the four Jewel counters (2.26)
MIASMA_POINTS = {1: "miasma:1-2", 2: "miasma:1-2", 3: "miasma:3-4", 4: "miasma:3-4", 5: "miasma:5-6", 6: "miasma:5-6"}
UNDOABLE = frozenset({"move", "take", "attack"})  # the others always change the phase or roll
NOT_UNDONE = frozenset({"record", "dice", "options", "scenario", "log", "undo_stack", "rolls", "_board_id"})
DEPLOY_ACTIONS = ("deploy", "place")
PHASE_ACTIONS = {
    "choose": ("choose",), "deploy": ("deploy",), "move": ("move", "take", "end"), "opportunity": ("attack", "end"),
    "convert": ("convert", "end"), "combat": ("attack", "end"), "wraith": ("move", "end"),
    "search": ("search", "end"),
}


class SjgNecromancerGame(SjgInterface):
    """One game. `pending` is the decision the game waits for; `act` answers it."""

    def __init__(self, record: GameRecord, board: HexMap | None = None):
        if record.game != GAME:
            raise RecordError(f"this record is for {record.game!r}, not SJG Necromancer")
        try:
            self.options = Options.model_validate(record.options)
        except ValidationError as exc:
            raise RecordError(f"the record's options are invalid: {option_problems(exc)}") from None
        if self.options.map is not None and board is None:
            try:
                board = board_from_record(self.options.map.sha256, self.options.map.spec)
            except MapError as exc:
                raise RecordError(f"the record's map cannot be used: {exc}") from None
        self.scenario = SCENARIOS[self.options.scenario]
        self.record = GameRecord(GAME, record.seed, record.options)
        self.dice = Dice(record.seed)
        self.position = Position(board or load_board())
        self.log: list[str] = []
        self.queue: list[Decision] = []
        self.winner: str | None = None
        self.turn_limit_reached = False
        self.rolls = 0                                 # dice rolled by actions: undo never crosses one
        self.undo_stack: list[tuple[dict[str, Any], str]] = []
        self.moved_to: dict[str, list[str]] = {s: [] for s in SIDES}  # each side's moves, its latest turn
        self.turn = 0
        self.phasing = "red"
        self.first = "red"
        self.deployed: set[str] = set()
        self.item_owner: dict[str, str] = {}           # the side each held item came with
        self.choices: dict[str, list[str]] = {}        # 10.5: picks made this round, secret
        self.counters_left: Counter = Counter(COUNTERS)
        self.extra_units: dict[str, dict[UnitType, int]] = {s: {} for s in SIDES}
        self.drafts: dict[str, list[tuple[str, str]]] = {s: [] for s in SIDES}  # placements so far (9.1), secret
        self._board_id: dict[str, str] | None = None
        self._reset_turn_marks()
        self._open()

    @classmethod
    def new(cls, seed: int = 0, board: HexMap | None = None, **options: Any) -> "SjgNecromancerGame":
        try:
            opts = Options.model_validate(options)
        except ValidationError as exc:
            raise IllegalAction(f"invalid game options: {option_problems(exc)}") from None
        dumped = opts.model_dump(exclude={"max_turns"} if opts.max_turns is None else set())
        return cls(GameRecord(GAME, seed, dumped), board)

    @classmethod
    def from_record(cls, record: GameRecord, board: HexMap | None = None) -> "SjgNecromancerGame":
        """The game a record describes, replayed through `act` (core.games.replay)."""
        game = cls(record, board)
        replay(game, [(a.get("side", ""), a) for a in record.actions])
        return game

    # --- the public surface -------------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        return self.queue[0] if self.queue else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.turn_limit_reached

    def recent_moves(self) -> list[str]:
        """Where the last side to move moved to: this turn's phasing side once it has
        moved, else the other side in its turn before (the map marks them)."""
        return sorted(self.moved_to[self.phasing] or self.moved_to[other(self.phasing)])

    @property
    def phase(self) -> str:
        return "over" if self.is_over else (self.queue[0].kind if self.queue else "over")

    def act(self, player: str, action: dict[str, Any]) -> None:
        """The interface's act (core.game): `player` answers with `action` (its "side",
        if given, must be `player`). Refused actions raise IllegalAction and change nothing."""
        if not isinstance(action, dict):
            raise IllegalAction("an action is a JSON object with a 'type'")
        if action.get("side", player) != player:
            raise IllegalAction(f"this action says side {action.get('side')!r}, but {player!r} sends it")
        self.apply({**action, "side": player})

    def apply(self, action: dict[str, Any]) -> list[str]:
        """Apply one action naming its side; returns the report lines it produced.
        Refused actions raise IllegalAction and change nothing."""
        parsed = A.parse_action(action)
        if self.winner:
            raise IllegalAction(f"the game is over: {self.winner} has won")
        if self.turn_limit_reached:
            raise IllegalAction(f"the game is over: the turn limit ({self.options.max_turns}) is reached")
        decision = self._decision_for(parsed.side)
        start = len(self.log)
        if parsed.type == "undo":
            self._undo(parsed.side, decision)
        else:
            if parsed.type not in decision.accepts:
                raise IllegalAction(self._not_accepted(decision, parsed.type))
            saved = self._saved_state() if parsed.type in UNDOABLE else None
            rolls = self.rolls
            HANDLERS[parsed.type](self, parsed, decision)
            self._settle_opportunity()
            self._settle_search()
            self._deliver_jewels()
            self._remember_for_undo(saved, decision, rolls, self.log[start:])
        self.record.append(parsed.model_dump(exclude_defaults=True) | {"type": parsed.type, "side": parsed.side})
        return self.log[start:]

    def _decision_for(self, side: str) -> Decision:
        """The decision `side` answers now: the queue's head, or its own one of the
        secret answers both sides owe at once (10.5 choices, a simultaneous set-up)."""
        head = self.queue[0]
        if head.player == side:
            return head
        if head.info.get("simultaneous"):
            if head.kind == "deploy" and side not in self.deployed:
                return Decision(side, "deploy", DEPLOY_ACTIONS, head.info)
            mine = next((d for d in self.queue if d.player == side and d.kind == head.kind), None)
            if mine is not None:
                return mine
        raise IllegalAction(f"it is {head.player}'s decision ({head.kind}), not {side}'s")

    @staticmethod
    def _not_accepted(decision: Decision, wanted: str) -> str:
        if decision.kind == "convert" and wanted == "convert":
            return "no conversion attempts left this turn (SJG 5.2, 8.2); type 'end' to go on to combat"
        if decision.kind == "search" and wanted == "search":
            return ("the Miasma cannot be searched now (none of your units stands in a Miasma hex not yet searched "
                    "this turn, or no Jewel is left; SJG 7.41, 8.4); type 'end'")
        article = "an" if decision.kind[0] in "aeiou" else "a"
        answers = " or ".join(f"'{a}'" for a in decision.accepts)
        return f"{decision.player} now answers {article} {decision.kind} decision with {answers}, not '{wanted}'"

    # --- undo ------------------------------------------------------------------------------

    def _saved_state(self) -> dict[str, Any]:
        """Everything an undoable action may change (the board is shared, never copied)."""
        saved = {}
        for key, value in vars(self).items():
            if key in NOT_UNDONE:
                continue
            if key == "position":
                saved[key] = value.clone()
            elif key == "queue":
                saved[key] = [replace(d, info=_copied(d.info)) for d in value]
            else:
                saved[key] = _copied(value)
        return saved

    def _remember_for_undo(self, saved: dict[str, Any] | None, decision: Decision, rolls: int,
                           lines: list[str]) -> None:
        """An action can be taken back while its phase goes on (the same decision is
        pending) and it rolled no die; anything else closes the phase's undo history."""
        if saved is not None and rolls == self.rolls and self.queue and self.queue[0] is decision:
            self.undo_stack.append((saved, lines[-1] if lines else "an action"))
        else:
            self.undo_stack = []

    def _undo(self, side: str, decision: Decision) -> None:
        if decision.kind == "deploy":
            if not self.drafts[side]:
                raise IllegalAction("nothing to take back: you have placed no unit yet")
            kind, hex_ = self.drafts[side].pop()
            self.log.append(f"{side} takes back a placement")
            return
        if not self.undo_stack:
            raise IllegalAction("nothing to take back: undo reaches back to the start of the current phase, "
                                "and never past a die roll or a secret revealed")
        saved, what = self.undo_stack.pop()
        # a copy is adopted, so a saved state never changes and clones may share it
        vars(self).update({k: v.clone() if k == "position" else [replace(d, info=_copied(d.info)) for d in v]
                           if k == "queue" else _copied(v) for k, v in saved.items()})
        self.log.append(f"{side} takes back: {what}")

    # --- opening --------------------------------------------------------------------------

    def _reset_turn_marks(self) -> None:
        self.moved: set[int] = set()
        self.attacked: set[int] = set()
        self.opp_spent: set[int] = set()
        self.opp_targets: set[int] = set()
        self.attacked_hexes: set[str] = set()
        self.conversions_used = 0
        self.searched: set[str] = set()
        self.locked: set[int] = set()
        self.wraith_moved: set[int] = set()
        self.wraith_phases_done = 0

    def _open(self) -> None:
        """Chance events before set-up: the Miasma (7.2), the first player (9.1)."""
        board, pos = self.position.board, self.position
        point = self.scenario.miasma_centre or MIASMA_POINTS[self._roll(1, "Miasma placement (7.2)")]
        self._place_miasma(board.points[point])
        if "miasma_demon" in self.options.optional:
            # 10.4: the counters go down face down; the rolls are not reported
            pos.miasma.demon_counter = D.hidden_counter(sorted(pos.miasma.hexes), self.dice.roll)
        self.first = self.scenario.first or (self.options.first if self.options.first != "coin"
                                             else ("red" if self._roll(1, "coin toss for the first player") <= 3 else "black"))
        self.log.append(f"{self.first} moves first")
        max_jewels = 4 if "fourth_jewel" in self.options.optional else 3
        for jid in JEWEL_IDS[:max_jewels]:
            pos.jewels[jid] = Jewel(jid)
        for side in SIDES:
            cp = self.scenario.forces[side].cp
            pos.sides[side].cp = CP_ALLOWANCE_START if "cp_allowance" in self.options.optional else cp
            if self.scenario.name == "standard":
                pos.add(UnitType.NECROMANCER, side, board.points[f"start:{side}"])
        allowance = {s: n for s, n in self.options.items.items() if n}
        if allowance:
            self.log.append("each side chooses its extra items (SJG 10.5)")
            self._queue_choices(allowance)
        else:
            self._queue_deploy()

    def _queue_deploy(self) -> None:
        """9.1: both sides set up at once behind a screen (the queue names the first; the
        other may answer too, `_decision_for`); 9.2: Black, then Red."""
        order = self.scenario.deploy_order or SIDES
        self.queue = [Decision(order[0], "deploy", DEPLOY_ACTIONS, {"simultaneous": not self.scenario.deploy_order})]

    def _place_miasma(self, centre: str) -> None:
        m = self.position.miasma
        m.centre = centre
        m.hexes = {centre, *self.position.board.neighbours(centre)}

    def _roll(self, dice: int, why: str) -> int:
        self.rolls += 1
        total = sum(self.dice.roll(6) for _ in range(dice))
        self.log.append(f"  roll {total} ({why})")
        return total

    # --- extra items (10.5) -------------------------------------------------------------

    def _queue_choices(self, allowance: dict[str, int]) -> None:
        """Both sides choose at once and in secret; the first in SIDES order is asked
        first, and the view hides a choice made until both are in."""
        left = {k.value: n for k, n in self.counters_left.items()}
        self.queue = [Decision(s, "choose", ("choose",), {"allowance": n, "counters_left": left,
                                                          "simultaneous": len(allowance) > 1})
                      for s, n in allowance.items()]
        self.choices = {}

    def _do_choose(self, act: A.Choose, decision: Decision) -> None:
        problem = choice_problem(act.items, decision.info["allowance"], self.counters_left)
        if problem:
            raise IllegalAction(problem)
        self.choices[act.side] = list(act.items)
        self.queue.remove(decision)
        self.log.append(f"{act.side} has chosen")
        if self.queue:
            return
        granted, short = allocate(self.choices, self.counters_left, lambda: self._roll(1, "who gets the odd counter, 10.5"))
        self.choices = {}
        for side in SIDES:
            for pick in granted.get(side, []):
                self._grant(side, pick)
            if side in granted:
                self.log.append(f"{side} takes {', '.join(granted[side]) or 'nothing'}"
                                + (f"; {short[side]} more to choose from the counters left" if side in short else ""))
        if short:
            self._queue_choices(short)
        else:
            self._queue_deploy()

    def _grant(self, side: str, text: str) -> None:
        pick, power = parse_pick(text)
        me = self.position.sides[side]
        if pick in COUNTERS:
            self.counters_left[pick] -= 1
        if pick in UNITS:
            kind, n = UNITS[pick]
            self.extra_units[side][kind] = self.extra_units[side].get(kind, 0) + n
        elif pick == Pick.CRYSTAL_BALL:
            me.crystal_ball = True
        elif pick == Pick.EXTRA_JEWEL:
            me.extra_jewels.append(power.value)
            _apply_jewel(me, power)  # 10.51: his from the start, never to be captured
        else:
            self.position.items[pick.value] = Item(pick.value)
            self.item_owner[pick.value] = side

    # --- set-up (9.1, 9.2) -------------------------------------------------------------

    def _do_deploy(self, act: A.Deploy, decision: Decision) -> None:
        kinds = {h: [UnitType(k) for k in ks] for h, ks in act.placements.items()}
        problem = deploy_problem(self.position, self.scenario, act.side, kinds, self.extra_units[act.side])
        if problem:
            raise IllegalAction(problem)
        holders = self._holders(act, kinds)
        for h, ks in kinds.items():
            for k in ks:
                self.position.add(k, act.side, h)
        for item, where in holders.items():
            wizard = self._wizard_at(act.side, where)
            self.position.items[item].holder = wizard.id
        self.deployed.add(act.side)
        self.drafts[act.side] = []
        self.log.append(f"{act.side} has deployed")
        if self.queue[0] is decision:
            self.queue.pop(0)
        if len(self.deployed) < 2:
            if not self.queue:
                self.queue.insert(0, Decision(other(act.side), "deploy", DEPLOY_ACTIONS, decision.info))
            return
        for side in SIDES:
            recount(self.position, side)  # ruling: both sides count before the first turn
        self._start_turn(self.first)

    def _do_place(self, act: A.Place, decision: Decision) -> None:
        """One unit of the set-up, behind the screen; the set-up is complete (and then
        goes down as one `deploy`) once every unit is placed (deploy.py)."""
        from warjudge.hexwar.necromancer.deploy import placement_problem

        problem = placement_problem(self, act.side, act.kind, act.hex)
        if problem:
            raise IllegalAction(problem)
        self.drafts[act.side].append((act.kind, act.hex))

    def _holders(self, act: A.Deploy, kinds: dict[str, list[UnitType]]) -> dict[str, str]:
        """Who starts with each of the side's items: the Necromancer unless the deploy
        names a hex where an apprentice sets up (10.57: "either the Necromancer or his
        apprentice")."""
        mine = sorted(i for i, s in self.item_owner.items() if s == act.side)
        foreign = set(act.holders) - set(mine)
        if foreign:
            raise IllegalAction(f"you do not have the {', '.join(sorted(foreign))}")
        holders = {i: act.holders.get(i, "necromancer") for i in mine}
        for item, where in holders.items():
            if where != "necromancer" and UnitType.APPRENTICE not in kinds.get(where, []):
                raise IllegalAction(f"the {item} goes to the Necromancer or to an apprentice you set up; "
                                    f"none is set up in {where}")
        return holders

    def _wizard_at(self, side: str, where: str) -> Unit:
        pos = self.position
        if where == "necromancer":
            return pos.necromancer(side)
        return min((u for u in pos.at(where) if u.kind == UnitType.APPRENTICE), key=lambda u: u.id)

    def _do_take(self, act: A.Take, decision: Decision) -> None:
        """A unit takes an item lying in its hex or held by a friendly unit there; any
        unit that can carry a Jewel may (10.55), only a wizard uses it (10.57)."""
        problem = self._take_problem(act.side, act.unit, act.item)
        if problem:
            raise IllegalAction(problem)
        unit, item = self.position.units[act.unit], self.position.items[act.item]
        item.holder, item.hex = unit.id, None
        self.log.append(f"{act.side} {unit.label} takes the {act.item}")

    def _take_problem(self, side: str, unit_id: int, item_id: str) -> str | None:
        pos = self.position
        unit, item = pos.units.get(unit_id), pos.items.get(item_id)
        if unit is None or unit.side != side:
            return f"unit {unit_id} is not one of yours"
        if item is None:
            return f"there is no {item_id} in this game"
        if unit.kind == UnitType.DRAGON:
            return "a dragon may not carry a Jewel or item by itself (SJG 10.54)"
        holder = pos.units.get(item.holder) if item.holder is not None else None
        if item.holder == unit.id:
            return f"{unit.label} already holds the {item_id}"
        if holder is None and item.hex != unit.hex or holder is not None and (holder.hex != unit.hex
                                                                            or holder.side != side):
            return f"the {item_id} is not on the ground or with a friendly unit in {unit.hex}"
        return None

    # --- the turn ----------------------------------------------------------------------

    def _start_turn(self, side: str) -> None:
        if self.options.max_turns is not None and self.turn >= self.options.max_turns:
            self.queue = []  # the agreed number of player-turns is played (docs/rulings.md)
            self.turn_limit_reached = True
            self.log.append(f"the game ends after {self.turn} player-turns, the limit agreed")
            return
        self.turn += 1
        self.phasing = side
        self.moved_to[side] = []
        self._reset_turn_marks()
        self.log.append(f"— turn {self.turn}: {side} —")
        self._move_miasma()
        recount(self.position, side)  # 3.1
        self.locked = locked_units(self.position, side)
        self.queue = [Decision(side, "move", PHASE_ACTIONS["move"])]

    def _next_phase(self, after: str) -> None:
        """Queue the phasing side's next phase (3.2-3.6), skipping phases with nothing
        to decide, and end the turn after the Miasma conversion check."""
        side = self.phasing
        order = ["opportunity", "convert", "combat", "wraith", "search", "end"]
        for phase in order[order.index(after) + 1:] if after in order else order:
            if phase == "opportunity" and self._opportunity_targets():
                self.queue.append(Decision(other(side), "opportunity", PHASE_ACTIONS["opportunity"],
                                           self._opportunity_info()))
                return
            if phase == "convert":
                if "cp_allowance" in self.options.optional:
                    self.position.sides[side].cp += CP_ALLOWANCE_TURN  # 10.1
                if self._attempts_left() or self.position.sides[side].free_attempts:
                    self.queue.append(Decision(side, "convert", PHASE_ACTIONS["convert"], {"attempts": self._attempts_left()}))
                    return
            if phase == "combat":
                self._demon_turn()
                if not self.winner:
                    self.queue.append(Decision(side, "combat", PHASE_ACTIONS["combat"]))
                return
            if phase == "wraith" and self._queue_wraith_phase():
                return
            if phase == "search" and self._searchable():
                self.queue.append(Decision(side, "search", PHASE_ACTIONS["search"]))
                return
            if phase == "end":
                self._end_turn()
                return

    def _queue_wraith_phase(self) -> bool:
        """8.2: one extra wraith phase after combat per such Jewel (cumulative)."""
        side = self.phasing
        if self.wraith_phases_done >= self.position.sides[side].wraith_phases:
            return False
        self.wraith_phases_done += 1
        self.wraith_moved = set()
        self.locked = locked_units(self.position, side)
        self.queue.append(Decision(side, "wraith", PHASE_ACTIONS["wraith"]))
        return True

    def _do_end(self, act: A.End, decision: Decision) -> None:
        if decision.kind == "advance":  # 6.6: advancing is optional; 'end' stays put
            self._do_advance(A.Advance(type="advance", side=act.side), decision)
            return
        problem = self._end_problem(decision)
        if problem:
            raise IllegalAction(problem)
        self.queue.pop(0)
        self.log.append(f"{act.side} ends the {decision.kind} phase")
        if decision.kind == "wraith" and self._queue_wraith_phase():
            return
        self._next_phase(decision.kind)

    def _end_problem(self, decision: Decision) -> str | None:
        """Why the phase may not end yet: 4.4 stacking after movement, 6.21 enemies in
        a zone of control not yet attacked."""
        if decision.kind == "move":
            problems = stacking_problems(self.position, decision.player)
            if problems:
                return "; ".join(problems)
        if decision.kind == "combat":
            missing = sorted(must_be_attacked(self.position, decision.player) - self.attacked_hexes)
            free = [h for h in missing if self._could_still_attack(h)]
            if free:
                return f"enemy units in your zones of control must be attacked (SJG 6.21): {', '.join(free)}"
        return None

    # --- movement (4.0, 6.7) ------------------------------------------------------------

    def _do_move(self, act: A.Move, decision: Decision) -> None:
        pos = self.position
        units = []
        moved = self.wraith_moved if decision.kind == "wraith" else self.moved
        for uid in act.units:
            unit = pos.units.get(uid)
            if unit is None or unit.side != act.side:
                raise IllegalAction(f"unit {uid} is not one of yours")
            if uid in moved:
                raise IllegalAction(f"{unit.label} has already moved this phase")
            units.append(unit)
        if decision.kind == "wraith":
            problem = self._wraith_step_problem(units, act)
        else:
            problem = move_problem(pos, units, list(act.path), locked=self.locked, suicide=act.suicide)
        if problem:
            raise IllegalAction(problem)
        if decision.kind == "move" and not act.suicide:
            problem = self._dead_end_problem(units, act.path[-1])
            if problem:
                raise IllegalAction(problem)
        jewels = self._jewels_on_path(act, units)
        end = act.path[-1]
        moved.update(u.id for u in units)
        self.moved.update(u.id for u in units)
        if act.suicide:
            for unit in units:
                self._eliminate(unit, "throws itself over the cliff (6.7)")
        else:
            for unit in units:
                unit.hex = end
        for j in jewels:
            pos.jewels[j].hex = end
        if not act.suicide and end not in self.moved_to[act.side]:
            self.moved_to[act.side].append(end)
        self.log.append(f"{act.side} moves {', '.join(u.label for u in units)} {' '.join(act.path)}"
                        + (" over the edge" if act.suicide else ""))

    def _dead_end_problem(self, units: list[Unit], dest: str, there: list[Unit] | None = None) -> str | None:
        """Ruling on 4.4 and 10.53: stacking counts at the end of the phase, but units that
        have moved (or are held in a zone of control) cannot leave again, so a move that
        leaves more than three of them, or mercenaries with others, in one hex could never
        be put right and the phase could never end. Such a move is refused now."""
        pos, moving = self.position, {u.id for u in units}
        stuck = [u for u in (pos.at(dest) if there is None else there) if u.id not in moving and (u.id in self.moved or u.id in self.locked)] + units
        size = sum(1 for u in stuck if u.kind not in FREE_OF_STACKING)
        if size > STACK_LIMIT:
            return (f"{dest} would hold {size} units that can no longer move this phase; at most {STACK_LIMIT} may "
                    f"stack at its end (SJG 4.4). Move them elsewhere, or 'undo' an earlier move")
        if mixes_mercenaries({u.kind for u in stuck}):
            return f"{dest}: {MERCENARY_RULE}; those units could not part again this phase"
        return None

    def _jewels_on_path(self, act: A.Move, units: list[Unit]) -> list[str]:
        pos = self.position
        for j in act.jewels:
            jewel = pos.jewels.get(j)
            if jewel is None or jewel.delivered_to or jewel.hex not in act.path[:-1] + ([] if act.suicide else [act.path[-1]]):
                raise IllegalAction(f"there is no Jewel {j!r} in the start hex or on the path to carry")
        if act.jewels and all(u.kind == UnitType.DRAGON for u in units):
            raise IllegalAction("a dragon by itself may not carry a Jewel (SJG 10.54)")
        return list(act.jewels)

    def _wraith_step_problem(self, units: list[Unit], act: A.Move) -> str | None:
        """8.2: after combat, wraiths not in an enemy zone move one hex; no cliff but
        downwards to suicide; slopes allowed."""
        pos = self.position
        if any(u.kind != UnitType.WRAITH for u in units):
            return "only wraiths move in the extra wraith movement phase (SJG 8.2)"
        if len(act.path) != 2:
            return "in the extra wraith phase a wraith moves one hex (SJG 8.2)"
        if self.locked & {u.id for u in units}:
            return "wraiths in an enemy zone of control may not move (SJG 8.2)"
        a, b = act.path
        if any(u.hex != a for u in units) or b not in pos.board.neighbours(a):
            return f"the wraiths must stand in {a} and move to an adjacent hex"
        if pos.board.is_cliff(a, b):
            if act.suicide and pos.board.cliff_high_side(a, b) == a:
                return None
            return "a wraith may not cross a cliff in this phase, except down to its end (SJG 8.2)"
        if act.suicide or pos.board.terrain(b) == "monolith" or any(u.side != act.side for u in pos.at(b)):
            return f"cannot move into {b}"
        if not may_join(pos, units, b):
            return f"{b} would hold more than {STACK_LIMIT} units, or mercenaries with others (SJG 4.4, 10.53)"
        return None

    # --- opportunity attacks (6.24) -----------------------------------------------------

    def _opportunity_targets(self) -> set[str]:
        """Hexes holding units that ended a move there and that some enemy unit not yet
        used can really hit: the attack by every such unit is planned as the engine would
        accept it, so no target is offered that nobody can attack."""
        return set(self._opportunity_attackers())

    def _opportunity_attackers(self) -> dict[str, dict[str, list[int]]]:
        """Target hex -> {"boulder": ids, "indirect": ids} that could attack it now."""
        pos, side = self.position, self.phasing
        enemies = [u for u in pos.side_units(other(side)) if u.id not in self.opp_spent]
        out: dict[str, dict[str, list[int]]] = {}
        for h in sorted({u.hex for u in pos.side_units(side) if u.id in self.moved and u.id not in self.opp_targets}):
            boulder = [e.id for e in enemies if can_boulder(pos, e, h)]
            indirect = [e.id for e in enemies if indirect_modifier(pos, e, h) is not None and distance(e.hex, h) <= 2]
            ways = {}
            for method, ids in (("boulder", boulder), ("indirect", indirect)):
                if ids and not isinstance(plan_attack(pos, other(side), [], ids if method == "indirect" else [],
                                                      ids if method == "boulder" else [], [h],
                                                      spent=self.opp_spent), str):
                    ways[method] = ids
            if ways:
                out[h] = ways
        return out

    def _opportunity_info(self) -> dict[str, Any]:
        ways = self._opportunity_attackers()
        return {"targets": sorted(ways), "attackers": {h: " ".join(f"{m[0]}:{','.join(map(str, ids))}"
                                                                   for m, ids in w.items()) for h, w in ways.items()}}

    def _settle_opportunity(self) -> None:
        """Refresh the pending opportunity decision's targets; close the phase once no
        unit is left to attack (after the attacks' retreats are done)."""
        decision = self.pending
        if decision is None or decision.kind != "opportunity":
            return
        if self._opportunity_targets():
            decision.info = self._opportunity_info()
            return
        self.queue.pop(0)
        self.log.append("no opportunity attack is left to make")
        self._next_phase("opportunity")

    # --- combat (6.0) -------------------------------------------------------------------

    def _do_attack(self, act: A.Attack, decision: Decision) -> None:
        pos = self.position
        opportunity = decision.kind == "opportunity"
        if opportunity:
            if act.direct or act.demon:
                raise IllegalAction("opportunity attacks are indirect or boulder attacks on units that ended a move "
                                    "(SJG 6.24)")
            bad = [t for t in act.targets if t not in self._opportunity_targets()]
            if bad:
                raise IllegalAction(f"{', '.join(bad)}: not open to an opportunity attack (units that ended their "
                                    f"move there, each attacked once; SJG 6.24)")
        spent = self.opp_spent if opportunity else self.attacked
        plan = plan_attack(pos, act.side, act.direct, act.indirect, act.boulder, act.targets, spent=spent,
                           demon=act.demon)
        if isinstance(plan, str):
            raise IllegalAction(plan)
        for uid in act.direct + act.indirect + act.boulder:
            spent.add(uid)
        if not act.demon:
            self.attacked_hexes.update(act.targets)
        if opportunity:
            self.opp_targets.update(u.id for t in act.targets for u in pos.at(t))
        if plan.demon:
            self._resolve_on_demon(plan, act.side)
        elif plan.boulder:
            self._boulder(plan, act.side)
        else:
            self._resolve(plan, act.side)

    def _resolve_on_demon(self, plan: AttackPlan, side: str) -> None:
        """10.4: either player may attack the demon by any method. Ruling: it is destroyed
        by a result that would eliminate a defender (DE, DR-1, DR-2, or AR-1, AR-2, DE
        under boulders); a plain DR does not move it; nobody advances."""
        pos = self.position
        if plan.boulder:
            column = odds_column(plan.attack, DEMON_STRENGTH)
            roll, result = self._crt_roll(column, plan.modifier, "boulders on the demon")
            destroyed = result.kind == "DE" or bool(result.losses)
        else:
            column = plan.column
            roll, result = self._crt_roll(column, plan.modifier, "attack on the demon")
            destroyed = result.kind == "DE" or result.kind == "DR" and bool(result.losses)
        self.log.append(f"{side} attacks the demon in {plan.targets[0]}: {plan.attack} to {DEMON_STRENGTH}, "
                        f"{column} column, {roll}: {result}")
        if destroyed:
            self._banish_demon(f"destroyed by {side}")
        elif result.kind == "AE" and not plan.boulder:
            for uid in plan.direct:
                self._eliminate(pos.units[uid], "eliminated (AE)")
        elif result.kind == "AR" and not plan.boulder:
            self._attackers_retreat(plan, side, result.losses)

    def _resolve(self, plan: AttackPlan, side: str) -> None:
        pos = self.position
        roll, result = self._crt_roll(plan.column, plan.modifier, "combat")
        self.log.append(f"{side} attacks {'+'.join(plan.targets)}: {plan.attack} to {plan.defence}, "
                        f"{plan.column} column, {roll}: {result}")
        defenders = [u for t in plan.targets for u in pos.at(t)]
        attackers_hexes = sorted({pos.units[u].hex for u in plan.direct + plan.indirect})
        if result.kind == "DE":
            for unit in defenders:
                self._eliminate(unit, "eliminated (DE)", combat=True)
        elif result.kind == "AE":
            for uid in plan.direct:
                self._eliminate(pos.units[uid], "eliminated (AE)")
        elif result.kind == "DR":
            for t in plan.targets:
                if self.winner:
                    break
                self._queue_retreat(other(side), t, [u.id for u in pos.at(t)], result.losses, attackers_hexes)
        elif result.kind == "AR":
            self._attackers_retreat(plan, side, result.losses)
        if self.winner:
            return
        if plan.direct and result.kind in ("DE", "DR"):
            self._queue_front(Decision(side, "advance", ("advance", "end"),
                                       {"from_attack": list(plan.direct), "targets": list(plan.targets), "after_retreats": True}))
            self._offer_advance_if_ready()

    def _attackers_retreat(self, plan: AttackPlan, side: str, losses: int) -> None:
        """6.52: only direct attackers suffer adverse results (indirect ones ignore them)."""
        pos = self.position
        groups: dict[str, list[int]] = {}
        for uid in plan.direct:
            groups.setdefault(pos.units[uid].hex, []).append(uid)
        for h, mine in sorted(groups.items()):
            self._queue_retreat(side, h, mine, losses, list(plan.targets))

    def _crt_roll(self, column: str, modifier: int, why: str) -> tuple[str, CRTResult]:
        """Two dice on the CRT; the automatic columns (6.21) need no roll."""
        if column in (AUTO_DE, AUTO_AE):
            return "automatic", crt(column, 0)
        roll = self._roll(2, why)
        return f"roll {roll}{modifier:+d}", crt(column, roll + modifier)

    def _boulder(self, plan: AttackPlan, side: str) -> None:
        """6.23: each unit below defends alone at its fixed boulder defence."""
        pos = self.position
        target = plan.targets[0]
        retreating = []
        for unit in list(pos.at(target)):
            defence = pos.boulder_defence(unit)
            if defence is None:
                continue
            column = odds_column(plan.attack, defence)
            roll, result = self._crt_roll(column, plan.modifier, f"boulder on {unit.label}")
            self.log.append(f"{side} drops boulders on {unit.label} in {target}: {plan.attack} to {defence}, "
                            f"{column}, {roll}: {result}")
            if result.kind == "DE" or result.losses:
                self._eliminate(unit, "crushed by boulders", combat=True)
            elif result.kind == "DR":
                retreating.append(unit.id)
        if retreating and not self.winner:
            attackers = sorted({pos.units[u].hex for u in plan.boulder})
            self._queue_retreat(other(side), target, retreating, 0, attackers)

    # --- the Miasma demon (10.4) -----------------------------------------------------------

    def _demon_turn(self) -> None:
        """Every combat phase, before the players, the demon moves onto the nearest
        stack in the Miasma and attacks it."""
        stacks = D.nearest_stacks(self.position)
        if not stacks:
            return
        target = stacks[0] if len(stacks) == 1 else D.pick_one(stacks, lambda: self._roll(1, "which stack the demon attacks"))
        self.position.miasma.demon = target
        self._demon_strikes(target)

    def _demon_strikes(self, hex_: str) -> None:
        """30 against the stack's defence, never with the Miasma's -1. Ruling: results
        that would eliminate an attacker (AE, AR-1, AR-2) destroy it; AR leaves it."""
        pos = self.position
        defenders = pos.at(hex_)
        if not defenders:
            return
        defence = sum(pos.defence_strength(u) for u in defenders)
        column = odds_column(DEMON_STRENGTH, defence)
        roll, result = self._crt_roll(column, 0, "the demon's attack")
        self.log.append(f"the demon attacks {hex_}: {DEMON_STRENGTH} to {defence}, {column} column, {roll}: {result}")
        if result.kind == "DE":
            for unit in defenders:
                self._eliminate(unit, "destroyed by the demon", combat=True)
        elif result.kind == "DR":
            self._queue_retreat(defenders[0].side, hex_, [u.id for u in defenders], result.losses, [hex_])
        elif result.kind == "AE" or result.kind == "AR" and result.losses:
            self._banish_demon("destroyed by its own attack")

    def _banish_demon(self, why: str) -> None:
        self.position.miasma.demon = None
        self.log.append(f"the Miasma demon is {why} (SJG 10.4)")

    # --- retreats and advances (6.52-6.6) -----------------------------------------------

    def _queue_front(self, decision: Decision) -> None:
        """Mid-combat decisions go before the phase's own decision, after the retreats
        already queued (retreats are answered in the order the results fell)."""
        index = 0
        while index < len(self.queue) and self.queue[index].kind == "retreat":
            index += 1
        self.queue.insert(index, decision)

    def _queue_retreat(self, side: str, hex_: str, units: list[int], losses: int, enemies: list[str]) -> None:
        pos = self.position
        options = self._retreat_hexes(side, hex_, enemies)
        flight = self._flight_hexes(side, hex_, enemies) if any(pos.wields(pos.units[u], "ring") for u in units) else []
        cliffs = [n for n in pos.board.neighbours(hex_) if pos.board.cliff_high_side(hex_, n) == hex_]
        # 10.54: a dragon by itself carries no Jewel
        lone_dragons = all(pos.units[u].kind == UnitType.DRAGON for u in units)
        jewels = [] if lone_dragons else [j.id for j in pos.jewels_at(hex_)]
        carrying = jewels or any(i.holder in units for i in pos.items.values())
        counted = [u for u in units if pos.units[u].kind != UnitType.NECROMANCER]
        escape = options or flight
        if len(units) <= losses or (not escape and not (carrying and cliffs)) or (losses >= len(counted) and not escape):
            reason = "cannot retreat (SJG 6.52)" if len(units) > losses else "lost (retreat minus)"
            for uid in units:
                self._eliminate(pos.units[uid], reason, combat=True)
            return
        self._queue_front(Decision(side, "retreat", ("retreat",), {
            "hex": hex_, "units": units, "losses": losses, "enemies": enemies, "options": options,
            "flight": flight, "over_cliff": cliffs if carrying and not escape else [], "jewels": jewels}))

    def _retreat_hexes(self, side: str, hex_: str, enemies: list[str]) -> list[str]:
        """One hex farther from the victors, not a slope, monolith, enemy hex or enemy
        zone, not over a cliff (that would kill the stack), on the map (6.52)."""
        pos = self.position
        board = pos.board
        occupied = pos.occupied()
        return [n for n in farther_hexes(hex_, board.neighbours(hex_), enemies)
                if board.terrain(n) == "plateau" and occupied.get(n) != other(side)
                and not board.is_cliff(hex_, n) and not pos.in_enemy_zoc(n, side, occupied)]

    def _flight_hexes(self, side: str, hex_: str, enemies: list[str]) -> list[str]:
        """10.55: the Ring's wearer may retreat across a cliff hexside instead of dying;
        otherwise the usual limits of 6.52 hold."""
        pos = self.position
        occupied = pos.occupied()
        return [n for n in farther_hexes(hex_, pos.board.neighbours(hex_), enemies)
                if pos.board.is_cliff(hex_, n) and pos.board.terrain(n) == "plateau"
                and occupied.get(n) != other(side) and not pos.in_enemy_zoc(n, side, occupied)]

    def _do_retreat(self, act: A.Retreat, decision: Decision) -> None:
        pos, info = self.position, decision.info
        units = [pos.units[u] for u in info["units"] if u in pos.units]
        ids = {u.id for u in units}
        lose = set(act.lose)
        if not lose <= ids:
            raise IllegalAction(f"you may lose only the retreating units: {sorted(ids)}")
        counted = [u for u in units if u.kind != UnitType.NECROMANCER]
        need = min(info["losses"], len(counted))
        lost_counted = sum(1 for u in units if u.id in lose and u.kind != UnitType.NECROMANCER)
        if lost_counted < need:
            raise IllegalAction(f"this result costs {need} unit(s) from the stack in {info['hex']} (SJG 6.53)")
        staying = [u for u in units if u.id not in lose]
        if act.carry and all(u.kind == UnitType.DRAGON for u in staying):
            raise IllegalAction("a dragon by itself may not carry a Jewel (SJG 10.54)")
        bad_jewels = [j for j in act.carry if j not in info["jewels"]]
        if bad_jewels:
            raise IllegalAction(f"no Jewel {bad_jewels[0]!r} with the retreating units")
        moves: list[tuple[list[Unit], str]] = []
        if act.over_cliff:
            if act.over_cliff not in info["over_cliff"]:
                raise IllegalAction("a stack with a Jewel may go over an adjacent cliff edge only (SJG 6.52)")
            lose |= {u.id for u in staying}
            staying = []
        elif staying and act.to is not None and act.to in info.get("flight", []):
            if not all(pos.wields(u, "ring") for u in staying):
                raise IllegalAction("only the wearer of the Ring of Flight may retreat across a cliff (SJG 10.55, 6.52); "
                                    "lose the others or retreat another way")
            if act.displace:
                raise IllegalAction("no displacement is needed for a retreat across a cliff")
            if not may_join(pos, staying, act.to):
                raise IllegalAction(f"{act.to} would hold more than {STACK_LIMIT} units, or mercenaries with others "
                                    f"(SJG 4.4, 10.53)")
            moves = [(staying, act.to)]
        elif staying:
            if act.to is None:
                raise IllegalAction(f"say where the units retreat ('to'), or list them all under 'lose'; "
                                    f"open hexes: {', '.join(info['options'] + info.get('flight', []))}")
            if act.to not in info["options"]:
                raise IllegalAction(f"{act.to} is not a legal retreat (one hex farther from the victors, no slope, "
                                    f"no enemy zone; SJG 6.52); open: {', '.join(info['options'])}")
            moves = self._displacements(act, decision.player, [u for u in staying])
        elif act.to or act.displace:
            raise IllegalAction("no units are left to retreat")
        # everything checked: apply
        falling = [i for i in pos.items.values() if i.holder in lose] if act.over_cliff else []
        for uid in sorted(lose):
            self._eliminate(pos.units[uid], "lost in the retreat", combat=True)
        for group, dest in moves:
            if dest != "lost" and group and group[0].hex != dest and dest != act.to:
                self.log.append(f"{decision.player} displaces {', '.join(u.label for u in group)} "
                                f"from {group[0].hex} to {dest} to make way (SJG 6.52)")
            for unit in group:
                if dest == "lost":
                    self._eliminate(unit, "displaced over a cliff", combat=False)
                else:
                    unit.hex = dest
        if self.winner:
            return  # the Necromancer was among the losses: the game is over
        target = act.over_cliff or act.to
        for j in act.carry:
            if target:
                pos.jewels[j].hex = target
        for item in falling:
            item.hex = act.over_cliff  # 6.52: "the magical item ends up in the hex below the cliff"
        self.queue.remove(decision)
        self.log.append(f"{decision.player} retreats from {info['hex']}"
                        + (f" to {act.to}" if act.to else "") + (f", losing {len(lose)}" if lose else ""))
        self._offer_advance_if_ready()

    def _displacements(self, act: A.Retreat, side: str, staying: list[Unit]) -> list[tuple[list[Unit], str]]:
        """6.52: friendly units in the way may be moved one hex (not out of an enemy zone,
        never into a slope, enemy zone or off the map; over a cliff if their owner wishes)."""
        pos, board, dest = self.position, self.position.board, act.to
        occupied = pos.occupied()
        plan: list[tuple[list[Unit], str]] = []
        moved_out: set[int] = set()
        arriving: dict[str, int] = {}
        for d in act.displace:
            group = [pos.units.get(u) for u in d.units]
            if any(u is None or u.side != side or u.hex != dest for u in group):
                raise IllegalAction(f"only your units in {dest} may be displaced")
            if pos.in_enemy_zoc(dest, side, occupied):
                raise IllegalAction("units in an enemy zone of control may not be displaced (SJG 6.52)")
            if d.to not in board.neighbours(dest):
                raise IllegalAction(f"displaced units move one hex from {dest}")
            if board.is_cliff(dest, d.to):
                plan.append((group, "lost"))
            else:
                if (board.terrain(d.to) != "plateau" or occupied.get(d.to) == other(side)
                        or pos.in_enemy_zoc(d.to, side, occupied)):
                    raise IllegalAction(f"units may not be displaced into {d.to} (SJG 6.52)")
                arriving[d.to] = arriving.get(d.to, 0) + sum(1 for u in group if u.kind != UnitType.NECROMANCER)
                if pos.stack_size(d.to, side) + arriving[d.to] > STACK_LIMIT or not may_join(pos, group, d.to):
                    raise IllegalAction(f"{d.to} would hold more than {STACK_LIMIT} units, or mercenaries with others "
                                        f"(SJG 4.4, 10.53)")
                plan.append((group, d.to))
            moved_out |= {u.id for u in group}
        left = [u for u in pos.at(dest) if u.id not in moved_out]
        remaining = sum(1 for u in left if u.kind != UnitType.NECROMANCER)
        incoming = sum(1 for u in staying if u.kind != UnitType.NECROMANCER)
        if remaining + incoming > STACK_LIMIT:
            raise IllegalAction(f"{dest} would hold {remaining + incoming} units; displace some or lose units (SJG 4.4, 6.52)")
        if mixes_mercenaries({u.kind for u in left + staying}):
            raise IllegalAction(f"{dest}: {MERCENARY_RULE}; displace them or retreat elsewhere")
        return plan + [(staying, dest)]

    def _offer_advance_if_ready(self) -> None:
        """Once a combat's retreats are done, the victors may advance into a hex the
        enemy left completely (6.6)."""
        if not self.queue or self.queue[0].kind != "advance" or not self.queue[0].info.get("after_retreats"):
            return
        decision = self.queue[0]
        pos = self.position
        vacated = [t for t in decision.info["targets"] if not pos.at(t)]
        eligible = [u for u in decision.info["from_attack"] if u in pos.units
                    and any(pos.units[u].hex in pos.board.neighbours(t) and not pos.board.is_cliff(pos.units[u].hex, t)
                            for t in vacated)]
        if not vacated or not eligible:
            self.queue.pop(0)
            return
        decision.info = {"hexes": vacated, "units": eligible}

    def _do_advance(self, act: A.Advance, decision: Decision) -> None:
        pos, info = self.position, decision.info
        arriving: dict[str, int] = {}
        for uid, dest in act.moves.items():
            unit = pos.units.get(uid)
            if unit is None or uid not in info["units"]:
                raise IllegalAction(f"unit {uid} did not attack directly in this combat; it may not advance (SJG 6.6)")
            if dest not in info["hexes"] or dest not in pos.board.neighbours(unit.hex) or pos.board.is_cliff(unit.hex, dest):
                raise IllegalAction(f"{unit.label} may advance one hex into a hex the enemy vacated: {', '.join(info['hexes'])}")
            if unit.kind != UnitType.NECROMANCER:
                arriving[dest] = arriving.get(dest, 0) + 1
        if any(n > STACK_LIMIT for n in arriving.values()):
            raise IllegalAction(f"at most {STACK_LIMIT} units may advance into a hex (SJG 4.4)")
        for dest in set(act.moves.values()):
            if mixes_mercenaries({pos.units[u].kind for u, d in act.moves.items() if d == dest}):
                raise IllegalAction(f"{dest}: {MERCENARY_RULE}")
        for uid, dest in act.moves.items():
            pos.units[uid].hex = dest
        self.queue.pop(0)
        if act.moves:
            self.log.append(f"{act.side} advances {', '.join(pos.units[u].label for u in act.moves)}")

    def _eliminate(self, unit: Unit, why: str, combat: bool = False) -> None:
        pos = self.position
        hex_ = unit.hex
        del pos.units[unit.id]
        self.log.append(f"{unit.side} {unit.label} in {hex_} {why}")
        for item in pos.items.values():
            if item.holder == unit.id:
                item.holder, item.hex = None, hex_  # 6.52, 10.55: it stays where he fell
                self.log.append(f"the {item.id} lies in {hex_}")
        if unit.kind == UnitType.NECROMANCER:
            self.winner = other(unit.side)
            self.queue = []
            self.log.append(f"{self.winner} wins: the enemy Necromancer is destroyed (SJG 2.21)")
            return
        if combat and not pos.at(hex_) and pos.in_miasma(hex_):
            for jewel in pos.jewels_at(hex_):
                jewel.hex = None  # 7.3: lost in the mist, to be found again
                pos.miasma.jewels_found -= 1
                self.log.append(f"the {jewel.id} Jewel is lost in the mist (SJG 7.3)")

    def _could_still_attack(self, hex_: str) -> bool:
        pos = self.position
        return any(u.id not in self.attacked and u.side == self.phasing and pos.zoc_reaches(u.hex, hex_)
                   for n in pos.board.neighbours(hex_) for u in pos.at(n))

    # --- conversion (5.0) ----------------------------------------------------------------

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
        resistance = sum(pos.resistance(u) for u in targets)
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
            raise IllegalAction(terms)
        targets, resistance, multiple, cost = terms
        if act.free:
            me.free_attempts -= 1
        else:
            self.conversions_used += 1
        roll = self._roll(1, "conversion")
        result = conversion_result(roll, multiple)
        self.log.append(f"{side} tries to convert {act.target} (resistance {resistance}, x{multiple}"
                        f"{', free' if act.free else f', {cost} CP'}): {result.value}")
        if not self._attempts_left() and not me.free_attempts:
            decision.accepts = ("end",)
        if result == ConversionResult.NONE:
            return  # 5.2: the CPs are kept
        me.cp -= cost
        for unit in targets:
            if result == ConversionResult.ELIMINATED:
                self._eliminate(unit, "destroyed by the struggle of magic (5.2)")
            elif unit.kind == UnitType.DRAGON:
                self._eliminate(unit, "flies away (10.54)")
            else:
                unit.side = side

    # --- the Miasma (7.0) and Jewels (8.0) --------------------------------------------

    def _searchable(self) -> list[str]:
        pos, side = self.position, self.phasing
        if pos.miasma.jewels_found >= len(pos.jewels) or not self._jewel_left():
            return []
        return sorted(h for h in pos.miasma.hexes - self.searched - pos.miasma.searched_out
                      if any(u.side == side and u.kind != UnitType.DRAGON for u in pos.at(h)))

    def _jewel_left(self) -> str | None:
        return next((j.id for j in self.position.jewels.values() if j.hex is None and j.delivered_to is None), None)

    def _do_search(self, act: A.Search, decision: Decision) -> None:
        pos = self.position
        searchers = pos.at(act.hex)
        if searchers and all(u.kind == UnitType.DRAGON for u in searchers):
            raise IllegalAction("a dragon by itself may not search (SJG 10.54)")
        if act.hex not in self._searchable():
            raise IllegalAction(f"{act.hex} cannot be searched now (your units in a Miasma hex, once a turn, "
                                f"while Jewels remain; SJG 7.41, 8.4)")
        points = sum(SEARCH_POINTS[u.kind] for u in searchers)
        if pos.sides[act.side].crystal_ball:
            points += CRYSTAL_BALL_SP  # 10.56
        target = search_target(len(pos.miasma.hexes), points)
        if target is None:
            raise IllegalAction("these units have no search points")
        self.searched.add(act.hex)
        roll = self._roll(2, "search")
        self.log.append(f"{act.side} searches {act.hex} with {points} SP: needs {target}, rolled {roll}")
        if roll >= target:
            pos.miasma.searched_out.add(act.hex)
            if self._roll(1, "is a Jewel there?") <= 2:
                jid = self._jewel_left()
                pos.jewels[jid].hex = act.hex
                pos.miasma.jewels_found += 1
                pos.miasma.new_direction = True
                pos.miasma.teleport_pending = "miasma_teleport" in self.options.optional
                self.log.append(f"{act.side} finds the {jid} Jewel in {act.hex}!")
            else:
                self.log.append(f"{act.hex} is empty; the Miasma will vanish from it")
            if pos.miasma.demon_counter == act.hex:
                pos.miasma.demon_counter, pos.miasma.demon = None, act.hex
                self.log.append(f"the Miasma counter in {act.hex} shows the demon: it is unleashed (SJG 10.4)")
                self._demon_strikes(act.hex)

    def _settle_search(self) -> None:
        """The search decision offers a search while some hex can still be searched
        (a retreat from the demon can bring units into another Miasma hex)."""
        decision = self.pending
        if decision is not None and decision.kind == "search":
            decision.accepts = PHASE_ACTIONS["search"] if self._searchable() else ("end",)

    def _end_turn(self) -> None:
        """3.6: Miasma conversion of the phasing side's units, then searched hexes and a
        spent Miasma vanish (7.41, 8.4), then the other side's turn."""
        pos, side = self.position, self.phasing
        necro = pos.necromancer(side)
        for h in sorted(pos.miasma.hexes):
            stack = [u for u in pos.at(h) if u.side == side and u.kind != UnitType.MERCENARY]
            if not stack or any(u.kind == UnitType.APPRENTICE for u in pos.at(h)):
                continue
            if necro and distance(necro.hex, h) <= 1:
                continue  # 5.4, 7.5
            convertible = [u for u in stack if pos.resistance(u) is not None]
            if not convertible:
                continue
            roll = self._roll(1, f"Miasma conversion in {h}")
            if conversion_result(roll, 1) == ConversionResult.CONVERTED:
                for unit in convertible:
                    if unit.kind == UnitType.DRAGON:
                        self._eliminate(unit, "flies away (10.54)")
                    else:
                        unit.side = other(side)
                self.log.append(f"the Miasma converts {side}'s units in {h} (SJG 7.5)")
        pos.miasma.hexes -= pos.miasma.searched_out
        pos.miasma.searched_out.clear()
        if pos.miasma.jewels_found >= len(pos.jewels) and pos.miasma.hexes:
            pos.miasma.hexes.clear()
            self.log.append("every Jewel is found: the Miasma dissipates (SJG 8.4)")
        if not pos.miasma.hexes and (pos.miasma.demon or pos.miasma.demon_counter):
            pos.miasma.demon_counter = None
            if pos.miasma.demon:
                self._banish_demon("gone with the Miasma")
        self._deliver_jewels()
        if not self.winner:
            self._start_turn(other(side))

    def _move_miasma(self) -> None:
        """10.2 movement and 10.3 teleport, at the beginning of a player-turn."""
        pos, m = self.position, self.position.miasma
        if not m.hexes:
            return
        if m.teleport_pending:
            m.teleport_pending = False
            point = pos.board.points[MIASMA_POINTS[self._roll(1, "Miasma teleport (10.3)")]]
            self._shift_miasma(_delta(m.centre, point))
            return
        if "miasma_movement" not in self.options.optional:
            return
        if m.direction is None or m.new_direction:
            m.direction = self._miasma_direction()
            m.new_direction = False
        if not self._shift_miasma(AXIAL_STEP[m.direction]) or any(pos.board.grid.is_edge(h) for h in m.hexes):
            m.new_direction = True  # 10.2: at a map edge, a new direction next turn

    def _miasma_direction(self) -> int:
        """10.2: one die on the map's compass; ruling: a direction that would take the
        Miasma off the map is rolled again."""
        hexes = self.position.miasma.hexes
        for _ in range(60):
            d = self._roll(1, "Miasma direction (10.2)")
            if all(_offset(h, AXIAL_STEP[d]) in self.position.board.hexes for h in hexes):
                return d
        return d

    def _shift_miasma(self, delta: tuple[int, int]) -> bool:
        pos, m = self.position, self.position.miasma
        moved = {_offset(h, delta) for h in m.hexes}
        if any(h not in pos.board.hexes for h in moved):
            return False  # 10.2: never off the map
        m.hexes = moved
        m.centre = _offset(m.centre, delta)
        # the demon's counter, or the demon, drifts with the mist (ruling)
        m.demon_counter = m.demon_counter and _offset(m.demon_counter, delta)
        m.demon = m.demon and _offset(m.demon, delta)
        self.log.append(f"the Miasma drifts to {m.centre}")
        return True

    def _deliver_jewels(self) -> None:
        """8.1: a Jewel in its Necromancer's hex is his; roll its power at once."""
        pos = self.position
        for side in SIDES:
            necro = pos.necromancer(side)
            if necro is None:
                continue
            for jewel in pos.jewels_at(necro.hex):
                jewel.delivered_to, jewel.hex = side, None
                effect = jewel_effect(self._roll(2, f"the {jewel.id} Jewel's power"))
                jewel.effect = effect.value
                _apply_jewel(pos.sides[side], effect)
                self.log.append(f"{side}'s Necromancer takes the {jewel.id} Jewel: {effect.value.replace('_', ' ')}")


def _apply_jewel(side, effect: JewelEffect) -> None:
    side.free_attempts += effect.free_attempts
    if effect == JewelEffect.NECROMANCER_MOVEMENT:
        side.necromancer_mp += 1
    elif effect == JewelEffect.SKELETON_STRENGTH:
        side.skeleton_bonus += 1
    elif effect == JewelEffect.CONVERSION_POINTS:
        side.cp += JEWEL_CP
    elif effect == JewelEffect.ZOMBIE_MOVEMENT:
        side.zombie_mp += 1
    elif effect == JewelEffect.WRAITH_MOVEMENT_PHASE:
        side.wraith_phases += 1
    elif effect == JewelEffect.NECROMANCER_HALVED:
        side.necromancer_halved += 1


def _delta(a: str, b: str) -> tuple[int, int]:
    (aq, ar), (bq, br) = to_axial(a), to_axial(b)
    return bq - aq, br - ar


def _offset(h: str, delta: tuple[int, int]) -> str:
    q, r = to_axial(h)
    return from_axial(q + delta[0], r + delta[1])


# The action handlers, one per action type (undo is handled before the table).
HANDLERS: dict[str, Any] = {
    "choose": SjgNecromancerGame._do_choose, "deploy": SjgNecromancerGame._do_deploy,
    "place": SjgNecromancerGame._do_place, "take": SjgNecromancerGame._do_take,
    "end": SjgNecromancerGame._do_end, "move": SjgNecromancerGame._do_move,
    "attack": SjgNecromancerGame._do_attack, "advance": SjgNecromancerGame._do_advance,
    "convert": SjgNecromancerGame._do_convert, "search": SjgNecromancerGame._do_search,
    "retreat": SjgNecromancerGame._do_retreat,
}
