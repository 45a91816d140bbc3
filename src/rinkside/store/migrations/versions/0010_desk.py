"""The director's desk: the record of its changes, the tournament's end date,
playoff settings and forfeit dress deadline, and each game's settings kept.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01

``desk_changes`` is append-only: every change made on the desk (or by the
commands that do the same), who made it, when, the value before and after,
and the reason where one is needed. ``tournaments.playoff_settings`` holds the
amendments playoff games play under over the pool's (Rule 639: a playoff game
must be decided); ``tournaments.dress_minutes`` the 634(c) note 1 deadline
(minutes before the scheduled time; null: the book's half hour);
``game_minutes`` and ``rest_minutes`` what the schedule was built with (a
game's length on the rink, a team's least rest between games).
``games.settings`` keeps the settings a game began under, once the desk has
changed them since (a played game is never judged by new settings).
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"


def upgrade() -> None:
    op.create_table(
        "desk_changes",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("subject", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("action", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("before", sqlalchemy.JSON(), nullable=True),
        sqlalchemy.Column("after", sqlalchemy.JSON(), nullable=True),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        sqlalchemy.Column("recorded_by", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("recorded_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_desk_changes"),
        sqlalchemy.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                        name="fk_desk_changes_tournament_id_tournaments"),
    )
    op.create_index("ix_desk_changes_tournament_id", "desk_changes", ["tournament_id"])
    # Columns added in place, not by a batch copy: SQLite's copy of a table
    # others point at (and ``games``, with the 0003 trigger) cannot be dropped.
    op.add_column("tournaments", sqlalchemy.Column("ends_on", sqlalchemy.Date(), nullable=True))
    op.add_column("tournaments", sqlalchemy.Column("playoff_settings", sqlalchemy.JSON(),
                                                   nullable=True))
    op.add_column("tournaments", sqlalchemy.Column("dress_minutes", sqlalchemy.Integer(),
                                                   nullable=True))
    op.add_column("tournaments", sqlalchemy.Column("game_minutes", sqlalchemy.Integer(),
                                                   nullable=True))
    op.add_column("tournaments", sqlalchemy.Column("rest_minutes", sqlalchemy.Integer(),
                                                   nullable=True))
    op.add_column("games", sqlalchemy.Column("settings", sqlalchemy.JSON(), nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN: SQLite 3.35+ and PostgreSQL.
    for table, column in (("games", "settings"), ("tournaments", "rest_minutes"),
                          ("tournaments", "game_minutes"), ("tournaments", "dress_minutes"),
                          ("tournaments", "playoff_settings"), ("tournaments", "ends_on")):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    op.drop_index("ix_desk_changes_tournament_id", table_name="desk_changes")
    op.drop_table("desk_changes")
