"""benchmarks/server_load.py is not a test (speed is measured, never asserted), but it
must not rot: each of its mixes runs for about a second against a real server, and every
submission it saw accepted is in the stored records."""

from __future__ import annotations

import asyncio
import json

from sqlalchemy import create_engine, text

from tests.server import live
from tests.support.benchmark_script import load


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
