"""The database: one engine per server, migrations applied before it serves, and the
write lock a submission holds from reading the game to committing it.

SQLite has no row locks, so every SQLite transaction that may write starts with `BEGIN
IMMEDIATE` (the database's write lock, waited for up to `BUSY_MS`), after queueing for it
in this process and then between the server's processes (`writelock.py`); PostgreSQL locks the game's row with `SELECT … FOR
UPDATE` (`locked_game`). Either way two submissions to one game run one after the other
and neither loses the other's update. Requests that only read (`Sessions.reading`) take
no write lock: on SQLite they read a snapshot (WAL) while a writer works.

A PostgreSQL server that is restarting is waited for up to `CONNECT_PATIENCE` seconds
when connecting, and `Attempt` tells `outage.py` whether a failed request had begun to
commit (only one that had not is run again)."""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, bindparam, create_engine, event, select
from sqlalchemy.orm import Session, defer, joinedload, sessionmaker
from sqlalchemy.pool import StaticPool

from warjudge.server import known_tokens
from warjudge.server.dbwrites import write_changed_rows
from warjudge.server.models import GameRow
from warjudge.server.writelock import FifoLock, ProcessLock

BUSY_MS = 30_000
WRITER_SUFFIX = "-writer"   # beside a SQLite database: the file its server processes lock to write
READ_ONLY = "warjudge_read_only"   # execution option of the engine `Sessions.reading` uses
_HOLDS_LOCK = "warjudge.write_lock"   # connection-record info: this connection holds the queue's turn
MIGRATIONS = Path(__file__).parent / "migrations"
CONNECT_PATIENCE = 5.0   # seconds a new connection waits for a database server that is (re)starting


class Attempt:
    """One run of a request: `commit_begun` once any of its write transactions began to
    commit (after that, running it again might apply it twice)."""

    _current: ContextVar["Attempt | None"] = ContextVar("warjudge_attempt", default=None)

    def __init__(self) -> None:
        self.commit_begun = False

    @classmethod
    def begin(cls) -> "Attempt":
        attempt = cls()
        cls._current.set(attempt)
        return attempt

    @classmethod
    def end(cls) -> None:
        cls._current.set(None)

    @classmethod
    def committing(cls, session: Session) -> None:
        attempt = cls._current.get()
        if attempt is not None and not session.info.get(READ_ONLY):
            attempt.commit_begun = True


def make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return _patient(create_engine(url, pool_pre_ping=True))
    memory = url in ("sqlite://", "sqlite:///:memory:")
    pool: dict[str, Any] = {"poolclass": StaticPool} if memory else {}   # one shared in-memory database
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_MS / 1000}, **pool)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None   # transactions are begun below, not by pysqlite
        dbapi_connection.execute("PRAGMA foreign_keys = ON")
        dbapi_connection.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        if not memory:
            dbapi_connection.execute("PRAGMA journal_mode = WAL")
            dbapi_connection.execute("PRAGMA synchronous = NORMAL")

    queue = FifoLock()
    between = None if memory else ProcessLock(Path(f"{engine.url.database}{WRITER_SUFFIX}"))

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")   # a snapshot; it must not write
            return
        deadline = time.monotonic() + BUSY_MS / 1000
        queue.acquire(BUSY_MS / 1000)
        if between:
            try:
                between.acquire(deadline - time.monotonic())
            except BaseException:
                queue.release()
                raise
        connection.info[_HOLDS_LOCK] = True   # from here on, returning the connection releases it
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        """Every connection goes back to the pool once its transaction is over (committed,
        rolled back, or the connection dropped), whichever thread returns it."""
        if record is not None and record.info.pop(_HOLDS_LOCK, False):
            if between:
                between.release()
            queue.release()

    return engine


def _patient(engine: Engine) -> Engine:
    """Connecting retries while the server refuses (a restart) for up to CONNECT_PATIENCE s;
    `pool_pre_ping` finds the connections a restart broke before a request uses them."""

    @event.listens_for(engine, "do_connect")
    def _connect(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        deadline = time.monotonic() + CONNECT_PATIENCE
        while True:
            try:
                return dialect.connect(*cargs, **cparams)
            except dialect.loaded_dbapi.OperationalError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.1)

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (a no-op when it is there already)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Sessions(sessionmaker[Session]):
    """`sessions.begin()`: a transaction that may write (on SQLite it holds the write lock
    from its first statement); `sessions.reading()`: one that only reads."""

    def __init__(self, engine: Engine):
        super().__init__(engine, expire_on_commit=False, info={known_tokens.INFO: known_tokens.KnownTokens()})
        self._reader = engine.execution_options(**{READ_ONLY: True})
        event.listen(self, "before_commit", Attempt.committing)
        event.listen(self, "before_flush", write_changed_rows)   # a change's rows by prebuilt UPDATEs

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self(bind=self._reader, info={READ_ONLY: True}) as session, session.begin():
            yield session


def sessions(engine: Engine) -> Sessions:
    return Sessions(engine)


# Built once, like auth.TOKEN_LOOKUP: a submission's statements cost more to build than to
# run. A submission's lock does not read the record, which the cache of loaded games makes
# unneeded (`play.load` reads it, in the same transaction, only when it must load the game;
# the locked row cannot change meanwhile). On PostgreSQL its seats come by a lazy load, as
# before: joined to the locked row they made Diplomacy cost 36 ms per submission against 21
# (back to back; cause not found). On SQLite, where the lock is the database's and `FOR
# UPDATE` is not written, they come joined to the row, one statement instead of two: the
# lazy load was 18 % of a submission's route, and the row with its seats cost 0.54 ms of
# CPU joined against 0.82 ms (1,000 in a row, in-process, issue 22). A read reads no ORM
# row: `gameread.py`.
_GAME = select(GameRow).where(GameRow.id == bindparam("game_id"))
_LOCKED_GAME = {skip: _GAME.options(defer(GameRow.record)).with_for_update(skip_locked=skip)
                for skip in (False, True)}
_WRITE_GAME_SQLITE = _GAME.options(defer(GameRow.record), joinedload(GameRow.seats))


def locked_game(session: Session, game_id: str, skip_locked: bool = False) -> GameRow | None:
    """The game's row, locked until the session's transaction ends (None if there is no
    such game, or, with `skip_locked`, if another transaction holds it). On SQLite its
    seats come with it (the transaction holds the database's write lock already)."""
    if session.get_bind().dialect.name == "sqlite":
        return session.scalars(_WRITE_GAME_SQLITE, {"game_id": game_id}).unique().first()
    return session.scalars(_LOCKED_GAME[skip_locked], {"game_id": game_id}).first()

