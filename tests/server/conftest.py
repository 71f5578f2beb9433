"""The server under test: a fresh SQLite file per test, the toy games registered, and
small helpers that act as a user of the API would."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from argon2 import PasswordHasher, profiles
from fastapi.testclient import TestClient
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.orm import Session

from tests.server import gmtoy, postgres
from tests.support import toygame
from warjudge.core import games
from warjudge.core.game import Game
from warjudge.core.record import GameRecord
from warjudge.server import accounts, auth, botturns, db, phases, play
from warjudge.server.app import create_app
from warjudge.server.models import GameRow
from warjudge.server.ratelimit import Limits, Rate

PASSWORD = "correct horse battery"
UNPACED = botturns.Pace(burst=1_000_000, every=0.0)   # the tests' bots: every step at once
_names = itertools.count()


def at_revision(database_url: str, revision: str) -> Engine:
    """The database's schema as migration `revision` left it (an old database): SQLite's
    fresh one upgraded to it, PostgreSQL's (migrated once for the session) downgraded."""
    engine = db.make_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(db.MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        if inspect(connection).has_table("alembic_version"):
            command.downgrade(config, revision)
        else:
            command.upgrade(config, revision)
    return engine


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    for info in (toygame.INFO, gmtoy.INFO):
        games.register(info)
    yield
    for info in (toygame.INFO, gmtoy.INFO):
        games.unregister(info.id)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server for the session, its database migrated once."""
    if postgres.binaries() is None:
        pytest.skip("PostgreSQL is not installed here (`make test` installs Debian's postgresql)")
    with postgres.cluster() as url:
        engine = create_engine(url)
        db.upgrade(engine)
        engine.dispose()
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """Every server test runs on SQLite and on a real PostgreSQL server (emptied first)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    url = request.getfixturevalue("postgres_server")
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("TRUNCATE users, tokens, games, seats, rate_buckets CASCADE"))
    engine.dispose()
    return url


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch) -> None:
    """Argon2's cheapest parameters: the tests sign up hundreds of accounts."""
    monkeypatch.setattr(auth, "HASHER", PasswordHasher.from_parameters(profiles.CHEAPEST))


# the tests sign up many accounts from one address: only the tests of the limits keep the
# default sign-up limit (tests/server/test_limits.py)
MANY_SIGNUPS = Limits(signup=Rate(10_000, 0.001))


@pytest.fixture
def client(database_url) -> Iterator[TestClient]:
    app = create_app(database_url, limits=MANY_SIGNUPS)
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()


class Clock:
    """The limits' and tokens' time, moved on by the test."""

    def __init__(self) -> None:
        self.now = 2_000_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(accounts, "time", fake)
    monkeypatch.setattr(auth, "time", fake)
    return fake


@dataclass
class Player:
    """An account of the server, acting through the API with its own token."""

    client: TestClient
    name: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kw: Any):
        return self.client.get(path, headers=self.headers, **kw)

    def post(self, path: str, body: Any = None, **kw: Any):
        return self.client.post(path, json=body, headers=self.headers, **kw)

    def ok(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        response = self.get(path, **kw) if method == "get" else self.post(path, body, **kw)
        assert response.status_code in (200, 201), response.text
        return response.json()


def sign_up(client: TestClient, name: str | None = None) -> Player:
    name = name or f"user{next(_names)}"
    assert client.post("/api/users", json={"name": name, "password": PASSWORD}).status_code == 201
    token = client.post("/api/tokens", json={"name": name, "password": PASSWORD}).json()["token"]
    return Player(client, name, token)


def stored_record(client: TestClient, game_id: str) -> GameRecord:
    """The game's record as the server keeps it, seeds and secrets included: a test reads it
    from the database, since no route gives it to anyone while the game runs."""
    with Session(client.app.state.engine) as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        return GameRecord.from_json(row.record)


def stored_game(client: TestClient, game_id: str) -> Game:
    """The game as the server holds it (its full view is `view(None)`): the server's own
    cached copy when it holds the stored version, so read it, never change it."""
    with Session(client.app.state.engine) as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        game = play.load(row)
        session.commit()   # hands the server's cached copy back (cache.py keeps a loaded game on commit)
        return game


@pytest.fixture
def players(client):
    """gm, ann, bob: three accounts."""
    return sign_up(client, "gm"), sign_up(client, "ann"), sign_up(client, "bob")


def run_bots(client: TestClient, most: int = 2_000) -> int:
    """Every game's bots take their steps, one after another, until none must act, as the
    server's background thread would with no pause (the app of these tests runs none):
    deterministic, and each test says when the bots answer. How many steps were taken."""
    sessions = db.sessions(client.app.state.engine)   # sharing the app's write lock queue
    taken = 0
    while found := botturns.due(sessions, time.time()):
        for game_id in found:
            taken += botturns.step(sessions, game_id, UNPACED)
        assert taken <= most, "the bots went on and on"
    return taken


def listed(player, gid: str, **params) -> dict:
    """Every page of the game's history as `player` gets it, joined."""
    def page(start: int) -> dict:
        response = player.get(f"/api/games/{gid}/history", params=params | {"start": start})
        assert response.status_code == 200, response.text
        return response.json()

    first = page(0)
    pages, phases = first, list(first["phases"])
    while pages["next"] is not None:
        pages = page(pages["next"])
        phases += pages["phases"]
    assert len(phases) == first["count"]
    return first | {"phases": phases}


def phase_truth(record: GameRecord) -> list[dict[str, Any]]:
    """Each phase the history shows (0: the start), worked out here from the record alone:
    its actions, who was to act and the outcome at its end, and the full view then."""
    game = games.load(record.restarted())
    listing = games.entries(record)
    assert listing is not None

    def ended(actions: list) -> dict[str, Any]:
        outcome = game.outcome()
        return {"actions": actions, "to_act": list(game.to_act()), "full": game.view(None),
                "outcome": outcome.to_json() if outcome else None}

    found, actions = [ended([])], []
    for player, action in listing:
        before = phases.asked(game)
        game.act(player, action)
        actions.append((player, action))
        if phases.ends_phase(game, player, before):
            found.append(ended(actions))
            actions = []
    return found


def sent_statements(engine: Any, run: Any) -> list[str]:
    """The SQL statements `run()` sends through `engine` (BEGIN and COMMIT are not among them)."""
    statements: list[str] = []
    listener = lambda *args: statements.append(args[2])   # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return statements


def is_token_read(statement: str) -> bool:
    """The caller's token check (auth.TOKEN_LOOKUP): made at most once a second (known_tokens.py)."""
    return "FROM users JOIN tokens" in " ".join(statement.split())
