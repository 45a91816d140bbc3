"""Team officials' logins: managers and coaches, and where mail reaches a user.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-03

``users.role`` takes ``manager`` and ``coach`` (a team's officials, Section
II: Rules 201-206) beside the others; ``users.teams`` lists the team ids such
a user acts for (as ``users.games`` lists a scorekeeper's games), and
``users.email`` where mail reaches a user ("" : none). The downgrade cannot
keep those roles: such a user is kept (their name, password and record) but
disabled, with no games, as a referee, which signs nothing it is not assigned
and logs in only when a director enables it again (as 0018's downgrade does).
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0024"
down_revision: str | None = "0023"

NAME = "ck_users_ck_users_role"
OLD = ("role IN ('director', 'scorekeeper', 'referee', 'game_timekeeper', "
       "'penalty_timekeeper', 'official_scorer')")
NEW = ("role IN ('director', 'scorekeeper', 'referee', 'game_timekeeper', "
       "'penalty_timekeeper', 'official_scorer', 'manager', 'coach')")


def upgrade() -> None:
    ddl.add_columns("users", ddl.string("email", 254, default=""),
                    ddl.json("teams", nullable=True))
    op.execute("UPDATE users SET teams = '[]'")
    with op.batch_alter_table("users") as batch:
        batch.alter_column("teams", existing_type=sqlalchemy.JSON(), nullable=False)
        batch.drop_constraint(op.f(NAME), type_="check")
        batch.create_check_constraint(op.f(NAME), NEW)


def downgrade() -> None:
    op.execute("DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE role IN "
               "('manager', 'coach'))")
    op.execute("UPDATE users SET role = 'referee', games = '[]', active = false WHERE role IN "
               "('manager', 'coach')")
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint(op.f(NAME), type_="check")
        batch.create_check_constraint(op.f(NAME), OLD)
        batch.drop_column("teams")
        batch.drop_column("email")
