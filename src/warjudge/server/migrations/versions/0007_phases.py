"""stored phases and saved positions (issue 22): each finished phase as each role sees it,
and how far each game's record has been folded into them, with a saved position, so no
read replays a whole game; an older database's games are folded lazily, in bounded steps

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_progress",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("actions", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("phases", sa.Integer(), nullable=False),
        sa.Column("phase_start", sa.Integer(), nullable=False),
        sa.Column("to_act", sa.Text(), nullable=False),
        sa.Column("is_over", sa.Boolean(), nullable=False),
        sa.Column("names", sa.Text(), nullable=False),
        sa.Column("state_actions", sa.Integer(), nullable=False),
        sa.Column("state_digest", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "game_phases",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("data", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_phases")
    op.drop_table("game_progress")
