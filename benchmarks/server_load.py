"""Play server load: N concurrent clients on localhost, each submitting actions to its games
through the HTTP API of a real `warjudge serve` process; prints, per mix, throughput and
p50/p99 latency of the submissions, on SQLite and on a throwaway PostgreSQL server.

The mixes (`--mix`, all by default; a fresh server for each):
- `toy`: the toy secret-bids game of tests/support (two seats, every submission a real
  action through the registry, record load, store and commit);
- `diplomacy`: 7-seat standard Diplomacy games, each client one seat: it orders every one
  of its units from `GET …/legal` (a random legal order, naming the phase), then says
  Ready; the last Ready adjudicates, as in real play, and every seat plays the next phase;
- `sjg`: SJG Necromancer games, each client both sides: each side's set-up filled in a
  formation and sent whole (`POST …/setup`, then its `deploy`), then a random legal action at a time,
  read from the grouped listing (`GET …/legal?group=unit`: where each group may move, unlabelled).
  A game start (a new game, its seats, two set-ups, a first movement listing of ~3,000 moves)
  costs what three or four moves do over a whole game (`server_cpu.py --mix sjg-start`
  against `--mix sjg`), but only one or two of the first movement phase's, whose listings
  are the largest. At 50 clients on a 2-core machine each client starts one game and plays
  its first movement phase for the rest of the run (about 3 moves in 20 s, 9 in 60 s), so
  the figure is a start and the costliest moves, not a whole game's average: the line says
  how many submissions were `deploy`s (two a start) and how many were not;
- `abuse`: the toy clients while one other account seats all-bot games, reads their
  histories (`/history/N`, `/history` pages) over and over and opens as many live-update
  streams as it can (500 asked; the caps' 429 and 503 answers are counted, not errors).
Issue 22's target on a 2-core machine: >= 300 submissions/s with p99 < 200 ms at 50
clients on every mix (for the abuse mix: its normal clients), with no action lost.

Besides throughput and latency it prints the servers' CPU time per submission (what the
server costs, whatever else the machine is doing: the Diplomacy clients' reads and Readies
are in it) and the machine's load average and CPU count beside every figure: on a shared
machine the latencies swing with the load, so compare versions back to back. After each
run it counts every game's actions in the database: `lost` is the accepted submissions the
stored records do not hold (it must be 0). `--processes N` starts N servers on one
database and spreads the clients over them (a load balancer's work), as docs/server.md
describes for PostgreSQL. Stopped (SIGTERM, SIGINT, SIGHUP), it stops its servers and its
PostgreSQL cluster before it exits (`tests/server/live.py` stops any server left at exit).

Run: .venv/bin/python benchmarks/server_load.py [--clients 50] [--seconds 20] [--db sqlite|postgresql|both]
     [--mix toy|diplomacy|sjg|abuse|all] [--processes 1]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # benchmarks are run as scripts from the repository

from tests.server import live, postgres  # noqa: E402
from tests.support import legal_groups  # noqa: E402
from warjudge.server import history  # noqa: E402

PASSWORD = "benchmark password"
ROUNDS = 20   # a toy game of 40 submissions, then the client starts another
MIXES = ("toy", "diplomacy", "sjg", "abuse")
DIPLOMACY_SEATS = 7
POLL = 0.05   # seconds between two looks of a seat that waits for the others
ABUSE_STREAMS = 500
ABUSE_BOT_GAMES = 4
SJG_FORMATIONS = ["front", "massed", "rear"]   # the set-ups the SJG clients fill (hexwar/sjg/formations.py)


@dataclass
class Tally:
    """What the clients saw: each submission's latency, the accepted ones per game and seat."""
    latencies: list[float] = field(default_factory=list)
    accepted: Counter[tuple[str, str]] = field(default_factory=Counter)
    refused: int = 0            # 409: a phase that ended meanwhile (Diplomacy), never an error
    answers: Counter[str] = field(default_factory=Counter)   # the abuser's answers by route and status
    kinds: Counter[str] = field(default_factory=Counter)     # the submissions by action type

    async def submit(self, http: "Connection", gid: str, seat: str, action: dict[str, Any],
                     phase: str | None = None) -> bool:
        started = time.perf_counter()
        self.kinds[str(action.get("type"))] += 1
        status, answer = await http.request("POST", f"/api/games/{gid}/actions",
                                            {"seat": seat, "action": action} | ({"phase": phase} if phase else {}))
        self.latencies.append(time.perf_counter() - started)
        if status == 409:
            self.refused += 1
            return False
        assert status == 200, answer
        self.accepted[gid, seat] += 1
        return True


async def sign_up(base: str, name: str) -> dict[str, str]:
    """One account for all of a mix's clients (Argon2 is deliberately slow, and not what is measured)."""
    async with Connection(base, {}) as http:
        await http.request("POST", "/api/users", {"name": name, "password": PASSWORD})
        _, made = await http.request("POST", "/api/tokens", {"name": name, "password": PASSWORD})
    return {"Authorization": f"Bearer {json.loads(made)['token']}"}


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

    async def _reopen(self) -> None:
        self.writer.close()
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def __aexit__(self, *_exc: object) -> None:
        self.writer.close()

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        sent = f"{method} {path} HTTP/1.1\r\n{self.fixed}Content-Length: {len(data)}\r\n\r\n".encode() + data
        self.writer.write(sent)
        try:
            status = await self.status_line()
        except ConnectionError:   # the server closed the connection while it sat idle (uvicorn's keep-alive
            await self._reopen()  # timeout, 5 s, when a busy client reads slowly): the request never reached it
            self.writer.write(sent)
            status = await self.status_line()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def status_line(self) -> int:
        line = await self.reader.readline()
        if not line:
            raise ConnectionResetError("the server closed the connection")
        return int(line.split()[1])

    async def json(self, path: str) -> Any:
        status, answer = await self.request("GET", path)
        assert status == 200, answer
        return json.loads(answer)

    async def new_game(self, body: dict[str, Any], claim: bool = True) -> tuple[str, list[str]]:
        """A new game (this account its games master) and its seats, all claimed if `claim`."""
        status, made = await self.request("POST", "/api/games", body | {"open": True})
        assert status == 201, made
        gid, seats = json.loads(made)["id"], [s["seat"] for s in json.loads(made)["seats"]]
        for seat in seats if claim else ():
            assert (await self.request("POST", f"/api/games/{gid}/seats/{seat}"))[0] == 200
        return gid, seats


Client = Callable[[str, dict[str, str], float, Tally], Awaitable[None]]


async def toy_client(base: str, headers: dict[str, str], stop_at: float, tally: Tally) -> None:
    async with Connection(base, headers) as http:
        while time.monotonic() < stop_at:
            gid, _ = await http.new_game({"game": "toy-bids", "options": {"rounds": ROUNDS}})
            for _ in range(ROUNDS):
                for seat in ("north", "south"):
                    if time.monotonic() >= stop_at:
                        return
                    await tally.submit(http, gid, seat, {"type": "bid", "amount": 0})


async def sjg_client(base: str, headers: dict[str, str], stop_at: float, tally: Tally) -> None:
    """Both sides of SJG Necromancer games: each side's set-up filled in a formation and sent
    whole, as a player's page does (the clients played only the set-up before, one unit
    at a time: issue 22), then a random legal action of a side that has one, read from the
    grouped listing (`GET …/legal?group=unit`) as a client showing where each unit may go would."""
    chooser = random.Random(len(tally.latencies))
    async with Connection(base, headers) as http:
        while time.monotonic() < stop_at:
            gid, sides = await http.new_game({"game": "necromancer-sjg"})
            for side in sides:
                status, plan = await http.request("POST", f"/api/games/{gid}/setup",
                                                  {"seat": side, "fill": chooser.choice(SJG_FORMATIONS)})
                assert status == 200, plan
                await tally.submit(http, gid, side, json.loads(plan)["deploy"])
            while time.monotonic() < stop_at:
                seats = [s for s in (await http.json(f"/api/games/{gid}/legal?group=unit"))["seats"]
                         if s["actions"] or s["moves"]]
                if not seats:
                    break   # over: another game
                seat = chooser.choice(seats)
                await tally.submit(http, gid, seat["seat"], legal_groups.pick(seat, chooser))


async def diplomacy_seat(base: str, headers: dict[str, str], stop_at: float, tally: Tally, gid: str,
                         seat: str) -> None:
    """One power: each phase, a random legal order for every unit (naming the phase), then Ready."""
    chooser = random.Random(f"{gid} {seat}")
    done: str | None = None
    async with Connection(base, headers) as http:
        while time.monotonic() < stop_at:
            mine = (await http.json(f"/api/games/{gid}/legal?seat={seat}"))["seats"][0]
            decision, actions = mine["decision"], mine["actions"]
            phase = decision and decision["info"].get("phase")
            if decision is None and (await http.json(f"/api/games/{gid}?seat={seat}"))["is_over"]:
                return
            if decision is None or not actions or phase == done:
                await asyncio.sleep(POLL)   # the others' turn
                continue
            units = decision["info"].get("units") or [None]
            for unit in units:
                fitting = [a for a in actions if unit is None or a.get("order", "").startswith(f"{unit} ")]
                if fitting and time.monotonic() < stop_at:
                    await tally.submit(http, gid, seat, chooser.choice(fitting), phase)
            await http.request("POST", f"/api/games/{gid}/ready", {"seat": seat, "ready": True, "phase": phase})
            done = phase


async def diplomacy_client(base: str, headers: dict[str, str], stop_at: float, tally: Tally) -> None:
    """Seven clients (this one and six more): one game after another, each client a power."""
    async with Connection(base, headers) as http:
        while time.monotonic() < stop_at:
            gid, powers = await http.new_game({"game": "diplomacy"})
            await asyncio.gather(*(diplomacy_seat(base, headers, stop_at, tally, gid, p) for p in powers))


async def hold_stream(base: str, headers: dict[str, str], gid: str, stop_at: float, tally: Tally) -> None:
    """One live-update stream, held open until the end (or refused: 429 per client, 503 in all)."""
    async with Connection(base, headers) as http:
        http.writer.write(f"GET /api/games/{gid}/events HTTP/1.1\r\n{http.fixed}\r\n".encode())
        status = await http.status_line()
        if time.monotonic() >= stop_at:
            return   # answered after the run: its place would come back at once
        tally.answers[f"stream {status}"] += 1
        if status == 200:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(http.reader.read(-1), stop_at - time.monotonic())


async def abuser(base: str, headers: dict[str, str], stop_at: float, tally: Tally) -> None:
    """Another account: all-bot games, their histories read over and over, and streams (its
    own and signed out) until the caps refuse them."""
    async with Connection(base, headers) as http:
        made = [await http.new_game({"game": "necromancer-diplomacy" if n % 2 else "diplomacy"}, claim=False)
                for n in range(ABUSE_BOT_GAMES)]
        gids = [gid for gid, _ in made]
        streams = [asyncio.create_task(hold_stream(base, headers if n % 2 else {}, gids[n % len(gids)], stop_at, tally))
                   for n in range(ABUSE_STREAMS)]
        for gid, seats in made:
            for seat in seats:
                status, answer = await http.request("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
                assert status == 200, answer
        while True:   # one round at least, so that a short run (the test's) reads them too
            for gid in gids:
                status, page = await http.request("GET", f"/api/games/{gid}/history?limit={history.MAX_PAGE}")
                tally.answers[f"history {status}"] += 1
                count = json.loads(page).get("count", 1) if status == 200 else 1
                status, _ = await http.request("GET", f"/api/games/{gid}/history/{random.randrange(count)}")
                tally.answers[f"history/N {status}"] += 1
            if time.monotonic() >= stop_at:
                break
        await asyncio.gather(*streams)


@dataclass
class Figures:
    submissions: int
    per_second: float
    p50_ms: float
    p99_ms: float
    cpu_ms: float   # the servers' CPU time per submission
    refused: int
    lost: int
    answers: Counter[str]
    kinds: Counter[str]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def lost_actions(url: str, accepted: Counter[tuple[str, str]]) -> int:
    """The accepted submissions that the stored records do not hold, game by game and seat by seat."""
    engine = create_engine(url)
    with engine.connect() as connection:
        stored: Counter[tuple[str, str]] = Counter()
        for gid, record in connection.execute(text("SELECT id, record FROM games")):
            for action in json.loads(record)["actions"]:
                stored[gid, action.get("player", action.get("side", ""))] += 1   # SJG names its side
    engine.dispose()
    return sum(max(0, n - stored[key]) for key, n in accepted.items())


CLIENTS: dict[str, Client] = {"toy": toy_client, "abuse": toy_client, "sjg": sjg_client}


async def accounts(base: str) -> tuple[dict[str, str], dict[str, str]]:
    """The headers of the normal clients' account and of the abuser's."""
    return await sign_up(base, "load"), await sign_up(base, "abuser")


async def load(mix: str, bases: list[str], clients: int, seconds: float, pids: list[int],
               signed: tuple[dict[str, str], dict[str, str]]) -> tuple[Tally, float, float]:
    """The mix's clients for `seconds` (`signed`: `accounts`): what they saw, the time it
    took, the servers' CPU seconds."""
    tally = Tally()
    headers, abusive = signed
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    started = time.monotonic()
    stop_at = started + seconds
    if mix == "diplomacy":   # a client for each power: the first of each seven starts the game
        runs = [diplomacy_client(bases[n % len(bases)], headers, stop_at, tally)
                for n in range(max(1, clients // DIPLOMACY_SEATS))]
    else:
        runs = [CLIENTS[mix](bases[n % len(bases)], headers, stop_at, tally) for n in range(clients)]
    abuse = asyncio.create_task(abuser(bases[-1], abusive, stop_at, tally)) if mix == "abuse" else None
    await asyncio.gather(*runs)
    elapsed, cpu = time.monotonic() - started, sum(cpu_seconds(pid) for pid in pids) - cpu_before
    if abuse:
        await abuse
    return tally, elapsed, cpu


def run(kind: str, mix: str, clients: int, seconds: float, processes: int) -> Figures:
    """A fresh server (or `processes` of them) on a fresh database, the mix against it."""
    database = postgres.cluster() if kind == "postgresql" else nullcontext(None)
    with database as url, tempfile.TemporaryDirectory() as data, ExitStack() as servers:
        started = [servers.enter_context(live.server(Path(data), toy=True, database=url)) for _ in range(processes)]
        bases = [base for base, _, _ in started]
        tally, elapsed, cpu = asyncio.run(load(mix, bases, clients, seconds, [process.pid for _, _, process in started],
                                               asyncio.run(accounts(bases[0]))))
        lost = lost_actions(url or f"sqlite:///{data}/warjudge.sqlite3", tally.accepted)
    ordered = sorted(tally.latencies) or [0.0]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return Figures(len(tally.latencies), len(tally.latencies) / elapsed, statistics.median(ordered) * 1000,
                   p99 * 1000, cpu / max(1, len(tally.latencies)) * 1000, tally.refused, lost, tally.answers,
                   tally.kinds)


def machine() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f}, {os.cpu_count()} CPUs"


def stop_when_signalled() -> None:
    """SIGTERM and SIGHUP end the run as Ctrl-C does, by an exception that unwinds every
    `with` block, so the servers and the PostgreSQL cluster they started are stopped
    (killed by default, the script left its `warjudge serve` children running)."""
    def ended(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, ended)


def main() -> None:
    stop_when_signalled()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--mix", choices=[*MIXES, "all"], default="all")
    parser.add_argument("--processes", type=int, default=1, help="server processes on the one database")
    args = parser.parse_args()
    for kind in ("sqlite", "postgresql") if args.db == "both" else (args.db,):
        for mix in MIXES if args.mix == "all" else (args.mix,):
            before = machine()
            f = run(kind, mix, args.clients, args.seconds, args.processes)
            abuse = "".join(f", {k}: {n}" for k, n in sorted(f.answers.items()))
            if mix == "sjg":   # how much of the run was game starts
                abuse += f", of which deploy {f.kinds['deploy']}, other {sum(f.kinds.values()) - f.kinds['deploy']}"
            print(f"{kind:10} {mix:9} {args.clients} clients, {args.processes} process(es): {f.submissions} "
                  f"submissions in {args.seconds:.0f} s = {f.per_second:.0f}/s, p50 {f.p50_ms:.1f} ms, "
                  f"p99 {f.p99_ms:.1f} ms, server CPU {f.cpu_ms:.2f} ms per submission, {f.refused} refused "
                  f"(phase over), lost {f.lost}{abuse} ({before} before, {machine()} after)", flush=True)


if __name__ == "__main__":
    main()
