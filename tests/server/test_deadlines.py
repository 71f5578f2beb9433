"""Deadlines: a phase is adjudicated at its deadline (unordered seats taking the default),
not before, exactly once however many server processes look at the same moment, and each
new phase gets its own deadline."""

from __future__ import annotations

import threading
import time

import pytest

from fastapi.testclient import TestClient

from tests.server.conftest import run_bots, sign_up
from warjudge.server import db, play, scheduler
from warjudge.server.app import create_app
from warjudge.server.scheduler import run_due


def _game(players, phase_seconds=60):
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 3},
                                        "phase_seconds": phase_seconds})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    bob.ok("post", f"/api/games/{gid}/seats/south")
    return gid


def test_a_phase_is_adjudicated_at_its_deadline_and_not_before(players, database_url):
    gm, ann, _ = players
    gid = _game(players)
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    assert abs(deadline - (time.time() + 60)) < 30
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 2}})
    sessions = db.sessions(db.make_engine(database_url))
    assert run_due(sessions, now=deadline - 1) == []
    assert gm.ok("get", f"/api/games/{gid}")["view"]["history"] == []
    assert run_due(sessions, now=deadline + 1) == [gid]
    state = gm.ok("get", f"/api/games/{gid}")
    assert state["view"]["history"][0]["bids"] == {"north": 2, "south": 0}   # south's NMR: the default bid
    assert state["deadline"] > deadline   # the next phase has its own
    assert run_due(sessions, now=deadline + 1) == []


def test_several_processes_adjudicate_a_deadline_exactly_once(players, database_url, monkeypatch):
    gm, ann, _ = players
    gid = _game(players)
    deadline = gm.ok("get", f"/api/games/{gid}")["deadline"]
    slow_load = play.load

    def load(row):
        time.sleep(0.2)
        return slow_load(row)

    processes = [db.sessions(db.make_engine(database_url)) for _ in range(3)]
    every_one_saw_it_due = threading.Barrier(len(processes))
    seen_due = scheduler.due

    def due(sessions, now):
        found = seen_due(sessions, now)
        every_one_saw_it_due.wait()
        return found

    monkeypatch.setattr(play, "load", load)
    monkeypatch.setattr(scheduler, "due", due)
    done: list[list[str]] = []

    def look(sessions):
        done.append(run_due(sessions, now=deadline + 1))

    threads = [threading.Thread(target=look, args=(s,)) for s in processes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    monkeypatch.setattr(play, "load", slow_load)
    assert sorted(map(len, done)) == [0, 0, 1]
    assert len(gm.ok("get", f"/api/games/{gid}")["view"]["history"]) == 1


def test_a_new_phase_started_by_the_players_gets_a_new_deadline(players):
    gm, ann, bob = players
    gid = _game(players)
    first = gm.ok("get", f"/api/games/{gid}")["deadline"]
    time.sleep(0.05)
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    assert gm.ok("get", f"/api/games/{gid}")["deadline"] == first   # the same phase
    bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": 1}})
    assert gm.ok("get", f"/api/games/{gid}")["deadline"] > first    # round 2 began


def test_a_game_without_deadlines_and_a_finished_game_have_none(players):
    gm, ann, bob = players
    untimed = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    assert gm.ok("get", f"/api/games/{untimed}")["deadline"] is None
    gid = gm.ok("post", "/api/games", {"game": "toy-bids", "options": {"rounds": 1}, "phase_seconds": 60})["id"]
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "north", "bot": "random"})
    gm.ok("post", f"/api/games/{gid}/bots", {"seat": "south", "bot": "random"})
    run_bots(gm.client)
    assert gm.ok("get", f"/api/games/{gid}")["deadline"] is None
    assert gm.post("/api/games", {"game": "toy-bids", "phase_seconds": 0}).status_code == 422


def test_the_server_runs_its_deadlines_by_itself(database_url):
    with TestClient(create_app(database_url, deadlines_every=0.1)) as client:
        gm, ann, bob = sign_up(client), sign_up(client), sign_up(client)
        gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "phase_seconds": 1})["id"]
        ann.ok("post", f"/api/games/{gid}/seats/north")
        bob.ok("post", f"/api/games/{gid}/seats/south")   # the clock starts; bob never bids
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 3}})
        waited = time.monotonic()
        while not gm.ok("get", f"/api/games/{gid}")["view"]["history"]:
            assert time.monotonic() - waited < 15, "the deadline passed and nothing happened"
            time.sleep(0.1)
        assert gm.ok("get", f"/api/games/{gid}")["view"]["history"][0]["bids"] == {"north": 3, "south": 0}


@pytest.mark.parametrize("game", ["diplomacy", "necromancer-diplomacy", "necromancer-sjg", "gondor", "sauron"])
def test_every_game_moves_on_at_its_deadline(players, database_url, game):
    """Issue 13: deadlines run themselves for every registered game; before, an SJG game
    with a deadline never moved (it had no games master's `process`): the deadline passed,
    moved on, and the game stayed where it was."""
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": game, "phase_seconds": 60})["id"]
    seat = gm.ok("get", f"/api/games/{gid}")["to_act"][0]
    if game == "sauron":   # Westernesse has nothing to do in the first phase: passed for it (docs/rulings.md)
        seat = "sauron"
    ann.ok("post", f"/api/games/{gid}/seats/{seat}")
    for other in gm.ok("get", f"/api/games/{gid}")["seats"]:   # the others to bots (not run here): the clock starts
        if other["seat"] != seat:
            gm.ok("post", f"/api/games/{gid}/bots", {"seat": other["seat"], "bot": "random"})
    before = gm.ok("get", f"/api/games/{gid}")
    sessions = db.sessions(db.make_engine(database_url))
    assert run_due(sessions, now=before["deadline"] + 1) == [gid]
    after = gm.ok("get", f"/api/games/{gid}")
    assert after["version"] > before["version"] and after["deadline"] > before["deadline"]
    assert seat in after["last_nmr"]            # ann let it pass: reported as NMR
    assert after["view"] != before["view"]


def test_the_clock_starts_when_every_seat_is_taken(players, database_url):
    """A first phase never runs out while the seats are still being filled (before, the
    deadline counted from the game's creation: the documented session's bots and players
    could find their first phase over before they had joined). Once started, a seat
    freed later stops no clock."""
    gm, ann, bob = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "options": {"rounds": 3}, "phase_seconds": 60})["id"]
    ann.ok("post", f"/api/games/{gid}/seats/north")
    waiting = gm.ok("get", f"/api/games/{gid}")
    assert waiting["deadline"] is None and waiting["clock_waits_for_seats"] is True
    refused = gm.post(f"/api/games/{gid}/extend", {"seconds": 60})
    assert refused.status_code == 409 and "starts when every seat is taken" in refused.json()["error"]
    sessions = db.sessions(db.make_engine(database_url))
    assert run_due(sessions, now=time.time() + 10 * 86_400) == []          # nothing runs out meanwhile
    before = time.time()
    bob.ok("post", f"/api/games/{gid}/seats/south")
    started = gm.ok("get", f"/api/games/{gid}")
    assert before + 60 <= started["deadline"] <= time.time() + 60 and started["clock_waits_for_seats"] is False
    gm.ok("post", f"/api/games/{gid}/replace", {"seat": "south", "user": None})
    assert gm.ok("get", f"/api/games/{gid}")["deadline"] == started["deadline"]


def test_the_games_master_may_start_the_clock_before_the_seats_are_taken(players):
    gm, ann, _ = players
    gid = gm.ok("post", "/api/games", {"game": "toy-bids-gm", "phase_seconds": 60})["id"]
    assert ann.post(f"/api/games/{gid}/start", {}).status_code == 403          # the games master's alone
    started = gm.ok("post", f"/api/games/{gid}/start")
    assert started["deadline"] is not None and started["clock_waits_for_seats"] is False
    again = gm.post(f"/api/games/{gid}/start", {})
    assert again.status_code == 409 and "not waiting for its seats" in again.json()["error"]


def test_a_server_shuts_down_though_a_background_step_is_stuck(monkeypatch, caplog):
    """A step that never returns (a database that never answers) must not hold the server's
    shutdown for ever: `stop` gives up after STOP_WAIT and says so."""
    monkeypatch.setattr(scheduler, "STOP_WAIT", 0.2)
    inside, never = threading.Event(), threading.Event()

    def stuck() -> None:
        inside.set()
        never.wait(30)

    background = scheduler.Scheduler(stuck, interval=0.01, name="warjudge-stuck")
    background.start()
    assert inside.wait(5)
    stopping = threading.Thread(target=background.stop, daemon=True)
    stopping.start()
    stopping.join(3)
    never.set()
    assert not stopping.is_alive()
    assert "warjudge-stuck thread is still in a step" in caplog.text
