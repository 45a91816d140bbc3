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

from rinkside.store.migrations import ddl

revision: str = "0012"
down_revision: str | None = "0011"

_OLD = re.compile(r"\[review (404\(h\)|405\(b\)) game (\d+): (\d+|rest_of_tournament)\] ?(.*)",
                  re.DOTALL)


def upgrade() -> None:
    reviews = ddl.create_table(
        "review_decisions",
        ddl.integer("player_id"),
        ddl.integer("game_id"),
        ddl.string("rule", 8),
        ddl.integer("games", nullable=True),
        ddl.string("extent", 32, nullable=True),
        ddl.text("decision"),
        *ddl.recorded(),
        ddl.foreign_key("review_decisions", "player_id", "players"),
        ddl.foreign_key("review_decisions", "game_id", "games"),
        sqlalchemy.CheckConstraint("rule IN ('404(h)', '405(b)')", name="ck_review_decisions_rule"),
        sqlalchemy.CheckConstraint("games IS NULL OR games >= 0", name="ck_review_decisions_games"),
        sqlalchemy.CheckConstraint("extent IS NULL OR extent = 'rest_of_tournament'",
                                   name="ck_review_decisions_extent"),
        sqlalchemy.CheckConstraint("(games IS NULL) <> (extent IS NULL)",
                                   name="ck_review_decisions_games_or_extent"),
    )
    ddl.create_index("review_decisions", "player_id")
    ddl.create_table(
        "suspension_changes",
        ddl.integer("player_id"),
        ddl.integer("games"),
        ddl.text("reason"),
        *ddl.recorded(),
        ddl.foreign_key("suspension_changes", "player_id", "players"),
        sqlalchemy.CheckConstraint("games <> 0", name="ck_suspension_changes_games"),
        sqlalchemy.CheckConstraint("reason <> ''", name="ck_suspension_changes_reason"),
    )
    ddl.create_index("suspension_changes", "player_id")
    ddl.add_columns("supplementary_disciplines", ddl.string("organisation", 100, nullable=True))

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
    ddl.drop_columns("supplementary_disciplines", "organisation")
    ddl.drop_index("suspension_changes", "player_id")
    op.drop_table("suspension_changes")
    ddl.drop_index("review_decisions", "player_id")
    op.drop_table("review_decisions")
