"""benchmarks/server_cpu.py measures, never asserts, a speed; but it must not rot: each of
its mixes plays a few submissions in-process, every answer checked by its client."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.benchmark_script import load


@pytest.mark.parametrize("mix", ["toy", "diplomacy", "sjg", "sjg-flat", "sjg-start"])
def test_every_cpu_mix_runs(mix, monkeypatch):
    bench = load("server_cpu")
    bench.run_inline(monkeypatch.setattr)
    cpu, requests = asyncio.run(bench.measure(mix, 6, warm_up=2))
    assert cpu > 0 and requests["POST actions"] >= 6


def test_the_sjg_mix_plays_past_the_set_up(monkeypatch):
    """Issue 22: the SJG clients reached only the set-up phase; they fill it in a formation
    and send it whole, so what they measure is the game played."""
    bench = load("server_cpu")
    bench.run_inline(monkeypatch.setattr)
    kinds = []
    original = bench.Count.submit

    async def noted(self, http, gid, seat, action, phase=None):
        kinds.append(action["type"])
        await original(self, http, gid, seat, action, phase)

    monkeypatch.setattr(bench.Count, "submit", noted)
    asyncio.run(bench.measure("sjg", 4, warm_up=0))
    assert kinds and "place" not in kinds and "deploy" not in kinds, kinds
