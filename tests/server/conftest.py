"""The server under test: a fresh SQLite file per test, the toy games registered, and
small helpers that act as a user of the API would."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server import gmtoy
from tests.support import toygame
from warjudge.core import games
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


@pytest.fixture
def database_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def client(database_url) -> Iterator[TestClient]:
    with TestClient(create_app(database_url)) as test_client:
        yield test_client


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
