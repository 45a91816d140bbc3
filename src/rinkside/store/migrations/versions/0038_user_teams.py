"""The teams a manager or coach acts for, one row a team (issue 30).

Revision ID: 0038
Revises: 0037
Create Date: 2026-12-03

``users.teams`` lists a team official's teams as JSON (0024), which no
index reaches: finding a tournament's managers and coaches (the schedule's
one person in one place, Rules 203(a), 501(a)) read every manager and
coach of the store. ``user_teams`` holds the same pairs, keyed by the team
first, so a tournament's team officials are found through its teams. The
upgrade copies the lists of the users already stored (a team no longer
stored is left out, as the code never counted one); the downgrade drops
the table (``users.teams`` still holds every pair). Self-contained on
purpose: plain JSON, no code of the application.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0038"
down_revision: str | None = "0037"


def _read(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    table = ddl.create_table(
        "user_teams", ddl.integer("team_id"), ddl.integer("user_id"),
        ddl.foreign_key("user_teams", "team_id", "teams", ondelete="CASCADE"),
        ddl.foreign_key("user_teams", "user_id", "users", ondelete="CASCADE"),
        key=("team_id", "user_id"))
    bind = op.get_bind()
    users = sqlalchemy.table("users", sqlalchemy.column("id", sqlalchemy.Integer()),
                             sqlalchemy.column("teams", sqlalchemy.JSON()))
    teams = sqlalchemy.table("teams", sqlalchemy.column("id", sqlalchemy.Integer()))
    stored = set(bind.scalars(sqlalchemy.select(teams.c.id)))
    pairs = [{"team_id": int(team), "user_id": row.id}
             for row in bind.execute(sqlalchemy.select(users.c.id, users.c.teams)).all()
             for team in sorted(set(_read(row.teams) or ()))
             if int(team) in stored]
    if pairs:
        bind.execute(table.insert(), pairs)


def downgrade() -> None:
    op.drop_table("user_teams")
