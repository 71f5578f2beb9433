"""Where the server keeps its data (one database URL, chosen once at start), and how many
live-update streams it holds open.

Order of choice: the `--database` option, then `WARJUDGE_DATABASE_URL`, then a SQLite file
in the data folder (`WARJUDGE_DATA`, else `./warjudge-data`), so `warjudge serve` works
with no set-up at all. A bare `postgresql://` URL is read as psycopg 3's driver, the
one the project installs."""

from __future__ import annotations

import os
from pathlib import Path

DATA_ENV = "WARJUDGE_DATA"
URL_ENV = "WARJUDGE_DATABASE_URL"
DEFAULT_DATA = "warjudge-data"


def database_url(explicit: str | None = None) -> str:
    url = explicit or os.environ.get(URL_ENV)
    if not url:
        folder = Path(os.environ.get(DATA_ENV) or DEFAULT_DATA).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'warjudge.sqlite3'}"
    for bare in ("postgresql://", "postgres://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url[len(bare):]
    return url


STREAMS_PER_CLIENT_ENV = "WARJUDGE_STREAMS_PER_CLIENT"
STREAMS_TOTAL_ENV = "WARJUDGE_STREAMS_TOTAL"
STREAMS_PER_CLIENT = 8   # live-update streams one token (or, signed out, one address) may hold open
STREAMS_TOTAL = 500      # and all clients together, per server process


def stream_caps() -> tuple[int, int]:
    """(per client, in total): the live-update streams a server process holds open at most,
    from the environment, else the defaults above."""
    def read(env: str, default: int) -> int:
        value = os.environ.get(env)
        if value is None:
            return default
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"{env}: a whole number of streams, at least 1, not {value!r}")
        return int(value)
    return read(STREAMS_PER_CLIENT_ENV, STREAMS_PER_CLIENT), read(STREAMS_TOTAL_ENV, STREAMS_TOTAL)
