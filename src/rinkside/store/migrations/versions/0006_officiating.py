"""Officials, the sign-off log (Rule 616(a)) and the tournament's rinks.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29

``signoff_entries`` is append-only: signatures and reopenings (with their
reason) in order; a game is locked while its newest entry is the signature
that completed its referees' set (``locks``). ``rinks`` keeps each rink's
dimensions (feet) as a JSON document, by the name the schedule uses.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"


def _fk(table: str, column: str, target: str) -> sqlalchemy.ForeignKeyConstraint:
    return sqlalchemy.ForeignKeyConstraint([column], [f"{target}.id"],
                                           name=f"fk_{table}_{column}_{target}")


def upgrade() -> None:
    op.create_table(
        "game_officials",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("role", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("position", sqlalchemy.Integer(), server_default="0", nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(200), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_game_officials"),
        _fk("game_officials", "game_id", "games"),
        sqlalchemy.UniqueConstraint("game_id", "role", "position",
                                    name="uq_game_officials_game_id_role_position"),
        sqlalchemy.CheckConstraint("role IN ('referee', 'game_timekeeper', 'penalty_timekeeper', "
                                   "'official_scorer', 'goal_judge')",
                                   name="ck_game_officials_role"),
    )
    op.create_table(
        "signoff_entries",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("username", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        sqlalchemy.Column("locks", sqlalchemy.Boolean(), server_default=sqlalchemy.false(),
                          nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_signoff_entries"),
        _fk("signoff_entries", "game_id", "games"),
        sqlalchemy.CheckConstraint("kind IN ('sign', 'reopen')", name="ck_signoff_entries_kind"),
        sqlalchemy.CheckConstraint("kind <> 'reopen' OR reason <> ''",
                                   name="ck_signoff_entries_reopen_reason"),
    )
    op.create_index("ix_signoff_entries_game_id_id", "signoff_entries", ["game_id", "id"])
    op.create_table(
        "rinks",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("dimensions", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_rinks"),
        _fk("rinks", "tournament_id", "tournaments"),
        sqlalchemy.UniqueConstraint("tournament_id", "name", name="uq_rinks_tournament_id_name"),
    )


def downgrade() -> None:
    op.drop_table("rinks")
    op.drop_index("ix_signoff_entries_game_id_id", table_name="signoff_entries")
    op.drop_table("signoff_entries")
    op.drop_table("game_officials")
