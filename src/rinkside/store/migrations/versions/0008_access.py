"""Who may get in, and for how long: server-side sessions, failed logins,
users that can be disabled, and the store's own facts (its session secret,
the demo marker).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

``sessions`` holds one row per logged-in browser, keyed by the SHA-256 of
the token its cookie carries (the store never holds a usable token), with
its CSRF token, when it began and when it was last seen: a session ends when
it is deleted (logout, a password change, the user disabled) or when its idle
or absolute lifetime has run out. ``login_failures`` counts the failed logins
per username and per client address, for throttling. ``store_meta`` is a
small key/value table: the secret that signs the cookies (generated once, so
a restart or a second process accepts the first one's cookies) and whether
the store was built by ``rinkside demo``.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("active", sa.Boolean(), server_default=sa.true(),
                                   nullable=False))
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_sessions_user_id_users",
                                ondelete="CASCADE"),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "login_failures",
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(100), nullable=False),
        sa.Column("failures", sa.Integer(), server_default="0", nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("kind", "subject", name="pk_login_failures"),
        sa.CheckConstraint("kind IN ('user', 'address')", name="ck_login_failures_kind"),
    )
    op.create_table(
        "store_meta",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_store_meta"),
    )


def downgrade() -> None:
    op.drop_table("store_meta")
    op.drop_table("login_failures")
    op.drop_index("ix_sessions_user_id", table_name="sessions")
    op.drop_table("sessions")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("active")
