"""The reliability campaign, run outside the suite for the counts in issue 11's closing note:

    .venv/bin/python tests/reliability/campaign.py [--files N] [--bytes all|K] [--kills N] [--writers N]

1. game files: N mutants of each game by each method, each fed to every command that reads a
   game file; counts of results, clean errors, tracebacks, hangs, changed files, litter;
2. one-byte corruption of the sample records (all 255 other values of every byte by default);
3. kill -9 of locked writers at random moments;
4. concurrent 'game orders' writers (four powers at once on one file).
"""

from __future__ import annotations

import argparse
import collections
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


from tests.reliability.gamefiles import GAMES, METHODS, commands, mutant, run_command
from tests.reliability.test_byte_corruption import check_one_byte_changes
from tests.reliability.test_concurrent_writers import POWERS
from tests.reliability.test_kill_during_write import WORKERS
from tests.reliability.workers import commands_of, orders_for

from warjudge.core.record import GameRecord


def game_files(count: int) -> None:
    totals: collections.Counter = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    started = time.monotonic()
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            for method in METHODS:
                for n in range(count):
                    rng = random.Random(f"{game}/{method}/{n}")
                    content = mutant(game, method, rng)
                    totals["files"] += 1
                    for args, stdin in commands(rng):
                        begun = time.monotonic()
                        outcome = run_command(Path(folder), content, args, stdin)
                        slowest = max(slowest, (time.monotonic() - begun, f"{game}/{method}/{n} {args[:2]}"))
                        totals[outcome.kind] += 1
                        totals[f"{method}:{outcome.kind}"] += 1
                        if outcome.kind not in ("result", "clean error") and len(examples[outcome.kind]) < 5:
                            examples[outcome.kind].append(f"{game}/{method}/{n}: {outcome.detail[:400]}")
    runs = sum(totals[k] for k in ("result", "clean error", "traceback", "hang", "bad exit", "changed file", "litter"))
    print(f"game files: {totals['files']} mutated files, {runs} command runs in {time.monotonic() - started:.0f} s; "
          f"slowest run {slowest[0]:.1f} s ({slowest[1]})")
    for key in sorted(totals):
        print(f"  {key:28} {totals[key]}")
    for kind, lines in examples.items():
        print(f"  examples of {kind}:")
        for line in lines:
            print(f"    {line}")


def one_byte(values: int | None) -> None:
    for game in GAMES:
        started = time.monotonic()
        counts = check_one_byte_changes(game, values)
        print(f"one-byte corruption, {game}: {counts} ({time.monotonic() - started:.0f} s); different games: 0")


def kills(count: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.json"
        GameRecord("counter", 0).save(path)
        acknowledged: set[int] = set()
        broken = lost = 0
        for _ in range(count):
            proc = subprocess.Popen([sys.executable, str(WORKERS), "append", str(path)],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            time.sleep(rng.uniform(0, 0.3))
            proc.kill()
            out, _ = proc.communicate()
            acknowledged |= {int(n) for n in out.split()}
            try:
                numbers = [a["n"] for a in GameRecord.load(path).actions]
            except Exception:  # noqa: BLE001 - counted
                broken += 1
                continue
            lost += len(acknowledged - set(numbers))
        print(f"kill -9: {count} writers killed, {len(acknowledged)} changes acknowledged, "
              f"{broken} unloadable files, {lost} acknowledged changes lost")


def writers(runs: int, rounds: int = 15) -> None:
    from typer.testing import CliRunner

    from warjudge.cli import app

    entered = failed = lost = 0
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            path = Path(folder) / f"g{run}.json"
            CliRunner().invoke(app, ["diplomacy", "new", str(path)])
            procs = [subprocess.Popen([sys.executable, str(WORKERS), "orders", str(path), power, str(rounds), "0"],
                                      stdout=subprocess.PIPE, text=True) for power in POWERS]
            Path(f"{path}.go").touch()
            outputs = {power: p.communicate()[0].splitlines() for power, p in zip(POWERS, procs)}
            actions = GameRecord.load(path).actions
            for power, lines in outputs.items():
                entered += len(lines)
                failed += sum(not line.startswith("ok ") for line in lines)
                ok = [orders_for(power, int(line.split()[1])) for line in lines if line.startswith("ok ")]
                saved = commands_of(actions, power)
                lost += len(ok) - sum(1 for orders in saved if orders in ok)
    print(f"concurrent writers: {runs} runs of {len(POWERS)} writers x {rounds} 'game orders': {entered} commands, "
          f"{failed} failed, {lost} accepted orders lost")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=100, help="mutants per game and method")
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--bytes", default="all", help="'all' or how many values per byte")
    parser.add_argument("--writers", type=int, default=10, help="runs of the concurrent writers")
    options = parser.parse_args()
    if options.files:
        game_files(options.files)
    if options.bytes != "0":
        one_byte(None if options.bytes == "all" else int(options.bytes))
    if options.kills:
        kills(options.kills)
    if options.writers:
        writers(options.writers)
