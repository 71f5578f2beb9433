"""Play server CPU per submission, in-process: the API app driven through ASGI on one
thread (its thread-pool calls run inline), one client at a time, so the figure is the
server's own work per submission with its reads, whatever else the machine is doing
(benchmarks/server_load.py measures throughput and latency, which swing with the load).
`--profile` prints cProfile's top functions, by own time, and the share of each library.

The mixes play as server_load.py's clients do, one after another: `toy` (the toy bids
game), `diplomacy` (7 seats of one game, each phase each seat's legal actions, an order
for each of its units naming the phase, Ready; a seat's summary and view now and then),
`sjg` (both sides of SJG Necromancer: each side's set-up filled in a formation through
`POST …/setup` and sent whole, then a random legal action at a time from the grouped
listing, `GET …/legal?group=unit`: the game played, its start only in the warm-up),
`sjg-flat` (the same from the flat listing, every move labelled), `sjg-start` (SJG game starts only: a new game, its two seats
taken, each side's set-up filled and sent, the first `GET …/legal` of the movement phase
that follows; its submissions are the two `deploy`s, so a start costs twice the figure).

Run: .venv/bin/python benchmarks/server_cpu.py [--mix toy|diplomacy|sjg|sjg-flat|sjg-start|all] [--submissions 400] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import pstats
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # benchmarks are run as scripts from the repository

import fastapi.dependencies.utils  # noqa: E402
import fastapi.routing  # noqa: E402
import starlette.concurrency  # noqa: E402
import starlette.routing  # noqa: E402
from argon2 import PasswordHasher, profiles  # noqa: E402

from tests.support import legal_groups, toygame  # noqa: E402
from warjudge.core import games  # noqa: E402
from warjudge.server import auth  # noqa: E402
from warjudge.server.app import create_app  # noqa: E402
from warjudge.server.ratelimit import Limits, Rate  # noqa: E402

PASSWORD = "benchmark password"
MIXES = ("toy", "diplomacy", "sjg", "sjg-flat", "sjg-start")
WARM_UP = 40          # submissions before the count starts (caches filled, first games made)
VIEW_EVERY = 8        # a Diplomacy seat's summary and view once in this many submissions (0.13 per submission)
GC_YOUNG = 20_000     # as `warjudge serve` (server/cli.py)
FORMATIONS = ["front", "massed", "rear"]   # the SJG set-ups filled (hexwar/sjg/formations.py)


async def _inline(func: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    return func(*args, **kw)


def run_inline(patch: Callable[[Any, str, Any], None] = setattr) -> None:
    """The thread-pool calls of starlette and FastAPI run on the caller's thread: cProfile
    sees one thread, and no hop is counted (server_load.py's figures include them).
    `patch`: how (a test's monkeypatch undoes it)."""
    for module in (starlette.concurrency, starlette.routing, fastapi.routing, fastapi.dependencies.utils, auth):
        patch(module, "run_in_threadpool", _inline)


class Asgi:
    """One client of the app, called directly (no socket, no HTTP parser)."""

    def __init__(self, app: Any):
        self.app, self.headers = app, [(b"host", b"bench"), (b"content-type", b"application/json")]

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        route, _, query = path.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": route, "raw_path": route.encode(), "query_string": query.encode(),
                 "root_path": "", "headers": self.headers + [(b"content-length", str(len(data)).encode())],
                 "client": ("127.0.0.1", 1), "server": ("bench", 80)}
        answer: dict[str, Any] = {"body": b""}
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.Event().wait()   # the client never disconnects
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")

        await self.app(scope, receive, send)
        return answer["status"], answer["body"]

    async def json(self, method: str, path: str, body: object = None) -> Any:
        status, answer = await self.request(method, path, body)
        assert status in (200, 201), (path, status, answer)
        return json.loads(answer)

    async def sign_in(self) -> None:
        await self.request("POST", "/api/users", {"name": "cpu", "password": PASSWORD})
        made = await self.json("POST", "/api/tokens", {"name": "cpu", "password": PASSWORD})
        self.headers.append((b"authorization", f"Bearer {made['token']}".encode()))

    async def new_game(self, body: dict[str, Any]) -> tuple[str, list[str]]:
        made = await self.json("POST", "/api/games", body | {"open": True})
        gid, seats = made["id"], [s["seat"] for s in made["seats"]]
        for seat in seats:
            await self.json("POST", f"/api/games/{gid}/seats/{seat}")
        return gid, seats


class Count:
    """Submissions made, and by request kind every request (reads included)."""

    def __init__(self, most: int):
        self.most, self.submissions, self.requests = most, 0, Counter[str]()

    @property
    def done(self) -> bool:
        return self.submissions >= self.most

    async def submit(self, http: Asgi, gid: str, seat: str, action: dict[str, Any], phase: str | None = None) -> None:
        await http.json("POST", f"/api/games/{gid}/actions", {"seat": seat, "action": action}
                        | ({"phase": phase} if phase else {}))
        self.submissions += 1
        self.requests["POST actions"] += 1


async def toy(http: Asgi, count: Count, chooser: random.Random) -> None:
    gid, seats = await http.new_game({"game": "toy-bids", "options": {"rounds": 20}})
    for _ in range(20):
        for seat in seats:
            if count.done:
                return
            await count.submit(http, gid, seat, {"type": "bid", "amount": 0})


async def diplomacy(http: Asgi, count: Count, chooser: random.Random) -> None:
    gid, powers = await http.new_game({"game": "diplomacy"})
    while not count.done:
        for seat in powers:
            mine = (await http.json("GET", f"/api/games/{gid}/legal?seat={seat}"))["seats"][0]
            count.requests["GET legal"] += 1
            decision, actions = mine["decision"], mine["actions"]
            if decision is None:
                if (await http.json("GET", f"/api/games/{gid}?seat={seat}"))["is_over"]:
                    return
                continue
            phase = decision["info"].get("phase")
            for unit in decision["info"].get("units") or [None]:
                fitting = [a for a in actions if unit is None or a.get("order", "").startswith(f"{unit} ")]
                if fitting and not count.done:
                    await count.submit(http, gid, seat, chooser.choice(fitting), phase)
                    if count.submissions % VIEW_EVERY == 0:
                        await http.json("GET", f"/api/games/{gid}?seat={seat}")
                        count.requests["GET game"] += 1
            await http.json("POST", f"/api/games/{gid}/ready", {"seat": seat, "ready": True, "phase": phase})
            count.requests["POST ready"] += 1


async def sjg(http: Asgi, count: Count, chooser: random.Random) -> None:
    """Played from the grouped listing (`?group=unit`), as server_load.py's clients do."""
    gid, sides = await http.new_game({"game": "necromancer-sjg"})
    await sjg_set_up(http.json, gid, sides, chooser)
    while not count.done:
        seats = [s for s in (await http.json("GET", f"/api/games/{gid}/legal?group=unit"))["seats"]
                 if s["actions"] or s["moves"]]
        count.requests["GET legal"] += 1
        if not seats:
            return
        seat = chooser.choice(seats)
        await count.submit(http, gid, seat["seat"], legal_groups.pick(seat, chooser))


async def sjg_flat(http: Asgi, count: Count, chooser: random.Random) -> None:
    """As `sjg`, from the flat listing: one labelled action per move, with its costs."""
    gid, sides = await http.new_game({"game": "necromancer-sjg"})
    await sjg_set_up(http.json, gid, sides, chooser)
    while not count.done:
        seats = [s for s in (await http.json("GET", f"/api/games/{gid}/legal"))["seats"] if s["actions"]]
        count.requests["GET legal"] += 1
        if not seats:
            return
        seat = chooser.choice(seats)
        await count.submit(http, gid, seat["seat"], chooser.choice(seat["actions"]))


async def sjg_start(http: Asgi, count: Count, chooser: random.Random) -> None:
    gid, sides = await http.new_game({"game": "necromancer-sjg"})
    for side in sides:
        plan = await http.json("POST", f"/api/games/{gid}/setup", {"seat": side, "fill": chooser.choice(FORMATIONS)})
        count.requests["POST setup"] += 1
        await count.submit(http, gid, side, plan["deploy"])
    await http.json("GET", f"/api/games/{gid}/legal")
    count.requests["GET legal"] += 1
    count.requests["POST games"] += 1


async def sjg_set_up(ask: Callable[..., Any], gid: str, sides: list[str], chooser: random.Random) -> None:
    """Each side's set-up, as a player's page makes it: filled in a formation
    (`POST …/setup`), then sent as one `deploy`; the game is then past its set-up."""
    for side in sides:
        plan = await ask("POST", f"/api/games/{gid}/setup",
                         {"seat": side, "fill": chooser.choice(FORMATIONS)})
        await ask("POST", f"/api/games/{gid}/actions", {"seat": side, "action": plan["deploy"]})


PLAYS = {"toy": toy, "diplomacy": diplomacy, "sjg": sjg, "sjg-flat": sjg_flat, "sjg-start": sjg_start}


async def measure(mix: str, submissions: int, profile: cProfile.Profile | None = None,
                  warm_up: int = WARM_UP) -> tuple[float, Counter[str]]:
    """CPU seconds per submission of `mix` (after `warm_up` submissions), and the requests made."""
    with tempfile.TemporaryDirectory() as data:
        app = create_app(f"sqlite:///{data}/warjudge.sqlite3", limits=Limits(signup=Rate(10_000, 0.001)))
        async with app.router.lifespan_context(app):
            http = Asgi(app)
            await http.sign_in()
            chooser = random.Random(1)
            warm = Count(warm_up)
            while not warm.done:
                await PLAYS[mix](http, warm, chooser)
            gc.collect()
            gc.freeze()
            gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
            count = Count(submissions)
            started = time.process_time()
            if profile:
                profile.enable()
            while not count.done:
                await PLAYS[mix](http, count, chooser)
            if profile:
                profile.disable()
            cpu = time.process_time() - started
            gc.unfreeze()
        app.state.engine.dispose()
    return cpu / count.submissions, count.requests


LIBRARIES = ("sqlalchemy/orm", "sqlalchemy/engine", "sqlalchemy/sql", "sqlalchemy", "fastapi/dependencies",
             "fastapi/routing", "fastapi", "starlette", "pydantic", "warjudge/server", "warjudge", "json")


def print_profile(profile: cProfile.Profile, top: int) -> None:
    stats = pstats.Stats(profile)
    shares: Counter[str] = Counter()
    for (path, _, name), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{path}:{name}"
        shares[next((lib for lib in LIBRARIES if lib in where), "sqlite3" if "sqlite3" in where else "other")] += own
    total = sum(shares.values())
    print("  own time by library: " + ", ".join(f"{lib} {100 * t / total:.0f} %" for lib, t in shares.most_common()))
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mix", choices=[*MIXES, "all"], default="all")
    parser.add_argument("--submissions", type=int, default=400)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions (slows it down)")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    auth.HASHER = PasswordHasher.from_parameters(profiles.CHEAPEST)   # signing in is not what is measured
    games.register(toygame.INFO)
    run_inline()
    for mix in MIXES if args.mix == "all" else (args.mix,):
        profile = cProfile.Profile() if args.profile else None
        load = os.getloadavg()[0]
        cpu, requests = asyncio.run(measure(mix, args.submissions, profile))
        per = ", ".join(f"{kind} {n / args.submissions:.2f}" for kind, n in sorted(requests.items()))
        print(f"{mix:9} {cpu * 1000:.2f} ms of CPU per submission, in-process, client included "
              f"(requests per submission: {per}; load average {load:.1f}, {os.cpu_count()} CPUs)", flush=True)
        if profile:
            print_profile(profile, args.top)


if __name__ == "__main__":
    main()
