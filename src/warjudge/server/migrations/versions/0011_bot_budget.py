"""a bot seat's think budget (issue 26): quick, normal or long (core.bots.BUDGETS); null
for a seat seated before it, which thinks as `normal` did

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bot_budget", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_budget")
