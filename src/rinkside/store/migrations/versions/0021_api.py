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

from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0021"
down_revision: str | None = "0020"


def upgrade() -> None:
    ddl.create_table(
        "api_tokens",
        ddl.string("label", ddl.NAME),
        ddl.string("token_hash", 64),
        *ddl.recorded("issued_by", "issued_at"),
        ddl.moment("revoked_at", nullable=True),
        ddl.unique("api_tokens", "token_hash"),
    )
    ddl.create_table(
        "webhooks",
        ddl.integer("tournament_id"),
        ddl.string("url", 500),
        ddl.json("events"),
        ddl.string("secret", 100),
        *ddl.recorded("created_by", "created_at"),
        ddl.moment("removed_at", nullable=True),
        ddl.foreign_key("webhooks", "tournament_id", "tournaments"),
    )
    ddl.create_table(
        "webhook_deliveries",
        ddl.integer("webhook_id"),
        ddl.string("event", 32),
        ddl.text("body"),
        ddl.moment("created_at"),
        ddl.integer("attempts", default="0"),
        ddl.moment("next_at", nullable=True),
        ddl.moment("delivered_at", nullable=True),
        ddl.integer("last_status", nullable=True),
        ddl.text("last_answer", nullable=True),
        ddl.moment("last_at", nullable=True),
        ddl.foreign_key("webhook_deliveries", "webhook_id", "webhooks"),
    )
    ddl.create_index("webhook_deliveries", "next_at")


def downgrade() -> None:
    ddl.drop_index("webhook_deliveries", "next_at")
    op.drop_table("webhook_deliveries")
    op.drop_table("webhooks")
    op.drop_table("api_tokens")
