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

revision: str = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    op.create_table(
        "users",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("username", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("password_hash", sqlalchemy.String(255), nullable=False),
        sqlalchemy.Column("role", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("games", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_users"),
        sqlalchemy.UniqueConstraint("username", name="uq_users_username"),
        sqlalchemy.CheckConstraint("role IN ('director', 'scorekeeper', 'referee')",
                                   name="ck_users_role"),
    )


def downgrade() -> None:
    op.drop_table("users")
