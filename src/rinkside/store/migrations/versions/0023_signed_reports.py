"""The official reports signed with the league's key (issue 29).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-03

``signed_reports``: each game's report PDF as signed when the last signature
locked it (616(a)), its SHA-256, the chain head it carries, the signing
certificate's fingerprint and when; append-only, a reopened and re-signed
game has a newer one.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0023"
down_revision: str | None = "0022"


def upgrade() -> None:
    ddl.create_table(
        "signed_reports",
        ddl.integer("game_id"),
        ddl.string("chain_head", 64),
        ddl.string("digest", 64),
        *ddl.recorded("signer", "at"),
        sqlalchemy.Column("pdf", sqlalchemy.LargeBinary(), nullable=False),
        ddl.foreign_key("signed_reports", "game_id", "games"),
    )
    ddl.create_index("signed_reports", "game_id", "id")
    ddl.create_index("signed_reports", "digest")


def downgrade() -> None:
    ddl.drop_index("signed_reports", "digest")
    ddl.drop_index("signed_reports", "game_id", "id")
    op.drop_table("signed_reports")
