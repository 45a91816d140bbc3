"""The statements of the event log (:mod:`rinkside.store.eventlog`), built once.

Appending is a console's hot path, and a statement object that is reused
skips SQLAlchemy's construction and finds its compiled form cached. Each
write is one ``INSERT ... SELECT`` from the game's row at the version the
writer read (the module :mod:`~rinkside.store.eventlog` says why); each
read is one statement.
"""

from __future__ import annotations

from typing import Any, Final, cast

from sqlalchemy import (
    ColumnElement,
    Insert,
    Integer,
    Select,
    String,
    Table,
    Text,
    bindparam,
    literal_column,
    select,
    text,
)
from sqlalchemy.dialects import postgresql, sqlite

from rinkside.rules.log import CORRECTIONS, Correction, Op
from rinkside.store.models import EventRevision, Game
from rinkside.store.types import UTCDateTime

GAMES: Final = cast(Table, Game.__table__)
REVISIONS: Final = cast(Table, EventRevision.__table__)
REVISION_COLUMNS: Final = (
    REVISIONS.c.revision,
    REVISIONS.c.op,
    REVISIONS.c.position,
    REVISIONS.c.payload,
    REVISIONS.c.previous,
    REVISIONS.c.recorded_by,
    REVISIONS.c.recorded_at,
    REVISIONS.c.reason,
)
LENGTH_CHANGE: Final[dict[Op, int]] = {"append": 1, "replace": 0, "insert": 1, "delete": -1}


PRIMARY_KEY: Final = (REVISIONS.c.game_id, REVISIONS.c.revision)
# The columns an append fills; previous is NULL and reason '' (the defaults).
APPEND_COLUMNS: Final = (
    "game_id", "revision", "op", "position", "payload", "recorded_by", "recorded_at",
    "chain_seq", "link")
CORRECT_COLUMNS: Final = APPEND_COLUMNS + ("previous", "reason")


def _insert_revision(dialect: str, columns: tuple[str, ...], rows: Select[Any]) -> Insert:
    """``INSERT INTO event_revisions (columns) <rows> ON CONFLICT (game_id,
    revision) DO NOTHING``: a revision another writer holds is not inserted
    and is no error (any other constraint still is); the rowcount says
    whether the row went in."""
    if dialect == "postgresql":
        # The game's row is locked before the revision's key is taken: writers
        # queue on the row (as anyone updating the game does), and none holds
        # a key while it waits for the row, which could deadlock.
        rows = rows.with_for_update(key_share=True)  # FOR NO KEY UPDATE
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(REVISIONS)
    return (
        statement.from_select(columns, rows, include_defaults=False)
        .on_conflict_do_nothing(index_elements=PRIMARY_KEY)
        # An INSERT's cursor is closed before its rowcount is read, unless kept.
        .execution_options(preserve_rowcount=True)
    )


def _at_expected_version() -> tuple[ColumnElement[bool], ...]:
    """The game at the version the writer read, its hash chain at the length
    the writer linked the new revision onto (rinkside.store.chain: a sign-off
    or written report may have moved it on without moving the version)."""
    return (GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("expected"),
            GAMES.c.chain_length == bindparam("chain_seq") - 1,
            GAMES.c.chain_head == bindparam("prev", type_=String()))


def _written_by() -> tuple[ColumnElement[Any], ...]:
    return (bindparam("payload", type_=REVISIONS.c.payload.type),
            bindparam("by", type_=String()), bindparam("at", type_=UTCDateTime()),
            bindparam("chain_seq", type_=Integer), bindparam("link", type_=String()))


def _append_statement(dialect: str) -> Insert:
    """The whole append: the game's next revision, at the end of its log,
    from the game's row if it is at the version the writer read."""
    rows = select(
        GAMES.c.id, GAMES.c.version + 1, literal_column("'append'"), GAMES.c.event_count,
        *_written_by(),
    ).where(*_at_expected_version())
    return _insert_revision(dialect, APPEND_COLUMNS, rows)


def _correct_statement(dialect: str, op: Correction) -> Insert:
    """The whole correction: as an append, at ``position``, which must be in
    the log: 0..length for an insert (at the end included), 0..length-1 to
    replace or delete."""
    position = bindparam("position", type_=Integer)
    rows = select(
        GAMES.c.id, GAMES.c.version + 1, literal_column(f"'{op}'"), position,
        *_written_by(),
        bindparam("previous", type_=REVISIONS.c.previous.type),
        bindparam("reason", type_=Text()),
    ).where(
        *_at_expected_version(),
        GAMES.c.event_count >= position if op == "insert" else GAMES.c.event_count > position,
    )
    return _insert_revision(dialect, CORRECT_COLUMNS, rows)


# By dialect (the connection's dialect.name), as upserts are written per dialect.
DIALECTS: Final = ("sqlite", "postgresql")
APPEND: Final = {dialect: _append_statement(dialect) for dialect in DIALECTS}
CORRECT: Final = {
    dialect: {op: _correct_statement(dialect, op) for op in CORRECTIONS}
    for dialect in DIALECTS
}
EVENTS: Final = (
    select(GAMES.c.version, REVISIONS.c.revision, REVISIONS.c.op, REVISIONS.c.position,
           REVISIONS.c.payload)
    .select_from(GAMES.outerjoin(REVISIONS, REVISIONS.c.game_id == GAMES.c.id))
    .where(GAMES.c.id == bindparam("game_id"))
    .order_by(REVISIONS.c.revision)
)
# Each game's current payloads as one JSON array, as text (on SQLite the
# stored texts joined, as they are: the database parses nothing; the driver
# parses nothing either, and orjson reads it in one pass), by dialect, with what
# tells whether that is the whole story: its version, how many revisions
# are not appends (corrections) and the revisions' numbers in the order the
# array holds them. Neither database promises an aggregate's order without
# an ORDER BY in it, so the numbers, aggregated in the same pass as the
# payloads, are checked instead (eventlog.each_log); on PostgreSQL the rows
# come sorted from the primary key's index, and two ORDER BYs inside the
# aggregates sorted each game's rows twice again (a fifth of the statement).
LOGS: Final = {
    "sqlite": text(
        "SELECT g.id, g.version, count(r.revision), sum(r.op <> 'append'),"
        " group_concat(r.revision), '[' || coalesce(group_concat(r.payload), '') || ']'"
        " FROM games AS g LEFT JOIN event_revisions AS r ON r.game_id = g.id"
        " WHERE g.id IN :ids GROUP BY g.id"
    ).bindparams(bindparam("ids", expanding=True)),
    "postgresql": text(
        "SELECT g.id, g.version, count(r.revision), sum(CASE WHEN r.op <> 'append'"
        " THEN 1 ELSE 0 END), string_agg(r.revision::text, ','),"
        " coalesce(json_agg(r.payload) FILTER (WHERE r.revision IS NOT NULL), '[]'::json)::text"
        " FROM games AS g LEFT JOIN (SELECT game_id, revision, op, payload"
        " FROM event_revisions WHERE game_id = ANY(CAST(:ids AS integer[]))"
        " ORDER BY game_id, revision) AS r ON r.game_id = g.id"
        # One array parameter, not an IN list of a division's 240: the
        # server plans it in a fraction of the time.
        " WHERE g.id = ANY(CAST(:ids AS integer[])) GROUP BY g.id"
    ).bindparams(bindparam("ids", type_=postgresql.ARRAY(Integer))),
}
IDS_PER_STATEMENT: Final = 500
HEAD: Final = select(GAMES.c.version, GAMES.c.event_count).where(
    GAMES.c.id == bindparam("game_id"))
# What a write links its revision onto: the game's length and chain head.
CHAIN_HEAD: Final = select(GAMES.c.event_count, GAMES.c.chain_head, GAMES.c.chain_length).where(
    GAMES.c.id == bindparam("game_id"))
LOG: Final = (
    select(GAMES.c.version, *REVISION_COLUMNS)
    .select_from(GAMES.outerjoin(REVISIONS, REVISIONS.c.game_id == GAMES.c.id))
    .where(GAMES.c.id == bindparam("game_id"))
    .order_by(REVISIONS.c.revision)
)
