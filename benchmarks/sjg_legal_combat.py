"""SJG combat legal actions per second (issue 12, "Speed"): the heuristic bot lists the
attacks at every combat decision and the play server answers a combat page with them.

Run: .venv/bin/python benchmarks/sjg_legal_combat.py. The positions are the combat and
opportunity decisions of a few seeded games (the heuristic bot against the random one),
without items and with extra items (10.5); the figure is listings per CPU second over all
of them, the list made afresh each time (legal.legal_actions, no kept list).
"""

from __future__ import annotations

import random
import time
from typing import Any

from warjudge.hexwar.sjg.bots import random_action
from warjudge.hexwar.sjg.game import SjgNecromancerGame
from warjudge.hexwar.sjg.heuristic import HeuristicBot
from warjudge.hexwar.sjg.legal import legal_actions

SEEDS = (1, 2, 3)
ITEMS: dict[str, dict[str, int]] = {"no items": {}, "extra items": {"red": 3, "black": 2}}
TURNS = 12
PER_GAME = 8  # combat positions kept per game, spread over it


def combat_positions(seed: int, items: dict[str, int]) -> list[tuple[SjgNecromancerGame, str]]:
    """Clones of the game at its combat and opportunity decisions (the heuristic bot plays
    red, the random bot black), every few of them so the sample spans the game."""
    rng = random.Random(seed)
    game = SjgNecromancerGame.new(seed=seed, items=items, optional=["miasma_demon"])
    bot = HeuristicBot(random.Random(seed))
    found: list[tuple[SjgNecromancerGame, str]] = []
    while not game.is_over and game.state.turn <= TURNS:
        side = game.pending.player
        if game.pending.kind in ("combat", "opportunity"):
            found.append((game.clone(reseed=False), side))
        action = bot.choose(game, side) if side == "red" else random_action(game, rng)
        game.act(side, action)
    step = max(1, len(found) // PER_GAME)
    return found[::step][:PER_GAME]


def rate(positions: list[tuple[SjgNecromancerGame, str]], seconds: float = 3.0) -> tuple[float, int]:
    """Listings per CPU second (the machine is shared: wall time would measure the
    neighbours), and the number of actions listed over one pass."""
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for game, side in positions:
            legal_actions(game, side)
        count += len(positions)
    return count / elapsed, sum(len(legal_actions(g, s)) for g, s in positions)


def main() -> None:
    for label, items in ITEMS.items():
        positions: list[Any] = [p for seed in SEEDS for p in combat_positions(seed, items)]
        per_second, listed = rate(positions)
        print(f"SJG combat legal actions/s ({label}): {per_second:,.1f} "
              f"({len(positions)} positions, {listed:,} actions in all)")


if __name__ == "__main__":
    main()
