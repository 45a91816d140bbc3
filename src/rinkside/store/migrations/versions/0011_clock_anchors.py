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

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "clock_anchors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("period", sa.Integer(), nullable=False),
        sa.Column("left_tenths", sa.Integer(), nullable=False),
        sa.Column("wall_ms", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("username", sa.String(100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_clock_anchors"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_clock_anchors_game_id_games"),
        sa.CheckConstraint("kind IN ('play', 'timekeeper', 'timeout', 'intermission')",
                           name="ck_clock_anchors_kind"),
        sa.CheckConstraint("left_tenths >= 0", name="ck_clock_anchors_left_tenths"),
    )
    op.create_index("ix_clock_anchors_game_id_id", "clock_anchors", ["game_id", "id"])
    op.create_table(
        "team_styles",
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("colour", sa.String(7), nullable=True),
        sa.Column("logo", sa.String(500), nullable=True),
        sa.PrimaryKeyConstraint("team_id", name="pk_team_styles"),
        sa.ForeignKeyConstraint(["team_id"], ["teams.id"], name="fk_team_styles_team_id_teams"),
    )


    op.create_table(
        "written_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rule", sa.String(16), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("username", sa.String(100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_written_reports"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_written_reports_game_id_games"),
        sa.CheckConstraint("kind IN ('report', 'incident')", name="ck_written_reports_kind"),
        sa.CheckConstraint("text <> ''", name="ck_written_reports_text"),
    )
    op.create_index("ix_written_reports_game_id_id", "written_reports", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_written_reports_game_id_id", table_name="written_reports")
    op.drop_table("written_reports")
    op.drop_table("team_styles")
    op.drop_index("ix_clock_anchors_game_id_id", table_name="clock_anchors")
    op.drop_table("clock_anchors")
