"""`warjudge serve` and `warjudge db upgrade`. The server's heavy imports wait until a
command runs, so every other warjudge command starts as fast as before."""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

import typer

db_app = typer.Typer(no_args_is_help=True, help="The play server's database.")

SWITCH_INTERVAL = 0.001   # seconds
# Route bodies run at once in FastAPI's thread pool (anyio's default: 40). They share one
# GIL, so more threads only hand it around: at 50 Diplomacy clients 40 threads cost 6.9-7.6 ms
# of server CPU a submission, 6 threads 4.6-5.5 ms (benchmarks/server_load.py, issue 22).
THREADS = 6
GC_YOUNG = 20_000   # allocations between two young-generation garbage collections (`_process_app`)
BOT_PACE_ENV = "WARJUDGE_BOT_PACE"   # `serve --bot-pace`, handed to `--workers`' processes
GAMES_ENV = "WARJUDGE_GAMES"   # `serve --game`, handed to `--workers`' processes
GAME_HELP = ("a game to serve beside the built-in ones: the import path of its registration, "
             "module:GAMEINFO (repeatable; docs/adding-a-game.md)")
SMTP_HELP = ("the SMTP server that sends the e-mail notifications: smtp://user:pass@host:port (plain), "
             "smtps://... (TLS) or smtp+starttls://..., with ?from=address&site=https://your.site (the links' "
             "start); default: $WARJUDGE_SMTP_URL, else no mail is sent (docs/server.md)")

DATABASE_HELP = ("database URL (sqlite:///path or postgresql://user:pass@host/db); default: "
                 "$WARJUDGE_DATABASE_URL, else a SQLite file in $WARJUDGE_DATA or ./warjudge-data")


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
          database: Optional[str] = typer.Option(None, help=DATABASE_HELP),
          workers: int = typer.Option(1, min=1, max=64, help="server processes sharing the port, to use "
                                                             "several cores (SQLite or PostgreSQL; docs/server.md)"),
          access_log: bool = typer.Option(False, help="log every request (costs about a fifth of the "
                                                       "throughput under load)"),
          forwarded_allow_ips: Optional[str] = typer.Option(
              None, help="the proxies (comma-separated addresses, or *) whose X-Forwarded-For names the "
                         "client; by default none: the limits count the socket's peer, which no client can forge"),
          rate_limits: Optional[str] = typer.Option(
              None, help="login and sign-up limits, e.g. 'login=5/60,signup=5/600' (burst/seconds); default: "
                         "$WARJUDGE_RATE_LIMITS, else docs/server.md's"),
          token_days: Optional[float] = typer.Option(
              None, help="how long a token or browser session lasts; default: $WARJUDGE_TOKEN_DAYS, else 30"),
          bot_pace: float = typer.Option(1.0, min=0.0, max=3600.0, help="seconds between two steps of a game "
                                                                          "the bots play alone (docs/server.md)"),
          smtp: Optional[str] = typer.Option(None, help=SMTP_HELP),
          game: list[str] = typer.Option([], help=GAME_HELP)) -> None:
    """Run the play server: every registered game over HTTP (API docs at /docs)."""
    import uvicorn

    from warjudge.server import auth, db, mail
    from warjudge.server.config import URL_ENV, database_url
    from warjudge.server.onewrite import OneWriteProtocol
    from warjudge.server.ratelimit import LIMITS_ENV, Limits

    for name, value in ((LIMITS_ENV, rate_limits), (auth.TOKEN_DAYS_ENV, token_days), (mail.SMTP_ENV, smtp)):
        if value is not None:   # the environment carries them to every worker process
            os.environ[name] = str(value)
    try:
        Limits.from_env(), auth.token_days_from_env(), mail.Smtp.from_env()
        register_games(game)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    proxies: dict[str, Any] = {"proxy_headers": forwarded_allow_ips is not None,
                               "forwarded_allow_ips": forwarded_allow_ips}
    url = database_url(database)
    try:
        if workers == 1:
            app = _process_app(url, migrate=True, bot_pace=bot_pace)
        else:   # migrated once here; each worker process builds its own app (`worker_app`)
            db.upgrade(db.make_engine(url))
            os.environ[URL_ENV] = url
            os.environ[BOT_PACE_ENV] = str(bot_pace)
            os.environ[GAMES_ENV] = " ".join(game)
    except Exception as exc:  # noqa: BLE001 - a database that cannot be opened is one clear line
        typer.echo(f"error: cannot open the database {_shown(url)}: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(2) from None
    print(f"database: {_shown(url)}", flush=True)   # shown at once even when piped to a log
    print(f"warjudge play server: http://{host}:{port}/  (API docs: http://{host}:{port}/docs)", flush=True)
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level="info", access_log=access_log, http=OneWriteProtocol,
                    **proxies)
    else:
        uvicorn.run("warjudge.server.cli:worker_app", factory=True, workers=workers, host=host, port=port,
                    log_level="info", access_log=access_log, http=OneWriteProtocol, **proxies)


def worker_app() -> Any:
    """The app of one of `serve --workers`' processes (the database URL is in the environment)."""
    from warjudge.server.config import database_url

    register_games(os.environ.get(GAMES_ENV, "").split())
    return _process_app(database_url(), migrate=False, bot_pace=float(os.environ.get(BOT_PACE_ENV, "1.0")))


def register_games(targets: list[str]) -> None:
    """Register each game `serve --game` names ("module:GAMEINFO", a `core.games.GameInfo`):
    a game added from outside warjudge is served with no launcher script of its own.
    ValueError naming the first that cannot be registered."""
    import importlib

    from warjudge.core import games

    for target in targets:
        module, _, name = target.partition(":")
        try:
            info = getattr(importlib.import_module(module), name) if name else None
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"cannot register the game {target!r}: {type(exc).__name__}: {exc}") from None
        if not isinstance(info, games.GameInfo):
            raise ValueError(f"--game {target!r} names no GameInfo (module:GAMEINFO, docs/adding-a-game.md)")
        games.register(info)


def _process_app(url: str, migrate: bool, bot_pace: float) -> Any:
    """The app, with its deadline scheduler and its bots' (`bot_pace`: seconds between two
    steps of a game the bots play alone), in a process tuned for serving."""
    import gc
    import logging

    from warjudge.server.app import create_app
    from warjudge.server.botturns import Pace
    from warjudge.server.mail import Smtp
    from warjudge.server.scheduler import INTERVAL

    # The GIL passes between threads every SWITCH_INTERVAL instead of Python's 5 ms: a
    # submission's thread waits for it at every database call, and on SQLite the next
    # writer in line (writelock.py) waits for it before the write lock is any use.
    sys.setswitchinterval(SWITCH_INTERVAL)
    app = create_app(url, migrate=migrate, deadlines_every=INTERVAL, bot_pace=Pace(every=bot_pace),
                     phases_every=INTERVAL, smtp=Smtp.from_env(), threads=THREADS)
    # Everything loaded so far (the modules, the app, its migrations) lives as long as the
    # process: kept out of the garbage collector's full passes, which otherwise walked it all
    # and stopped every request for 80-350 ms under load (measured with gc.callbacks).
    gc.collect()
    gc.freeze()
    # A young-generation pass every GC_YOUNG allocations, not Python's 700: a request
    # allocates thousands of short-lived objects (SJG's legal actions), and the passes cost
    # 2.7 ms of an SJG submission's 35 (0.6 ms at 20,000; measured with gc.callbacks).
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
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
