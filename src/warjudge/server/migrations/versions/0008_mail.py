"""e-mail notifications (issue 24): an account's address, the events it wants and the key
of its unsubscribe links; the outbox the scheduler drains; the marks that queue each
game's notices once

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("mail_events", sa.String(128), nullable=False,
                                   server_default="phase,reminder,press,start,end"))
        batch.add_column(sa.Column("mail_key", sa.String(64), nullable=True))
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("event", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(255), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("link", sa.String(255), nullable=False),
        sa.Column("queued_at", sa.Float(), nullable=False),
        sa.Column("next_try", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
    )
    op.create_index("ix_mail_outbox_user_id", "mail_outbox", ["user_id"])
    op.create_index("ix_mail_outbox_next_try", "mail_outbox", ["next_try"])
    op.create_table(
        "mail_marks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("mark", sa.String(64), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("mail_marks")
    op.drop_index("ix_mail_outbox_next_try", "mail_outbox")
    op.drop_index("ix_mail_outbox_user_id", "mail_outbox")
    op.drop_table("mail_outbox")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("mail_key")
        batch.drop_column("mail_events")
        batch.drop_column("email")
