"""Alembic's entry point: migrates the connection `db.upgrade` hands over."""

from alembic import context

from warjudge.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
