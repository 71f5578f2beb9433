"""`warjudge serve` as its user runs it: a real uvicorn process that prints its URL and
answers on it, with no set-up but a data folder."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

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


def _post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"}
                                     | ({"Authorization": f"Bearer {token}"} if token else {}))
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_serve_with_several_workers_shares_its_port_between_processes(tmp_path, database_url):
    """`--workers 2`: two processes on one database, so one command uses both cores."""
    with server(tmp_path, database=database_url, extra=("--workers", "2")) as (base, printed, process):
        assert f"{base}/docs" in printed[1]
        deadline = time.monotonic() + 30
        while len(_workers(process.pid)) < 2:
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.2)
        _post(base, "/api/users", {"name": "ann", "password": "a long password"})
        token = _post(base, "/api/tokens", {"name": "ann", "password": "a long password"})["token"]
        games = [_post(base, "/api/games", {"game": "diplomacy"}, token)["id"] for _ in range(6)]
        for gid in games:   # whichever process answers, every game is in the one database
            with urllib.request.urlopen(f"{base}/api/games/{gid}", timeout=30) as answer:
                assert json.loads(answer.read())["id"] == gid
        assert len(_workers(process.pid)) == 2


def _workers(pid: int) -> list[str]:
    """The worker processes uvicorn spawned (not multiprocessing's resource tracker)."""
    found = Path(f"/proc/{pid}/task/{pid}/children")
    children = found.read_text().split() if found.exists() else []
    return [c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
