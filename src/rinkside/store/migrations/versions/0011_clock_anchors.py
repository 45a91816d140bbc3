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

from rinkside.store.migrations import ddl

revision: str = "0011"
down_revision: str | None = "0010"


def upgrade() -> None:
    ddl.create_table(
        "clock_anchors",
        ddl.integer("game_id"),
        ddl.integer("period"),
        ddl.integer("left_tenths"),
        sqlalchemy.Column("wall_ms", sqlalchemy.BigInteger(), nullable=False),
        ddl.string("kind", 16),
        *ddl.recorded("username", "at"),
        ddl.foreign_key("clock_anchors", "game_id", "games"),
        sqlalchemy.CheckConstraint("kind IN ('play', 'timekeeper', 'timeout', 'intermission')",
                                   name="ck_clock_anchors_kind"),
        sqlalchemy.CheckConstraint("left_tenths >= 0", name="ck_clock_anchors_left_tenths"),
    )
    ddl.create_index("clock_anchors", "game_id", "id")
    ddl.create_table(
        "team_styles",
        ddl.integer("team_id"),
        ddl.string("colour", 7, nullable=True),
        ddl.string("logo", 500, nullable=True),
        ddl.foreign_key("team_styles", "team_id", "teams"),
        key=("team_id",),
    )
    ddl.create_table(
        "written_reports",
        ddl.integer("game_id"),
        ddl.string("kind", 16),
        ddl.string("rule", 16, nullable=True),
        ddl.text("text"),
        *ddl.recorded("username", "at"),
        ddl.foreign_key("written_reports", "game_id", "games"),
        sqlalchemy.CheckConstraint("kind IN ('report', 'incident')",
                                   name="ck_written_reports_kind"),
        sqlalchemy.CheckConstraint("text <> ''", name="ck_written_reports_text"),
    )
    ddl.create_index("written_reports", "game_id", "id")


def downgrade() -> None:
    ddl.drop_index("written_reports", "game_id", "id")
    op.drop_table("written_reports")
    op.drop_table("team_styles")
    ddl.drop_index("clock_anchors", "game_id", "id")
    op.drop_table("clock_anchors")
