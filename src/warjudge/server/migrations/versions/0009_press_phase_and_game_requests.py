"""press people can follow and games made once (issue 24): each message's phase, and the key a creation request was sent with, so that a
double click on Start makes one game

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("press_messages", sa.Column("phase", sa.String(64), nullable=True))
    op.create_table(
        "game_requests",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_requests")
    with op.batch_alter_table("press_messages") as batch:
        batch.drop_column("phase")
