"""An index on a game's start (issue 30).

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-03

``games.start``: the desk's schedule and people pages read one day's games
(and the days around it, and the days with a game before and after it) by
their start, found through this index in what the day holds instead of a
scan of every game of the season.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0035"
down_revision: str | None = "0034"


def upgrade() -> None:
    ddl.create_index("games", "start")


def downgrade() -> None:
    ddl.drop_index("games", "start")
