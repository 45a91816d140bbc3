"""What teams and officials ask of the schedule (issue 31).

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-03

``team_requests``: a team's blackout, not before, not after, or "not at the
same time as" another team, hard or a wish. ``official_hours``: when an
official can officiate and the most games a day. ``schedule_locks``: the
games a rebuild keeps where they are.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0028"
down_revision: str | None = "0027"


def upgrade() -> None:
    ddl.create_table(
        "team_requests",
        ddl.integer("tournament_id"),
        ddl.integer("team_id"),
        ddl.string("kind", 16),
        ddl.moment("start", nullable=True),
        ddl.moment("end", nullable=True),
        ddl.integer("other_team_id", nullable=True),
        ddl.flag("hard", default=True),
        ddl.text("note", default=""),
        sqlalchemy.CheckConstraint("kind IN ('blackout', 'not_before', 'not_after', 'apart')",
                                   name=op.f("ck_team_requests_kind")),
        ddl.foreign_key("team_requests", "tournament_id", "tournaments"),
        ddl.foreign_key("team_requests", "team_id", "teams"),
        ddl.foreign_key("team_requests", "other_team_id", "teams"),
    )
    ddl.create_index("team_requests", "tournament_id")
    ddl.create_table(
        "official_hours",
        ddl.integer("tournament_id"),
        ddl.string("name", ddl.NAME),
        ddl.json("windows"),
        ddl.integer("most_a_day", nullable=True),
        ddl.flag("hard", default=True),
        ddl.foreign_key("official_hours", "tournament_id", "tournaments"),
    )
    ddl.create_index("official_hours", "tournament_id")
    ddl.create_table("schedule_locks", ddl.integer("game_id"),
                     ddl.foreign_key("schedule_locks", "game_id", "games"), key=("game_id",))


def downgrade() -> None:
    op.drop_table("schedule_locks")
    ddl.drop_index("official_hours", "tournament_id")
    op.drop_table("official_hours")
    ddl.drop_index("team_requests", "tournament_id")
    op.drop_table("team_requests")
