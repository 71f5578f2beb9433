"""`warjudge serve` and `warjudge db upgrade`. The server's heavy imports wait until a
command runs, so every other warjudge command starts as fast as before."""

from __future__ import annotations

import sys
from typing import Any, Optional

import typer

db_app = typer.Typer(no_args_is_help=True, help="The play server's database.")

SWITCH_INTERVAL = 0.001   # seconds

DATABASE_HELP = ("database URL (sqlite:///path or postgresql://user:pass@host/db); default: "
                 "$WARJUDGE_DATABASE_URL, else a SQLite file in $WARJUDGE_DATA or ./warjudge-data")


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
          database: Optional[str] = typer.Option(None, help=DATABASE_HELP),
          workers: int = typer.Option(1, min=1, max=64, help="server processes sharing the port, to use "
                                                             "several cores (PostgreSQL; docs/server.md)"),
          access_log: bool = typer.Option(False, help="log every request (costs about a fifth of the "
                                                       "throughput under load)")) -> None:
    """Run the play server: every registered game over HTTP (API docs at /docs)."""
    import os

    import uvicorn

    from warjudge.server import db
    from warjudge.server.config import URL_ENV, database_url

    url = database_url(database)
    try:
        if workers == 1:
            app = _process_app(url, migrate=True)
        else:   # migrated once here; each worker process builds its own app (`worker_app`)
            db.upgrade(db.make_engine(url))
            os.environ[URL_ENV] = url
    except Exception as exc:  # noqa: BLE001 - a database that cannot be opened is one clear line
        typer.echo(f"error: cannot open the database {_shown(url)}: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(2) from None
    print(f"database: {_shown(url)}", flush=True)   # shown at once even when piped to a log
    print(f"warjudge play server: http://{host}:{port}/  (API docs: http://{host}:{port}/docs)", flush=True)
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level="info", access_log=access_log)
    else:
        uvicorn.run("warjudge.server.cli:worker_app", factory=True, workers=workers, host=host, port=port,
                    log_level="info", access_log=access_log)


def worker_app() -> Any:
    """The app of one of `serve --workers`' processes (the database URL is in the environment)."""
    from warjudge.server.config import database_url

    return _process_app(database_url(), migrate=False)


def _process_app(url: str, migrate: bool) -> Any:
    """The app, with its deadline scheduler, in a process tuned for serving."""
    import gc
    import logging

    from warjudge.server.app import create_app
    from warjudge.server.scheduler import INTERVAL

    # The GIL passes between threads every SWITCH_INTERVAL instead of Python's 5 ms: a
    # submission's thread waits for it at every database call, and on SQLite the next
    # writer in line (writelock.py) waits for it before the write lock is any use.
    sys.setswitchinterval(SWITCH_INTERVAL)
    app = create_app(url, migrate=migrate, deadlines_every=INTERVAL, phases_every=INTERVAL)
    # Everything loaded so far (the modules, the app, its migrations) lives as long as the
    # process: kept out of the garbage collector's full passes, which otherwise walked it all
    # and stopped every request for 80-350 ms under load (measured with gc.callbacks).
    gc.collect()
    gc.freeze()
    logger = logging.getLogger("warjudge.server")   # deadlines adjudicated, games that cannot load
    if not logger.handlers:
        logger.setLevel(logging.INFO)
        logger.addHandler(logging.StreamHandler(sys.stdout))
    return app


@db_app.command("upgrade")
def upgrade(database: Optional[str] = typer.Option(None, help=DATABASE_HELP)) -> None:
    """Apply the database migrations (`serve` also does this on start)."""
    from warjudge.server import db
    from warjudge.server.config import database_url

    url = database_url(database)
    try:
        db.upgrade(db.make_engine(url))
    except Exception as exc:  # noqa: BLE001
        typer.echo(f"error: cannot upgrade the database {_shown(url)}: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"database {_shown(url)} is up to date")
