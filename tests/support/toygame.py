"""A tiny game for testing the interface machinery (registry, replay, conformance, bots,
adapters, the server) apart from any real game's rules.

Secret bids: two players each hold coins; every round both bid secretly at once, each bid
plus a die roll decides the round, and the bids are revealed only once both are in. It
has what the real games have: simultaneous moves, dice the game owns, hidden information.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from warjudge.core.dice import Dice
from warjudge.core.errors import IllegalAction, RecordError
from warjudge.core.game import Action, Decision, Game, Outcome, View
from warjudge.core.games import GameInfo, Option, fresh_seed, replay
from warjudge.core.record import GameRecord
from warjudge.core.visibility import redacted

PLAYERS = ("north", "south")
COINS = 5

INFO = GameInfo("toy-bids", "Secret bids (a test game)", "tests.support.toygame:ToyBids")


class ToyBids(Game):
    game_id: ClassVar[str] = "toy-bids"

    def __init__(self, record: GameRecord):
        rounds = record.options.get("rounds", 3)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 20:
            raise IllegalAction("rounds must be a whole number from 1 to 20")
        self.record = record.restarted({"rounds": rounds})
        self.rounds = rounds
        self.dice = Dice.of(record)
        self.coins = {p: COINS for p in PLAYERS}
        self.score = {p: 0 for p in PLAYERS}
        self.bids: dict[str, int] = {}
        self.history: list[dict[str, Any]] = []

    @classmethod
    def option_descriptions(cls) -> tuple[Option, ...]:
        return (Option("rounds", "int", "rounds to play", 3, minimum=1, maximum=20),)

    @classmethod
    def new(cls, seed: int, **options: Any) -> "ToyBids":
        return cls(GameRecord(cls.game_id, seed, options))

    @classmethod
    def from_record(cls, record: GameRecord) -> "ToyBids":
        if record.game != cls.game_id:
            raise RecordError(f"this record is for {record.game!r}")
        game = cls(record)
        replay(game, [(a["player"], a) for a in record.actions])
        return game

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return len(self.history) >= self.rounds

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over else tuple(p for p in PLAYERS if p not in self.bids)

    def decision(self, player: str) -> Decision | None:
        if player not in self.to_act():
            return None
        return Decision(player, "bid", {"round": len(self.history) + 1, "coins": self.coins[player]})

    def legal_actions(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        return [{"type": "bid", "amount": n} for n in range(self.coins[player] + 1)]

    def act(self, player: str, action: Action) -> None:
        if not isinstance(action, dict) or {k: v for k, v in action.items() if k != "player"} \
                not in self.legal_actions(player):
            raise IllegalAction(f"{player!r} cannot play {action!r:.60} now")
        self.bids[player] = action["amount"]
        self.record.append({"type": "bid", "player": player, "amount": action["amount"]})
        if len(self.bids) == len(PLAYERS):
            rolls = {p: self.dice.roll() for p in PLAYERS}
            totals = {p: self.bids[p] + rolls[p] for p in PLAYERS}
            best = max(totals.values())
            winners = [p for p in PLAYERS if totals[p] == best]
            if len(winners) == 1:
                self.score[winners[0]] += 1
            for p in PLAYERS:
                self.coins[p] -= self.bids[p]
            self.history.append({"bids": dict(self.bids), "rolls": rolls, "winner": winners[0] if len(winners) == 1 else None})
            self.bids = {}

    def view(self, player: str | None = None) -> View:
        full = {"game": self.game_id, "round": len(self.history) + 1, "coins": dict(self.coins),
                "score": dict(self.score), "history": [dict(h) for h in self.history],
                "bids": [{"player": p, "amount": a, "hidden_from": [q for q in PLAYERS if q != p]}
                         for p, a in self.bids.items()]}
        return redacted(full, player)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        best = max(self.score.values())
        winners = tuple(p for p in PLAYERS if self.score[p] == best)
        return Outcome(winners, "draw" if len(winners) > 1 else "victory", draw=len(winners) > 1,
                       scores={p: float(s) for p, s in self.score.items()})

    def clone(self, reseed: bool = True) -> "ToyBids":
        copy = type(self).__new__(type(self))
        copy.rounds = self.rounds
        copy.dice = Dice(fresh_seed()) if reseed else self.dice.copy()
        copy.record = self.record.copy(seed=copy.dice.seed if reseed else None)
        copy.coins, copy.score, copy.bids = dict(self.coins), dict(self.score), dict(self.bids)
        copy.history = [dict(h) for h in self.history]
        return copy

    def sample_hidden(self, player: str, rng: random.Random) -> "ToyBids":
        """A reseeded game `player` cannot tell from this one: the other's secret bid of
        the round, if made, drawn again."""
        copy = self.clone()
        copy.bids = {p: a if p == player else rng.randint(0, self.coins[p]) for p, a in self.bids.items()}
        return copy
