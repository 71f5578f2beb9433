"""The schema: Alembic's migrations build exactly the tables the models describe, are
applied on start and by `warjudge db upgrade`, and running them twice changes nothing."""

from __future__ import annotations

from alembic.migration import MigrationContext
from alembic.autogenerate import compare_metadata
from sqlalchemy import inspect
from typer.testing import CliRunner

from warjudge.cli import app
from warjudge.server import db
from warjudge.server.config import database_url
from warjudge.server import models_press  # noqa: F401 - its tables are in Base's metadata
from warjudge.server import models_mail  # noqa: F401 - its tables are in Base's metadata
from warjudge.server.models import Base


def test_the_migrations_build_the_models_tables(database_url):
    engine = db.make_engine(database_url)
    db.upgrade(engine)
    db.upgrade(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    assert set(inspect(engine).get_table_names()) == {"alembic_version", "games", "rollbacks", "seats", "tokens",
                                                      "users", "press_modes", "press_messages", "press_recipients",
                                                      "rate_buckets", "game_progress", "game_phases", "mail_outbox", "mail_marks",
                                                      "game_requests", "press_reads"}


def test_db_upgrade_makes_the_default_sqlite_database_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("WARJUDGE_DATABASE_URL", raising=False)
    monkeypatch.setenv("WARJUDGE_DATA", str(tmp_path / "data"))
    result = CliRunner().invoke(app, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "data" / "warjudge.sqlite3").is_file()
    assert "is up to date" in result.output


def test_a_database_that_cannot_be_reached_is_one_clear_error(tmp_path):
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", "postgresql://who:secret@127.0.0.1:9/none"])
    assert result.exit_code == 2
    assert "cannot upgrade the database" in result.output and "secret" not in result.output


def test_database_urls(monkeypatch, tmp_path):
    monkeypatch.setenv("WARJUDGE_DATABASE_URL", "postgresql://u:p@h/db")
    assert database_url() == "postgresql+psycopg://u:p@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
