"""The server under test: a fresh SQLite file per test, the toy games registered, and
small helpers that act as a user of the API would."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from argon2 import PasswordHasher, profiles
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tests.server import gmtoy, postgres
from tests.support import toygame
from warjudge.core import games
from warjudge.server import auth, db
from warjudge.server.app import create_app

PASSWORD = "correct horse battery"
_names = itertools.count()


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
        connection.execute(text("TRUNCATE users, tokens, games, seats CASCADE"))
    engine.dispose()
    return url


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch) -> None:
    """Argon2's cheapest parameters: the tests sign up hundreds of accounts."""
    monkeypatch.setattr(auth, "HASHER", PasswordHasher.from_parameters(profiles.CHEAPEST))


@pytest.fixture
def client(database_url) -> Iterator[TestClient]:
    app = create_app(database_url)
    with TestClient(app) as test_client:
        yield test_client
    app.state.engine.dispose()


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


@pytest.fixture
def players(client):
    """gm, ann, bob: three accounts."""
    return sign_up(client, "gm"), sign_up(client, "ann"), sign_up(client, "bob")


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
