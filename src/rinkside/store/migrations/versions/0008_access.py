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

import sqlalchemy
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sqlalchemy.Column("active", sqlalchemy.Boolean(),
                                           server_default=sqlalchemy.true(),
                                           nullable=False))
    op.create_table(
        "sessions",
        sqlalchemy.Column("id", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("user_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("csrf", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("created_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("seen_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_sessions"),
        sqlalchemy.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_sessions_user_id_users",
                                        ondelete="CASCADE"),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "login_failures",
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("subject", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("failures", sqlalchemy.Integer(), server_default="0", nullable=False),
        sqlalchemy.Column("last_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("kind", "subject", name="pk_login_failures"),
        sqlalchemy.CheckConstraint("kind IN ('user', 'address')", name="ck_login_failures_kind"),
    )
    op.create_table(
        "store_meta",
        sqlalchemy.Column("name", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("value", sqlalchemy.Text(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("name", name="pk_store_meta"),
    )


def downgrade() -> None:
    op.drop_table("store_meta")
    op.drop_table("login_failures")
    op.drop_index("ix_sessions_user_id", table_name="sessions")
    op.drop_table("sessions")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("active")
