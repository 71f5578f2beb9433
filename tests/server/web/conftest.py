"""A browser-like client for the pages' tests: it keeps cookies and speaks https (the
session cookie is Secure), on a fresh SQLite file."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.server.conftest import MANY_SIGNUPS, PASSWORD
from tests.server.web import stalls
from warjudge.server.app import create_app


@pytest.fixture
def web_app(tmp_path) -> Iterator[FastAPI]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", limits=MANY_SIGNUPS)
    yield app
    app.state.engine.dispose()


def _client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="https://testserver", follow_redirects=False) as client:
        yield client


@pytest.fixture
def browser(web_app) -> Iterator[TestClient]:
    """A client that keeps cookies, over https (the session cookie is Secure)."""
    yield from _client(web_app)


@pytest.fixture
def other_browser(web_app) -> Iterator[TestClient]:
    """A second person's browser on the same server."""
    yield from _client(web_app)


def form_csrf(client: TestClient) -> str:
    """The sign-in page's forms' CSRF token (the page also sets its pre-session cookie)."""
    page = client.get("/signin")
    return re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text).group(1)


def sign_up(client: TestClient, name: str = "ann") -> str:
    """Signs up through the form; the session's CSRF token, read from the lobby page."""
    response = client.post("/signup", data={"name": name, "password": PASSWORD, "csrf_token": form_csrf(client)})
    assert response.status_code == 303 and response.headers["location"] == "/lobby"
    lobby = client.get("/lobby")
    assert lobby.status_code == 200
    return re.search(r'name="csrf-token" content="([0-9a-f]+)"', lobby.text).group(1)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test whose page operation timed out reports what the live server's
    threads and tasks were doing then (`stalls.py`)."""
    outcome = yield
    live = getattr(item, "funcargs", {}).get("live")
    if call.excinfo is not None and live is not None and stalls.timed_out(call.excinfo.value):
        outcome.get_result().sections.append(("live server at the timeout", stalls.report(live.server.loop)))
