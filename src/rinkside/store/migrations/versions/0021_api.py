"""The public API's read tokens, each tournament's webhooks and their outbox.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03

``api_tokens``: the read tokens the director issues for ``/api/v1`` (only
each token's SHA-256 hash; ``revoked_at`` once revoked). ``webhooks``: a
URL per tournament, the kinds of event it is told of and the secret each
delivery is signed with. ``webhook_deliveries``: the outbox, one row per
event and webhook written in the transaction of the write that made the
event, with each attempt's answer.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"


def _fk(table: str, column: str, target: str) -> sqlalchemy.ForeignKeyConstraint:
    return sqlalchemy.ForeignKeyConstraint([column], [f"{target}.id"],
                                           name=f"fk_{table}_{column}_{target}")


def _moment(name: str, *, nullable: bool = True) -> sqlalchemy.Column[object]:
    return sqlalchemy.Column(name, sqlalchemy.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("label", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("token_hash", sqlalchemy.String(64), nullable=False),
        sqlalchemy.Column("issued_by", sqlalchemy.String(100), nullable=False),
        _moment("issued_at", nullable=False),
        _moment("revoked_at"),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_api_tokens"),
        sqlalchemy.UniqueConstraint("token_hash", name="uq_api_tokens_token_hash"),
    )
    op.create_table(
        "webhooks",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("url", sqlalchemy.String(500), nullable=False),
        sqlalchemy.Column("events", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("secret", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("created_by", sqlalchemy.String(100), nullable=False),
        _moment("created_at", nullable=False),
        _moment("removed_at"),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_webhooks"),
        _fk("webhooks", "tournament_id", "tournaments"),
    )
    op.create_table(
        "webhook_deliveries",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("webhook_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("event", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("body", sqlalchemy.Text(), nullable=False),
        _moment("created_at", nullable=False),
        sqlalchemy.Column("attempts", sqlalchemy.Integer(), server_default="0",
                          nullable=False),
        _moment("next_at"),
        _moment("delivered_at"),
        sqlalchemy.Column("last_status", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("last_answer", sqlalchemy.Text(), nullable=True),
        _moment("last_at"),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_webhook_deliveries"),
        _fk("webhook_deliveries", "webhook_id", "webhooks"),
    )
    op.create_index("ix_webhook_deliveries_next_at", "webhook_deliveries", ["next_at"])


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_next_at", table_name="webhook_deliveries")
    op.drop_table("webhook_deliveries")
    op.drop_table("webhooks")
    op.drop_table("api_tokens")
