"""Offline rinks synced to the league server: rink tokens, the laptop's link, its games.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01

On the league server, ``sync_tokens`` holds the per-rink tokens the director
issues (only each token's SHA-256 hash; ``revoked_at`` once revoked). On a
rink laptop, ``sync_links`` names the league server it pulled from (its URL,
the rink's token, the tournament and the rink) and ``sync_games`` each
pulled game's ``league_version``: the version of the game on the league
server that the laptop's log is known to equal. Events after it are the
ones not pushed yet.
"""

from __future__ import annotations

from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0009"
down_revision: str | None = "0008"


def upgrade() -> None:
    ddl.create_table(
        "sync_tokens",
        ddl.integer("rink_id"),
        ddl.string("token_hash", 64),
        ddl.moment("issued_at"),
        ddl.moment("revoked_at", nullable=True),
        ddl.foreign_key("sync_tokens", "rink_id", "rinks"),
        ddl.unique("sync_tokens", "token_hash"),
    )
    ddl.create_table(
        "sync_links",
        ddl.string("league_url", 500),
        ddl.string("token", 100),
        ddl.integer("tournament_id"),
        ddl.string("rink", ddl.NAME),
        ddl.moment("pulled_at"),
        ddl.foreign_key("sync_links", "tournament_id", "tournaments"),
    )
    ddl.create_table(
        "sync_games",
        ddl.integer("game_id"),
        ddl.integer("league_version"),
        ddl.foreign_key("sync_games", "game_id", "games"),
        key=("game_id",),
    )


def downgrade() -> None:
    op.drop_table("sync_games")
    op.drop_table("sync_links")
    op.drop_table("sync_tokens")
