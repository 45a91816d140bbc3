"""A rink laptop pushes its games' sign-offs and written reports, and
remembers the league server's refusals.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01

On a rink laptop, ``sync_games`` gains ``league_signoffs`` and
``league_reports``: how many of the game's sign-off entries (Rule 616(a))
and of the written reports filed on the laptop (502(l), 404(h), 405(b)) the
league server is known to hold; later ones are not pushed yet. The
``refused_*`` columns keep the league server's last refusal of the game's
push (its HTTP status, message, rule and moment) and the game as it was
then (``refused_state``, "version/sign-offs/reports"): the laptop does not
send it again until the game changes or the operator asks.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"

_COLUMNS = ("league_signoffs", "league_reports", "refused_state", "refused_status",
            "refused_message", "refused_rule", "refused_at")


def upgrade() -> None:
    with op.batch_alter_table("sync_games") as table:
        table.add_column(sqlalchemy.Column("league_signoffs", sqlalchemy.Integer(), nullable=False,
                                           server_default="0"))
        table.add_column(sqlalchemy.Column("league_reports", sqlalchemy.Integer(), nullable=False,
                                           server_default="0"))
        table.add_column(sqlalchemy.Column("refused_state", sqlalchemy.String(64), nullable=True))
        table.add_column(sqlalchemy.Column("refused_status", sqlalchemy.Integer(), nullable=True))
        table.add_column(sqlalchemy.Column("refused_message", sqlalchemy.Text(), nullable=True))
        table.add_column(sqlalchemy.Column("refused_rule", sqlalchemy.String(16), nullable=True))
        table.add_column(sqlalchemy.Column("refused_at", sqlalchemy.DateTime(timezone=True),
                                           nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sync_games") as table:
        for name in reversed(_COLUMNS):
            table.drop_column(name)
