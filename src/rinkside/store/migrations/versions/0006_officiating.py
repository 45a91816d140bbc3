"""Officials, the sign-off log (Rule 616(a)) and the tournament's rinks.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29

``signoff_entries`` is append-only: signatures and reopenings (with their
reason) in order; a game is locked while its newest entry is the signature
that completed its referees' set (``locks``). ``rinks`` keeps each rink's
dimensions (feet) as a JSON document, by the name the schedule uses.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    ddl.create_table(
        "game_officials",
        ddl.integer("game_id"),
        ddl.string("role", 32),
        ddl.integer("position", default="0"),
        ddl.string("name", ddl.NAME),
        ddl.foreign_key("game_officials", "game_id", "games"),
        ddl.unique("game_officials", "game_id", "role", "position"),
        sqlalchemy.CheckConstraint("role IN ('referee', 'game_timekeeper', 'penalty_timekeeper', "
                                   "'official_scorer', 'goal_judge')",
                                   name="ck_game_officials_role"),
    )
    ddl.create_table(
        "signoff_entries",
        ddl.integer("game_id"),
        ddl.string("kind", 16),
        *ddl.recorded("username", "at"),
        ddl.text("reason", default=""),
        ddl.flag("locks", default=False),
        ddl.foreign_key("signoff_entries", "game_id", "games"),
        sqlalchemy.CheckConstraint("kind IN ('sign', 'reopen')", name="ck_signoff_entries_kind"),
        sqlalchemy.CheckConstraint("kind <> 'reopen' OR reason <> ''",
                                   name="ck_signoff_entries_reopen_reason"),
    )
    ddl.create_index("signoff_entries", "game_id", "id")
    ddl.create_table(
        "rinks",
        ddl.integer("tournament_id"),
        ddl.string("name", ddl.NAME),
        ddl.json("dimensions"),
        ddl.foreign_key("rinks", "tournament_id", "tournaments"),
        ddl.unique("rinks", "tournament_id", "name"),
    )


def downgrade() -> None:
    op.drop_table("rinks")
    ddl.drop_index("signoff_entries", "game_id", "id")
    op.drop_table("signoff_entries")
    op.drop_table("game_officials")
