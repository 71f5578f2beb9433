"""The one game interface, per game: clone()/s, legal_actions()/s on a mid-game
position and full search steps (clone + legal actions + act) per second (issue 12).

Run: .venv/bin/python benchmarks/interface.py. Each game contributes a row-maker to
GAMES; the SJG position is a random game played to its first player-turn with at least
47 units on the map, in the movement phase.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable

from warjudge.core import games


def _sjg_midgame() -> tuple[Any, str]:
    """A random SJG game at the start of a movement phase with 47+ units on the map."""
    rng = random.Random(7)
    game = games.new("necromancer-sjg", seed=7, first="red")
    while True:
        player = rng.choice(game.to_act())
        decision = game.decision(player)
        if decision.kind == "move" and game.turn >= 3 and len(game.position.units) >= 47 \
                and not game.moved:
            return game, player
        game.act(player, rng.choice(game.legal_actions(player)))


GAMES: dict[str, Callable[[], tuple[Any, str]]] = {"necromancer-sjg": _sjg_midgame}


def _rate(work: Callable[[], Any], seconds: float = 2.0) -> float:
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        count += 1
    return count / elapsed


def measure(game_id: str) -> dict[str, float]:
    game, player = GAMES[game_id]()
    rng = random.Random(1)

    def step() -> None:
        trial = game.clone()
        trial.act(player, rng.choice(trial.legal_actions(player)))

    return {"clone/s": _rate(game.clone), "legal_actions/s": _rate(lambda: game.legal_actions(player)),
            "search steps/s": _rate(step), "units": len(game.view()["units"]),
            "legal actions": len(game.legal_actions(player))}


def main(ids: list[str]) -> None:
    for game_id in ids or list(GAMES):
        figures = measure(game_id)
        print(game_id + ": " + ", ".join(f"{k} {v:,.0f}" for k, v in figures.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
