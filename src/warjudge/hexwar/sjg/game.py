"""An SJG Necromancer game: the turn sequence (3.1-3.6), pending decisions, dice and the
record that replays it.

Every change is an action (actions.py). `act` checks the action completely against the
first pending decision and the rules before anything changes, then applies it, rolls
whatever dice the rules call for from the record's seeded dice, appends it to the record
and queues the next decision. `SjgNecromancerGame.from_record` replays a record to the same
state bit for bit.
"""

from __future__ import annotations

import json
from typing import Any, get_args

from pydantic import ValidationError

from warjudge.core.events import Event, Refusal
from warjudge.hexwar.sjg.problems import Problem, problem as rule_problem, refusal
from warjudge.core.errors import MapError, RecordError
from warjudge.core.games import MAX_FILE_OPTION_BYTES, Option
from warjudge.core.record import GameRecord
from warjudge.hexwar.decisions import Decision
from warjudge.hexwar.grid import distance
from warjudge.hexwar.hexmap import HexMap
from warjudge.hexwar.sjg import actions as A
from warjudge.hexwar.sjg import demon as D
from warjudge.hexwar.sjg.board import board_from_record, carried_map, load_board, load_board_text
from warjudge.hexwar.sjg.combat import must_be_attacked
from warjudge.hexwar.sjg.game_state import SjgState
from warjudge.hexwar.sjg.interface import SjgInterface
from warjudge.hexwar.sjg.moves import locked_units, stacking_problems
from warjudge.hexwar.sjg.phase_combat import CombatPhase
from warjudge.hexwar.sjg.phase_conversion import ConversionPhase
from warjudge.hexwar.sjg.phase_items_demon import ItemsAndDemon
from warjudge.hexwar.sjg.phase_movement import MovementPhase
from warjudge.hexwar.sjg.phase_search import SearchPhase
from warjudge.hexwar.sjg.phase_setup import SetupPhase
from warjudge.hexwar.sjg.phases import DEPLOY_ACTIONS, MIASMA_POINTS, PHASE_ACTIONS
from warjudge.hexwar.sjg.setup import (CP_ALLOWANCE_START, CP_ALLOWANCE_TURN, MAX_ITEMS, OPTIONAL_RULE_NAMES,
                                       OPTIONAL_RULES, SCENARIOS, Options, option_problems)
from warjudge.hexwar.sjg.state import SIDES, Jewel, Position, Unit, other, recount
from warjudge.hexwar.sjg.tables import ConversionResult, UnitType, conversion_result

GAME = "necromancer-sjg"
JEWEL_IDS = ("red", "green", "blue", "amber")   # the four Jewel counters (2.26)
UNDOABLE = frozenset({"move", "take", "attack"})  # the others always change the phase or roll
FORCED_LIMIT = 2000   # answers one `process` may give: far more than any decision needs (a set-up places ~50)


class SjgNecromancerGame(SetupPhase, MovementPhase, CombatPhase, ConversionPhase, SearchPhase, ItemsAndDemon,
                         SjgInterface):
    """One game on the hex template (hexwar/hexgame.py, through parts.py). `pending` is
    the decision the game waits for; `act` answers it."""

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
        super().__init__(record)
        self.state = SjgState(Position(board or load_board()))
        self._origin = None   # the game cloned from, as it was then (_before_change)
        self._lent = None     # a state of this game's that a clone's undo holds
        self.undo_stack = []  # states to go back to, never changed
        self._board_id = None
        self._walks = None
        self._groups_kept = None
        self._open()

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        """The options `new` takes (core.games.options), read from the options' own model."""
        def choices(name: str) -> tuple[Any, ...]:
            return get_args(Options.model_fields[name].annotation)
        return (Option("scenario", "choice", "the standard game or the conversion scenario", "standard",
                       choices("scenario")),
                Option("first", "choice", "who plays first (coin: a die decides)", "coin", choices("first"),
                       label="First player"),
                Option("optional", "choices", "optional rules in play", [], OPTIONAL_RULES, label="Optional rules",
                       choice_labels=tuple(OPTIONAL_RULE_NAMES[r] for r in OPTIONAL_RULES)),
                Option("items", "counts", "10.5: extra items each side chooses (a dragon counts as two)", {},
                       ("red", "black"), minimum=0, maximum=MAX_ITEMS, label="Extra items",
                       choice_labels=("Red", "Black")),
                Option("max_turns", "int", "end after this many player-turns (blank: no limit)", None,
                       minimum=1, maximum=10_000, label="Last turn"),
                Option("map", "file", "your own map file (docs/hexwar-map-format.md), checked as --map checks "
                       "it and carried in the record (blank: the shipped reconstruction)",
                       max_bytes=MAX_FILE_OPTION_BYTES))

    @classmethod
    def new(cls, seed: int = 0, board: HexMap | None = None, **options: Any) -> "SjgNecromancerGame":
        """A new game. `map` is a map file's content, checked as `--map` checks it and
        carried in the record with its digest; `board` (for Python callers only) is a map
        already loaded, which the record does not carry."""
        if isinstance(options.get("map"), dict):
            board = load_board_text(json.dumps(options["map"]), "given as the option 'map'")
            options = {**options, "map": carried_map(board)}
        try:
            opts = Options.model_validate(options)
        except ValidationError as exc:
            raise Refusal("sjg.refused.options", problems=option_problems(exc)) from None
        dumped = opts.model_dump(exclude={"max_turns"} if opts.max_turns is None else set())
        return cls(GameRecord(GAME, seed, dumped), board)

    @classmethod
    def from_record(cls, record: GameRecord, board: HexMap | None = None) -> "SjgNecromancerGame":
        """The game a record describes, replayed through `act` (core.games.replay)."""
        return cls(record, board)._replayed(record)

    @staticmethod
    def _recorded(entry: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return entry.get("side", ""), entry

    # --- the public surface -------------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        return self.state.queue[0] if self.state.queue else None

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None or self.state.turn_limit_reached

    def recent_moves(self) -> list[str]:
        """Where the last side to move moved to: this turn's phasing side once it has
        moved, else the other side in its turn before (the map marks them)."""
        return sorted(self.state.moved_to[self.state.phasing] or self.state.moved_to[other(self.state.phasing)])

    @property
    def phase(self) -> str:
        return "over" if self.is_over else (self.state.queue[0].kind if self.state.queue else "over")

    def default_action(self, player: str) -> dict[str, Any]:
        """What a side that lets a deadline pass plays (ruling, docs/rulings.md): `end`
        where its decision may end, else the first legal answer."""
        legal = self.legal_actions(player)
        return next((a for a in legal if a.get("type") == "end"), legal[0])

    def forced_action(self, player: str) -> dict[str, Any] | None:
        """A lone `end` (a combat, conversion or search with nothing to do: the server
        plays it, docs/rulings.md). Never during a set-up: a side's deployment is secret
        there (9.1); after it both sides see the same board, so the other side knows."""
        if self.pending is not None and self.pending.kind == "deploy":
            return None
        groups = self.legal_groups(player)   # not the list: a movement phase's is thousands of moves
        legal = groups["actions"]
        return legal[0] if not groups["moves"] and len(legal) == 1 and legal[0]["type"] == "end" else None

    def _process(self, action: dict[str, Any]) -> None:
        """The games master's one action, `process` (a deadline passed, or the GM forces
        the game on): every side still owing its current decision answers it with
        `default_action` until that decision is answered. Worked out on an exact clone
        first, so it is whole or nothing; the record holds the answers themselves."""
        self._check_process(action)
        trial, answers = self.clone(reseed=False), list[dict[str, Any]]()
        trial._origin = None   # its undos borrow nothing: this game's state stays the very one it is
        for side in self.to_act():
            owed = trial._decision_for(side)
            while side in trial.to_act() and _same(trial._decision_for(side), owed) and len(answers) < FORCED_LIMIT:
                answer = {**trial.default_action(side), "side": side}
                trial._take(side, answer)
                answers.append(answer)
        for answer in answers:
            self._take(answer["side"], answer)

    def _check(self, player: str, action: dict[str, Any]) -> A.Action:
        """The action (its "side", if given, must be `player`) parsed and held to the
        decision `player` answers; a refusal changes nothing. What a rule refuses is
        refused by its handler, before it changes anything."""
        if not isinstance(action, dict):
            raise Refusal("sjg.refused.not_an_object")
        if action.get("side", player) != player:
            raise Refusal("sjg.refused.wrong_side", said=action.get("side"), player=player)
        parsed = A.parse_action({**action, "side": player})
        if self.state.winner:
            raise Refusal("sjg.refused.game_won", winner=self.state.winner)
        if self.state.turn_limit_reached:
            raise Refusal("sjg.refused.turn_limit", turns=self.options.max_turns)
        decision = self._decision_for(parsed.side)
        if parsed.type != "undo" and parsed.type not in decision.accepts:
            raise self._not_accepted(decision, parsed.type)
        return parsed

    def _apply(self, player: str, parsed: A.Action) -> None:
        """Undo, or the action's handler, then what the rules settle by themselves (the
        template's `_settle` is not used: the undo history keeps the settled state)."""
        decision = self._decision_for(parsed.side)
        start = len(self.events)
        if parsed.type == "undo":
            self._undo(parsed.side, decision)
            return
        saved = self._before_change(parsed.type in UNDOABLE)
        decision = self._decision_for(parsed.side)   # the same one, in the state about to change
        rolls = self.state.rolls
        HANDLERS[parsed.type](self, parsed, decision)
        self._settle_opportunity()
        self._settle_search()
        self._deliver_jewels()
        self._remember_for_undo(saved, decision, rolls, self.events[start:])

    def _entry(self, player: str, parsed: A.Action) -> dict[str, Any]:
        return parsed.model_dump(exclude_defaults=True) | {"type": parsed.type, "side": parsed.side}

    def _before_change(self, undoable: bool) -> SjgState | None:
        """Ready `state` to change in place, and return what an undo of this action goes
        back to (`undoable`): a copy of the state as it is, or the very state this game
        was cloned from while its game has not changed it (a search step's clone then
        costs one copy of the state, not two; issue 26). A state so lent is copied by its
        own game before that changes it, so an undo's saved state never changes."""
        origin, self._origin = self._origin, None
        if self.state is self._lent:
            self.state = self.state.clone()
        if not undoable:
            return None
        if origin is not None and origin[0].state is origin[1] and origin[0].record.action_count() == origin[2]:
            origin[0]._lent = origin[1]
            return origin[1]
        return self.state.clone()

    def _decision_for(self, side: str) -> Decision:
        """The decision `side` answers now: the queue's head, or its own one of the
        secret answers both sides owe at once (10.5 choices, a simultaneous set-up)."""
        head = self.state.queue[0]
        if head.player == side:
            return head
        if head.info.get("simultaneous"):
            if head.kind == "deploy" and side not in self.state.deployed:
                return Decision(side, "deploy", DEPLOY_ACTIONS, head.info)
            mine = next((d for d in self.state.queue if d.player == side and d.kind == head.kind), None)
            if mine is not None:
                return mine
        raise Refusal("sjg.refused.not_your_decision", player=head.player, kind=head.kind, side=side)

    @staticmethod
    def _not_accepted(decision: Decision, wanted: str) -> Refusal:
        if decision.kind == "convert" and wanted == "convert":
            return Refusal("sjg.refused.no_conversions_left")
        if decision.kind == "search" and wanted == "search":
            return Refusal("sjg.refused.nothing_to_search")
        return Refusal("sjg.refused.wrong_answer", player=decision.player, kind=decision.kind,
                       accepts=list(decision.accepts), wanted=wanted)

    # --- undo ------------------------------------------------------------------------------

    def _remember_for_undo(self, saved: SjgState | None, decision: Decision, rolls: int,
                           events: list[Event]) -> None:
        """An action can be taken back while its phase goes on (the same decision is
        pending) and it rolled no die; anything else closes the phase's undo history."""
        if saved is not None and rolls == self.state.rolls and self.state.queue and self.state.queue[0] is decision:
            self.undo_stack.append((saved, events[-1].to_json()))
        else:
            self.undo_stack = []

    def _undo(self, side: str, decision: Decision) -> None:
        if decision.kind == "deploy":
            if not self.state.drafts[side]:
                raise Refusal("sjg.refused.nothing_placed")
            self._before_change(False)
            kind, hex_ = self.state.drafts[side].pop()
            self._say("sjg.placement_taken_back", hidden_from=(other(side),), side=side)  # the set-up is secret (9.1)
            return
        if not self.undo_stack:
            raise Refusal("sjg.refused.nothing_to_undo")
        saved, what = self.undo_stack.pop()
        self.state = saved.clone()   # a copy is adopted, so a saved state never changes and clones may share it
        self._origin = None          # nor is it the state this game was cloned from
        self._say("sjg.taken_back", side=side, what=what)

    # --- opening --------------------------------------------------------------------------

    def _open(self) -> None:
        """Chance events before set-up: the Miasma (7.2), the first player (9.1)."""
        board, pos = self.state.position.board, self.state.position
        point = self.scenario.miasma_centre or MIASMA_POINTS[self._roll(1, "miasma_placement")]
        self._place_miasma(board.points[point])
        if "miasma_demon" in self.options.optional:
            # 10.4: the counters go down face down; the rolls are not reported
            pos.miasma.demon_counter = D.hidden_counter(sorted(pos.miasma.hexes), self.dice.roll)
        self.state.first = self.scenario.first or (self.options.first if self.options.first != "coin"
                                             else ("red" if self._roll(1, "first_player") <= 3 else "black"))
        self._say("sjg.first_player", side=self.state.first)
        max_jewels = 4 if "fourth_jewel" in self.options.optional else 3
        for jid in JEWEL_IDS[:max_jewels]:
            pos.jewels[jid] = Jewel(jid)
        for side in SIDES:
            cp = self.scenario.forces[side].cp
            pos.sides[side].cp = CP_ALLOWANCE_START if "cp_allowance" in self.options.optional else cp
            if self.scenario.name == "standard":
                pos.add(UnitType.NECROMANCER, side, board.points[f"start:{side}"])
        allowance: dict[str, int] = {s: n for s, n in self.options.items.items() if n}
        if allowance:
            self._say("sjg.items_to_choose")
            self._queue_choices(allowance)
        else:
            self._queue_deploy()

    # --- the turn ----------------------------------------------------------------------

    def _start_turn(self, side: str) -> None:
        if self.options.max_turns is not None and self.state.turn >= self.options.max_turns:
            self.state.queue = []  # the agreed number of player-turns is played (docs/rulings.md)
            self.state.turn_limit_reached = True
            self._say("sjg.turn_limit", turns=self.state.turn)
            return
        self.state.turn += 1
        self.state.phasing = side
        self.state.moved_to[side] = []
        self.state.reset_turn_marks()
        self._say("sjg.turn", turn=self.state.turn, side=side)
        self._move_miasma()
        recount(self.state.position, side)  # 3.1
        self.state.locked = locked_units(self.state.position, side)
        self.state.queue = [Decision(side, "move", PHASE_ACTIONS["move"])]

    def _next_phase(self, after: str) -> None:
        """Queue the phasing side's next phase (3.2-3.6), skipping phases with nothing
        to decide, and end the turn after the Miasma conversion check."""
        side = self.state.phasing
        order = ["opportunity", "convert", "combat", "wraith", "search", "end"]
        for phase in order[order.index(after) + 1:] if after in order else order:
            if phase == "opportunity" and self._opportunity_targets():
                self.state.queue.append(Decision(other(side), "opportunity", PHASE_ACTIONS["opportunity"],
                                                 self._opportunity_info()))
                return
            if phase == "convert":
                if "cp_allowance" in self.options.optional:
                    self.state.position.sides[side].cp += CP_ALLOWANCE_TURN  # 10.1
                if self._attempts_left() or self.state.position.sides[side].free_attempts:
                    self.state.queue.append(Decision(side, "convert", PHASE_ACTIONS["convert"], {"attempts": self._attempts_left()}))
                    return
            if phase == "combat":
                self._demon_turn()
                if not self.state.winner:
                    self.state.queue.append(Decision(side, "combat", PHASE_ACTIONS["combat"]))
                return
            if phase == "wraith" and self._queue_wraith_phase():
                return
            if phase == "search" and self._searchable():
                self.state.queue.append(Decision(side, "search", PHASE_ACTIONS["search"]))
                return
            if phase == "end":
                self._end_turn()
                return

    def _do_end(self, act: A.End, decision: Decision) -> None:
        if decision.kind == "advance":  # 6.6: advancing is optional; 'end' stays put
            self._do_advance(A.Advance(type="advance", side=act.side), decision)
            return
        problem = self._end_problem(decision)
        if problem:
            raise refusal(problem)
        self.state.queue.pop(0)
        self._say("sjg.phase_ended", side=act.side, phase=decision.kind)
        if decision.kind == "wraith" and self._queue_wraith_phase():
            return
        self._next_phase(decision.kind)

    def _end_problem(self, decision: Decision) -> Problem | None:
        """Why the phase may not end yet: 4.4 stacking after movement, 6.21 enemies in
        a zone of control not yet attacked."""
        if decision.kind == "move":
            problems = stacking_problems(self.state.position, decision.player)
            if problems:
                return rule_problem("stacking_at_end", problems=[p.to_json() for p in problems])
        if decision.kind == "combat":
            missing = sorted(must_be_attacked(self.state.position, decision.player) - self.state.attacked_hexes)
            free = [h for h in missing if self._could_still_attack(h)]
            if free:
                return rule_problem("must_attack", hexes=free)
        return None

    def _eliminate(self, unit: Unit, why: str, combat: bool = False) -> None:
        pos = self.state.position
        hex_ = unit.hex
        del pos.units[unit.id]
        self._say("sjg.eliminated", unit=unit.ref(), hex=hex_, why=why)
        for item in pos.items.values():
            if item.holder == unit.id:
                item.holder, item.hex = None, hex_  # 6.52, 10.55: it stays where he fell
                self._say("sjg.item_dropped", item=item.id, hex=hex_)
        if unit.kind == UnitType.NECROMANCER:
            self.state.winner = other(unit.side)
            self.state.queue = []
            self._say("sjg.won", side=self.state.winner)
            return
        if combat and not pos.at(hex_) and pos.in_miasma(hex_):
            for jewel in pos.jewels_at(hex_):
                jewel.hex = None  # 7.3: lost in the mist, to be found again
                pos.miasma.jewels_found -= 1
                self._say("sjg.jewel_lost", jewel=jewel.id)

    def _end_turn(self) -> None:
        """3.6: Miasma conversion of the phasing side's units, then searched hexes and a
        spent Miasma vanish (7.41, 8.4), then the other side's turn."""
        pos, side = self.state.position, self.state.phasing
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
            roll = self._roll(1, "miasma_conversion", hex=h)
            if conversion_result(roll, 1) == ConversionResult.CONVERTED:
                for unit in convertible:
                    if unit.kind == UnitType.DRAGON:
                        self._eliminate(unit, "dragon_flies")
                    else:
                        unit.side = other(side)
                self._say("sjg.miasma_converts", side=side, hex=h)
        pos.miasma.hexes -= pos.miasma.searched_out
        pos.miasma.searched_out.clear()
        if pos.miasma.jewels_found >= len(pos.jewels) and pos.miasma.hexes:
            pos.miasma.hexes.clear()
            self._say("sjg.miasma_dissipates")
        if not pos.miasma.hexes and (pos.miasma.demon or pos.miasma.demon_counter):
            pos.miasma.demon_counter = None
            if pos.miasma.demon:
                self._banish_demon("miasma_gone")
        self._deliver_jewels()
        if not self.state.winner:
            self._start_turn(other(side))


# The action handlers, one per action type (undo is handled before the table).
HANDLERS: dict[str, Any] = {
    "choose": SjgNecromancerGame._do_choose, "deploy": SjgNecromancerGame._do_deploy,
    "place": SjgNecromancerGame._do_place, "take": SjgNecromancerGame._do_take,
    "end": SjgNecromancerGame._do_end, "move": SjgNecromancerGame._do_move,
    "attack": SjgNecromancerGame._do_attack, "advance": SjgNecromancerGame._do_advance,
    "convert": SjgNecromancerGame._do_convert, "search": SjgNecromancerGame._do_search,
    "retreat": SjgNecromancerGame._do_retreat,
}


def _same(now: Decision, owed: Decision) -> bool:
    """Still the decision `owed`: the very one, or (a set-up is answered unit by unit, each
    answer asking afresh) still that side's set-up."""
    return now is owed or (now.kind == owed.kind == "deploy" and now.player == owed.player)
