"""SQLite's write lock queued for in arrival order within a process (server/writelock.py),
and the requests that only read taking no write lock at all (db.Sessions.reading)."""

from __future__ import annotations

import asyncio
import fcntl
import inspect
import threading
import time

import anyio
import httpx2
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import text

from tests.server.conftest import Player, sign_up
from warjudge.server import db, live
from warjudge.server.app import create_app
from warjudge.server.writelock import FifoLock, WriteTimeout


def _waiting(lock: FifoLock, count: int) -> None:
    deadline = time.monotonic() + 5
    while len(lock._waiting) < count:
        assert time.monotonic() < deadline, "the threads never queued"
        time.sleep(0.001)


def test_the_write_lock_is_granted_in_the_order_it_was_asked_for():
    lock, granted = FifoLock(), []
    lock.acquire(timeout=1)

    def writer(n: int) -> None:
        lock.acquire(timeout=5)
        granted.append(n)
        lock.release()

    threads = []
    for n in range(8):   # each asks only once the one before it is queued
        threads.append(threading.Thread(target=writer, args=(n,)))
        threads[-1].start()
        _waiting(lock, n + 1)
    lock.release()
    for thread in threads:
        thread.join(5)
    assert granted == list(range(8))
    assert not lock.held


def test_a_writer_that_waits_too_long_gives_up_its_place_and_the_queue_goes_on():
    lock = FifoLock()
    lock.acquire(timeout=1)
    with pytest.raises(WriteTimeout):
        lock.acquire(timeout=0.05)
    assert not lock._waiting
    lock.release()
    lock.acquire(timeout=0.05)   # free again: granted at once
    assert lock.held


def test_the_lock_may_be_released_by_another_thread():
    """A connection may go back to the pool from another thread than the one that began it."""
    lock = FifoLock()
    lock.acquire(timeout=1)
    releaser = threading.Thread(target=lock.release)
    releaser.start()
    releaser.join(5)
    assert not lock.held


@pytest.fixture
def sessions(tmp_path):
    engine = db.make_engine(f"sqlite:///{tmp_path / 'lock.sqlite3'}")
    db.upgrade(engine)
    yield db.sessions(engine)
    engine.dispose()


def test_a_reader_is_not_held_up_by_a_writer(sessions):
    with sessions.begin() as writer:
        writer.execute(text("UPDATE users SET name = name"))   # the write lock is held
        with sessions.reading() as reader:   # before, every transaction waited for it (30 s)
            assert reader.execute(text("SELECT count(*) FROM games")).scalar() == 0


def test_writers_of_one_process_take_turns_and_a_failed_one_hands_the_lock_on(sessions):
    with pytest.raises(RuntimeError):
        with sessions.begin() as session:
            session.execute(text("UPDATE users SET name = name"))
            raise RuntimeError("rolled back")
    done = []

    def write() -> None:
        with sessions.begin() as session:
            session.execute(text("UPDATE users SET name = name"))
            time.sleep(0.01)
        done.append(True)

    threads = [threading.Thread(target=write) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert done == [True] * 5


def test_a_live_stream_s_poll_takes_no_write_lock(client, database_url):
    """The events stream reads the database every second per open stream: on SQLite it took
    the write lock each time (every submission queued behind the polls)."""
    gm = sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
    gm.ok("get", f"/api/games/{gid}/history/0")   # its phases stored: a poll folds (writes) once per change only
    other = db.sessions(db.make_engine(database_url))   # another transaction holds the write lock
    polled: list[dict] = []
    with other.begin() as writer:
        writer.execute(text("UPDATE users SET name = name"))
        poll = threading.Thread(target=lambda: polled.append(live._state(other, gid, "public")))
        poll.start()
        poll.join(5)
        assert polled and polled[0]["version"] == 0   # read while the writer still held the lock



def test_a_writer_kept_waiting_too_long_gets_a_503_and_changes_nothing(tmp_path, monkeypatch):
    """Before, a request that waited out the busy timeout was a 500 ("database is locked")."""
    app = create_app(f"sqlite:///{tmp_path / 'busy.sqlite3'}")
    with TestClient(app) as client:
        gm = sign_up(client)
        gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
        monkeypatch.setattr(db, "BUSY_MS", 200)
        with db.sessions(app.state.engine).begin() as long_change:   # this process's write lock, held
            long_change.execute(text("UPDATE users SET name = name"))
            response = gm.post(f"/api/games/{gid}/seats/north")
        assert response.status_code == 503 and "try again" in response.json()["error"]
        assert gm.ok("get", f"/api/games/{gid}")["seats"][0]["user"] is None
        gm.ok("post", f"/api/games/{gid}/seats/north")   # the lock was handed on: the retry works
    app.state.engine.dispose()


def test_a_change_holds_the_write_lock_for_one_thread_pool_call_only(tmp_path, monkeypatch):
    """Issue 25 (6), the routers' redo: a change whose transaction was a FastAPI dependency
    took the write lock in one thread-pool call, ran its route in a second and committed in a
    third, so with every thread of the pool held by writers queued for the lock, its holder
    never got a thread to finish: each queued writer waited out the busy timeout (a 503).
    Here the pool has two threads and eight writers (one per game) arrive at once."""
    app = create_app(f"sqlite:///{tmp_path / 'pool.sqlite3'}")
    with TestClient(app) as client:
        gm = sign_up(client)
        gids = [gm.ok("post", "/api/games", {"game": "toy-bids"})["id"] for _ in range(8)]
        for gid in gids:
            gm.ok("post", f"/api/games/{gid}/seats/north")
    monkeypatch.setattr(db, "BUSY_MS", 2_000)   # a writer starved of the lock: a 503 in 2 s, not 30

    async def all_at_once() -> list[httpx2.Response]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = 2
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url="http://test",
                                      headers=gm.headers) as api:
            return await asyncio.gather(*(api.post(f"/api/games/{gid}/actions",
                                                   json={"seat": "north", "action": {"type": "bid", "amount": 1}})
                                          for gid in gids))

    answers = asyncio.run(all_at_once())
    assert [a.status_code for a in answers] == [200] * len(gids), [a.text for a in answers if a.status_code != 200]
    with TestClient(app) as client:   # no action lost: each game took its bid
        assert [Player(client, gm.name, gm.token).ok("get", f"/api/games/{gid}")["version"] for gid in gids] == [1] * 8
    app.state.engine.dispose()


def _routes(routes):
    for route in routes:
        included = getattr(route, "original_router", None)   # FastAPI keeps an included router whole
        yield from _routes(included.routes) if included is not None else [route]


def _dependencies(dependant):
    for dependency in dependant.dependencies:
        yield dependency.call
        yield from _dependencies(dependency)


def test_no_route_has_a_dependency_that_holds_anything_across_it(tmp_path):
    """The same rule on every route: a generator dependency's entry and exit run apart from
    the route (in their own thread-pool calls), so none may open what the route uses."""
    app = create_app(f"sqlite:///{tmp_path / 'deps.sqlite3'}")
    routes = [route for route in _routes(app.routes) if isinstance(route, APIRoute)]
    held = sorted({f"{route.path} {call.__name__}" for route in routes for call in _dependencies(route.dependant)
                   if inspect.isgeneratorfunction(call) or inspect.isasyncgenfunction(call)})
    app.state.engine.dispose()
    assert len(routes) > 40 and not held



def test_a_writer_of_another_process_waits_for_the_holder_not_in_sqlite_s_busy_handler(tmp_path, monkeypatch):
    """Two server processes on one SQLite file (`serve --workers 2`): each has its own queue,
    so their writers met in SQLite's busy handler, which sleeps up to 100 ms between tries
    (p99 1.2 s in benchmarks/server_load.py --processes 2) and gives up after the busy
    timeout. Now they wait on a lock file the kernel hands over at once: here the second
    process's writer outwaits a busy timeout shorter than the first's transaction (the
    lock's own wait is bounded too, by a longer time: see the next test)."""
    monkeypatch.setattr(db, "BUSY_MS", 200)
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    first, second = db.make_engine(url), db.make_engine(url)   # one engine per process, each its own queue
    with first.begin() as connection:
        connection.execute(text("CREATE TABLE bids (n INTEGER)"))
    with second.connect():
        pass   # its pooled connection's busy handler gives up after 200 ms
    monkeypatch.setattr(db, "BUSY_MS", 5_000)   # the write lock's wait: 5 s
    failed: list[BaseException] = []

    def other_process() -> None:
        try:
            with second.begin() as connection:
                connection.execute(text("INSERT INTO bids VALUES (2)"))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failed.append(exc)

    with first.begin() as connection:
        connection.execute(text("INSERT INTO bids VALUES (1)"))
        waiter = threading.Thread(target=other_process)
        waiter.start()
        time.sleep(0.6)   # three busy timeouts
    waiter.join(10)
    with second.connect() as connection:
        assert not failed and [n for (n,) in connection.execute(text("SELECT n FROM bids"))] == [1, 2]
    first.dispose()
    second.dispose()
    with open(f"{tmp_path / 'two.sqlite3'}{db.WRITER_SUFFIX}") as lock_file:   # let go by both
        fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)


def test_a_writer_kept_waiting_by_another_process_gets_a_503_and_the_lock_is_not_kept(tmp_path, monkeypatch):
    """`ProcessLock.acquire` waited for the lock file without end: a writer of another
    process (or the CLI) holding it kept every writer of this server waiting, each
    holding its process's queue and a thread. Now the wait ends with the queue's 503 and
    Retry-After, nothing changed, and a lock granted after its writer gave up is let go."""
    path = tmp_path / "other.sqlite3"
    app = create_app(f"sqlite:///{path}")
    with TestClient(app) as client:
        gm = sign_up(client)
        gid = gm.ok("post", "/api/games", {"game": "toy-bids"})["id"]
        monkeypatch.setattr(db, "BUSY_MS", 200)
        with open(f"{path}{db.WRITER_SUFFIX}", "a+") as other_process:
            fcntl.flock(other_process, fcntl.LOCK_EX)
            started = time.monotonic()
            response = gm.post(f"/api/games/{gid}/seats/north")
            waited = time.monotonic() - started
        assert response.status_code == 503 and response.headers["Retry-After"] == "1", response.text
        assert "try again" in response.json()["error"] and waited < 5
        assert gm.ok("get", f"/api/games/{gid}")["seats"][0]["user"] is None
        gm.ok("post", f"/api/games/{gid}/seats/north")   # the abandoned wait let go: the retry works
        with open(f"{path}{db.WRITER_SUFFIX}") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)   # nothing of the server still holds it
    app.state.engine.dispose()
