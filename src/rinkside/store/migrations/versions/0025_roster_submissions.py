"""Rosters handed in by the teams' officials, and the deadline for them.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-03

``roster_submissions``: a roster a team's manager or coach submitted (Rule
203(a)) or a change to an approved one they asked for (203(b)), with the
director's decision (approved, or returned with a reason).
``tournaments.roster_deadline``: the moment by which rosters are submitted
(null: none set).
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0025"
down_revision: str | None = "0024"


def upgrade() -> None:
    ddl.create_table(
        "roster_submissions",
        ddl.integer("team_id"),
        ddl.string("kind", 16),
        ddl.json("players"),
        ddl.string("status", 16),
        *ddl.recorded("submitted_by", "submitted_at"),
        ddl.text("reason", default=""),
        *ddl.recorded("decided_by", "decided_at", nullable=True),
        sqlalchemy.CheckConstraint("status IN ('submitted', 'approved', 'returned')",
                                   name=op.f("ck_roster_submissions_status")),
        sqlalchemy.CheckConstraint("kind IN ('roster', 'change')",
                                   name=op.f("ck_roster_submissions_kind")),
        ddl.foreign_key("roster_submissions", "team_id", "teams"),
    )
    ddl.create_index("roster_submissions", "team_id", "id")
    ddl.add_columns("tournaments", ddl.moment("roster_deadline", nullable=True))


def downgrade() -> None:
    ddl.drop_columns("tournaments", "roster_deadline")
    ddl.drop_index("roster_submissions", "team_id", "id")
    op.drop_table("roster_submissions")
