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

revision: str = "0026"
down_revision: str | None = "0025"


def upgrade() -> None:
    op.create_table(
        "team_signatures",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("kind", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("username", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("remark", sqlalchemy.Text(), server_default="", nullable=False),
        sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.Column("chain_seq", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("link", sqlalchemy.String(64), nullable=True),
        sqlalchemy.CheckConstraint("kind IN ('lineup', 'report', 'decline')",
                                   name=op.f("ck_team_signatures_kind")),
        sqlalchemy.CheckConstraint("kind <> 'decline' OR remark <> ''",
                                   name=op.f("ck_team_signatures_decline_remark")),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name=op.f("fk_team_signatures_game_id_games")),
        sqlalchemy.ForeignKeyConstraint(["team_id"], ["teams.id"],
                                        name=op.f("fk_team_signatures_team_id_teams")),
        sqlalchemy.PrimaryKeyConstraint("id", name=op.f("pk_team_signatures")),
    )
    op.create_index(op.f("ix_team_signatures_game_id_id"), "team_signatures", ["game_id", "id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_team_signatures_game_id_id"), table_name="team_signatures")
    op.drop_table("team_signatures")
