"""The toy game with a games master's `process`: seats that have not bid bid 0 (an NMR),
so the server's /process and /ready routes can be tested apart from any real game."""

from __future__ import annotations

from typing import ClassVar

from tests.support.toygame import ToyBids
from warjudge.core.errors import IllegalAction
from warjudge.core.game import GM, Action
from warjudge.core.games import GameInfo

INFO = GameInfo("toy-bids-gm", "Secret bids with a games master (a test game)", "tests.server.gmtoy:ToyBidsGM")


class ToyBidsGM(ToyBids):
    game_id: ClassVar[str] = "toy-bids-gm"

    def act(self, player: str, action: Action) -> None:
        if player != GM:
            return super().act(player, action)
        if action != {"type": "process"} or self.is_over:
            raise IllegalAction("nothing to adjudicate")
        for waiting in self.to_act():
            super().act(waiting, {"type": "bid", "amount": 0})
