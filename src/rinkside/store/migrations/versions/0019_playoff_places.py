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

revision: str = "0019"
down_revision: str | None = "0018"


def upgrade() -> None:
    # Plain ALTER TABLE (SQLite 3.35+ drops a column too): no batch copy of a
    # table other tables refer to.
    op.add_column("divisions", sqlalchemy.Column("playoff_teams", sqlalchemy.Integer(),
                                                 nullable=True))
    op.create_table(
        "playoff_places",
        sqlalchemy.Column("division_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("bracket_game", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("start", sqlalchemy.DateTime(timezone=True), nullable=True),
        sqlalchemy.Column("rink", sqlalchemy.String(200), nullable=True),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.PrimaryKeyConstraint("division_id", "bracket_game",
                                        name="pk_playoff_places"),
        sqlalchemy.ForeignKeyConstraint(["division_id"], ["divisions.id"],
                                        name="fk_playoff_places_division_id_divisions"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_playoff_places_game_id_games"),
        sqlalchemy.CheckConstraint("bracket_game >= 1", name="ck_playoff_places_bracket_game"),
    )


def downgrade() -> None:
    op.drop_table("playoff_places")
    op.drop_column("divisions", "playoff_teams")
