"""`warjudge serve` as its user runs it: a real uvicorn process that prints its URL and
answers on it, with no set-up but a data folder."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_prints_its_url_and_answers(tmp_path):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "WARJUDGE_DATABASE_URL"} | {"WARJUDGE_DATA": str(tmp_path)}
    server = subprocess.Popen([str(Path(sys.executable).parent / "warjudge"), "serve", "--port", str(port)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = [server.stdout.readline(), server.stdout.readline()]
        assert f"sqlite:///{tmp_path}/warjudge.sqlite3" in lines[0]
        assert f"http://127.0.0.1:{port}/docs" in lines[1]
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as answer:
                    schema = answer.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.2)
        for route in ("/api/users", "/api/tokens", "/api/games/{game_id}/actions", "/api/games/{game_id}/process"):
            assert f'"{route}"' in schema
    finally:
        server.terminate()
        server.wait(timeout=10)
