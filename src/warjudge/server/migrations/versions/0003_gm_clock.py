"""the games master's clock: pause (the time left), per-phase deadline rules (durations by
kind of phase, a clock time) and the seats that missed the last deadline
(NMR, and whether each seat acted in the phase)

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("paused_remaining", sa.Float(), nullable=True))
        batch.add_column(sa.Column("phase_rules", sa.Text(), nullable=True))
        batch.add_column(sa.Column("last_nmr", sa.Text(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("acted", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("acted")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("last_nmr")
        batch.drop_column("phase_rules")
        batch.drop_column("paused_remaining")
