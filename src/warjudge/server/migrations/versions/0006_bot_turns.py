"""bots in the background: when a game's bots act next (Unix seconds; null: no bot must)
and how many steps they took in a row (the pace of a game the bots play alone)

Revision ID: 0006
Revises: 0005_auth
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005_auth"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bots_at", sa.Float(), nullable=True))
        batch.add_column(sa.Column("bot_streak", sa.Integer(), nullable=False, server_default="0"))
        batch.create_index("ix_games_bots_at", ["bots_at"])


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_bots_at")
        batch.drop_column("bot_streak")
        batch.drop_column("bots_at")
