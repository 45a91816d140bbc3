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

revision: str = "0023"
down_revision: str | None = "0022"


def upgrade() -> None:
    op.create_table(
        "signed_reports",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("chain_head", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("digest", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("signer", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("pdf", sqlalchemy.LargeBinary(), nullable=False),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name=op.f("fk_signed_reports_game_id_games")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_signed_reports")),
    )
    op.create_index(op.f("ix_signed_reports_game_id_id"), "signed_reports", ["game_id", "id"])
    op.create_index(op.f("ix_signed_reports_digest"), "signed_reports", ["digest"])


def downgrade() -> None:
    op.drop_index(op.f("ix_signed_reports_digest"), table_name="signed_reports")
    op.drop_index(op.f("ix_signed_reports_game_id_id"), table_name="signed_reports")
    op.drop_table("signed_reports")
