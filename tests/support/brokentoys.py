"""The toy game with one bug each, to show that the conformance test catches each kind of
broken game (a test that cannot fail proves nothing)."""

from __future__ import annotations

import random
from typing import Any

from warjudge.core.game import Action, Outcome, View
from warjudge.core.games import GameInfo

from tests.support.toygame import ToyBids


class LeakyBids(ToyBids):
    """Shows each player the other's secret bid, unmarked, in a 'table' list."""

    game_id = "toy-leaky"

    def view(self, player: str | None = None) -> View:
        view = super().view(player)
        view["table"] = [{"player": p, "amount": a} for p, a in self.bids.items()]
        return view


class SeedShowingBids(ToyBids):
    """Puts its dice state, seed included, in every view."""

    game_id = "toy-seed"

    def view(self, player: str | None = None) -> View:
        return {**super().view(player), "dice": self.dice.state()}


class HalfAppliedBids(ToyBids):
    """Takes a point from a player whose bid it refuses: a refusal that changes the game."""

    game_id = "toy-half"

    def act(self, player: str, action: Action) -> None:
        if player in self.to_act() and action not in self.legal_actions(player):
            self.score[player] -= 1
        super().act(player, action)


class GenerousBids(ToyBids):
    """Accepts a bid above the player's coins (clipped), which its list does not offer."""

    game_id = "toy-generous"

    def act(self, player: str, action: Action) -> None:
        if isinstance(action, dict) and isinstance(action.get("amount"), int) and player in self.to_act():
            action = {**action, "amount": max(0, min(action["amount"], self.coins[player]))}
        super().act(player, action)


class SharedCloneBids(ToyBids):
    """Its clone shares the coins with the original."""

    game_id = "toy-shared"

    def clone(self, reseed: bool = True) -> "SharedCloneBids":
        copy = super().clone(reseed)
        assert isinstance(copy, SharedCloneBids)
        copy.coins = self.coins
        return copy


class EarlyOutcomeBids(ToyBids):
    """Names a winner before the game is over."""

    game_id = "toy-early"

    def outcome(self) -> Outcome | None:
        return super().outcome() or Outcome((), "in-progress")


class ForgetfulBids(ToyBids):
    """Loading its record forgets the last round."""

    game_id = "toy-forgetful"

    @classmethod
    def from_record(cls, record: Any) -> "ForgetfulBids":
        game = super().from_record(record)
        assert isinstance(game, ForgetfulBids)
        if game.history:
            game.history.pop()
        return game


class HashOrderBids(ToyBids):
    """Lists its bids in the order of a set of strings, which changes with PYTHONHASHSEED."""

    game_id = "toy-hash-order"

    def legal_actions(self, player: str) -> list[Action]:
        if player not in self.to_act():
            return []
        return [{"type": "bid", "amount": int(text)} for text in {str(n) for n in range(self.coins[player] + 1)}]


class TellTaleSampleBids(ToyBids):
    """Its `sample_hidden` draws every bid of the round again, the sampling player's own too."""

    game_id = "toy-tell-tale"

    def sample_hidden(self, player: str, rng: random.Random) -> "TellTaleSampleBids":
        copy = super().sample_hidden(player, rng)
        assert isinstance(copy, TellTaleSampleBids)
        copy.bids = {p: (a + 1) % (self.coins[p] + 1) for p, a in copy.bids.items()}
        return copy


BROKEN = {cls.game_id: cls for cls in (LeakyBids, SeedShowingBids, HalfAppliedBids, GenerousBids,
                                        SharedCloneBids, EarlyOutcomeBids, ForgetfulBids, HashOrderBids,
                                        TellTaleSampleBids)}
INFOS = [GameInfo(game_id, cls.__doc__ or game_id, f"tests.support.brokentoys:{cls.__name__}")
         for game_id, cls in BROKEN.items()]
