"""Gondor & Sauron: random-bot games per second, and the heuristic bot's results against
the random bot (each side in turn), on both shipped battles.

    .venv/bin/python benchmarks/gondor_sauron.py [GAMES] [MAX_TURNS]

GAMES defaults to 200 per battle (the issue's figure); MAX_TURNS to the whole battle.
"""

from __future__ import annotations

import random
import sys
import time

from warjudge.core import games
from warjudge.hexwar.gondor_sauron.bots import heuristic_action, random_action


def play(gid: str, seed: int, bots: dict, max_turns: int | None):
    options = {"max_turns": max_turns} if max_turns else {}
    g = games.new(gid, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        p = g.to_act()[0]
        g.act(p, bots[p](g, p, rng))
    return g.outcome()


def main(n: int, max_turns: int | None) -> None:
    for gid in ("gondor", "sauron"):
        start = time.perf_counter()
        for seed in range(n):
            play(gid, seed, {"westernesse": random_action, "sauron": random_action}, max_turns)
        rate = n / (time.perf_counter() - start)
        wins = draws = 0
        for seed in range(n):
            smart = "westernesse" if seed % 2 == 0 else "sauron"
            bots = {smart: heuristic_action, ("sauron" if smart == "westernesse" else "westernesse"): random_action}
            out = play(gid, 10_000 + seed, bots, max_turns)
            wins += out.winners == (smart,)
            draws += out.draw
        print(f"{gid}: {rate:.2f} random games/s; heuristic vs random over {n} games: "
              f"{wins} won, {draws} drawn, {n - wins - draws} lost ({100 * wins / n:.0f}% won)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else None)
