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

from rinkside.store.migrations import ddl

revision: str = "0008"
down_revision: str | None = "0007"


def upgrade() -> None:
    ddl.add_columns("users", ddl.flag("active", default=True))
    ddl.create_table(
        "sessions",
        ddl.string("id", 64),
        ddl.integer("user_id"),
        ddl.string("csrf", 64),
        ddl.moment("created_at"),
        ddl.moment("seen_at"),
        ddl.foreign_key("sessions", "user_id", "users", ondelete="CASCADE"),
        key=("id",),
    )
    ddl.create_index("sessions", "user_id")
    ddl.create_table(
        "login_failures",
        ddl.string("kind", 16),
        ddl.string("subject", ddl.WHO),
        ddl.integer("failures", default="0"),
        ddl.moment("last_at"),
        sqlalchemy.CheckConstraint("kind IN ('user', 'address')", name="ck_login_failures_kind"),
        key=("kind", "subject"),
    )
    ddl.create_table("store_meta", ddl.string("name", 64), ddl.text("value"), key=("name",))


def downgrade() -> None:
    op.drop_table("store_meta")
    op.drop_table("login_failures")
    ddl.drop_index("sessions", "user_id")
    op.drop_table("sessions")
    ddl.drop_columns("users", "active")
