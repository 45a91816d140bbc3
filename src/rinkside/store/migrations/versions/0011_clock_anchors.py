"""The running clock anchored in wall-clock time, the teams' colours and logos,
and the referees' written reports.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01

``clock_anchors`` is append-only: each row says the game clock read
``left_tenths`` of ``period`` at ``wall_ms`` (milliseconds since the epoch,
UTC), written when an event started the clock (``play``) or when the game
timekeeper set it to the rink's clock (``timekeeper``, Rule 507(a)), the newest
of these being the anchor; ``timeout`` and ``intermission`` rows begin the
countdown of a time-out (641) or of the rest between periods (640(a)).
``team_styles`` holds what the scoreboard shows of a team: its colour and logo.
``written_reports`` keeps the referees' written reports (502(l), 404(h),
405(b)) and incident notes, append-only.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"


def upgrade() -> None:
    op.create_table(
        "clock_anchors",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("period", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("left_tenths", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("wall_ms", sqlalchemy.BigInteger(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("username", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_clock_anchors"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_clock_anchors_game_id_games"),
        sqlalchemy.CheckConstraint("kind IN ('play', 'timekeeper', 'timeout', 'intermission')",
                                   name="ck_clock_anchors_kind"),
        sqlalchemy.CheckConstraint("left_tenths >= 0", name="ck_clock_anchors_left_tenths"),
    )
    op.create_index("ix_clock_anchors_game_id_id", "clock_anchors", ["game_id", "id"])
    op.create_table(
        "team_styles",
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("colour", sqlalchemy.String(7), nullable=True),
        sqlalchemy.Column("logo", sqlalchemy.String(500), nullable=True),
        sqlalchemy.PrimaryKeyConstraint("team_id", name="pk_team_styles"),
        sqlalchemy.ForeignKeyConstraint(["team_id"], ["teams.id"],
                                        name="fk_team_styles_team_id_teams"),
    )


    op.create_table(
        "written_reports",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("rule", sqlalchemy.String(16), nullable=True),
        sqlalchemy.Column("text", sqlalchemy.Text(), nullable=False),
        sqlalchemy.Column("username", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_written_reports"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_written_reports_game_id_games"),
        sqlalchemy.CheckConstraint("kind IN ('report', 'incident')",
                                   name="ck_written_reports_kind"),
        sqlalchemy.CheckConstraint("text <> ''", name="ck_written_reports_text"),
    )
    op.create_index("ix_written_reports_game_id_id", "written_reports", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_written_reports_game_id_id", table_name="written_reports")
    op.drop_table("written_reports")
    op.drop_table("team_styles")
    op.drop_index("ix_clock_anchors_game_id_id", table_name="clock_anchors")
    op.drop_table("clock_anchors")
