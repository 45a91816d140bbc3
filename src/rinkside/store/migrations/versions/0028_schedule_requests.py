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

revision: str = "0028"
down_revision: str | None = "0027"


def upgrade() -> None:
    op.create_table(
        "team_requests",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("start", sqlalchemy.DateTime(timezone=True), nullable=True),
        sqlalchemy.Column("end", sqlalchemy.DateTime(timezone=True), nullable=True),
        sqlalchemy.Column("other_team_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("hard", sqlalchemy.Boolean(), server_default=sqlalchemy.true(),
                          nullable=False),
        sqlalchemy.Column("note", sqlalchemy.Text(), server_default="", nullable=False),
        sqlalchemy.CheckConstraint("kind IN ('blackout', 'not_before', 'not_after', 'apart')",
                                   name=op.f("ck_team_requests_kind")),
        sqlalchemy.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                        name=op.f("fk_team_requests_tournament_id_tournaments")),
        sqlalchemy.ForeignKeyConstraint(["team_id"], ["teams.id"],
                                        name=op.f("fk_team_requests_team_id_teams")),
        sqlalchemy.ForeignKeyConstraint(["other_team_id"], ["teams.id"],
                                        name=op.f("fk_team_requests_other_team_id_teams")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_team_requests")),
    )
    op.create_index(op.f("ix_team_requests_tournament_id"), "team_requests", ["tournament_id"])
    op.create_table(
        "official_hours",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("windows", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("most_a_day", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("hard", sqlalchemy.Boolean(), server_default=sqlalchemy.true(),
                          nullable=False),
        sqlalchemy.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                        name=op.f("fk_official_hours_tournament_id_tournaments")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_official_hours")),
    )
    op.create_index(op.f("ix_official_hours_tournament_id"), "official_hours", ["tournament_id"])
    op.create_table(
        "schedule_locks",
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name=op.f("fk_schedule_locks_game_id_games")),
        sqlalchemy.PrimaryKeyConstraint("game_id", name=op.f("pk_schedule_locks")),
    )


def downgrade() -> None:
    op.drop_table("schedule_locks")
    op.drop_index(op.f("ix_official_hours_tournament_id"), table_name="official_hours")
    op.drop_table("official_hours")
    op.drop_index(op.f("ix_team_requests_tournament_id"), table_name="team_requests")
    op.drop_table("team_requests")
