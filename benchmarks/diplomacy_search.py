"""The `search` bot of a Diplomacy game against the `heuristic` it searches over (issue 26), paired:
each seed and power is played twice, once with `search` alone at the power against six
heuristics and once with a seventh heuristic there, so the difference is the search's
alone. Prints, for each, wins (a solo, or alone in the lead at the year limit) with
Wilson 95 % intervals, solos, mean centres at the end, the mean sum-of-squares share
(with a normal 95 % interval), and the search's CPU seconds
per movement phase. Each game's line is printed as it ends.

`--pool FILE...` plays nothing: it pools runs already made, so seeds run apart are counted
together with the same intervals. Give each run once: its stderr (the per-game lines),
or, where that is lost, its stdout summary, which carries wins and solos but no shares.

    nice -n 19 .venv/bin/python benchmarks/diplomacy_search.py --games 2 [--max-year 1915] [--jobs 2]
    nice -n 19 .venv/bin/python benchmarks/diplomacy_search.py --game necromancer-diplomacy --max-year 3050
    .venv/bin/python benchmarks/diplomacy_search.py --pool run1.err run2.err run0.txt
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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


GAME_LINE = re.compile(r"(?P<bot>\S+) (?P<power>\S+) seed (?P<seed>\d+): share (?P<share>[\d.]+)%, "
                       r"winners (?P<winners>\S*) \((?P<reason>[^)]*)\), (?P<held>\d+) at the end, "
                       r"CPU s per movement phase max (?P<cpu>[\d.]+)$")
RUN_LINE = re.compile(r"\s*(?P<bot>\S+): wins (?P<wins>\d+)/(?P<games>\d+) .*, solos (?P<solos>\d+),")


@dataclass
class Pooled:
    """One bot's games over several runs. Shares come from per-game lines only (printed to
    0.1 %, so the pooled mean is good to 0.05 %); summaries add games, wins and solos."""
    games: int = 0
    wins: int = 0
    solos: int = 0
    shares: list[float] = field(default_factory=list)
    centres: dict[str, list[int]] = field(default_factory=dict)   # by power, in seed order
    cpu_max: float = 0.0


def pool(lines: Iterable[str]) -> dict[str, Pooled]:
    """Each bot's games from the benchmark's per-game lines and run summaries; a game
    given twice is an error, not counted twice."""
    pooled: dict[str, Pooled] = {}
    seen: dict[tuple[str, str, int], tuple[int, float]] = {}
    for line in lines:
        if game := GAME_LINE.match(line.strip()):
            bot, power, seed = game["bot"], game["power"], int(game["seed"])
            if (bot, power, seed) in seen:
                raise ValueError(f"{bot} {power} seed {seed} is given twice")
            seen[bot, power, seed] = int(game["held"]), float(game["share"]) / 100
            mine = pooled.setdefault(bot, Pooled())
            alone = game["winners"] == power
            mine.games, mine.wins = mine.games + 1, mine.wins + (alone and game["reason"] != "draw")
            mine.solos += alone and game["reason"] == "victory"
            mine.cpu_max = max(mine.cpu_max, float(game["cpu"]))
        elif run := RUN_LINE.match(line):
            mine = pooled.setdefault(run["bot"], Pooled())
            mine.games, mine.wins, mine.solos = (mine.games + int(run["games"]), mine.wins + int(run["wins"]),
                                                 mine.solos + int(run["solos"]))
    for (bot, power, _), (held, share) in sorted(seen.items(), key=lambda item: item[0][2]):
        pooled[bot].shares.append(share)
        pooled[bot].centres.setdefault(power, []).append(held)
    return pooled


def print_pooled(paths: list[str]) -> None:
    lines = [line for path in paths for line in open(path, encoding="utf-8")]
    for bot, mine in pool(lines).items():
        share = _interval(mine.shares) if mine.shares else "none given"
        print(f"{bot:>9}: {mine.games} games, wins {mine.wins} {_rate(mine.wins, mine.games)}, "
              f"solos {mine.solos} {_rate(mine.solos, mine.games)}, "
              f"sum-of-squares share over {len(mine.shares)} games {share}, CPU s per movement phase max {mine.cpu_max:.2f}")
        for power, held in sorted(mine.centres.items()):
            print(f"  {power:<8} centres: {held}")


def _rate(successes: int, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{successes / (trials or 1):.1%} [{low:.1%}, {high:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="diplomacy", choices=("diplomacy", "necromancer-diplomacy"))
    parser.add_argument("--games", type=int, default=2, help="seeds per power")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--max-year", type=int, default=1915)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pool", nargs="+", metavar="FILE", help="pool these runs' outputs; play nothing")
    args = parser.parse_args()
    if args.pool:
        try:
            print_pooled(args.pool)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        return
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
