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

revision: str = "0027"
down_revision: str | None = "0026"


def _moment(name: str, *, nullable: bool = True) -> sqlalchemy.Column[object]:
    return sqlalchemy.Column(name, sqlalchemy.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "mail_outbox",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(32), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("signed_report_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("recipients", sqlalchemy.JSON(none_as_null=True), nullable=False),
        sqlalchemy.Column("subject", sqlalchemy.String(200), nullable=False),
        sqlalchemy.Column("body", sqlalchemy.Text(), nullable=False),
        _moment("created_at", nullable=False),
        sqlalchemy.Column("attempts", sqlalchemy.Integer(), server_default="0", nullable=False),
        _moment("next_at"),
        _moment("sent_at"),
        sqlalchemy.Column("last_error", sqlalchemy.Text(), nullable=True),
        _moment("last_at"),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_mail_outbox"),
        sqlalchemy.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"],
                                        name="fk_mail_outbox_tournament_id_tournaments"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_mail_outbox_game_id_games"),
        sqlalchemy.ForeignKeyConstraint(["signed_report_id"], ["signed_reports.id"],
                                        name="fk_mail_outbox_signed_report_id_signed_reports"),
    )
    op.create_index("ix_mail_outbox_tournament_id", "mail_outbox", ["tournament_id"])
    op.create_index("ix_mail_outbox_next_at", "mail_outbox", ["next_at"])


def downgrade() -> None:
    op.drop_index("ix_mail_outbox_next_at", table_name="mail_outbox")
    op.drop_index("ix_mail_outbox_tournament_id", table_name="mail_outbox")
    op.drop_table("mail_outbox")
