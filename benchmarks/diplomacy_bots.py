"""The Diplomacy heuristic alone against six random bots (issue 26): N seeded games per
power; prints the solo rate with its Wilson 95 % interval, the median solo year and the
heuristic's CPU milliseconds per power-phase.

    nice -n 19 .venv/bin/python benchmarks/diplomacy_bots.py --games 10 [--max-year 1930]
"""

from __future__ import annotations

import argparse
import statistics
import time

from warjudge.core import bots
from warjudge.core.ratings import wilson
from warjudge.diplomacy.game import DiplomacyGame


def one_game(seed: int, hero: str, max_year: int) -> tuple[bool, int, list[float]]:
    """(solo, last year, the heuristic's CPU seconds in each of its power-phases) of one game."""
    game = DiplomacyGame(seed=seed, max_year=max_year)
    seats = {p: bots.make("diplomacy", "heuristic" if p == hero else "random", bots.bot_rng(seed, p))
             for p in game.powers}
    cpu: list[float] = []
    last_phase = None
    while not game.is_over:
        power = game.to_act()[0]
        if power == hero:
            if game.state is not last_phase:
                cpu, last_phase = cpu + [0.0], game.state
            start = time.process_time()
            action = seats[power].choose(game, power)
            cpu[-1] += time.process_time() - start
        else:
            action = seats[power].choose(game, power)
        game.act(power, action)
    return game.state.winner == hero, game.state.phase.year, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games per power")
    parser.add_argument("--max-year", type=int, default=1930)
    args = parser.parse_args()
    powers = DiplomacyGame().powers
    total_wins, total, years, cpu = 0, 0, [], []
    for hero in powers:
        wins = 0
        for seed in range(args.games):
            solo, year, seconds = one_game(seed, hero, args.max_year)
            wins += solo
            years += [year] if solo else []
            cpu += seconds
        low, high = wilson(wins, args.games)
        print(f"{hero:8} {wins}/{args.games} solo  95% [{low:.2f}, {high:.2f}]", flush=True)
        total_wins, total = total_wins + wins, total + args.games
    low, high = wilson(total_wins, total)
    print(f"all      {total_wins}/{total} solo  95% [{low:.3f}, {high:.3f}]  median solo year "
          f"{statistics.median(years) if years else '-'}  ms CPU per power-phase: mean "
          f"{1000 * statistics.fmean(cpu):.1f}, 99th percentile {1000 * statistics.quantiles(cpu, n=100)[-1]:.1f}, "
          f"max {1000 * max(cpu):.1f}")


if __name__ == "__main__":
    main()
