"""The `search` bot of a Diplomacy game against the `heuristic` it searches over (issue 26), paired:
each seed and power is played twice, once with `search` alone at the power against six
heuristics and once with a seventh heuristic there, so the difference is the search's
alone. Prints, for each, wins (a solo, or alone in the lead at the year limit) with
Wilson 95 % intervals, solos, mean centres at the end, the mean sum-of-squares share
(with a normal 95 % interval), and the search's CPU seconds
per movement phase. Each game's line is printed as it ends.

    nice -n 19 .venv/bin/python benchmarks/diplomacy_search.py --games 2 [--max-year 1915] [--jobs 2]
    nice -n 19 .venv/bin/python benchmarks/diplomacy_search.py --game necromancer-diplomacy --max-year 3050
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from typing import Any

from warjudge.core import bots, games
from warjudge.core.ratings import wilson
from warjudge.diplomacy.phases import MOVEMENT


class Played(NamedTuple):
    bot: str
    power: str
    seed: int
    solo: bool
    leads: bool
    centres: int       # at the end (Necromancer: Victory Points)
    share: float       # the sum-of-squares score: its centres squared over all powers' centres squared
    cpu: list[float]   # the bot's CPU seconds in each movement phase


def one_game(game_id: str, bot: str, power: str, seed: int, max_year: int) -> Played:
    game: Any = games.new(game_id, seed=seed, max_year=max_year)
    seats = {p: bots.make(game_id, bot if p == power else "heuristic", bots.bot_rng(seed, p)) for p in game.powers}
    cpu: dict[str, float] = {}
    while not game.is_over:
        seat = game.to_act()[0]
        start = time.process_time()
        action = seats[seat].choose(game, seat)
        if seat == power and game.state.phase.kind == MOVEMENT:
            cpu[str(game.state.phase)] = cpu.get(str(game.state.phase), 0.0) + time.process_time() - start
        game.act(seat, action)
    outcome = game.outcome()
    alone = tuple(outcome.winners) == (power,)
    counts = ({p: len(game.state.centers.get(p, ())) for p in game.powers} if game_id == "diplomacy"
              else {p: int(v) for p, v in outcome.scores.items()})   # Necromancer: Victory Points
    held, share = counts[power], counts[power] ** 2 / (sum(c * c for c in counts.values()) or 1)
    print(f"{bot} {power} seed {seed}: share {share:.1%}, winners {','.join(outcome.winners)} ({outcome.reason}), "
          f"{held} at the end, CPU s per movement phase max {max(cpu.values(), default=0):.2f}", file=sys.stderr, flush=True)
    return Played(bot, power, seed, alone and outcome.reason == "victory", alone and not outcome.draw,
                  held, share, list(cpu.values()))


def _interval(values: list[float]) -> str:
    """The mean with its normal 95 % interval."""
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{mean:.1%} [{mean - half:.1%}, {mean + half:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="diplomacy", choices=("diplomacy", "necromancer-diplomacy"))
    parser.add_argument("--games", type=int, default=2, help="seeds per power")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--max-year", type=int, default=1915)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    powers: list[str] = list(games.new(args.game, seed=0).players)
    jobs = [(args.game, bot, p, args.first + k, args.max_year) for k in range(args.games) for p in powers for bot in ("search", "heuristic")]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        played = list(pool.map(one_game, *zip(*jobs)))
    print(f"{len(jobs) // 2} seeds x powers, each played by search and by heuristic "
          f"among {len(powers) - 1} heuristics, "
          f"to {args.max_year}")
    for bot in ("search", "heuristic"):
        mine = [g for g in played if g.bot == bot]
        wins = sum(g.leads for g in mine)
        low, high = wilson(wins, len(mine))
        cpu = [c for g in mine for c in g.cpu]
        print(f"{bot:>9}: wins {wins}/{len(mine)} [{low:.1%}, {high:.1%}], solos {sum(g.solo for g in mine)}, "
              f"mean centres {statistics.mean(g.centres for g in mine):.2f}, "
              f"mean sum-of-squares share {_interval([g.share for g in mine])}, "
              f"CPU s per movement phase mean {statistics.mean(cpu):.3f} max {max(cpu):.3f}")
    for power in powers:
        pair = {bot: [g.centres for g in played if g.power == power and g.bot == bot] for bot in ("search", "heuristic")}
        print(f"  {power:<8} centres: search {pair['search']}, heuristic {pair['heuristic']}")


if __name__ == "__main__":
    main()
