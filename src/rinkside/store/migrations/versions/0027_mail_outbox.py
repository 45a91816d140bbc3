"""The mail outbox (issue 28).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-03

``mail_outbox``: each message (the signed report to the teams' managers and
the director, a suspension notice, a roster decision) written in the
transaction of the change that made it, with its recipients, subject, body,
the signed report attached (by reference), and each attempt's outcome.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0027"
down_revision: str | None = "0026"


def upgrade() -> None:
    ddl.create_table(
        "mail_outbox",
        ddl.integer("tournament_id"),
        ddl.string("kind", 32),
        ddl.integer("game_id", nullable=True),
        ddl.integer("signed_report_id", nullable=True),
        sqlalchemy.Column("recipients", sqlalchemy.JSON(none_as_null=True), nullable=False),
        ddl.string("subject", ddl.NAME),
        ddl.text("body"),
        ddl.moment("created_at"),
        ddl.integer("attempts", default="0"),
        ddl.moment("next_at", nullable=True),
        ddl.moment("sent_at", nullable=True),
        ddl.text("last_error", nullable=True),
        ddl.moment("last_at", nullable=True),
        ddl.foreign_key("mail_outbox", "tournament_id", "tournaments"),
        ddl.foreign_key("mail_outbox", "game_id", "games"),
        ddl.foreign_key("mail_outbox", "signed_report_id", "signed_reports"),
    )
    ddl.create_index("mail_outbox", "tournament_id")
    ddl.create_index("mail_outbox", "next_at")


def downgrade() -> None:
    ddl.drop_index("mail_outbox", "next_at")
    ddl.drop_index("mail_outbox", "tournament_id")
    op.drop_table("mail_outbox")
