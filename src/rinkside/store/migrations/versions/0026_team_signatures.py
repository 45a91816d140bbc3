"""Team officials' signatures, in the game's hash chain.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-03

``team_signatures``: a team's manager or coach signs the lineup before a
game (202(c), 204) and signs the report after it, or declines with a
written remark (506(b)); append-only, each linked in the game's hash chain
(``chain_seq``, ``link``) beside the officials' sign-off.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0026"
down_revision: str | None = "0025"


def upgrade() -> None:
    ddl.create_table(
        "team_signatures",
        ddl.integer("game_id"),
        ddl.integer("team_id"),
        ddl.string("kind", 16),
        ddl.string("username", ddl.WHO),
        ddl.text("remark", default=""),
        ddl.moment("at"),
        ddl.integer("chain_seq", nullable=True),
        ddl.string("link", 64, nullable=True),
        sqlalchemy.CheckConstraint("kind IN ('lineup', 'report', 'decline')",
                                   name=op.f("ck_team_signatures_kind")),
        sqlalchemy.CheckConstraint("kind <> 'decline' OR remark <> ''",
                                   name=op.f("ck_team_signatures_decline_remark")),
        ddl.foreign_key("team_signatures", "game_id", "games"),
        ddl.foreign_key("team_signatures", "team_id", "teams"),
    )
    ddl.create_index("team_signatures", "game_id", "id")


def downgrade() -> None:
    ddl.drop_index("team_signatures", "game_id", "id")
    op.drop_table("team_signatures")
