"""`warjudge serve` as its user runs it: a real uvicorn process that prints its URL and
answers on it, with no set-up but a data folder."""

from __future__ import annotations

import urllib.request

from tests.server.live import server


def test_serve_prints_its_url_and_answers(tmp_path):
    with server(tmp_path) as (base, printed, _):
        assert f"sqlite:///{tmp_path}/warjudge.sqlite3" in printed[0]
        assert f"{base}/docs" in printed[1]
        with urllib.request.urlopen(f"{base}/openapi.json", timeout=5) as answer:
            schema = answer.read().decode()
        with urllib.request.urlopen(f"{base}/", timeout=5) as home:   # the lobby: a stranger signs in first
            assert home.url.endswith("/signin") and "Sign up" in home.read().decode()
    for route in ("/api/users", "/api/tokens", "/api/games/{game_id}/actions", "/api/games/{game_id}/process"):
        assert f'"{route}"' in schema
