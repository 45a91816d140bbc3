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

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"],
                                   name=f"fk_{table}_{column}_{target}")


def upgrade() -> None:
    op.create_table(
        "game_officials",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("position", sa.Integer(), server_default="0", nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game_officials"),
        _fk("game_officials", "game_id", "games"),
        sa.UniqueConstraint("game_id", "role", "position",
                            name="uq_game_officials_game_id_role_position"),
        sa.CheckConstraint("role IN ('referee', 'game_timekeeper', 'penalty_timekeeper', "
                           "'official_scorer', 'goal_judge')", name="ck_game_officials_role"),
    )
    op.create_table(
        "signoff_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("username", sa.String(100), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text(), server_default="", nullable=False),
        sa.Column("locks", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_signoff_entries"),
        _fk("signoff_entries", "game_id", "games"),
        sa.CheckConstraint("kind IN ('sign', 'reopen')", name="ck_signoff_entries_kind"),
        sa.CheckConstraint("kind <> 'reopen' OR reason <> ''",
                           name="ck_signoff_entries_reopen_reason"),
    )
    op.create_index("ix_signoff_entries_game_id_id", "signoff_entries", ["game_id", "id"])
    op.create_table(
        "rinks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("dimensions", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rinks"),
        _fk("rinks", "tournament_id", "tournaments"),
        sa.UniqueConstraint("tournament_id", "name", name="uq_rinks_tournament_id_name"),
    )


def downgrade() -> None:
    op.drop_table("rinks")
    op.drop_index("ix_signoff_entries_game_id_id", table_name="signoff_entries")
    op.drop_table("signoff_entries")
    op.drop_table("game_officials")
