"""`warjudge serve` as its user runs it: a real uvicorn process that prints its URL and
answers on it, with no set-up but a data folder."""

from __future__ import annotations

import re
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


def test_the_api_docs_need_no_internet(client):
    page = client.get("/docs")
    assert page.status_code == 200 and "cdn" not in page.text.lower()
    assets = re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', page.text)
    assert len(assets) >= 2
    for asset in assets:   # Swagger UI 5 (it reads the OpenAPI 3.1 schema FastAPI writes), served here
        answer = client.get(asset)
        assert answer.status_code == 200 and len(answer.content) > 10_000, asset
    assert "cdn" not in client.get("/redoc").text.lower()
