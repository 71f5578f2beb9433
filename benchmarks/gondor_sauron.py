"""Gondor & Sauron: random-bot games per second, and the heuristic bot's results against
the random bot (each side in turn), on both shipped battles.

    .venv/bin/python benchmarks/gondor_sauron.py [--games 200] [--max-turns N] [--only gondor|sauron]

--games defaults to 200 per battle (the issue's figure); --max-turns to the whole battle.
Every 20 games it prints how far it has got, so a run cut short still gives its rate.
"""

from __future__ import annotations

import argparse
import random
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


def bench(gid: str, n: int, max_turns: int | None) -> None:
    start = time.perf_counter()
    for seed in range(n):
        play(gid, seed, {"westernesse": random_action, "sauron": random_action}, max_turns)
        if (seed + 1) % 20 == 0 and seed + 1 < n:
            print(f"  {gid}: {seed + 1} random games, {(seed + 1) / (time.perf_counter() - start):.2f}/s", flush=True)
    rate = n / (time.perf_counter() - start)
    print(f"{gid}: {rate:.2f} random games/s over {n} games", flush=True)
    wins = draws = 0
    for seed in range(n):
        smart = "westernesse" if seed % 2 == 0 else "sauron"
        bots = {smart: heuristic_action, ("sauron" if smart == "westernesse" else "westernesse"): random_action}
        out = play(gid, 10_000 + seed, bots, max_turns)
        wins += out.winners == (smart,)
        draws += out.draw
        if (seed + 1) % 20 == 0 and seed + 1 < n:
            print(f"  {gid}: heuristic {wins} won, {draws} drawn of {seed + 1}", flush=True)
    print(f"{gid}: heuristic vs random over {n} games: {wins} won, {draws} drawn, {n - wins - draws} lost "
          f"({100 * wins / n:.0f}% won)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--max-turns", type=int, default=None)
    ap.add_argument("--only", choices=("gondor", "sauron"), default=None)
    args = ap.parse_args()
    for gid in (args.only,) if args.only else ("gondor", "sauron"):
        bench(gid, args.games, args.max_turns)


if __name__ == "__main__":
    main()
