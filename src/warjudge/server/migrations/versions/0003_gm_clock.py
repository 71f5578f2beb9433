"""the games master's clock: pause (the time left), per-phase deadline rules (durations by
kind of phase, a clock time) and the seats that missed the last deadline
(NMR, and whether each seat acted in the phase); where each phase began and the
rolled-back tails of records (the games master's roll back)

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
        batch.add_column(sa.Column("phase_starts", sa.Text(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("acted", sa.Boolean(), nullable=False, server_default=sa.false()))


    op.create_table(
        "rollbacks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("by_user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("from_version", sa.Integer(), nullable=False),
        sa.Column("to_phase", sa.Integer(), nullable=False),
        sa.Column("actions", sa.Text(), nullable=False),
    )
    op.create_index("ix_rollbacks_game_id", "rollbacks", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_rollbacks_game_id", table_name="rollbacks")
    op.drop_table("rollbacks")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("acted")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("phase_starts")
        batch.drop_column("last_nmr")
        batch.drop_column("phase_rules")
        batch.drop_column("paused_remaining")
