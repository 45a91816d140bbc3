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

import sqlalchemy
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"


def _fk(table: str, column: str, target: str) -> sqlalchemy.ForeignKeyConstraint:
    return sqlalchemy.ForeignKeyConstraint([column], [f"{target}.id"],
                                           name=f"fk_{table}_{column}_{target}")


def upgrade() -> None:
    op.create_table(
        "sync_tokens",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("rink_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("token_hash", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("issued_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("revoked_at", sqlalchemy.DateTime(timezone=True), nullable=True),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_sync_tokens"),
        _fk("sync_tokens", "rink_id", "rinks"),
        sqlalchemy.UniqueConstraint("token_hash", name="uq_sync_tokens_token_hash"),
    )
    op.create_table(
        "sync_links",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("league_url", sqlalchemy.String(500), nullable=False),
        sqlalchemy.Column("token", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("rink", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("pulled_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_sync_links"),
        _fk("sync_links", "tournament_id", "tournaments"),
    )
    op.create_table(
        "sync_games",
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("league_version", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("game_id", name="pk_sync_games"),
        _fk("sync_games", "game_id", "games"),
    )


def downgrade() -> None:
    op.drop_table("sync_games")
    op.drop_table("sync_links")
    op.drop_table("sync_tokens")
