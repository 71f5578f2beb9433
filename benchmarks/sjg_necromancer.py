"""SJG Necromancer (1983) benchmark. No peer program exists to compare against.

Prints (1) complete random-bot games per second (standard scenario, to the end or the
turn cap), with actions per second, (2) the heuristic bot's record against the random
bot over N games, sides alternating, and (3) its record against the heuristic bot as it
was before issue 10 (a frozen copy: benchmarks/sjg_heuristic_v1.py). Targets (issue 10
item 10): >=95% wins against the random bot with <5% at the turn cap, >=70% against the
old bot. Each bot plays on its seat's own RNG (`core.bots.bot_rng`); the heuristic bot
plays through the game interface only (issue 12), the frozen old bot still reads the
engine's internals. Run:
    .venv/bin/python benchmarks/sjg_necromancer.py [--games 200] [--speed-games 20] [--jobs 2]
        [--against all|random|v1]     (--speed-games 0 skips the speed figure)
        [--legal-steps 60,400,800]    (issue 26: one legal-action listing's cost at those steps)

Issue 26, the listing (seed 1; CPU ms, the machine at load average 10-14 on 2 cores, so
only the in-process comparison is steady): one search per start hex cut for each group's
allowance, each path built once, and the searches kept across listings. Made from
nothing, best of 15x10 with the old legal.py in the same process: step 60 (the set-up)
0.76 -> 0.77, step 400 3.26 -> 2.89, step 800 4.60 -> 4.01. In play (each listing
after the one before it, steps 0-799): 3.35-4.02 -> 2.62-2.94 mean over two runs each.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from rich.progress import track

from warjudge.core.bots import FunctionBot, bot_rng
from warjudge.hexwar.sjg.bots import play_game, play_random_game, random_bot
from warjudge.hexwar.sjg.heuristic import HeuristicBot

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


def legal_cost(steps: list[int], seed: int = 1, repeats: int = 5) -> None:
    """One listing of legal actions (the engine's, not the interface's per-position copy)
    at each step of a random-bot game, made from nothing (no search kept from an earlier
    listing), wall and CPU time with the load average beside them; then the mean listing
    over every step played to get there, as a search meets them: each listing after the
    previous one, its unchanged stacks' searches kept (issue 26)."""
    from warjudge.core import games
    from warjudge.hexwar.sjg.bots import random_action, to_move
    from warjudge.hexwar.sjg.legal import forget_searches, legal_actions

    rng, game, done = random.Random(seed), games.new("necromancer-sjg", seed=seed), 0
    in_play = 0.0
    for step in sorted(steps):
        while done < step and not game.is_over:
            side = to_move(game)
            start = time.process_time()
            legal_actions(game._game, side)
            in_play += time.process_time() - start
            game.act(side, random_action(game, rng))
            done += 1
        side = to_move(game)
        wall = cpu = 0.0
        for _ in range(repeats):
            forget_searches()
            start, start_cpu = time.perf_counter(), time.process_time()
            listed = legal_actions(game._game, side)
            wall, cpu = wall + time.perf_counter() - start, cpu + time.process_time() - start_cpu
        print(f"legal actions at step {done} (seed {seed}): {len(listed)} listed in {wall / repeats * 1000:.2f} ms "
              f"({cpu / repeats * 1000:.2f} ms CPU; load average {os.getloadavg()[0]:.2f})")
    print(f"listings in play, steps 0-{done - 1}: {in_play / max(done, 1) * 1000:.2f} ms CPU each on average "
          f"(load average {os.getloadavg()[0]:.2f})")


OPPONENTS = {"random bot": random_bot,
             "the pre-issue-10 heuristic bot": lambda seed, side: FunctionBot(old_heuristic_action, bot_rng(seed, side))}


def _one(job: tuple[str, int]) -> tuple[bool | None, int]:
    """One game, the heuristic bot red on even seeds: (did it win, None at the cap; turns)."""
    opponent, seed = job
    mine, theirs = ("red", "black") if seed % 2 == 0 else ("black", "red")
    bots = {mine: HeuristicBot(bot_rng(seed, mine)), theirs: OPPONENTS[opponent](seed, theirs)}
    game = play_game(bots["red"], bots["black"], seed, max_turns=MAX_TURNS)
    outcome = game.outcome()
    won = outcome.winners[0] == mine if outcome is not None and outcome.reason == "victory" else None
    return won, game.view()["turn"]


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
    parser.add_argument("--games", type=int, default=200, help="games for the heuristic bot's win rate (0 skips it)")
    parser.add_argument("--speed-games", type=int, default=20, help="random-bot games for the speed figure")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--against", choices=("all", "random", "v1"), default="all",
                        help="measure the win rate against the random bot, the frozen old bot, or both")
    parser.add_argument("--legal-steps", default="", help="comma-separated steps of a random game to time listings at")
    args = parser.parse_args()
    random.seed(0)
    if args.legal_steps:
        legal_cost([int(s) for s in args.legal_steps.split(",")])
    if args.speed_games:
        speed(args.speed_games)
    for opponent in OPPONENTS:
        if args.games and (args.against == "all" or (args.against == "random") == (opponent == "random bot")):
            strength(args.games, opponent, args.jobs)


if __name__ == "__main__":
    main()
