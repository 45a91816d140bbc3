"""The Event Directors' decisions on reported cases, suspensions changed by
the directors, and suspensions from other organisations.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01

``review_decisions`` keeps the decision on a case reported to the Event
Directors (404(h) gross misconduct, 405(b) match penalty): the games the
player now sits out from that game on (0: none more) or the rest of the
tournament. Until now such a decision was a supplementary-discipline row whose
reason began ``[review 404(h) game 12: 2]`` (and a decision of 0 games was
kept as 1, the games CHECK allowing no 0); upgrading moves those rows here,
reading 0 back from the reason text, and downgrading moves them back.
``suspension_changes`` keeps a suspension shortened (negative games) or
lengthened by the directors with the reason (410(a)).
``supplementary_disciplines.organisation`` names the organisation that handed
down a suspension recorded under 410(d) (null: the tournament's own, 410(a)).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD = re.compile(r"\[review (404\(h\)|405\(b\)) game (\d+): (\d+|rest_of_tournament)\] ?(.*)",
                  re.DOTALL)


def upgrade() -> None:
    reviews = op.create_table(
        "review_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(8), nullable=False),
        sa.Column("games", sa.Integer(), nullable=True),
        sa.Column("extent", sa.String(32), nullable=True),
        sa.Column("decision", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_review_decisions"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_review_decisions_player_id_players"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_review_decisions_game_id_games"),
        sa.CheckConstraint("rule IN ('404(h)', '405(b)')", name="ck_review_decisions_rule"),
        sa.CheckConstraint("games IS NULL OR games >= 0", name="ck_review_decisions_games"),
        sa.CheckConstraint("extent IS NULL OR extent = 'rest_of_tournament'",
                           name="ck_review_decisions_extent"),
        sa.CheckConstraint("(games IS NULL) <> (extent IS NULL)",
                           name="ck_review_decisions_games_or_extent"),
    )
    op.create_index("ix_review_decisions_player_id", "review_decisions", ["player_id"])
    op.create_table(
        "suspension_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_suspension_changes"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_suspension_changes_player_id_players"),
        sa.CheckConstraint("games <> 0", name="ck_suspension_changes_games"),
        sa.CheckConstraint("reason <> ''", name="ck_suspension_changes_reason"),
    )
    op.create_index("ix_suspension_changes_player_id", "suspension_changes", ["player_id"])
    with op.batch_alter_table("supplementary_disciplines") as batch:
        batch.add_column(sa.Column("organisation", sa.String(100), nullable=True))

    bind = op.get_bind()
    old = sa.table("supplementary_disciplines", sa.column("id", sa.Integer()),
                   sa.column("player_id", sa.Integer()), sa.column("reason", sa.Text()),
                   sa.column("recorded_by", sa.String()),
                   sa.column("recorded_at", sa.DateTime(timezone=True)))
    moved: list[int] = []
    for row in bind.execute(sa.select(old).where(old.c.reason.like("[review %"))).all():
        found = _OLD.fullmatch(row.reason)
        if found is None:
            continue
        rule, game, games, words = found.groups()
        bind.execute(reviews.insert().values(
            player_id=row.player_id, game_id=int(game), rule=rule,
            games=int(games) if games.isdigit() else None,
            extent=None if games.isdigit() else games, decision=words,
            recorded_by=row.recorded_by, recorded_at=row.recorded_at))
        moved.append(row.id)
    if moved:
        bind.execute(old.delete().where(old.c.id.in_(moved)))


def downgrade() -> None:
    bind = op.get_bind()
    reviews = sa.table("review_decisions", sa.column("player_id", sa.Integer()),
                       sa.column("game_id", sa.Integer()), sa.column("rule", sa.String()),
                       sa.column("games", sa.Integer()), sa.column("extent", sa.String()),
                       sa.column("decision", sa.Text()), sa.column("recorded_by", sa.String()),
                       sa.column("recorded_at", sa.DateTime(timezone=True)))
    old = sa.table("supplementary_disciplines", sa.column("player_id", sa.Integer()),
                   sa.column("games", sa.Integer()), sa.column("extent", sa.String()),
                   sa.column("reason", sa.Text()), sa.column("after_game_id", sa.Integer()),
                   sa.column("recorded_by", sa.String()),
                   sa.column("recorded_at", sa.DateTime(timezone=True)))
    for r in bind.execute(sa.select(reviews)).all():
        games = r.games if r.games is not None else r.extent
        bind.execute(old.insert().values(
            player_id=r.player_id, games=None if r.games is None else max(r.games, 1),
            extent=r.extent, reason=f"[review {r.rule} game {r.game_id}: {games}] {r.decision}",
            after_game_id=r.game_id, recorded_by=r.recorded_by, recorded_at=r.recorded_at))
    with op.batch_alter_table("supplementary_disciplines") as batch:
        batch.drop_column("organisation")
    op.drop_index("ix_suspension_changes_player_id", table_name="suspension_changes")
    op.drop_table("suspension_changes")
    op.drop_index("ix_review_decisions_player_id", table_name="review_decisions")
    op.drop_table("review_decisions")
