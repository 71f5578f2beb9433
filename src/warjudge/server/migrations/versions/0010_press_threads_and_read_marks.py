"""press people can follow (issue 24): each message's thread (the set of its participants) and
each seat's read marks, one per thread

Revision ID: 0010
Revises: 0009
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

messages = sa.table("press_messages", sa.column("id", sa.Integer()), sa.column("sender", sa.String()),
                    sa.column("broadcast", sa.Boolean()), sa.column("thread", sa.String()))
recipients = sa.table("press_recipients", sa.column("message_id", sa.Integer()), sa.column("seat", sa.String()))


def _private_key(participants: set[str]) -> str:
    """models_press.thread_key as it was when this migration was written (frozen here)."""
    return hashlib.sha256("\n".join(sorted(participants)).encode()).hexdigest()


def upgrade() -> None:
    op.add_column("press_messages", sa.Column("thread", sa.String(64), nullable=True))
    connection = op.get_bind()
    connection.execute(messages.update().where(messages.c.broadcast).values(thread="all"))
    private: dict[int, set[str]] = {}
    for message_id, sender in connection.execute(sa.select(messages.c.id, messages.c.sender)
                                                 .where(sa.not_(messages.c.broadcast))):
        private[message_id] = {sender}
    for message_id, seat in connection.execute(sa.select(recipients.c.message_id, recipients.c.seat)):
        if message_id in private:
            private[message_id].add(seat)
    for message_id, participants in private.items():
        connection.execute(messages.update().where(messages.c.id == message_id)
                           .values(thread=_private_key(participants)))
    with op.batch_alter_table("press_messages") as batch:
        batch.alter_column("thread", existing_type=sa.String(64), nullable=False)
    op.create_table(
        "press_reads",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),
        sa.Column("thread", sa.String(64), primary_key=True),
        sa.Column("last_read", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("press_reads")
    with op.batch_alter_table("press_messages") as batch:
        batch.drop_column("thread")
