"""Nim, the example game of docs/adding-a-game.md: the least a game needs to be a
warjudge game (registered, replayed, served, and passing warjudge.testing.conformance).

Two players take turns taking one to three counters from one heap; whoever takes the
last counter wins. No dice, nothing hidden.
"""

from __future__ import annotations

from typing import Any, ClassVar

from warjudge.core.errors import RecordError
from warjudge.core.events import Refusal, Wording
from warjudge.core.game import Action, Decision, Game, Outcome, View
from warjudge.core.games import GameInfo, Option, replay
from warjudge.core.record import GameRecord

PLAYERS = ("first", "second")
MOST = 3   # counters one turn may take

INFO = GameInfo("nim", "Nim (the example game)", "tests.support.nim:Nim",
                reasons=Wording("nim", "tests.support.nim_words:english", "tests.support.nim_words:french"),
                log="tests.support.nim_words:log", words="tests.support.nim_words:WORDS")


class Nim(Game):
    game_id: ClassVar[str] = "nim"
    family: ClassVar[str] = "nim"   # its reasons' codes: "nim.…", worded by the tables INFO names

    def __init__(self, record: GameRecord):
        heap = record.options.get("heap", 7)
        problem = self.option_descriptions()[0].problem(heap)
        if problem:
            raise RecordError(problem)
        self.record = record.restarted()
        self.heap: int = heap
        self.taken: list[int] = []   # counters taken, turn by turn

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        """Capability: the options `new` takes (games.new refuses any other)."""
        return (Option("heap", "int", "counters in the heap at the start", 7, minimum=1, maximum=50),)

    @classmethod
    def new(cls, seed: int, **options: Any) -> "Nim":
        return cls(GameRecord(cls.game_id, seed, options))

    @classmethod
    def from_record(cls, record: GameRecord) -> "Nim":
        """The start from the header, then every action through `act` (games.replay)."""
        if record.game != cls.game_id:
            raise RecordError(f"this record is for {record.game!r}")
        return replay(cls(record), [(a.pop("player"), a) for a in record.actions])

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.heap == 0

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over else (PLAYERS[len(self.taken) % 2],)

    def decision(self, player: str) -> Decision | None:
        return Decision(player, "take", {"heap": self.heap}) if player in self.to_act() else None

    def legal_actions(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        return [{"type": "take", "count": n} for n in range(1, min(MOST, self.heap) + 1)]

    def act(self, player: str, action: Action) -> None:
        if player not in self.to_act():   # checked completely before any change
            raise Refusal(f"{self.family}.turn", player=player[:40])
        if action not in self.legal_actions(player):
            raise Refusal(f"{self.family}.take", most=min(MOST, self.heap))
        self.heap -= action["count"]
        self.taken.append(action["count"])
        self.record.append({**action, "player": player})

    def view(self, player: str | None = None) -> View:
        return {"game": self.game_id, "heap": self.heap, "taken": list(self.taken), "to_act": list(self.to_act())}

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome((PLAYERS[(len(self.taken) - 1) % 2],), "victory")

    def clone(self, reseed: bool = True) -> "Nim":
        twin = type(self).__new__(type(self))
        twin.record, twin.heap, twin.taken = self.record.copy(), self.heap, list(self.taken)
        return twin


class PlainNim(Nim):
    """Nim registered as a game from outside might first be: no wording tables, no log, no
    words (its reasons worded plainly from their codes and facts, `core.events.plain`)."""

    game_id: ClassVar[str] = "nim-plain"
    family: ClassVar[str] = "heap"


PLAIN = GameInfo("nim-plain", "Nim with no wording", "tests.support.nim:PlainNim")
