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

from rinkside.store.migrations import ddl

revision: str = "0013"
down_revision: str | None = "0012"

_COLUMNS = ("league_signoffs", "league_reports", "refused_state", "refused_status",
            "refused_message", "refused_rule", "refused_at")


def upgrade() -> None:
    ddl.add_columns(
        "sync_games",
        ddl.integer("league_signoffs", default="0"),
        ddl.integer("league_reports", default="0"),
        ddl.string("refused_state", 64, nullable=True),
        ddl.integer("refused_status", nullable=True),
        ddl.text("refused_message", nullable=True),
        ddl.string("refused_rule", 16, nullable=True),
        ddl.moment("refused_at", nullable=True),
    )


def downgrade() -> None:
    ddl.drop_columns("sync_games", *reversed(_COLUMNS))
