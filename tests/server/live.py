"""A real `warjudge serve` process on a free localhost port, for the tests that use the
server as its users do (the printed URL, curl). A server still running when the Python
that started it exits (a `with` block cut short, a benchmark stopped) is stopped then."""

from __future__ import annotations

import atexit
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
# `warjudge serve`, with the toy games registered first (the real games need no set-up)
WITH_TOY = ("import sys; from tests.support import toygame; from tests.server import gmtoy; "
            "from warjudge.core import games; games.register(toygame.INFO); games.register(gmtoy.INFO); "
            "from warjudge.cli import app; sys.argv[0] = 'warjudge'; app()")


RUNNING: set[subprocess.Popen] = set()   # the servers started here and not stopped yet


@atexit.register
def _stop_running() -> None:
    for process in list(RUNNING):
        _stop(process)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:   # connections still open: stop it outright
        process.kill()
        process.wait()
    RUNNING.discard(process)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _drain(process: subprocess.Popen, output: list[str] | None) -> None:
    for line in process.stdout:
        if output is not None:
            output.append(line)


@contextmanager
def server(data: Path, toy: bool = False, database: str | None = None, output: list[str] | None = None,
           extra: tuple[str, ...] = ()) -> Iterator[tuple[str, list[str], subprocess.Popen]]:
    """Yields the server's base URL, the two lines it printed on start, and its process;
    every later line it prints is appended to `output` if given; `extra`: more options."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "WARJUDGE_DATABASE_URL"} | {
        # this checkout's code, not whichever the environment's install points at
        "WARJUDGE_DATA": str(data), "PYTHONPATH": os.pathsep.join((str(ROOT / "src"), str(ROOT)))}
    command = [sys.executable, "-c", WITH_TOY] if toy else [str(Path(sys.executable).parent / "warjudge")]
    options = ["--database", database] if database else []
    process = subprocess.Popen([*command, "serve", "--port", str(port), *options, *extra], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    RUNNING.add(process)
    try:
        printed = [process.stdout.readline(), process.stdout.readline()]
        # the log goes on: read it, or a full pipe would stop the server
        threading.Thread(target=_drain, args=(process, output), daemon=True).start()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/openapi.json", timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, printed
                time.sleep(0.2)
        yield base, printed, process
    finally:
        _stop(process)
