"""Play server load: N concurrent clients on localhost, each submitting actions to its own
games through the HTTP API of a real `warjudge serve` process; prints throughput and
p50/p99 latency of the submissions, on SQLite and on a throwaway PostgreSQL server.

The games are the toy secret-bids game of tests/support (two seats, every submission a
real action through the registry, record load, store and commit). Issue 13's target on a
2-core machine: >= 300 submissions/s with p99 < 200 ms at 50 clients.

Besides throughput and latency it prints the servers' CPU time per submission (what the
server costs, whatever else the machine is doing) and the load average before the run: on
a shared machine the latencies swing with the load, so compare versions back to back.
`--processes N` starts N servers on one database and spreads the clients over them (a
load balancer's work), as docs/server.md describes for PostgreSQL.

Run: .venv/bin/python benchmarks/server_load.py [--clients 50] [--seconds 20] [--db sqlite|postgresql|both]
     [--processes 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass
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


class Connection:
    """One client's keep-alive HTTP/1.1 connection, written by hand: the clients share the
    server's two cores, and httpx spent about 0.8 ms of CPU per request, a third of what the
    server spends, so a heavy client measured the machine's contention more than the server."""

    def __init__(self, base: str, headers: dict[str, str]):
        self.host, port = base.removeprefix("http://").split(":")
        self.port = int(port)
        self.fixed = "".join(f"{k}: {v}\r\n" for k, v in (headers | {"Host": self.host,
                                                                       "Content-Type": "application/json"}).items())

    async def __aenter__(self) -> "Connection":
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def __aexit__(self, *_exc: object) -> None:
        self.writer.close()

    async def post(self, path: str, body: object) -> tuple[int, bytes]:
        data = json.dumps(body).encode()
        self.writer.write(f"POST {path} HTTP/1.1\r\n{self.fixed}Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)


async def client_loop(base: str, headers: dict[str, str], stop_at: float, latencies: list[float]) -> None:
    async with Connection(base, headers) as http:
        while time.monotonic() < stop_at:
            status, made = await http.post("/api/games", {"game": "toy-bids", "options": {"rounds": ROUNDS}})
            assert status == 201, made
            gid = json.loads(made)["id"]
            for seat in ("north", "south"):
                assert (await http.post(f"/api/games/{gid}/seats/{seat}", None))[0] == 200
            for _ in range(ROUNDS):
                for seat in ("north", "south"):
                    if time.monotonic() >= stop_at:
                        return
                    started = time.perf_counter()
                    status, answer = await http.post(f"/api/games/{gid}/actions",
                                                     {"seat": seat, "action": {"type": "bid", "amount": 0}})
                    latencies.append(time.perf_counter() - started)
                    assert status == 200, answer


@dataclass
class Figures:
    submissions: int
    per_second: float
    p50_ms: float
    p99_ms: float
    cpu_ms: float   # the servers' CPU time per submission


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(bases: list[str], clients: int, seconds: float, pids: list[int]) -> Figures:
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=bases[0], timeout=120) as http:
        headers = await sign_up(http)
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    started = time.monotonic()
    await asyncio.gather(*(client_loop(bases[n % len(bases)], headers, started + seconds, latencies)
                           for n in range(clients)))
    elapsed = time.monotonic() - started
    cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return Figures(len(ordered), len(ordered) / elapsed, statistics.median(ordered) * 1000, p99 * 1000,
                   cpu / len(ordered) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--processes", type=int, default=1, help="server processes on the one database")
    args = parser.parse_args()
    for kind in ("sqlite", "postgresql") if args.db == "both" else (args.db,):
        database = postgres.cluster() if kind == "postgresql" else nullcontext(None)
        with database as url, tempfile.TemporaryDirectory() as data, ExitStack() as servers:
            started = [servers.enter_context(live.server(Path(data), toy=True, database=url))
                       for _ in range(args.processes)]
            load_average = os.getloadavg()[0]
            figures = asyncio.run(load([base for base, _, _ in started], args.clients, args.seconds,
                                       [process.pid for _, _, process in started]))
        print(f"{kind:10} {args.clients} clients, {args.processes} process(es): {figures.submissions} submissions "
              f"in {args.seconds:.0f} s = {figures.per_second:.0f}/s, p50 {figures.p50_ms:.1f} ms, "
              f"p99 {figures.p99_ms:.1f} ms, server CPU {figures.cpu_ms:.2f} ms per submission "
              f"(load average {load_average:.1f} before)", flush=True)


if __name__ == "__main__":
    main()
