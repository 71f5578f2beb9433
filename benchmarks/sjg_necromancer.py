"""SJG Necromancer (1983) benchmark. No peer program exists to compare against.

Prints (1) complete random-bot games per second (standard scenario, to the end or the
turn cap), with actions per second, and (2) the heuristic bot's record against the random
bot over N games, sides alternating. Run:
    .venv/bin/python benchmarks/sjg_necromancer.py [--games 200] [--speed-games 20]
"""

from __future__ import annotations

import argparse
import random
import time

from rich.progress import track

from warjudge.hexwar.necromancer.bots import play_random_game, random_action
from warjudge.hexwar.necromancer.heuristic import heuristic_action, play_game

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


def strength(games: int) -> None:
    wins = losses = unfinished = 0
    turns = 0
    for seed in track(range(games), description="heuristic v random"):
        heuristic_red = seed % 2 == 0
        red, black = (heuristic_action, random_action) if heuristic_red else (random_action, heuristic_action)
        game = play_game(red, black, seed, max_turns=MAX_TURNS)
        turns += game.turn
        if game.winner is None:
            unfinished += 1
        elif (game.winner == "red") == heuristic_red:
            wins += 1
        else:
            losses += 1
    print(f"heuristic bot v random bot over {games} games: {wins} wins, {losses} losses, "
          f"{unfinished} unfinished at {MAX_TURNS} player-turns; win rate {wins / games:.1%} "
          f"(mean {turns / games:.0f} player-turns a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games for the heuristic bot's win rate")
    parser.add_argument("--speed-games", type=int, default=20, help="random-bot games for the speed figure")
    args = parser.parse_args()
    random.seed(0)
    speed(args.speed_games)
    strength(args.games)


if __name__ == "__main__":
    main()
