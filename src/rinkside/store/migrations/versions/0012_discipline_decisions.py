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

import sqlalchemy
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"

_OLD = re.compile(r"\[review (404\(h\)|405\(b\)) game (\d+): (\d+|rest_of_tournament)\] ?(.*)",
                  re.DOTALL)


def upgrade() -> None:
    reviews = op.create_table(
        "review_decisions",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("player_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("rule", sqlalchemy.String(8), nullable=False),
        sqlalchemy.Column("games", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("extent", sqlalchemy.String(32), nullable=True),
        sqlalchemy.Column("decision", sqlalchemy.Text(), nullable=False),
        sqlalchemy.Column("recorded_by", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("recorded_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_review_decisions"),
        sqlalchemy.ForeignKeyConstraint(["player_id"], ["players.id"],
                                        name="fk_review_decisions_player_id_players"),
        sqlalchemy.ForeignKeyConstraint(["game_id"], ["games.id"],
                                        name="fk_review_decisions_game_id_games"),
        sqlalchemy.CheckConstraint("rule IN ('404(h)', '405(b)')", name="ck_review_decisions_rule"),
        sqlalchemy.CheckConstraint("games IS NULL OR games >= 0", name="ck_review_decisions_games"),
        sqlalchemy.CheckConstraint("extent IS NULL OR extent = 'rest_of_tournament'",
                                   name="ck_review_decisions_extent"),
        sqlalchemy.CheckConstraint("(games IS NULL) <> (extent IS NULL)",
                                   name="ck_review_decisions_games_or_extent"),
    )
    op.create_index("ix_review_decisions_player_id", "review_decisions", ["player_id"])
    op.create_table(
        "suspension_changes",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("player_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("games", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("reason", sqlalchemy.Text(), nullable=False),
        sqlalchemy.Column("recorded_by", sqlalchemy.String(100), nullable=False),
        sqlalchemy.Column("recorded_at", sqlalchemy.DateTime(timezone=True), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_suspension_changes"),
        sqlalchemy.ForeignKeyConstraint(["player_id"], ["players.id"],
                                        name="fk_suspension_changes_player_id_players"),
        sqlalchemy.CheckConstraint("games <> 0", name="ck_suspension_changes_games"),
        sqlalchemy.CheckConstraint("reason <> ''", name="ck_suspension_changes_reason"),
    )
    op.create_index("ix_suspension_changes_player_id", "suspension_changes", ["player_id"])
    with op.batch_alter_table("supplementary_disciplines") as batch:
        batch.add_column(sqlalchemy.Column("organisation", sqlalchemy.String(100), nullable=True))

    bind = op.get_bind()
    old = sqlalchemy.table("supplementary_disciplines", sqlalchemy.column("id",
                                                                          sqlalchemy.Integer()),
                           sqlalchemy.column("player_id", sqlalchemy.Integer()),
                           sqlalchemy.column("reason", sqlalchemy.Text()),
                           sqlalchemy.column("recorded_by", sqlalchemy.String()),
                           sqlalchemy.column("recorded_at", sqlalchemy.DateTime(timezone=True)))
    moved: list[int] = []
    for row in bind.execute(sqlalchemy.select(old).where(old.c.reason.like("[review %"))).all():
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
    reviews = sqlalchemy.table("review_decisions", sqlalchemy.column("player_id",
                                                                     sqlalchemy.Integer()),
                               sqlalchemy.column("game_id", sqlalchemy.Integer()),
                               sqlalchemy.column("rule", sqlalchemy.String()),
                               sqlalchemy.column("games", sqlalchemy.Integer()),
                               sqlalchemy.column("extent", sqlalchemy.String()),
                               sqlalchemy.column("decision", sqlalchemy.Text()),
                               sqlalchemy.column("recorded_by", sqlalchemy.String()),
                               sqlalchemy.column("recorded_at", sqlalchemy.DateTime(timezone=True)))
    old = sqlalchemy.table("supplementary_disciplines", sqlalchemy.column("player_id",
                                                                          sqlalchemy.Integer()),
                           sqlalchemy.column("games", sqlalchemy.Integer()),
                           sqlalchemy.column("extent",
                                                                                       sqlalchemy.String()),
                           sqlalchemy.column("reason", sqlalchemy.Text()),
                           sqlalchemy.column("after_game_id", sqlalchemy.Integer()),
                           sqlalchemy.column("recorded_by", sqlalchemy.String()),
                           sqlalchemy.column("recorded_at", sqlalchemy.DateTime(timezone=True)))
    for r in bind.execute(sqlalchemy.select(reviews)).all():
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
