"""SJG Necromancer (1983) benchmark. No peer program exists to compare against.

Prints (1) complete random-bot games per second (standard scenario, to the end or the
turn cap), with actions per second, (2) the heuristic bot's record against the random
bot over N games, sides alternating, and (3) its record against the heuristic bot as it
was before issue 10 (a frozen copy: benchmarks/sjg_heuristic_v1.py). Targets (issue 10
item 10): >=95% wins against the random bot with <5% at the turn cap, >=70% against the
old bot. Run:
    .venv/bin/python benchmarks/sjg_necromancer.py [--games 200] [--speed-games 20] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from rich.progress import track

from warjudge.hexwar.sjg.bots import play_random_game, random_action
from warjudge.hexwar.sjg.heuristic import heuristic_action, play_game

sys.path.insert(0, str(Path(__file__).parent))
from sjg_heuristic_v1 import heuristic_action as old_heuristic_action  # noqa: E402

MAX_TURNS = 150


def speed(games: int) -> None:
    actions = finished = 0
    start = time.perf_counter()
    for seed in track(range(games), description="random-bot games"):
        game = play_random_game(seed, max_turns=MAX_TURNS)
        actions += len(game.record.actions)
        finished += game.is_over
    elapsed = time.perf_counter() - start
    print(f"random bot v random bot: {games / elapsed:.2f} complete games/s "
          f"({elapsed / games:.2f} s a game, {actions / elapsed:,.0f} actions/s; "
          f"{finished} of {games} ended before the {MAX_TURNS}-turn cap)")


OPPONENTS = {"random bot": random_action, "the pre-issue-10 heuristic bot": old_heuristic_action}


def _one(job: tuple[str, int]) -> tuple[bool | None, int]:
    """One game, the heuristic bot red on even seeds: (did it win, None at the cap; turns)."""
    opponent, seed = job
    heuristic_red = seed % 2 == 0
    other = OPPONENTS[opponent]
    red, black = (heuristic_action, other) if heuristic_red else (other, heuristic_action)
    game = play_game(red, black, seed, max_turns=MAX_TURNS)
    return (None if game.winner is None else (game.winner == "red") == heuristic_red), game.turn


def strength(games: int, opponent: str, jobs: int) -> None:
    with Pool(jobs) as pool:
        results = pool.map(_one, [(opponent, seed) for seed in range(games)])
    wins = sum(1 for r, _ in results if r is True)
    losses = sum(1 for r, _ in results if r is False)
    unfinished = sum(1 for r, _ in results if r is None)
    turns = sum(t for _, t in results)
    print(f"heuristic bot v {opponent} over {games} games (sides alternating): {wins} wins, {losses} losses, "
          f"{unfinished} unfinished at {MAX_TURNS} player-turns; win rate {wins / games:.1%}, "
          f"at the cap {unfinished / games:.1%} (mean {turns / games:.0f} player-turns a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games for the heuristic bot's win rate")
    parser.add_argument("--speed-games", type=int, default=20, help="random-bot games for the speed figure")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args()
    random.seed(0)
    speed(args.speed_games)
    for opponent in OPPONENTS:
        strength(args.games, opponent, args.jobs)


if __name__ == "__main__":
    main()
