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

import sqlalchemy
from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"


def upgrade() -> None:
    with op.batch_alter_table("rinks") as batch:
        batch.add_column(sqlalchemy.Column("hours", sqlalchemy.JSON(), nullable=True))
        batch.add_column(sqlalchemy.Column("venue", sqlalchemy.String(200), nullable=False,
                                           server_default=""))
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sqlalchemy.Column("travel_minutes", sqlalchemy.Integer(),
                                           nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("travel_minutes")
    with op.batch_alter_table("rinks") as batch:
        batch.drop_column("venue")
        batch.drop_column("hours")
