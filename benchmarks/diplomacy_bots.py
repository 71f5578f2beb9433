"""A Diplomacy game's heuristic alone against random bots (issue 26): N seeded games per
power; prints the rate of victories (a solo; in Necromancer 19 Victory Points) and of
wins (a victory, or alone in the lead at the year limit) with Wilson 95 % intervals, the
median year of a victory, the heuristic's CPU milliseconds per power-phase, and every game
it did not win outright (seed, last year, its centres or points, the winners) so that
failures can be replayed.

    nice -n 19 .venv/bin/python benchmarks/diplomacy_bots.py --games 10 [--first 0] [--jobs 2]
        [--game diplomacy|necromancer-diplomacy] [--max-year 1930 or 3050]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from warjudge.core import bots
from warjudge.core.ratings import wilson
from warjudge.diplomacy.game import DiplomacyGame
from warjudge.diplomacy.variants.necromancer.game import NecromancerDiplomacyGame

MAX_YEAR = {"diplomacy": 1930, "necromancer-diplomacy": 3050}


class Played(NamedTuple):
    hero: str
    seed: int
    solo: bool          # a victory: 18 centres, or 19 Victory Points
    leads: bool         # a victory or alone in the lead at the year limit
    year: int
    score: float        # centres or Victory Points at the end
    winners: tuple[str, ...]
    cpu: list[float]   # the heuristic's CPU seconds in each of its power-phases


def one_game(game_id: str, hero: str, seed: int, max_year: int) -> Played:
    game: Any = (DiplomacyGame(seed=seed, max_year=max_year) if game_id == "diplomacy"
                 else NecromancerDiplomacyGame.new(seed=seed, max_year=max_year))
    seats = {p: bots.make(game_id, "heuristic" if p == hero else "random", bots.bot_rng(seed, p))
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
    outcome = game.outcome()
    alone = tuple(outcome.winners) == (hero,)
    return Played(hero, seed, alone and outcome.reason == "victory", alone and not outcome.draw,
                  game.state.phase.year, outcome.scores[hero], tuple(outcome.winners), cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="games per power")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", default="diplomacy", choices=sorted(MAX_YEAR))
    parser.add_argument("--max-year", type=int, help="default 1930, or 3050 for necromancer-diplomacy")
    parser.add_argument("--powers", default="", help="comma-separated; default all")
    args = parser.parse_args()
    every = DiplomacyGame().powers if args.game == "diplomacy" else NecromancerDiplomacyGame().powers
    powers = [p.upper() for p in args.powers.split(",") if p] or every
    seeds = range(args.first, args.first + args.games)
    jobs = [(args.game, hero, seed, args.max_year or MAX_YEAR[args.game]) for hero in powers for seed in seeds]
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(one_game, *zip(*jobs), chunksize=4))
    for game in played:
        if not game.solo:
            print(f"no victory: {game.hero} seed {game.seed} year {game.year} score {game.score:g} "
                  f"winners {','.join(game.winners) or '-'}")
    for hero in [*powers, "all"]:
        mine = [g for g in played if hero in ("all", g.hero)]
        print(f"{hero:11} victories {_rate(sum(g.solo for g in mine), len(mine))}   "
              f"wins (victory or sole leader) {_rate(sum(g.leads for g in mine), len(mine))}", flush=True)
    years = [g.year for g in played if g.solo]
    cpu = [s for g in played for s in g.cpu]
    print(f"median victory year "
          f"{statistics.median(years) if years else '-'}  ms CPU per power-phase: mean "
          f"{1000 * statistics.fmean(cpu):.1f}, 99th percentile {1000 * statistics.quantiles(cpu, n=100)[-1]:.1f}, "
          f"max {1000 * max(cpu):.1f}")


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins}/{games} [{100 * low:.1f}, {100 * high:.1f}] %"


if __name__ == "__main__":
    main()
