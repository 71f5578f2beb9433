"""A server killed (`kill -9`) while submissions are in flight loses no accepted action and
leaves no half-applied one: after a restart on the same database every answered
submission is in its game's record, each stored version holds exactly its actions, and
every record replays."""

from __future__ import annotations

import threading
import time

import httpx2 as httpx

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from tests.server.conftest import PASSWORD
from tests.server.live import server
from warjudge.core import games
from warjudge.core.record import GameRecord
from warjudge.server.models import GameRow
from warjudge.server.views import public_view

CLIENTS = 6


def _token(http: httpx.Client, name: str) -> dict[str, str]:
    http.post("/api/users", json={"name": name, "password": PASSWORD})
    token = http.post("/api/tokens", json={"name": name, "password": PASSWORD}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def test_a_server_killed_mid_submission_loses_nothing_accepted(tmp_path):
    accepted: dict[str, int] = {}
    with server(tmp_path, toy=True) as (base, _, process):
        with httpx.Client(base_url=base, timeout=30) as http:
            gm, player = _token(http, "gm"), _token(http, "player")
            ids = [http.post("/api/games", json={"game": "toy-bids", "options": {"rounds": 20}}, headers=gm).json()["id"]
                   for _ in range(CLIENTS)]
            for gid in ids:
                for seat in ("north", "south"):
                    assert http.post(f"/api/games/{gid}/seats/{seat}", headers=player).status_code == 200

        def submit(gid: str) -> None:
            accepted[gid] = 0
            with httpx.Client(base_url=base, timeout=30) as own:
                try:
                    for _ in range(20):
                        for seat in ("north", "south"):
                            answer = own.post(f"/api/games/{gid}/actions", headers=player,
                                              json={"seat": seat, "action": {"type": "bid", "amount": 0}})
                            assert answer.status_code == 200, answer.text
                            accepted[gid] += 1
                except httpx.TransportError:
                    return

        threads = [threading.Thread(target=submit, args=(gid,)) for gid in ids]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60   # kill once a quarter is in, however fast the machine
        while sum(accepted.values()) < CLIENTS * 10 and time.monotonic() < deadline:
            time.sleep(0.001)
        process.kill()   # SIGKILL: no clean-up of any kind
        for thread in threads:
            thread.join()
    assert 0 < sum(accepted.values()) < CLIENTS * 40, "the kill must fall in the middle of the play"
    with server(tmp_path, toy=True) as (base, printed, _):
        engine = create_engine(printed[0].removeprefix("database: ").strip())   # the records stay on the server
        with httpx.Client(base_url=base, timeout=30) as http, Session(engine) as session:
            gm = {"Authorization": "Bearer " + http.post("/api/tokens", json={"name": "gm", "password": PASSWORD}
                                                         ).json()["token"]}
            for gid in ids:
                summary = http.get(f"/api/games/{gid}", headers=gm).json()
                record = GameRecord.from_json(session.get(GameRow, gid).record)
                assert accepted[gid] <= len(record.actions) <= accepted[gid] + 1   # + the one whose answer died
                assert summary["version"] == len(record.actions)   # no half-applied submission
                assert public_view(games.load(record)) == summary["view"]
