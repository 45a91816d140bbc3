"""A stored state's game status beside it (issue 30).

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-03

``game_states.status``: the status of the game in the state stored
(``final``, ``in_play``...), written with it: the public tournament page
finds the games in play without loading every stored state. '' : not known
(a state stored before this migration), the state is read.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0033"
down_revision: str | None = "0032"


def upgrade() -> None:
    ddl.add_columns("game_states", ddl.string("status", 16, default=""))


def downgrade() -> None:
    ddl.drop_columns("game_states", "status")
