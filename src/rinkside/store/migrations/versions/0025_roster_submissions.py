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

revision: str = "0025"
down_revision: str | None = "0024"


def upgrade() -> None:
    op.create_table(
        "roster_submissions",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("players", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("status", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("submitted_by", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("submitted_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        sqlalchemy.Column("decided_by", sqlalchemy.String(100), nullable=True),
        sqlalchemy.Column("decided_at", sqlalchemy.DateTime(timezone=True), nullable=True),
        sqlalchemy.CheckConstraint("status IN ('submitted', 'approved', 'returned')",
                                   name=op.f("ck_roster_submissions_status")),
        sqlalchemy.CheckConstraint("kind IN ('roster', 'change')",
                                   name=op.f("ck_roster_submissions_kind")),
        sqlalchemy.ForeignKeyConstraint(["team_id"], ["teams.id"],
                                        name=op.f("fk_roster_submissions_team_id_teams")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_roster_submissions")),
    )
    op.create_index(op.f("ix_roster_submissions_team_id_id"), "roster_submissions",
                    ["team_id", "id"])
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sqlalchemy.Column("roster_deadline", sqlalchemy.DateTime(timezone=True),
                                           nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("roster_deadline")
    op.drop_index(op.f("ix_roster_submissions_team_id_id"), table_name="roster_submissions")
    op.drop_table("roster_submissions")
