"""The database: one engine per server, migrations applied before it serves, and the
write lock a submission holds from reading the game to committing it.

SQLite has no row locks, so every SQLite transaction starts with `BEGIN IMMEDIATE` (the
database's write lock, waited for up to `BUSY_MS`); PostgreSQL locks the game's row with
`SELECT … FOR UPDATE` (`locked_game`). Either way two submissions to one game run one
after the other and neither loses the other's update."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, select
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from warjudge.server.models import GameRow

BUSY_MS = 30_000
MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
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

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (a no-op when it is there already)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def locked_game(session: Session, game_id: str, skip_locked: bool = False) -> GameRow | None:
    """The game's row, locked until the session's transaction ends (None if there is no
    such game, or, with `skip_locked`, if another transaction holds it)."""
    query = select(GameRow).where(GameRow.id == game_id).with_for_update(skip_locked=skip_locked)
    return session.scalars(query).first()
