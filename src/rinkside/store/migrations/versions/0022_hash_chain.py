"""Each game's record as a hash chain (issue 29).

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-03

Every entry of a game's record (``event_revisions``, ``signoff_entries``,
``written_reports``) gets ``chain_seq`` (its place in the game's chain) and
``link`` (the SHA-256 of the link before it and of its content:
:mod:`rinkside.store.chain`); ``games`` gets ``chain_head`` (the newest
link, '' before the first entry) and ``chain_length``. The rows stored
before are chained here, each game's entries in the order they were written
(by their moment; a table's own rows in their own order).

The trigger of migration 0003 now also moves the game's chain head on to
the inserted revision's link. The downgrade drops the columns and puts the
trigger of 0003 back.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import sqlalchemy
from alembic import op

from rinkside.store import chain
from rinkside.store.migrations import ddl

revision: str = "0022"
down_revision: str | None = "0021"

def _trigger(chained: bool) -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute(ddl.postgresql_function(chained=chained, replace=True))
    else:
        op.execute(f"DROP TRIGGER {ddl.TRIGGER}")
        op.execute(ddl.sqlite_trigger(chained=chained))


_ENTRY_TABLES = ("event_revisions", "signoff_entries", "written_reports")

_meta = sqlalchemy.MetaData()
_games = sqlalchemy.Table(
    "games", _meta, sqlalchemy.Column("id", sqlalchemy.Integer),
    sqlalchemy.Column("chain_head", sqlalchemy.String(64)),
    sqlalchemy.Column("chain_length", sqlalchemy.Integer))
_revisions = sqlalchemy.Table(
    "event_revisions", _meta, *(sqlalchemy.Column(name, sqlalchemy.Integer) for name in (
        "game_id", "revision", "position", "chain_seq")),
    sqlalchemy.Column("op", sqlalchemy.String(16)),
    sqlalchemy.Column("payload", sqlalchemy.JSON(none_as_null=True)),
    sqlalchemy.Column("previous", sqlalchemy.JSON(none_as_null=True)),
    sqlalchemy.Column("recorded_by", sqlalchemy.String(100)),
    sqlalchemy.Column("recorded_at", sqlalchemy.DateTime(timezone=True)),
    sqlalchemy.Column("reason", sqlalchemy.Text),
    sqlalchemy.Column("link", sqlalchemy.String(64)))
_signoffs = sqlalchemy.Table(
    "signoff_entries", _meta, *(sqlalchemy.Column(name, sqlalchemy.Integer) for name in (
        "id", "game_id", "chain_seq")),
    *(sqlalchemy.Column(name, sqlalchemy.Text) for name in ("kind", "username", "reason")),
    sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True)),
    sqlalchemy.Column("locks", sqlalchemy.Boolean),
    sqlalchemy.Column("link", sqlalchemy.String(64)))
_written = sqlalchemy.Table(
    "written_reports", _meta, *(sqlalchemy.Column(name, sqlalchemy.Integer) for name in (
        "id", "game_id", "chain_seq")),
    *(sqlalchemy.Column(name, sqlalchemy.Text) for name in ("kind", "rule", "text", "username")),
    sqlalchemy.Column("at", sqlalchemy.DateTime(timezone=True)),
    sqlalchemy.Column("link", sqlalchemy.String(64)))


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _stream(rows: Any, kind: chain.Kind, rank: int) -> Iterator[tuple[datetime, int, int,
                                                                      chain.Kind, Any]]:
    for row in rows:
        yield _utc(row.at), rank, row.key, kind, row


def _chain_game(connection: sqlalchemy.Connection, game_id: int) -> None:
    r, s, w = _revisions.c, _signoffs.c, _written.c
    events = connection.execute(sqlalchemy.select(
        r.revision.label("key"), r.recorded_at.label("at"), r.op, r.position, r.payload,
        r.previous, r.recorded_by, r.reason).where(r.game_id == game_id)
        .order_by(r.revision)).all()
    signs = connection.execute(sqlalchemy.select(
        s.id.label("key"), s.at, s.kind, s.username, s.reason, s.locks)
        .where(s.game_id == game_id).order_by(s.id)).all()
    written = connection.execute(sqlalchemy.select(
        w.id.label("key"), w.at, w.kind, w.rule, w.text, w.username)
        .where(w.game_id == game_id).order_by(w.id)).all()
    previous = chain.genesis(game_id)
    seq = 0
    where: sqlalchemy.ColumnElement[bool]
    # heapq.merge keeps each table's own order and interleaves them by moment.
    for at, _, key, kind, row in heapq.merge(
            _stream(events, "event", 0), _stream(signs, "signoff", 1),
            _stream(written, "written", 2), key=lambda item: (item[0], item[1])):
        seq += 1
        if kind == "event":
            content = chain.event_content(key, row.op, row.position, row.payload, row.previous,
                                          row.recorded_by, at, row.reason)
            table, where = _revisions, (r.game_id == game_id) & (r.revision == key)
        elif kind == "signoff":
            content = chain.signoff_content(row.kind, row.username, at, row.reason,
                                            bool(row.locks))
            table, where = _signoffs, s.id == key
        else:
            content = chain.written_content(row.kind, row.rule, row.text, row.username, at)
            table, where = _written, w.id == key
        previous = chain.link(previous, seq, kind, content)
        connection.execute(sqlalchemy.update(table).where(where)
                           .values(chain_seq=seq, link=previous))
    if seq:
        connection.execute(sqlalchemy.update(_games).where(_games.c.id == game_id)
                           .values(chain_head=previous, chain_length=seq))


def upgrade() -> None:
    op.add_column("games", sqlalchemy.Column("chain_head", sqlalchemy.String(64),
                                             nullable=False, server_default=""))
    op.add_column("games", sqlalchemy.Column("chain_length", sqlalchemy.Integer(),
                                             nullable=False, server_default="0"))
    for table in _ENTRY_TABLES:
        op.add_column(table, sqlalchemy.Column("chain_seq", sqlalchemy.Integer(), nullable=True))
        op.add_column(table, sqlalchemy.Column("link", sqlalchemy.String(64), nullable=True))
    _trigger(chained=True)
    connection = op.get_bind()
    for game_id in connection.execute(sqlalchemy.select(_games.c.id).order_by(_games.c.id)
                                      ).scalars().all():
        _chain_game(connection, game_id)


def downgrade() -> None:
    postgresql = op.get_context().dialect.name == "postgresql"
    if postgresql:
        op.execute(ddl.postgresql_function(chained=False, replace=True))
    else:  # no trigger may name a column as it is dropped
        op.execute(f"DROP TRIGGER {ddl.TRIGGER}")
    for table in (*_ENTRY_TABLES, "games"):
        for name in (("chain_head", "chain_length") if table == "games"
                     else ("chain_seq", "link")):
            # SQLite (3.35 and later) drops a plain column in place: no batch copy,
            # which could not drop games while other tables' keys name it.
            op.execute(f"ALTER TABLE {table} DROP COLUMN {name}")
    if not postgresql:
        op.execute(ddl.sqlite_trigger(chained=False))
