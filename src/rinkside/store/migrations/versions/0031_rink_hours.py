"""Each rink's opening hours, closed slots and venue (issue 31).

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-03

``rinks.hours``: ``{"open": [[start, end], ...], "closed": [[start, end], ...]}``
with ISO times; null: open whenever the schedule's windows are, never closed.
``rinks.venue``: the building it is in ('' : unnamed, no travel to it);
``tournaments.travel_minutes``: the travel between two venues.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0031"
down_revision: str | None = "0030"


def upgrade() -> None:
    ddl.add_columns("rinks", ddl.json("hours", nullable=True),
                    ddl.string("venue", ddl.NAME, default=""))
    ddl.add_columns("tournaments", ddl.integer("travel_minutes", nullable=True))


def downgrade() -> None:
    ddl.drop_columns("tournaments", "travel_minutes")
    ddl.drop_columns("rinks", "venue", "hours")
