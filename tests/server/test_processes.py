"""Two `warjudge serve` processes on one database (issue 13: "exactly once even with
several server processes on one PostgreSQL"): a player submits through both while the
deadline schedulers of both adjudicate, and every phase is adjudicated exactly once and
every accepted order is in the record."""

from __future__ import annotations

import json
import random
import re
import time
from contextlib import ExitStack

import httpx2 as httpx

from tests.server.conftest import PASSWORD
from tests.server.live import server
from warjudge.core import games
from warjudge.core.record import GameRecord

GAMES, ROUNDS = 6, 4
ADJUDICATED = re.compile(r"deadline: game (\S+) adjudicated, now version (\d+)")


def _headers(http: httpx.Client, name: str) -> dict[str, str]:
    assert http.post("/api/users", json={"name": name, "password": PASSWORD}).status_code == 201
    token = http.post("/api/tokens", json={"name": name, "password": PASSWORD}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def test_two_server_processes_adjudicate_each_phase_once_and_lose_no_order(tmp_path, database_url):
    logs: list[list[str]] = [[], []]
    with ExitStack() as stack:
        bases = [stack.enter_context(server(tmp_path / f"p{n}", toy=True, database=database_url, output=logs[n]))[0]
                 for n in range(2)]
        https = [stack.enter_context(httpx.Client(base_url=base, timeout=30)) for base in bases]
        gm, ann, bob = _headers(https[0], "gm"), _headers(https[1], "ann"), _headers(https[0], "bob")
        ids = [https[n % 2].post("/api/games", headers=gm, json={"game": "toy-bids-gm", "options": {"rounds": ROUNDS},
                                                                  "phase_seconds": 1}).json()["id"]
               for n in range(GAMES)]
        for n, gid in enumerate(ids):   # ann plays north; bob holds south and misses every deadline (NMR)
            assert https[n % 2].post(f"/api/games/{gid}/seats/north", headers=ann).status_code == 200
            assert https[n % 2].post(f"/api/games/{gid}/seats/south", headers=bob).status_code == 200
        accepted = {gid: 0 for gid in ids}
        pick = random.Random(13)
        stop_at = time.monotonic() + 60
        while time.monotonic() < stop_at:
            states = {gid: https[0].get(f"/api/games/{gid}", headers=gm).json() for gid in ids}
            if all(state["is_over"] for state in states.values()):
                break
            for gid in ids:   # a bid of 1 through either process, at any moment of the phase
                if "north" in states[gid]["to_act"] and pick.random() < 0.5:
                    answer = https[pick.randrange(2)].post(f"/api/games/{gid}/actions", headers=ann,
                                                           json={"seat": "north", "action": {"type": "bid", "amount": 1}})
                    assert answer.status_code in (200, 409), answer.text   # 409: the deadline came first
                    accepted[gid] += answer.status_code == 200
            time.sleep(pick.uniform(0.05, 0.4))
        records = {gid: https[0].get(f"/api/games/{gid}/record", headers=gm).json() for gid in ids}
    for gid, record in records.items():
        history = games.load(GameRecord.from_json(json.dumps(record))).view(None)["history"]
        assert len(history) == ROUNDS, gid
        assert [r["bids"]["south"] for r in history] == [0] * ROUNDS   # every phase ended at its deadline
        assert sum(r["bids"]["north"] for r in history) == accepted[gid]   # every accepted bid is there
    adjudications = [ADJUDICATED.search(line) for log in logs for line in log]
    done = [(m[1], int(m[2])) for m in adjudications if m]
    assert len(done) == len(set(done)) == GAMES * ROUNDS   # each phase once, by one process or the other
    assert {gid for gid, _ in done} == set(ids)
    # which process adjudicates a phase is up to the scheduling (both schedulers run, their
    # looks jittered: usually about half each, but not always on a loaded machine)
