"""The one template both hex games follow (issue 25): `HexGame[S, E, M]`.

What SJG Necromancer (hexwar/sjg/game.py) and Gondor & Sauron (hexwar/gondor_sauron/game.py)
do the same way lives here once: the record, the dice, the event log, the state `S` (all
that play changes, one value with a cheap `clone`), the legal actions kept per position,
`new`, replay from a record, `clone(reseed)`, and `act`'s skeleton, the games master's
`process` or a seat's action checked (a `Refusal`, nothing changed), applied, settled
and recorded. A game supplies the hooks, each declared here: `_check` (into the checked
move `M`), `_apply`, `_settle`, `_compute_legal`, `_recorded` and `_cloned`. Events are
`E` (SJG's `core.events.Event`, Gondor & Sauron's JSON facts).

Each game's rules are mixins on its template, one per phase (hexwar/sjg/phase_*.py,
hexwar/gondor_sauron/phase_*.py), not modules of functions taking the game: a rule
reads and changes the game's state and rolls its dice at every line, and as a method it
does so through `self` with the template's typing, while the game class only lists its
parts.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from warjudge.core.dice import Dice
from warjudge.core.errors import RecordError
from warjudge.core.events import Refusal
from warjudge.core.game import GM, Action, Game
from warjudge.core.games import fresh_seed, replay
from warjudge.core.log import Log
from warjudge.core.record import GameRecord


class HexState(Protocol):
    """All that play changes in a hex game, as one value."""

    def clone(self) -> Self: ...


S = TypeVar("S", bound=HexState)
E = TypeVar("E")
M = TypeVar("M")
Stamp = tuple[int, int]   # what changes with every action and every state put in place


class HexGame(Game, Generic[S, E, M]):
    """A hex game: its record, dice, events and state, and `act`'s skeleton."""

    game_id: ClassVar[str]
    family: ClassVar[str]   # the games' refusal codes' family ("sjg", "gs")
    record: GameRecord
    dice: Dice
    events: Log[E]       # what happened; shared by clones (core/log.py)
    state: S

    def __init__(self, record: GameRecord):
        """The parts every hex game starts with; the game then sets its `state` up."""
        self.record = record.restarted()
        self.dice = Dice.of(record)
        self.events = Log()
        self._legal_kept: tuple[Stamp, dict[str, list[Action]]] | None = None

    @classmethod
    def new(cls, seed: int, **options: Any) -> Self:
        return cls(GameRecord(cls.game_id, seed, options))

    @classmethod
    def from_record(cls, record: GameRecord) -> Self:
        """The game a record describes, replayed through `act` (core.games.replay)."""
        if record.game != cls.game_id:
            raise RecordError(f"this record is for {record.game!r}")
        return cls(record)._replayed(record)

    def _replayed(self, record: GameRecord) -> Self:
        replay(self, [self._recorded(entry) for entry in record.actions])
        return self

    @staticmethod
    def _recorded(entry: dict[str, Any]) -> tuple[str, Action]:
        """A record's entry as the seat and the action it played."""
        return entry["player"], {k: v for k, v in entry.items() if k != "player"}

    # --- one action -----------------------------------------------------------------------

    def act(self, player: str, action: Action) -> None:
        """The games master's `process`, or one seat's action: checked before anything
        changes, applied, settled, then appended to the record."""
        if player == GM:
            self._process(action)
        else:
            self._take(player, action)

    def _take(self, player: str, action: Action) -> None:
        """One seat's action (the games master's answers for a seat too, and a game's own
        trials on an exact clone)."""
        move = self._check(player, action)
        self._apply(player, move)
        self._settle()
        self.record.append(self._entry(player, move))

    def _process(self, action: Action) -> None:
        """The games master's one action: the seat to act plays its `default_action`."""
        self._check_process(action)
        seat = self.to_act()[0]
        self._take(seat, self.default_action(seat))

    @abstractmethod
    def default_action(self, player: str) -> Action:
        """What the games master's `process` plays for `player` (every hex game offers it)."""

    def _check_process(self, action: Action) -> None:
        if action != {"type": "process"}:
            raise Refusal(f"{self.family}.refused.gm_process_only")
        if self.is_over:
            raise Refusal(f"{self.family}.refused.game_over")

    @abstractmethod
    def _check(self, player: str, action: Action) -> M:
        """Refuse (a `Refusal`, its reason a code) what may not be played now, changing
        nothing; else the move `_apply` plays."""

    @abstractmethod
    def _apply(self, player: str, move: M) -> None:
        """Play a checked move: change the state, roll and report."""

    def _settle(self) -> None:
        """After each action: resolve what the rules resolve by themselves."""

    @abstractmethod
    def _entry(self, player: str, move: M) -> dict[str, Any]:
        """What the record keeps of the move."""

    def _tell(self, event: E) -> None:
        self.events.append(event)

    # --- the legal actions, once per position ---------------------------------------------

    def _stamp(self) -> Stamp:
        """Changes with every action (each is recorded) and with a state put in place."""
        return self.record.action_count(), id(self.state)

    def legal_actions(self, player: str) -> list[Action]:
        """Made once per position and player: kept until the next action and handed to
        clones, so a search that clones a position to try its actions lists them once.
        The actions are shared: read them, send them, do not change them."""
        kept, stamp = self._legal_kept, self._stamp()
        if kept is None or kept[0] != stamp:
            kept = self._legal_kept = (stamp, {})
        lists = kept[1]
        if player not in lists:
            lists[player] = self._compute_legal(player)
        return list(lists[player])

    @abstractmethod
    def _compute_legal(self, player: str) -> list[Action]:
        """Every action `player` may play now, in the game's order."""

    # --- search ---------------------------------------------------------------------------

    def clone(self, reseed: bool = True) -> Self:
        """An independent copy in time that does not grow with the game: the state cloned;
        what never changes once made (the game's fixed data, the record's and the event
        log's past entries) shared. A reseeded clone rolls from a fresh seed its record
        names (the real one stays with the game); `reseed=False` is exact."""
        twin = object.__new__(type(self))
        vars(twin).update(vars(self))
        twin.state = self.state.clone()
        twin.events = self.events.copy()
        if reseed:
            twin.dice = Dice(fresh_seed())
            twin.record = self.record.copy(seed=twin.dice.seed)
        else:   # a test's scripted dice are copied whole
            twin.dice = self.dice.copy() if type(self.dice) is Dice else copy.deepcopy(self.dice)
            twin.record = self.record.copy()
        kept = self._legal_kept   # the same position: its legal lists hold for the copy
        twin._legal_kept = (twin._stamp(), dict(kept[1])) if kept is not None and kept[0] == self._stamp() else None
        self._cloned(twin)
        return twin

    def _cloned(self, twin: Self) -> None:
        """What else a clone of this game takes its own copy of."""


__all__ = ["HexGame", "HexState"]
