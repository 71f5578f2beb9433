"""deadlines: a per-phase duration and the current phase's deadline (Unix seconds)

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("phase_seconds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float(), nullable=True))
        batch.create_index("ix_games_deadline", ["deadline"])


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_deadline")
        batch.drop_column("deadline")
        batch.drop_column("phase_seconds")
