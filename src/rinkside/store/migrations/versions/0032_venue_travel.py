"""The travel between two venues, pair by pair (issue 31).

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-03

``venue_travel``: the minutes from one venue (a rink's building,
``rinks.venue``) to another, one row a pair (``venue_a`` < ``venue_b``); a
pair not given takes ``tournaments.travel_minutes``.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy
from alembic import op

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "venue_travel",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("venue_a", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("venue_b", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("minutes", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.CheckConstraint("minutes >= 0", name=op.f("ck_venue_travel_minutes")),
        sqlalchemy.CheckConstraint("venue_a < venue_b", name=op.f("ck_venue_travel_pair_order")),
        sqlalchemy.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                        name=op.f("fk_venue_travel_tournament_id_tournaments")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_venue_travel")),
        sqlalchemy.UniqueConstraint("tournament_id", "venue_a", "venue_b",
                                    name=op.f("uq_venue_travel_tournament_id_venue_a_venue_b")),
    )
    op.create_index(op.f("ix_venue_travel_tournament_id"), "venue_travel", ["tournament_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_venue_travel_tournament_id"), table_name="venue_travel")
    op.drop_table("venue_travel")
