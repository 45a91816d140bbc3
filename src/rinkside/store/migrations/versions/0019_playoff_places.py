"""A division's bracket size, and playoff games scheduled before their teams.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03

``divisions.playoff_teams``: how many teams the division's bracket seeds,
once the desk has scheduled a playoff game (null: no bracket drawn yet); the
public bracket draws it. ``playoff_places``: a bracket game the desk put on
a rink and a time before its teams were known (its places say "Winner of
SF1", "2nd of 16U"); ``game_id`` is the game made for it once both places
filled (:mod:`rinkside.tournament.placeholders`), null until then.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0019"
down_revision: str | None = "0018"


def upgrade() -> None:
    # Plain ALTER TABLE (SQLite 3.35+ drops a column too): no batch copy of a
    # table other tables refer to.
    op.add_column("divisions", ddl.integer("playoff_teams", nullable=True))
    ddl.create_table(
        "playoff_places",
        ddl.integer("division_id"),
        ddl.integer("bracket_game"),
        ddl.moment("start", nullable=True),
        ddl.string("rink", ddl.NAME, nullable=True),
        ddl.integer("game_id", nullable=True),
        ddl.foreign_key("playoff_places", "division_id", "divisions"),
        ddl.foreign_key("playoff_places", "game_id", "games"),
        sqlalchemy.CheckConstraint("bracket_game >= 1", name="ck_playoff_places_bracket_game"),
        key=("division_id", "bracket_game"),
    )


def downgrade() -> None:
    op.drop_table("playoff_places")
    op.drop_column("divisions", "playoff_teams")
