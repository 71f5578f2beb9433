"""Where the server keeps its data: one database URL, chosen once at start.

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
