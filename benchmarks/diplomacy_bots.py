"""The Diplomacy heuristic alone against six random bots (issue 26): N seeded games per
power; prints the solo rate with its Wilson 95 % interval, the median solo year, the
heuristic's CPU milliseconds per power-phase, and every game it did not solo (seed, the
last year, its centres, the winner if another power won) so that failures can be replayed.

    nice -n 19 .venv/bin/python benchmarks/diplomacy_bots.py --games 10 [--first 0] [--jobs 2] [--max-year 1930]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from warjudge.core import bots
from warjudge.core.ratings import wilson
from warjudge.diplomacy.game import DiplomacyGame


class Played(NamedTuple):
    hero: str
    seed: int
    solo: bool
    year: int
    centres: int
    winner: str | None
    cpu: list[float]   # the heuristic's CPU seconds in each of its power-phases


def one_game(hero: str, seed: int, max_year: int) -> Played:
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
    winner = game.state.winner
    return Played(hero, seed, winner == hero, game.state.phase.year, len(game.state.centers.get(hero, ())),
                  winner, cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games per power")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-year", type=int, default=1930)
    parser.add_argument("--powers", default="", help="comma-separated; default all")
    args = parser.parse_args()
    powers = [p.upper() for p in args.powers.split(",") if p] or DiplomacyGame().powers
    seeds = range(args.first, args.first + args.games)
    jobs = [(hero, seed, args.max_year) for hero in powers for seed in seeds]
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(one_game, *zip(*jobs), chunksize=4))
    for game in played:
        if not game.solo:
            print(f"no solo: {game.hero} seed {game.seed} year {game.year} centres {game.centres} "
                  f"winner {game.winner}")
    for hero in powers:
        wins = sum(g.solo for g in played if g.hero == hero)
        low, high = wilson(wins, args.games)
        print(f"{hero:8} {wins}/{args.games} solo  95% [{low:.3f}, {high:.3f}]", flush=True)
    wins = sum(g.solo for g in played)
    low, high = wilson(wins, len(played))
    years = [g.year for g in played if g.solo]
    cpu = [s for g in played for s in g.cpu]
    print(f"all      {wins}/{len(played)} solo  95% [{low:.4f}, {high:.4f}]  median solo year "
          f"{statistics.median(years) if years else '-'}  ms CPU per power-phase: mean "
          f"{1000 * statistics.fmean(cpu):.1f}, 99th percentile {1000 * statistics.quantiles(cpu, n=100)[-1]:.1f}, "
          f"max {1000 * max(cpu):.1f}")


if __name__ == "__main__":
    main()
