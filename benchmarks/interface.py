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
    """An SJG position at the start of a movement phase with 47 units on the map (the
    issue's figure): the heuristic bots play seed 13 until the units are down to 47,
    or the game's smallest such position if the bots change."""
    from warjudge.hexwar.sjg.heuristic import heuristic_action

    rng = random.Random(13)
    game = games.new("necromancer-sjg", seed=13, first="red")
    best: tuple[int, Any] = (10**9, None)
    while not game.is_over and game.turn < 80:
        player = game.pending.player
        if game.pending.kind == "move" and not game.moved and len(game.position.units) < best[0]:
            best = (len(game.position.units), game.clone(reseed=False))
            if best[0] <= 47:
                break
        game.act(player, heuristic_action(game, rng))
    return best[1], best[1].pending.player


GAMES: dict[str, Callable[[], tuple[Any, str]]] = {"necromancer-sjg": _sjg_midgame}


def _rate(work: Callable[[], Any], seconds: float = 2.0) -> float:
    """Operations per CPU second of this process (the machine is shared: wall time
    would measure the neighbours)."""
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
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
