"""benchmarks/server_load.py is not a test (speed is measured, never asserted), but it
must not rot: each of its mixes runs for about a second against a real server, and every
submission it saw accepted is in the stored records."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.server import live
from tests.support.benchmark_script import BENCHMARKS, load


def benchmark():
    return load("server_load")


def test_every_load_mix_runs_and_loses_nothing(tmp_path):
    bench = benchmark()
    bench.ABUSE_STREAMS, bench.ABUSE_BOT_GAMES = 20, 1   # past the caps all the same, in a second
    with live.server(tmp_path, toy=True) as (base, _, process):
        signed = asyncio.run(bench.accounts(base))
        for mix in bench.MIXES:
            # a client asserts every answer it gets (a changed route fails here); how many it
            # gets in the time depends on the machine, so that is not asserted
            tally, _, _ = asyncio.run(bench.load(mix, [base], 7, 0.5, [process.pid], signed))
            assert bench.lost_actions(f"sqlite:///{tmp_path}/warjudge.sqlite3", tally.accepted) == 0, mix
            # the abuser's reads are answered (503: a history still being folded), never refused as asked wrongly
            assert not [a for a in tally.answers if a.startswith("history") and a.split()[-1].startswith("4")], tally.answers
    sjg = _sjg_played(f"sqlite:///{tmp_path}/warjudge.sqlite3")
    assert "deploy" in sjg and "place" not in sjg, sjg   # each set-up sent whole, not played unit by unit


def _sjg_played(url: str) -> set[str]:
    """The kinds of action the stored SJG records hold (issue 22: the mix reached only the set-up)."""
    engine = create_engine(url)
    with engine.connect() as connection:
        records = connection.execute(text("SELECT record FROM games WHERE game = 'necromancer-sjg'")).scalars()
        kinds = {action["type"] for record in records for action in json.loads(record)["actions"]}
    engine.dispose()
    return kinds


def test_a_killed_benchmark_stops_its_servers():
    """Killed (SIGTERM) mid-run, the script left its `warjudge serve` running (issue 22;
    Ctrl-C, SIGINT, already unwound its `with` blocks)."""
    env = os.environ | {"PYTHONPATH": os.pathsep.join((str(live.ROOT / "src"), str(live.ROOT)))}
    bench = subprocess.Popen([sys.executable, str(BENCHMARKS / "server_load.py"), "--db", "sqlite", "--mix", "toy",
                              "--clients", "1", "--seconds", "60"], env=env, stdout=subprocess.DEVNULL)
    server = None
    try:
        server = _serving_child(bench.pid)
        bench.send_signal(signal.SIGTERM)
        bench.wait(timeout=30)
        assert not _running(server)
    finally:
        bench.kill()
        if server is not None and _running(server):
            os.kill(server, signal.SIGKILL)


def _serving_child(parent: int) -> int:
    """The pid of `parent`'s server, once it answers (so its start is behind the script)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for pid in Path(f"/proc/{parent}/task/{parent}/children").read_text().split():
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"--port" in command:
                port = int(command[command.index(b"--port") + 1])
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5).close()
                    return int(pid)
                except OSError:
                    pass
        time.sleep(0.1)
    raise AssertionError("the benchmark started no server")


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
