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

from rinkside.store.migrations import ddl

revision: str = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    ddl.create_table(
        "game_states",
        ddl.integer("game_id"),
        ddl.integer("version"),
        ddl.string("engine", 64),
        sqlalchemy.Column("state", sqlalchemy.LargeBinary(), nullable=False),
        ddl.foreign_key("game_states", "game_id", "games", ondelete="CASCADE"),
        key=("game_id",),
    )


def downgrade() -> None:
    op.drop_table("game_states")
