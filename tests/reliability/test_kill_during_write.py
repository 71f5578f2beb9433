"""Issue 11 item 8: `kill -9` during writes. Real processes writing one game file are killed
at random moments, many times; after every kill the file loads, verifies and holds every
change whose command reported success, and no temporary file a killed writer left ever
confuses a later run (the next write clears it)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.reliability.workers import commands_of, orders_for

from warjudge.core.record import GameRecord

WORKERS = Path(__file__).with_name("workers.py")
CLI = [sys.executable, "-c", "from warjudge.cli import app; app()"]


def _kill_at_random(proc: subprocess.Popen, rng: random.Random, longest: float) -> list[str]:
    """Kills the writer at a random moment after its first acknowledged write, so a slow
    start on a loaded machine cannot leave the whole test without a write to lose."""
    first = proc.stdout.readline()
    time.sleep(rng.uniform(0, longest))
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    return (first + out).split()


def _temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_kill_minus_9_during_locked_writes_loses_nothing(tmp_path):
    # issue 11 item 8: the file always loads and holds every change reported saved
    rng = random.Random(8)
    path = tmp_path / "g.json"
    GameRecord("counter", 0).save(path)
    acknowledged: set[int] = set()
    for _ in range(30):
        proc = subprocess.Popen([sys.executable, str(WORKERS), "append", str(path)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        acknowledged |= {int(n) for n in _kill_at_random(proc, rng, 0.2)}
        numbers = [a["n"] for a in GameRecord.load(path).actions]
        assert numbers == list(range(len(numbers)))   # an unbroken log: nothing half-written
        assert acknowledged <= set(numbers)           # every reported change is there
        assert len(_temporaries(tmp_path)) <= 1       # at most the one the last killed writer left
    assert len(acknowledged) > 30
    with_litter = len(GameRecord.load(path).actions)
    proc = subprocess.run([sys.executable, "-c", f"from warjudge.core.record import updating\n"
                           f"with updating({str(path)!r}) as r: r.append({{'type': 'add', 'n': {with_litter}}})"])
    assert proc.returncode == 0 and _temporaries(tmp_path) == []


def test_kill_minus_9_of_game_orders_commands_loses_no_accepted_orders(tmp_path):
    # issue 11 item 8: real 'game orders' commands, killed at random moments (most of them late in
    # their run, where the save is); every third one runs to the end, so the log keeps growing
    rng = random.Random(9)
    path = tmp_path / "g.json"
    assert subprocess.run([*CLI, "diplomacy", "new", str(path)], capture_output=True).returncode == 0
    accepted: list[list[str]] = []
    duration = 0.0
    for index in range(12):
        orders = orders_for("FRANCE", index)
        started = time.monotonic()
        proc = subprocess.Popen([*CLI, "diplomacy", "orders", str(path), "FRANCE"], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        proc.stdin.write("\n".join(orders))
        proc.stdin.close()
        if index % 3:
            time.sleep(rng.uniform(0.3, 1.1) * duration)
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
        if proc.wait(timeout=30) == 0:
            accepted.append(orders)
            duration = time.monotonic() - started if index % 3 == 0 else duration
        saved = commands_of(GameRecord.load(path).actions, "FRANCE")   # always loads and verifies
        assert [o for o in saved if o in accepted] == accepted          # every accepted change, in order
    assert len(accepted) >= 4
