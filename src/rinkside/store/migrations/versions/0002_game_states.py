"""A cache of recomputed game states, keyed by the log's version.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

The event log stays the only truth: a row here is the engine's state after
replaying a game's log at ``version`` with the engine whose fingerprint is
``engine``; any other version or engine is ignored and recomputed.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    op.create_table(
        "game_states",
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("version", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("engine", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("state", sqlalchemy.LargeBinary(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("game_id", name="pk_game_states"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_game_states_game_id_games",
                                        ondelete="CASCADE"),
    )


def downgrade() -> None:
    op.drop_table("game_states")
