"""The travel between two venues, pair by pair (issue 31).

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-03

``venue_travel``: the minutes from one venue (a rink's building,
``rinks.venue``) to another, one row a pair (``venue_a`` < ``venue_b``); a
pair not given takes ``tournaments.travel_minutes``.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0032"
down_revision: str | None = "0031"


def upgrade() -> None:
    ddl.create_table(
        "venue_travel",
        ddl.integer("tournament_id"),
        ddl.string("venue_a", ddl.NAME),
        ddl.string("venue_b", ddl.NAME),
        ddl.integer("minutes"),
        sqlalchemy.CheckConstraint("minutes >= 0", name=op.f("ck_venue_travel_minutes")),
        sqlalchemy.CheckConstraint("venue_a < venue_b", name=op.f("ck_venue_travel_pair_order")),
        ddl.foreign_key("venue_travel", "tournament_id", "tournaments"),
        ddl.unique("venue_travel", "tournament_id", "venue_a", "venue_b"),
    )
    ddl.create_index("venue_travel", "tournament_id")


def downgrade() -> None:
    ddl.drop_index("venue_travel", "tournament_id")
    op.drop_table("venue_travel")
