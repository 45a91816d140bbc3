"""The table officials' logins: game timekeeper, penalty timekeeper, official scorer.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03

``users.role`` takes the book's three table officials (Rules 505, 506,
507) beside director, scorekeeper and referee, and grows to 32 characters
("penalty_timekeeper" is 18). The downgrade cannot keep those roles: such a
user is kept (their name, password and record) but disabled, with no games,
as a referee, which signs nothing it is not assigned and logs in only when a
director enables it again.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"

NAME = "ck_users_ck_users_role"
OLD = "role IN ('director', 'scorekeeper', 'referee')"
NEW = ("role IN ('director', 'scorekeeper', 'referee', 'game_timekeeper', "
       "'penalty_timekeeper', 'official_scorer')")


def upgrade() -> None:
    _roles(NEW, sqlalchemy.String(16), sqlalchemy.String(32))


def downgrade() -> None:
    op.execute("DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE role IN "
               "('game_timekeeper', 'penalty_timekeeper', 'official_scorer'))")
    op.execute("UPDATE users SET role = 'referee', games = '[]', active = false WHERE role IN "
               "('game_timekeeper', 'penalty_timekeeper', 'official_scorer')")
    _roles(OLD, sqlalchemy.String(32), sqlalchemy.String(16))


def _roles(check: str, was: sqlalchemy.String, becomes: sqlalchemy.String) -> None:
    """The role column's type and its CHECK constraint, under the name 0005
    gave it (the naming convention applied to "ck_users_role")."""
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint(op.f(NAME), type_="check")
        batch.alter_column("role", existing_type=was, type_=becomes, existing_nullable=False)
        batch.create_check_constraint(op.f(NAME), check)
