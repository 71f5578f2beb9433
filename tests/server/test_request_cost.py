"""What one submission costs the server (issue 22, "the load figure did not reproduce"):
the profile of benchmarks/server_load.py found SQLAlchemy's per-request work, not the
games, taking most of a submission's CPU. Each cost removed here is counted, so that it
cannot come back unnoticed; the game played through them is checked whole."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator

import pytest
import sqlalchemy
from fastapi import routing as fastapi_routing
from fastapi.dependencies import utils as fastapi_dependencies
from sqlalchemy import event
from sqlalchemy.orm import Session, persistence
from fastapi.testclient import TestClient
from starlette.routing import Match

from tests.server.conftest import MANY_SIGNUPS, sign_up, stored_record
from tests.server.test_cache import _game as toy_game
from warjudge.core.game import Game
from warjudge.core.record import GameRecord
from warjudge.server import auth, cache, cli, db, gamewrite, known_tokens
from warjudge.server.app import create_app
from warjudge.server.models import Base, GameRow, User
from warjudge.server.routes import deps


@pytest.fixture
def statements(client) -> Iterator[list[str]]:
    """The SQL statements the server sends from now on (BEGIN and COMMIT are not among them)."""
    sent: list[str] = []

    def listener(*args: Any) -> None:
        sent.append(args[2])

    engine = client.app.state.engine
    event.listen(engine, "before_cursor_execute", listener)
    yield sent
    event.remove(engine, "before_cursor_execute", listener)


@pytest.fixture
def built_selects(monkeypatch) -> list[str]:
    """Every SELECT statement the token check and the game's lock build (by module)."""
    built: list[str] = []

    def counted(module: Any) -> Any:
        def select(*args: Any, **kw: Any) -> Any:
            built.append(module.__name__)
            return sqlalchemy.select(*args, **kw)
        return select

    for module in (auth, db):
        monkeypatch.setattr(module, "select", counted(module))
    return built


def _toy_game(client):
    gid, _, ann, bob = toy_game(client)
    return gid, ann, bob


def test_statements_are_built_once_not_per_request(client, built_selects):
    """The token check and the game's lock are prebuilt statements: building them (their
    column comparisons, their cache keys) cost a toy submission more CPU than running them."""
    gid, ann, bob = _toy_game(client)
    built_selects.clear()
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    bob.ok("get", f"/api/games/{gid}/legal")
    assert built_selects == []


def test_a_submission_does_not_read_the_record(client, statements):
    """The game's lock leaves the record out: the loaded game in the cache makes it
    unneeded, and it grows with the game (read whole by every submission before)."""
    gid, ann, bob = _toy_game(client)
    statements.clear()
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    reads = _reads(statements)
    assert reads and not any("games.record" in s.split("FROM", 1)[0] for s in reads), reads


@pytest.fixture
def tokens_remembered(monkeypatch) -> None:
    """The tokens checked stay known however slow the machine (`known_tokens.MEMORY`)."""
    monkeypatch.setattr(known_tokens, "monotonic", lambda: 1000.0)


def test_a_submission_on_sqlite_reads_its_game_and_seats_in_one_statement(client, statements, tokens_remembered):
    """The lazy load of the locked game's seats was 18 % of a submission's route: on SQLite
    (no row locks; the transaction holds the database's) they come joined to the game's
    row. On PostgreSQL they still come apart from the locked row (joined, Diplomacy cost
    more there: docs/server.md)."""
    gid, ann, _ = _toy_game(client)
    statements.clear()
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    reads = _reads(statements)
    sqlite = client.app.state.engine.dialect.name == "sqlite"
    # the game (and its seats); the token was read by the last request (known_tokens.py)
    assert len(reads) == (1 if sqlite else 2), "\n\n".join(reads)
    assert ("JOIN seats" in reads[0]) == sqlite, reads[0]


def test_the_record_is_read_when_the_game_must_be_loaded(client):
    """A submission whose game is not in the cache (another process's, or after a restart)
    reads the record in its locked transaction and is applied to the game as stored."""
    gid, ann, bob = _toy_game(client)
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    cache.GAMES._games.clear()   # as after a restart (tests/server/test_stored_reads.py does the same)
    bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": 2}})
    assert [(a["player"], a["amount"]) for a in stored_record(client, gid).actions] == [("north", 1), ("south", 2)]


def _reads(statements: list[str]) -> list[str]:
    return [s for s in statements if s.lstrip().upper().startswith("SELECT")]


def test_a_read_of_the_game_reads_its_seats_and_players_at_once(client, statements, tokens_remembered):
    """A game's summary names its seats' players: they come in the read of its seats, not
    in a lazy load of each player, and the seats not in a lazy load of them. On SQLite (a
    read is one snapshot) the seats and players come joined to the game's row, without its
    record, which the cached game makes unneeded: one statement, not two."""
    gid, ann, _ = _toy_game(client)
    statements.clear()
    ann.ok("get", f"/api/games/{gid}")
    reads = _reads(statements)
    sqlite = client.app.state.engine.dialect.name == "sqlite"
    # the game (on PostgreSQL with its record, then its seats with their players); the token
    # was read by the last request (known_tokens.py)
    assert len(reads) == (1 if sqlite else 2), "\n\n".join(reads)
    game = [s for s in reads if s.split("FROM", 1)[1].split()[0].strip('"') == "games"]
    assert len(game) == 1 and ("games.record" in game[0].split("FROM", 1)[0]) != sqlite, reads
    assert not [s for s in reads if s.split("FROM", 1)[1].split()[0].strip('"') == "users"
                and "JOIN" not in s], reads


def test_the_record_holds_every_accepted_action_through_the_cheaper_path(client):
    """The same play through the prebuilt statements: every accepted action stored, in order."""
    gid, ann, bob = _toy_game(client)
    for amount in range(3):
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": amount}})
        bob.ok("post", f"/api/games/{gid}/actions", {"seat": "south", "action": {"type": "bid", "amount": amount}})
    actions = stored_record(client, gid).actions
    assert [(a["player"], a["amount"]) for a in actions] == [(s, n) for n in range(3) for s in ("north", "south")]


def _thread_pool_calls(monkeypatch, module: Any) -> list[str]:
    """The functions `module` sends to FastAPI's thread pool from now on, by name."""
    hops: list[str] = []
    real = module.run_in_threadpool

    async def counted(func: Any, *args: Any, **kw: Any) -> Any:
        hops.append(getattr(func, "__name__", repr(func)))
        return await real(func, *args, **kw)

    monkeypatch.setattr(module, "run_in_threadpool", counted)
    return hops


def test_the_token_is_read_without_a_thread_pool_hop(client, monkeypatch):
    """Reading the caller's token is a coroutine: a plain function dependency costs every
    request a trip to FastAPI's thread pool and back; only the route itself takes one."""
    gid, ann, _ = _toy_game(client)
    hops = _thread_pool_calls(monkeypatch, fastapi_dependencies)
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    assert hops == []


def test_a_route_s_answer_is_checked_within_its_one_thread_pool_call(client, monkeypatch):
    """FastAPI checks a sync route's answer against its model in a thread-pool call of its
    own: `OneHop` checks and writes it in the route's call, so a request takes one trip to
    the pool, not two. The answers are still checked and shaped by their models."""
    gid, ann, bob = _toy_game(client)
    hops = _thread_pool_calls(monkeypatch, fastapi_routing)
    acted = ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    legal = bob.ok("get", f"/api/games/{gid}/legal")
    shown = bob.ok("get", f"/api/games/{gid}?seat=south")
    created = client.post("/api/games", headers=ann.headers, json={"game": "toy-bids"})
    assert hops == ["_run_sync_endpoint"] * 4
    assert acted["version"] == 1 and [s["seat"] for s in legal["seats"]] == ["south"] and shown["version"] == 1
    assert created.status_code == 201 and created.json()["id"]
    assert "afresh" not in legal["seats"][0]   # response_model_exclude_unset still holds


def test_a_submission_is_matched_against_no_page_route(client):
    """The API's routes come before the pages': a request tries each route in order, and a
    submission went past every page's before its own."""
    scope = {"type": "http", "method": "POST", "path": "/api/games/g1/actions", "root_path": "",
             "path_params": {}, "headers": [], "query_string": b""}
    tried = []
    for route in client.app.routes:
        tried.append(getattr(route, "path", None))
        if route.matches(scope)[0] == Match.FULL:
            break
    assert not [p for p in tried if p and not p.startswith(("/api", "/docs", "/redoc", "/openapi", "/static-offline"))]


def test_a_change_s_rows_are_written_by_prebuilt_statements_not_the_flush(client, monkeypatch, statements):
    """The unit of work's flush at commit cost about a third of a toy submission's route
    for its two UPDATEs: the game row and the seat are written by prebuilt statements
    (`dbwrites.py`) and the flush finds nothing left to write. What is stored is the same."""
    gid, ann, bob = _toy_game(client)
    flushed: list[str] = []
    real = persistence._emit_update_statements

    def counted(base_mapper: Any, uow: Any, mapper: Any, table: Any, update: Any, **kw: Any) -> Any:
        rows = list(update)
        flushed.extend(table.name for _ in rows)
        return real(base_mapper, uow, mapper, table, rows, **kw)

    monkeypatch.setattr(persistence, "_emit_update_statements", counted)
    statements.clear()
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 4}})
    assert flushed == []
    updates = [s.split(" SET ")[0] for s in statements if s.startswith("UPDATE")]
    assert sorted(updates) == ["UPDATE games", "UPDATE seats"], statements   # the acting seat's, not every seat's
    assert bob.ok("get", f"/api/games/{gid}")["version"] == 1
    assert [(a["player"], a["amount"]) for a in stored_record(client, gid).actions] == [("north", 4)]


def test_the_served_app_runs_few_route_bodies_at_once(database_url, monkeypatch):
    """Route bodies share one GIL: `warjudge serve` runs at most `cli.THREADS` at once
    (anyio's default pool, 40, handed the GIL around for nothing: issue 22's benchmark). The
    other requests wait for a thread and are all answered (here 401: the game is read before the caller is checked)."""
    app = create_app(database_url, limits=MANY_SIGNUPS, threads=2)
    running, most = [0], [0]
    real, guard = deps.read_game, threading.Lock()

    def slow_read(session: Any, game_id: str) -> Any:
        with guard:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with guard:
            running[0] -= 1
        return real(session, game_id)

    with TestClient(app) as client:
        monkeypatch.setattr(deps, "read_game", slow_read)
        with ThreadPoolExecutor(6) as pool:   # games that are not there: reads of one game take turns (cache.py)
            answers = list(pool.map(lambda n: client.get(f"/api/games/missing{n}/legal"), range(6)))
    app.state.engine.dispose()
    assert [a.status_code for a in answers] == [401] * 6 and most[0] == 2
    assert cli.THREADS < 40


def test_a_read_of_a_game_builds_no_orm_row(client, tokens_remembered):
    """Issue 22: the ORM's loading of a read's row, seats and players cost more than the
    rest of a cached `GET …/legal`; reads take them by Core as plain values (gameread.py)."""
    gid, ann, bob = _toy_game(client)
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    loaded: list[str] = []

    def noted(target: Any, _context: Any) -> None:
        loaded.append(type(target).__name__)

    event.listen(Base, "load", noted, propagate=True)
    try:
        legal = bob.ok("get", f"/api/games/{gid}/legal")
        shown = ann.ok("get", f"/api/games/{gid}")
    finally:
        event.remove(Base, "load", noted)
    assert loaded == [], loaded
    assert [s["seat"] for s in legal["seats"]] == ["south"] and shown["version"] == 1
    assert [(s["seat"], s["user"]) for s in shown["seats"]] == [("north", ann.name), ("south", bob.name)]


def test_a_game_route_solves_three_dependencies(client, monkeypatch):
    """Issue 22: FastAPI's dependency solving was about a tenth of a cached `GET …/legal`;
    a game's caller reads the bearer token itself (`auth.credentials_of`), not through
    another dependency: the route, its `GameCall` and the bearer scheme, three in all."""
    gid, ann, bob = _toy_game(client)
    solved: list[str] = []
    real = fastapi_dependencies.solve_dependencies

    async def counted(*args: Any, **kw: Any) -> Any:
        solved.append(getattr(kw["dependant"].call, "__name__", type(kw["dependant"].call).__name__))
        return await real(*args, **kw)

    monkeypatch.setattr(fastapi_dependencies, "solve_dependencies", counted)
    monkeypatch.setattr(fastapi_routing, "solve_dependencies", counted)
    ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    assert solved == ["act", "_game_call", "HTTPBearer"], solved
    solved.clear()
    assert [s["seat"] for s in bob.ok("get", f"/api/games/{gid}/legal")["seats"]] == ["south"]
    assert solved == ["legal", "_game_call", "HTTPBearer"], solved


def test_a_change_of_a_game_merges_no_account(client, tokens_remembered):
    """A change of a game only looks at its caller's account (ids, name): it is not merged
    into the change's session (the merge cost about as much as the token's query)."""
    gid, ann, bob = _toy_game(client)
    loaded: list[str] = []

    def noted(target: Any, _context: Any) -> None:
        loaded.append(type(target).__name__)

    event.listen(User, "load", noted)
    try:
        ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
        assert bob.ok("post", f"/api/games/{gid}/ready", {"seat": "south"})["ready"] is True
        assert client.post(f"/api/games/{gid}/actions", headers=bob.headers,   # still only the seat's holder
                           json={"seat": "north", "action": {"type": "bid", "amount": 2}}).status_code == 403
    finally:
        event.remove(User, "load", noted)
    assert loaded == [], loaded
    assert [(a["player"], a["amount"]) for a in stored_record(client, gid).actions] == [("north", 1)]


def test_a_player_s_action_and_ready_build_no_orm_row(client, tokens_remembered):
    """Issue 22: the ORM's loading of the locked game and its seats, and its bookkeeping at
    commit, were about a third of a Diplomacy submission's CPU; an action and a Ready lock
    and read them by Core and write back what changed (gamewrite.py). The phase they end is
    adjudicated and stored as before: the new phase's start, every seat not ready again."""
    gm, player = sign_up(client), sign_up(client)
    gid = gm.ok("post", "/api/games", {"game": "diplomacy", "open": True})["id"]
    powers = [s["seat"] for s in gm.ok("get", f"/api/games/{gid}")["seats"]]
    for power in powers:
        player.ok("post", f"/api/games/{gid}/seats/{power}")
    loaded: list[str] = []

    def noted(target: Any, _context: Any) -> None:
        loaded.append(type(target).__name__)

    event.listen(Base, "load", noted, propagate=True)
    try:
        acted = player.ok("post", f"/api/games/{gid}/actions",
                          {"seat": "FRANCE", "action": {"type": "order", "order": "A PAR - BUR"}, "phase": "S1901M"})
        processed = [player.ok("post", f"/api/games/{gid}/ready", {"seat": p, "phase": "S1901M"})["processed"]
                     for p in powers]
    finally:
        event.remove(Base, "load", noted)
    assert loaded == [], loaded
    assert acted["results"][0]["accepted"] and acted["version"] == 1
    assert processed == [False] * 6 + [True]
    shown = gm.ok("get", f"/api/games/{gid}")
    assert shown["version"] == 2 and shown["view"]["phase"] == "F1901M"
    assert shown["view"]["units"]["FRANCE"] == ["F bre", "A bur", "A mar"]
    with Session(client.app.state.engine) as session:
        row = session.get(GameRow, gid)
        assert row is not None and json.loads(row.phase_starts or "[0]") == [0, 2]   # the order, then the adjudication
        assert [(s.ready, s.acted) for s in row.seats] == [(False, False)] * 7
        assert [a["order"] for a in GameRecord.from_json(row.record).actions if a["type"] == "order"] == ["A par - bur"]


def test_a_player_s_change_that_fails_to_commit_leaves_nothing(client, monkeypatch):
    """The action and the version are written in the change's one transaction: a change
    whose writing fails (the database gone) stores neither, answers 503, and the next
    submission finds the game as it was (the half-changed loaded game was dropped)."""
    gid, ann, bob = _toy_game(client)
    real = gamewrite.GameWrite.write

    def failing(row: gamewrite.GameWrite) -> None:
        real(row)
        raise sqlalchemy.exc.OperationalError("UPDATE", {}, Exception("the database went away"))

    monkeypatch.setattr(gamewrite.GameWrite, "write", failing)
    lost = client.post(f"/api/games/{gid}/actions", headers=ann.headers,
                       json={"seat": "north", "action": {"type": "bid", "amount": 5}})
    assert lost.status_code == 503
    monkeypatch.setattr(gamewrite.GameWrite, "write", real)
    assert bob.ok("get", f"/api/games/{gid}")["version"] == 0 and not stored_record(client, gid).actions
    assert ann.ok("post", f"/api/games/{gid}/actions",
                  {"seat": "north", "action": {"type": "bid", "amount": 2}})["version"] == 1
    assert [(a["player"], a["amount"]) for a in stored_record(client, gid).actions] == [("north", 2)]



def test_a_submission_to_a_game_without_bots_asks_no_bot_question(client, monkeypatch):
    """Whether bots must answer was worked out from the game's `waiting_for` after every
    submission (Diplomacy: every power's units, three times a request), bots or not: a
    game no bot plays asks the game nothing."""
    gid, ann, _ = _toy_game(client)
    asked: list[str] = []
    real = Game.waiting_for

    def counted(game: Game) -> tuple[str, ...]:
        asked.append(game.game_id)
        return real(game)

    monkeypatch.setattr(Game, "waiting_for", counted)
    acted = ann.ok("post", f"/api/games/{gid}/actions", {"seat": "north", "action": {"type": "bid", "amount": 1}})
    assert acted["results"][0]["accepted"] and asked == []


def test_a_submission_is_matched_before_the_lobby_s_routes(client):
    """Issue 22: the route search was about a tenth of a toy submission's CPU, each route
    tried before its own costing it; the playing routes (actions, Ready, legal actions:
    most requests) come first. A path both areas serve by other methods still finds its
    own (`GET …/bots` is the lobby's, `POST …/bots` the playing one's)."""
    order = [getattr(r, "path", None) for area in client.app.routes
             for r in getattr(getattr(area, "original_router", None), "routes", [area])]   # included routers opened
    game_routes = [p for p in order if p and p.startswith("/api/games")]
    assert game_routes.index("/api/games/{game_id}/actions") < game_routes.index("/api/games/{game_id}"), game_routes
    assert game_routes.index("/api/games/{game_id}/ready") < game_routes.index("/api/games"), game_routes
    gid, ann, _ = _toy_game(client)
    assert "bots" in ann.ok("get", f"/api/games/{gid}/bots")
