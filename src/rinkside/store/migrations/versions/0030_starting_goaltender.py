"""The starting goaltender of each team's lineup (Rule 204(a)).

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-03

``lineup_entries.starts``: the dressed goaltender the manager (or the
scorer) names to start the game; at most one per team and game (the
service sees to it), none when nobody was named.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0030"
down_revision: str | None = "0029"


def upgrade() -> None:
    ddl.add_columns("lineup_entries", ddl.flag("starts", default=False))


def downgrade() -> None:
    ddl.drop_columns("lineup_entries", "starts")
