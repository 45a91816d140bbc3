"""Users' full names.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-03

``users.full_name``: the name a person goes by (``Rita Ray``), which the
official game report and its sign-off print for the referees and table
officials (the username only where none is given: an empty string).
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sqlalchemy.Column("full_name", sqlalchemy.String(200),
                                           server_default="", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("full_name")
