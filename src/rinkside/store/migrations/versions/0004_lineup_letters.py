"""The captain's and alternates' letters of a game's lineup (Rule 202(c)).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29

The referees and the official scorer are told before each game who is
captain and who are alternates; that can differ from the tournament roster
(the roster's captain may not be dressed), and the forfeit goal goes to the
winning captain (634(d)2).
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    ddl.add_columns("lineup_entries", ddl.string("letter", 1, nullable=True))


def downgrade() -> None:
    ddl.drop_columns("lineup_entries", "letter")
