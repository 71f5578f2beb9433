"""press: messages between seats, their recipients, and each game's chosen press mode

Revision ID: 0004
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "press_modes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("mode", sa.String(16), nullable=False),
    )
    op.create_table(
        "press_messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("sender", sa.String(64), nullable=False),
        sa.Column("broadcast", sa.Boolean(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_press_messages_game_id", "press_messages", ["game_id"])
    op.create_table(
        "press_recipients",
        sa.Column("message_id", sa.Integer(), sa.ForeignKey("press_messages.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),
    )
    op.create_index("ix_press_recipients_seat", "press_recipients", ["seat"])


def downgrade() -> None:
    op.drop_table("press_recipients")
    op.drop_table("press_messages")
    op.drop_table("press_modes")
