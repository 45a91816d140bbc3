"""Users' full names.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-03

``users.full_name``: the name a person goes by (``Rita Ray``), which the
official game report and its sign-off print for the referees and table
officials (the username only where none is given: an empty string).
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0020"
down_revision: str | None = "0019"


def upgrade() -> None:
    ddl.add_columns("users", ddl.string("full_name", ddl.NAME, default=""))


def downgrade() -> None:
    ddl.drop_columns("users", "full_name")
