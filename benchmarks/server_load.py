"""Play server load: N concurrent clients on localhost, each submitting actions to its own
games through the HTTP API of a real `warjudge serve` process; prints throughput and
p50/p99 latency of the submissions, on SQLite and on a throwaway PostgreSQL server.

The games are the toy secret-bids game of tests/support (two seats, every submission a
real action through the registry, record load, store and commit). Issue 13's target on a
2-core machine: >= 300 submissions/s with p99 < 200 ms at 50 clients.

Run: .venv/bin/python benchmarks/server_load.py [--clients 50] [--seconds 20] [--db sqlite|postgresql|both]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # benchmarks are run as scripts from the repository

from tests.server import live, postgres  # noqa: E402

PASSWORD = "benchmark password"
ROUNDS = 20   # a game of 40 submissions, then the client starts another


async def sign_up(http: httpx.AsyncClient) -> dict[str, str]:
    """One account for every client (Argon2 is deliberately slow, and not what is measured)."""
    name = "load"
    await http.post("/api/users", json={"name": name, "password": PASSWORD})
    token = (await http.post("/api/tokens", json={"name": name, "password": PASSWORD})).json()["token"]
    return {"Authorization": f"Bearer {token}"}


async def client_loop(http: httpx.AsyncClient, headers: dict[str, str], stop_at: float,
                      latencies: list[float]) -> None:
    while time.monotonic() < stop_at:
        gid = (await http.post("/api/games", json={"game": "toy-bids", "options": {"rounds": ROUNDS}},
                               headers=headers)).json()["id"]
        for seat in ("north", "south"):
            await http.post(f"/api/games/{gid}/seats/{seat}", headers=headers)
        for _ in range(ROUNDS):
            for seat in ("north", "south"):
                if time.monotonic() >= stop_at:
                    return
                started = time.perf_counter()
                answer = await http.post(f"/api/games/{gid}/actions", headers=headers,
                                         json={"seat": seat, "action": {"type": "bid", "amount": 0}})
                latencies.append(time.perf_counter() - started)
                assert answer.status_code == 200, answer.text


async def load(base: str, clients: int, seconds: float) -> tuple[int, float, float, float]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as http:
        headers = await sign_up(http)
        started = time.monotonic()
        await asyncio.gather(*(client_loop(http, headers, started + seconds, latencies) for _ in range(clients)))
        elapsed = time.monotonic() - started
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return len(ordered), len(ordered) / elapsed, statistics.median(ordered) * 1000, p99 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    for kind in ("sqlite", "postgresql") if args.db == "both" else (args.db,):
        database = postgres.cluster() if kind == "postgresql" else nullcontext(None)
        with database as url, tempfile.TemporaryDirectory() as data:
            with live.server(Path(data), toy=True, database=url) as (base, _, _):
                count, rate, p50, p99 = asyncio.run(load(base, args.clients, args.seconds))
        print(f"{kind:10} {args.clients} clients: {count} submissions in {args.seconds:.0f} s = {rate:.0f}/s, "
              f"p50 {p50:.1f} ms, p99 {p99:.1f} ms")


if __name__ == "__main__":
    main()
