"""The console's users: directors, scorekeepers (with their games), referees.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30

A password is stored only as its argon2 hash; a scorekeeper's ``games`` is
the JSON list of the game ids they may score.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    ddl.create_table(
        "users",
        ddl.string("username", ddl.WHO),
        ddl.string("password_hash", 255),
        ddl.string("role", 16),
        ddl.json("games"),
        ddl.unique("users", "username"),
        sqlalchemy.CheckConstraint("role IN ('director', 'scorekeeper', 'referee')",
                                   name="ck_users_role"),
    )


def downgrade() -> None:
    op.drop_table("users")
