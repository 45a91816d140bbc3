"""The games a scorekeeper, table official or referee works, one row a game
(issue 30).

Revision ID: 0039
Revises: 0038
Create Date: 2026-12-04

``users.games`` lists a user's games as JSON, which no index reaches:
finding a game's scorekeepers, its referees who sign it (Rule 616(a)) and
the logins a desk's staff save changes read every user of the store.
``user_games`` holds the same pairs, keyed by the game first, so a game's
logins are found through its key (and a user's own rows through the
index on ``user_id``). The upgrade copies the lists of the users
already stored (a game no longer stored is left out: no one can work it);
the downgrade drops the table (``users.games`` still holds every pair).
Self-contained on purpose: plain JSON, no code of the application.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0039"
down_revision: str | None = "0038"


def _read(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    table = ddl.create_table(
        "user_games", ddl.integer("game_id"), ddl.integer("user_id"),
        ddl.foreign_key("user_games", "game_id", "games", ondelete="CASCADE"),
        ddl.foreign_key("user_games", "user_id", "users", ondelete="CASCADE"),
        key=("game_id", "user_id"))
    ddl.create_index("user_games", "user_id")  # a user's own rows, replaced with their list
    bind = op.get_bind()
    users = sqlalchemy.table("users", sqlalchemy.column("id", sqlalchemy.Integer()),
                             sqlalchemy.column("games", sqlalchemy.JSON()))
    games = sqlalchemy.table("games", sqlalchemy.column("id", sqlalchemy.Integer()))
    stored = set(bind.scalars(sqlalchemy.select(games.c.id)))
    pairs = [{"game_id": int(game), "user_id": row.id}
             for row in bind.execute(sqlalchemy.select(users.c.id, users.c.games)).all()
             for game in sorted(set(_read(row.games) or ()))
             if int(game) in stored]
    if pairs:
        bind.execute(table.insert(), pairs)


def downgrade() -> None:
    op.drop_table("user_games")
