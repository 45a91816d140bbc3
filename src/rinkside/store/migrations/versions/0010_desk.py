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

from rinkside.store.migrations import ddl

revision: str = "0010"
down_revision: str | None = "0009"


def upgrade() -> None:
    ddl.create_table(
        "desk_changes",
        ddl.integer("tournament_id", nullable=True),
        ddl.string("subject", ddl.NAME),
        ddl.string("action", 64),
        ddl.json("before", nullable=True),
        ddl.json("after", nullable=True),
        ddl.text("reason", default=""),
        *ddl.recorded(),
        ddl.foreign_key("desk_changes", "tournament_id", "tournaments"),
    )
    ddl.create_index("desk_changes", "tournament_id")
    # Columns added in place, not by a batch copy: SQLite's copy of a table
    # others point at (and ``games``, with the 0003 trigger) cannot be dropped.
    for column in (sqlalchemy.Column("ends_on", sqlalchemy.Date(), nullable=True),
                   ddl.json("playoff_settings", nullable=True),
                   *(ddl.integer(name, nullable=True)
                     for name in ("dress_minutes", "game_minutes", "rest_minutes"))):
        op.add_column("tournaments", column)
    op.add_column("games", ddl.json("settings", nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN: SQLite 3.35+ and PostgreSQL.
    for table, column in (("games", "settings"), ("tournaments", "rest_minutes"),
                          ("tournaments", "game_minutes"), ("tournaments", "dress_minutes"),
                          ("tournaments", "playoff_settings"), ("tournaments", "ends_on")):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    ddl.drop_index("desk_changes", "tournament_id")
    op.drop_table("desk_changes")
