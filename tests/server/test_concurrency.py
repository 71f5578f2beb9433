"""Two submissions to one game at the same moment, through two server instances on one
database (as two processes would be): both are kept, neither update is lost. Loading the
game is slowed down so that without the game's lock both would read the same record."""

from __future__ import annotations

import threading
import time

from fastapi.testclient import TestClient

from tests.server.conftest import Player, sign_up
from warjudge.server import play
from warjudge.server.app import create_app


def test_simultaneous_submissions_lose_no_update(client, database_url, monkeypatch):
    gm, ann, bob = sign_up(client), sign_up(client), sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 2}})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    slow_load = play.load

    def load(row):
        game = slow_load(row)
        time.sleep(0.3)
        return game

    monkeypatch.setattr(play, "load", load)
    with TestClient(create_app(database_url, migrate=False)) as second:
        bob_elsewhere = Player(second, bob.name, bob.token)
        start = threading.Barrier(2)
        answers = {}

        def submit(name, player, seat, amount):
            start.wait()
            answers[name] = player.post(f"/api/games/{gid}/actions",
                                        {"seat": seat, "action": {"type": "bid", "amount": amount}})

        threads = [threading.Thread(target=submit, args=("ann", ann, "north", 2)),
                   threading.Thread(target=submit, args=("bob", bob_elsewhere, "south", 1))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert [answers[n].status_code for n in ("ann", "bob")] == [200, 200]
    monkeypatch.setattr(play, "load", slow_load)
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["version"] == 2
    assert state["view"]["history"][0]["bids"] == {"north": 2, "south": 1}
