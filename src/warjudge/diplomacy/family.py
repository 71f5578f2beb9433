"""The shell both Diplomacy games share (standard, diplomacy/game.py, and the Necromancer
variant): one action dialect, the games master's conveniences and the phase loop; each
game supplies its orders (check, store, take back), its optional orders and its judge.

The dialect (docs/interface.md, "Diplomacy actions"), the same in both games:
- `{"type": "order", "order": TEXT}`: give one order; the record keeps its canonical text.
- `{"type": "retract", "order": TEXT}`: take back an order given this phase, named by the
  canonical text the game recorded (what the player sees; in the variant one province may
  hold several units, so a unit key would not name one order).
- `{"type": "pass"}`: decline the optional orders left (only where the rules make orders
  optional: the variant's Activations, the Nazgûl's rebuild, the third army), or end the
  turn of the variant's Sauron, asked whatever his hidden units leave him to order.
- the games master: `{"type": "process"}`, `{"type": "draw", "powers": [...]}`, and
  `{"type": "orders", "power": P, "orders": [...]}` (a power's whole list, as mailed in:
  it replaces what the power gave; each game says what becomes of a void line).
A standard game's records written before this dialect retract by unit key
(`{"type": "retract", "unit": "par"}`); that spelling is still read, so those records
replay bit for bit (docs/rulings.md, "Old Diplomacy records").
"""

from __future__ import annotations

from abc import abstractmethod
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from warjudge.core.errors import IllegalAction, InputError, RecordError, WarjudgeError
from warjudge.core.events import Refusal
from warjudge.core.game import GM, Action, Game, Outcome
from warjudge.core.games import replay
from warjudge.core.log import Log
from warjudge.core.record import GameRecord
from warjudge.diplomacy.actions import check_actor, checked_orders, gm_process_or_draw
from warjudge.diplomacy.given import Given
from warjudge.diplomacy.report import PhaseReport


class DiplomacyFamily(Game):
    """What a Diplomacy game is to its players and its games master, whatever the map."""

    reasons: ClassVar[str]   # the prefix of the game's reason codes: "dip" or "necdip"
    kind_name: ClassVar[str]   # what a record of another game is told it is not
    record_ids: ClassVar[tuple[str, ...]] = ()   # the record ids it reads (default: its game id)
    record: Any
    history: Log[PhaseReport[Any, Any, Any, Any]]   # each judged phase's report (diplomacy/report.py)
    state: Any               # the position: its `phase` (with a `year`) and `winner`
    pending: dict[str, dict[str, Given[Any]]]   # power -> what each order is for (its unit) -> the order
    drawn: list[str] | None
    gm_adjudicates: bool
    max_year: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class (one naming its `game_id`) that leaves out a hook is refused when
        the class is made, not mid-game when the hook is first called; so is one that says
        when a power may pass (`_may_pass`) but not what passing does (`_pass`), or the
        reverse. (The hooks are abstract methods too: no class missing one is instantiated.)"""
        super().__init_subclass__(**kwargs)
        if "game_id" in vars(cls):
            missing = sorted(name for name in DiplomacyFamily.__abstractmethods__   # defined here only
                             if next(k for k in cls.__mro__ if name in vars(k)) is DiplomacyFamily)
            if missing:
                raise TypeError(f"{cls.__name__} is a game without the hooks {', '.join(missing)}")
        if (cls._may_pass is DiplomacyFamily._may_pass) != (cls._pass is DiplomacyFamily._pass):
            raise TypeError(f"{cls.__name__} must define both _may_pass and _pass, or neither")

    @property
    @abstractmethod
    def powers(self) -> list[str]:
        """The powers, in the map's order."""

    @classmethod
    def from_record(cls, record: GameRecord) -> Any:
        """The game a record describes: a record written before issue 12 (no action names a
        player) is the games master's, replayed by the game's `_replay_legacy`; any other is
        replayed through `act` (core.games.replay)."""
        if record.game not in (cls.record_ids or (cls.game_id,)):
            raise RecordError(f"this record is for {record.game!r}, not {cls.kind_name}")
        legacy = bool(record.actions) and all("player" not in a for a in record.actions)
        options = dict(record.options)
        if legacy:
            options["gm_adjudicates"] = True   # those games were run by a GM's process
        if "seed" in options:   # the record's own field, never an option
            raise RecordError("the record's options cannot be used: 'seed' is not an option")
        try:
            game = cls.new(record.seed, **options)
        except WarjudgeError as exc:
            raise RecordError(f"the record's options cannot be used: {exc}") from None
        if legacy:
            return cls._replay_legacy(game, record.actions)
        entries = []
        for index, action in enumerate(record.actions):
            if not isinstance(action.get("player"), str):
                raise RecordError(f"action {index} names no player")
            entries.append((action["player"], {k: v for k, v in action.items() if k != "player"}))
        replay(game, entries)
        return game

    @classmethod
    @abstractmethod
    def new(cls, seed: int, **options: Any) -> Any:
        """A new game from a record's options (a Refusal names a bad one)."""

    @classmethod
    @abstractmethod
    def _replay_legacy(cls, game: Any, actions: Sequence[dict[str, Any]]) -> Any:
        """`game` with a record written before issue 12 replayed (its actions name no player)."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.powers)

    @property
    def is_over(self) -> bool:
        return bool(self.state.winner) or self.drawn is not None or (
            self.max_year is not None and self.state.phase.year > self.max_year)

    def to_act(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if self._may_act(p))

    def phase_name(self) -> str:
        """The view's phase, without building the view (each submission checks it)."""
        return str(self.state.phase)

    def outcome(self) -> Outcome | None:
        """A victory, a draw the games master declared, or at the year limit the
        contenders with the best score (a draw when several share it)."""
        if not self.is_over:
            return None
        scores = self._scores()
        if self.state.winner:
            return Outcome((self.state.winner,), "victory", scores=scores)
        if self.drawn is not None:
            return Outcome(tuple(self.drawn), "draw", draw=True, scores=scores)
        contenders = self._contenders()
        best = max(scores[p] for p in contenders)
        leaders = tuple(p for p in contenders if scores[p] == best)
        return Outcome(leaders, "year-limit", draw=len(leaders) > 1, scores=scores)

    def pending_orders(self, player: str) -> dict[str, str]:
        """`player`'s orders given this phase, by the unit each is for (both games alike)."""
        return {key: given.text for key, given in self.pending.get(player, {}).items()}

    # --- what each game supplies --------------------------------------------------------
    @abstractmethod
    def _may_act(self, power: str) -> bool:
        """Whether `power` has anything to do now (orders to give or, in a draft, to change)."""

    @abstractmethod
    def _scores(self) -> dict[str, float]:
        """Each power's score (centres; the variant's Victory Points)."""

    def _contenders(self) -> list[str]:
        """The powers that may lead at the year limit."""
        return self.powers

    @abstractmethod
    def _give(self, power: str, text: Any) -> str:
        """Check `text` as one of `power`'s orders now, store it; its canonical text."""

    def _given(self, power: str) -> list[str]:
        """The canonical texts of the orders `power` gave this phase, in the order listed
        (default: the order given)."""
        return [given.text for given in self.pending.get(power, {}).values()]

    def _take_back(self, power: str, text: str) -> None:
        """Forget one of `power`'s given orders with this text: the last given. Two orders
        may read alike (the standard game's waives; in the variant two Components of an MU
        ordered apart, EN 4.2 v), and one `retract` undoes one `order`, as `retracts` lists
        one per order given (docs/rulings.md, "Taking back an order given twice")."""
        given = self.pending[power]
        del given[next(key for key in reversed(given) if given[key].text == text)]

    @abstractmethod
    def set_orders(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """The games master enters `power`'s orders, replacing earlier ones; the void lines
        left out (each game says which)."""

    @abstractmethod
    def order_problems(self, power: str, orders: list[str]) -> list[tuple[str, str]]:
        """(order, reason) for each line that would be void; nothing changes."""

    @classmethod
    def option_from_file(cls, name: str, path: Path) -> Any:
        """The value of the "file" option `name` read from `path` with the loader the game's
        command line uses for such a file (its errors name the file)."""
        raise InputError(f"{cls.game_id} takes no file for its option {name!r}")

    def _old_spelling(self, power: str, action: Action) -> bool:
        """Act on an older record's spelling of an action (recording it as written);
        False when `action` is none."""
        return False

    def _may_pass(self, power: str) -> bool:
        """Only optional orders are left to `power` (never, where no order is optional)."""
        return False

    def _pass(self, power: str) -> None:
        """Note that `power` declined its optional orders (a game that makes orders optional
        overrides this with `_may_pass`: `__init_subclass__` holds them together)."""

    @abstractmethod
    def _write(self, power: str, orders: list[str]) -> None:
        """Replace `power`'s orders with the games master's list (checked for shape and size)."""

    @abstractmethod
    def _adjudicate(self) -> None:
        """Judge the phase: its report joins `history`, the next phase begins."""

    @abstractmethod
    def survivors(self) -> list[str]:
        """The powers still playing (a unit or a centre left), sorted."""

    # --- the dialect --------------------------------------------------------------------
    def retracts(self, power: str) -> list[Action]:
        """`power`'s legal take-backs: one per order given."""
        return [{"type": "retract", "order": text} for text in self._given(power)]

    def act(self, player: str, action: Action) -> None:
        """Check completely, then change the game: a refused action raises IllegalAction
        and changes nothing."""
        check_actor(self, player, action, self.powers)
        if player == GM:
            if not gm_process_or_draw(self, action) and not self._gm_orders(action):
                raise Refusal(f"{self.reasons}.act.gm_bad_action", action=f"{action!r:.80}")
            return
        kind = action.get("type")
        if kind == "order" and set(action) == {"type", "order"}:
            text = self._give(player, action["order"])
            self.record.append({"player": player, "type": "order", "order": text})
        elif kind == "retract" and set(action) == {"type", "order"}:
            text = action["order"]
            if not isinstance(text, str) or text not in self._given(player):
                raise Refusal(f"{self.reasons}.act.no_order_to_retract", power=player, order=str(text)[:80])
            self._take_back(player, text)
            self.record.append({"player": player, "type": "retract", "order": text})
        elif kind == "pass" and set(action) == {"type"}:
            if not self._may_pass(player):
                raise Refusal(f"{self.reasons}.act.owes_orders", power=player)
            self._pass(player)
            self.record.append({"player": player, "type": "pass"})
        elif not self._old_spelling(player, action):
            raise Refusal(f"{self.reasons}.act.bad_action", power=player, action=f"{action!r:.80}")
        self._advance()

    def _gm_orders(self, action: Action) -> bool:
        """The games master's `orders`, refused with the problem unless its shape and size
        are right; False, with nothing done, for any other action."""
        if action.get("type") != "orders" or set(action) != {"type", "power", "orders"}:
            return False
        try:
            power, orders = checked_orders(action, self.powers)
        except InputError as exc:
            raise IllegalAction(str(exc)) from None
        self._write(power, orders)
        self.record.append({"player": GM, "type": "orders", "power": power, "orders": orders})
        return True

    def _advance(self) -> None:
        """Adjudicate while every power that must act is done (never in a GM's game; with
        `drafts`, only a phase in which no power has anything to order)."""
        while not self.gm_adjudicates and not self.is_over and not self.to_act():
            self._adjudicate()

    # --- the games master's conveniences -------------------------------------------------
    def process(self) -> PhaseReport[Any, Any, Any, Any]:
        """The games master adjudicates the phase, `act(GM, {"type": "process"})`; its report."""
        self._as_gm({"type": "process"})
        return self.history[-1]

    def draw(self, powers: list[str]) -> None:
        """The games master declares a draw among `powers`, `act(GM, {"type": "draw", …})`."""
        self._as_gm({"type": "draw", "powers": sorted(powers)})

    def _as_gm(self, action: Action) -> None:
        """The games master's action; a refusal is the GM's input error."""
        try:
            self.act(GM, action)
        except IllegalAction as exc:
            raise InputError(str(exc)) from None

    def check_power_orders(self, power: str) -> None:
        """InputError unless `power` is a power still playing."""
        if power not in self.powers:
            raise InputError(f"unknown power {power!r}; powers are {', '.join(self.powers)}")
        if power not in self.survivors():
            raise InputError(f"{power} has been eliminated: it gives no more orders "
                             f"(the powers still playing are {', '.join(self.survivors())})")

    def report_of(self, phase: str | None = None) -> Any:
        """The report of `phase` (default: the last one; before any, `_before_any`)."""
        if phase is None:
            return self.history[-1] if self.history else self._before_any()
        wanted = self._parse_phase(phase)
        for report in self.history:
            if report.phase == wanted:
                return report
        known = ", ".join(str(r.phase) for r in self.history) or "none yet"
        raise InputError(f"no report for {wanted}; the reports are: {known}")

    @abstractmethod
    def report_view(self, report: PhaseReport[Any, Any, Any, Any], viewer: str | None) -> Mapping[str, Any]:
        """`report` as `viewer` (None: the games master) may read it, through the game's one
        visibility filter: what its view carries of its last report, and what a report
        printer reads of any (standard Diplomacy hides nothing; the variant's Hidden
        Movement, views.player_view, does)."""

    def worded_order(self, power: str, text: str, lang: str) -> str:
        """`power`'s order `text` as a reader of `lang` writes it, for a report printer (as
        given when it cannot be read): the variant's French edition has its own order
        words; the standard game's orders are written in English only."""
        return text

    @abstractmethod
    def _parse_phase(self, text: str) -> Any:
        """The phase `text` names (InputError if none)."""

    def _before_any(self) -> Any:
        """What `report_of` gives before any phase was adjudicated (standard: None)."""
        return None

    def opening_warning(self) -> str:
        """Why the phase should not be processed yet ('' when nothing speaks against it)."""
        return ""

    def outcome_text(self) -> str:
        out: Outcome | None = self.outcome()
        return "not over" if out is None else f"{out.reason}: {', '.join(out.winners)}"
