"""token expiry, kind, prefix and last use; rate_buckets: login and sign-up limits shared
by every server process

Revision ID: 0005_auth
Revises: 0004
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0005_auth"
down_revision = "0004"
branch_labels = None
depends_on = None

OLD_TOKENS_DAYS = 30   # tokens made before expiry existed last this long from the upgrade


def upgrade() -> None:
    op.add_column("tokens", sa.Column("kind", sa.String(16), nullable=False, server_default="api"))
    op.add_column("tokens", sa.Column("prefix", sa.String(16), nullable=True))
    op.add_column("tokens", sa.Column("expires_at", sa.Float(), nullable=True))
    op.add_column("tokens", sa.Column("last_used_at", sa.Float(), nullable=True))
    op.execute(sa.text("UPDATE tokens SET expires_at = :at").bindparams(at=time.time() + OLD_TOKENS_DAYS * 86400))
    with op.batch_alter_table("tokens") as batch:
        batch.alter_column("expires_at", existing_type=sa.Float(), nullable=False)
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("empty_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_buckets_empty_at", "rate_buckets", ["empty_at"])


def downgrade() -> None:
    op.drop_table("rate_buckets")
    with op.batch_alter_table("tokens") as batch:
        for column in ("last_used_at", "expires_at", "prefix", "kind"):
            batch.drop_column(column)
