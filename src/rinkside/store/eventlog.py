"""Each game's event log: append-only revisions behind an optimistic lock.

A game's log is the list of its events, the engine's event values
(:mod:`rinkside.rules.events`), each stored as the store's own versioned
payload (:mod:`rinkside.store.codec`: integer tenths and a period index,
read back without the division's settings). It is never
edited in place: every write adds one :class:`~rinkside.store.models.EventRevision`
row, ``append`` (at the end) or a correction (``replace``, ``insert`` or
``delete`` at a position), and the current list is those revisions replayed
in order (:func:`load`: each current event with who wrote it and when). A
correction keeps the event it replaced or deleted in ``previous``, with who
made it, when and why (:func:`history`).

Every write names the version of the log it read, and is one statement:
``INSERT INTO event_revisions ... SELECT ... FROM games WHERE id = :id AND
version = :expected``, the new revision numbered ``version + 1`` from the
game's row. When it inserts no row the game is not at that version (someone
else wrote first: a second console on the same game) and the write is
refused with :class:`StaleWrite`, never merged. The game's ``version`` and
``event_count`` are moved on by the database, in a trigger on the insert
(migration 0003), which also refuses any revision that is not its game's
next.

Of two writers that read the same version exactly one succeeds. On
PostgreSQL the statement's SELECT locks the game's row (``FOR NO KEY
UPDATE``) until the transaction ends, so the second waits for the first and
then finds the version moved on; on SQLite the second waits for the write
lock and finds the same. Behind that, the primary key (game, revision)
admits one revision of each number, and a write that meets the key taken
inserts nothing (``ON CONFLICT DO NOTHING``, on that key only) and is
refused like any other: its transaction is never aborted by the race.

A replace or delete first reads the log (one statement) for the event it
keeps in ``previous``; its insert then names the same version, so what it
read is the log it corrects, or nothing is written.

Every function takes a :class:`~sqlalchemy.orm.Session` (as the services
use it) or a :class:`~sqlalchemy.engine.Connection` (a console's hot path:
a session's own begin and commit cost about as much as the append itself).

Transactions: a write runs in the session's (or connection's) current
transaction and does not commit; the caller commits, so several writes, or
a write and other rows, land together. ``commit=True`` makes the call its
own transaction: it commits on success and rolls back on any error. A
refused write (:class:`StaleWrite`, :class:`UnknownGame`,
:class:`NoSuchPosition`, or a ``TypeError``/``ValueError`` about the
arguments) has written nothing in either case; after any other error (the
database's own) roll the transaction back.

Nothing here knows the rules: the services check each event with the
engine before they call :func:`append` or :func:`correct`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, Literal, NoReturn, cast, get_args

import orjson
from sqlalchemy import (
    ColumnElement,
    Insert,
    Integer,
    Select,
    String,
    Table,
    Text,
    bindparam,
    inspect,
    literal_column,
    select,
    text,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from rinkside.rules.events import EVENT_TYPES, Event
from rinkside.store import codec
from rinkside.store.errors import (
    EventLogError,
    LogCorrupted,
    NoSuchPosition,
    StaleWrite,
    UnknownGame,
)
from rinkside.store.models import WHO, EventRevision, Game
from rinkside.store.revisions import LoggedEvent, Op, RevisionInfo, replay, story
from rinkside.store.types import UTCDateTime, utc_now

__all__ = [
    "Correction",
    "EventLogError",
    "LogCorrupted",
    "LoggedEvent",
    "NoSuchPosition",
    "RevisionInfo",
    "StaleWrite",
    "StoredLog",
    "UnknownGame",
    "append",
    "correct",
    "each_log",
    "events_of",
    "history",
    "load",
    "logs_of",
]

Correction = Literal["replace", "insert", "delete"]
_CORRECTIONS: Final[tuple[Correction, ...]] = get_args(Correction)


@dataclass(frozen=True, slots=True)
class StoredLog:
    """A game's log as stored: the version to name in the next write, the
    current events (the revisions replayed), each with who wrote it and when
    (``entries``), and every revision, oldest first."""

    game_id: int
    version: int
    entries: list[LoggedEvent]
    revisions: list[RevisionInfo]

    @property
    def events(self) -> list[Event]:
        """The current events, in order."""
        return [entry.event for entry in self.entries]


# --------------------------------------------------------------------------- writes


def append(
    session: Session | Connection,
    game_id: int,
    expected_version: int,
    event: Event,
    by: str,
    *,
    at: datetime | None = None,
    commit: bool = False,
) -> int:
    """Add ``event`` at the end of the game's log; return the new version.

    ``expected_version`` is the version the writer read (:attr:`StoredLog.version`);
    if the log has moved on, :class:`StaleWrite` and nothing is written.
    ``by`` is who recorded it; ``at`` when (default: now, UTC).
    """
    payload = _payload(event, "append")
    who = _check_by(by)
    when = _check_at(at)
    with _own_transaction(session, commit) as connection:
        inserted = connection.execute(_APPEND[connection.dialect.name], {
            "game_id": game_id, "expected": expected_version, "payload": payload,
            "by": who, "at": when,
        }).rowcount
        if inserted != 1:
            _refuse(connection, game_id, expected_version)  # UnknownGame, StaleWrite
        _sync_identity_map(session, game_id, expected_version, +1)
    return expected_version + 1


def correct(
    session: Session | Connection,
    game_id: int,
    expected_version: int,
    op: Correction,
    position: int,
    event: Event | None,
    by: str,
    reason: str,
    *,
    at: datetime | None = None,
    commit: bool = False,
) -> int:
    """Correct the event at ``position`` of the log; return the new version.

    ``replace`` puts ``event`` in place of the event there; ``insert`` puts
    it before the event there (``position`` = the log's length: at the end);
    ``delete`` removes the event there (``event`` must be ``None``). The
    replaced or deleted event is kept in the revision's ``previous``, with
    ``by``, ``at`` (default: now, UTC) and ``reason``, which is required.
    Refused with :class:`StaleWrite` if the log has moved on from
    ``expected_version``, :class:`NoSuchPosition` if the position is not in
    the log; nothing is written then.
    """
    if op not in _CORRECTIONS:
        raise ValueError(f"{op!r} is not a correction: replace, insert or delete")
    payload: codec.Payload | None = None
    if op == "delete":
        if event is not None:
            raise ValueError("a delete removes the event at its position; it takes no event")
    else:
        payload = _payload(event, op)
    if isinstance(position, bool) or not isinstance(position, int):
        raise TypeError(f"a position is an event's index in the log (0, 1, ...), not {position!r}")
    who = _check_by(by)
    why = reason.strip() if isinstance(reason, str) else ""
    if not why:
        raise ValueError("a correction says why it was made (reason), for the game's record")
    when = _check_at(at)
    with _own_transaction(session, commit) as connection:
        if position < 0:
            length = _length_at(connection, game_id, expected_version)
            raise NoSuchPosition(game_id, position, length, op)
        previous: codec.Payload | None = None
        if op != "insert":
            previous = codec.encode(
                _event_at(connection, game_id, expected_version, position, op))
        inserted = connection.execute(_CORRECT[connection.dialect.name][op], {
            "game_id": game_id, "expected": expected_version, "position": position,
            "payload": payload, "previous": previous, "by": who, "at": when, "reason": why,
        }).rowcount
        if inserted != 1:
            _refuse(connection, game_id, expected_version, op, position)
        _sync_identity_map(session, game_id, expected_version, _LENGTH_CHANGE[op])
    return expected_version + 1


# --------------------------------------------------------------------------- reads


def load(session: Session | Connection, game_id: int) -> StoredLog:
    """The game's log: its version, current events and revisions, read in one
    statement (a consistent picture while others write)."""
    rows = _connection(session).execute(_LOG, {"game_id": game_id}).all()
    if not rows:
        raise UnknownGame(game_id)
    version: int = rows[0].version
    revisions = [_revision_info(game_id, row) for row in rows if row.revision is not None]
    entries = replay(game_id, revisions)
    if version != len(revisions):
        raise LogCorrupted(
            f"game {game_id} is at version {version} but has {len(revisions)} revisions "
            "(every write adds exactly one): the log was changed outside rinkside"
        )
    return StoredLog(game_id, version, entries, revisions)


def events_of(session: Session | Connection, game_id: int) -> tuple[int, list[Event]]:
    """The game's version and current events, read in one statement: what a
    replay needs and no more (no moments of writing, no earlier values)."""
    rows = _connection(session).execute(_EVENTS, {"game_id": game_id}).all()
    if not rows:
        raise UnknownGame(game_id)
    version: int = rows[0][0]
    if rows[0][1] is None:  # no revision: the outer join's one empty row
        rows = []
    if version != len(rows):
        raise LogCorrupted(
            f"game {game_id} is at version {version} but has {len(rows)} revisions "
            "(every write adds exactly one): the log was changed outside rinkside"
        )
    if all(row[2] == "append" for row in rows):  # the usual log: no correction
        return version, [_event(game_id, row[1], row[4]) for row in rows]
    revisions = [RevisionInfo(row[1], row[2], row[3], _decoded(game_id, row[1], row[4]), None,
                              "", _NO_MOMENT, "") for row in rows]
    return version, [entry.event for entry in replay(game_id, revisions)]


def logs_of(session: Session | Connection, game_ids: Sequence[int]
            ) -> dict[int, tuple[int, list[Event]]]:
    """Each game's version and current events, for many games in one
    statement (:func:`each_log`, gathered). An unknown game is left out."""
    return {game_id: (version, events)
            for game_id, version, events in each_log(session, game_ids)}


def each_log(session: Session | Connection, game_ids: Sequence[int]
             ) -> Iterator[tuple[int, int, list[Event]]]:
    """Each game's id, version and current events, for many games in one
    statement (a division's cold recompute): each game's revisions come as
    one JSON array, aggregated by the database, so a game costs one row and
    one parse, not one row per event. A game is decoded only when it is
    reached, so a caller that replays each in turn holds one game's events
    at a time (not a division's: the garbage collector's full passes grow
    with what is held). An unknown game is left out."""
    if not game_ids:
        return
    connection = _connection(session)
    statement = _LOGS[connection.dialect.name]
    for start in range(0, len(game_ids), _IDS_PER_STATEMENT):
        chunk = list(game_ids[start:start + _IDS_PER_STATEMENT])
        rows = connection.execute(statement, {"ids": chunk}).all()
        for game_id, version, count, corrections, numbers, payloads in rows:
            if count == version and not corrections and _in_order(numbers, count):
                yield game_id, version, _decoded_all(game_id, payloads)
            else:  # a corrected log (or a corrupted one): replayed revision by revision
                yield (game_id, *events_of(connection, game_id))


def history(
    session: Session | Connection, game_id: int, position: int | None = None
) -> list[RevisionInfo]:
    """The revisions of the game's log, oldest first.

    With ``position``: the story of the event now at that position, from
    the revision that recorded it (append or insert) through every replace
    of it, each with the value it replaced in ``previous``. An event deleted
    since is in the full history (``position=None``), its last value in the
    delete's ``previous``.
    """
    log = load(session, game_id)
    if position is None:
        return log.revisions
    if not 0 <= position < len(log.entries):
        raise NoSuchPosition(game_id, position, len(log.entries), "show the history of")
    return story(log.revisions, position)


# --------------------------------------------------------------------------- statements
# Built once: appending is a console's hot path, and a statement object that
# is reused skips SQLAlchemy's construction and finds its compiled form cached.

_GAMES: Final = cast(Table, Game.__table__)
_REVISIONS: Final = cast(Table, EventRevision.__table__)
_REVISION_COLUMNS: Final = (
    _REVISIONS.c.revision,
    _REVISIONS.c.op,
    _REVISIONS.c.position,
    _REVISIONS.c.payload,
    _REVISIONS.c.previous,
    _REVISIONS.c.recorded_by,
    _REVISIONS.c.recorded_at,
    _REVISIONS.c.reason,
)
_LENGTH_CHANGE: Final[dict[Op, int]] = {"append": 1, "replace": 0, "insert": 1, "delete": -1}


_PRIMARY_KEY: Final = (_REVISIONS.c.game_id, _REVISIONS.c.revision)
# The columns an append fills; previous is NULL and reason '' (the defaults).
_APPEND_COLUMNS: Final = (
    "game_id", "revision", "op", "position", "payload", "recorded_by", "recorded_at")
_CORRECT_COLUMNS: Final = _APPEND_COLUMNS + ("previous", "reason")


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
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(_REVISIONS)
    return (
        statement.from_select(columns, rows, include_defaults=False)
        .on_conflict_do_nothing(index_elements=_PRIMARY_KEY)
        # An INSERT's cursor is closed before its rowcount is read, unless kept.
        .execution_options(preserve_rowcount=True)
    )


def _at_expected_version() -> tuple[ColumnElement[bool], ...]:
    return (_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("expected"))


def _written_by() -> tuple[ColumnElement[Any], ...]:
    return (bindparam("payload", type_=_REVISIONS.c.payload.type),
            bindparam("by", type_=String()), bindparam("at", type_=UTCDateTime()))


def _append_statement(dialect: str) -> Insert:
    """The whole append: the game's next revision, at the end of its log,
    from the game's row if it is at the version the writer read."""
    rows = select(
        _GAMES.c.id, _GAMES.c.version + 1, literal_column("'append'"), _GAMES.c.event_count,
        *_written_by(),
    ).where(*_at_expected_version())
    return _insert_revision(dialect, _APPEND_COLUMNS, rows)


def _correct_statement(dialect: str, op: Correction) -> Insert:
    """The whole correction: as an append, at ``position``, which must be in
    the log: 0..length for an insert (at the end included), 0..length-1 to
    replace or delete."""
    position = bindparam("position", type_=Integer)
    rows = select(
        _GAMES.c.id, _GAMES.c.version + 1, literal_column(f"'{op}'"), position,
        *_written_by(),
        bindparam("previous", type_=_REVISIONS.c.previous.type),
        bindparam("reason", type_=Text()),
    ).where(
        *_at_expected_version(),
        _GAMES.c.event_count >= position if op == "insert" else _GAMES.c.event_count > position,
    )
    return _insert_revision(dialect, _CORRECT_COLUMNS, rows)


# By dialect (the connection's dialect.name), as upserts are written per dialect.
_DIALECTS: Final = ("sqlite", "postgresql")
_APPEND: Final = {dialect: _append_statement(dialect) for dialect in _DIALECTS}
_CORRECT: Final = {
    dialect: {op: _correct_statement(dialect, op) for op in _CORRECTIONS}
    for dialect in _DIALECTS
}
_EVENTS: Final = (
    select(_GAMES.c.version, _REVISIONS.c.revision, _REVISIONS.c.op, _REVISIONS.c.position,
           _REVISIONS.c.payload)
    .select_from(_GAMES.outerjoin(_REVISIONS, _REVISIONS.c.game_id == _GAMES.c.id))
    .where(_GAMES.c.id == bindparam("game_id"))
    .order_by(_REVISIONS.c.revision)
)
# Each game's current payloads as one JSON array, as text (on SQLite the
# stored texts joined, as they are: the database parses nothing; the driver
# parses nothing either, and orjson reads it in one pass), by dialect, with what
# tells whether that is the whole story: its version, how many revisions
# are not appends (corrections) and the revisions' numbers in the order the
# array holds them (SQLite does not promise an aggregate's order).
_LOGS: Final = {
    "sqlite": text(
        "SELECT g.id, g.version, count(r.revision), sum(r.op <> 'append'),"
        " group_concat(r.revision), '[' || coalesce(group_concat(r.payload), '') || ']'"
        " FROM games AS g LEFT JOIN event_revisions AS r ON r.game_id = g.id"
        " WHERE g.id IN :ids GROUP BY g.id"
    ).bindparams(bindparam("ids", expanding=True)),
    "postgresql": text(
        "SELECT g.id, g.version, count(r.revision), sum(CASE WHEN r.op <> 'append'"
        " THEN 1 ELSE 0 END), string_agg(r.revision::text, ',' ORDER BY r.revision),"
        " coalesce(json_agg(r.payload ORDER BY r.revision)"
        " FILTER (WHERE r.revision IS NOT NULL), '[]'::json)::text"
        " FROM games AS g LEFT JOIN event_revisions AS r ON r.game_id = g.id"
        " WHERE g.id IN :ids GROUP BY g.id"
    ).bindparams(bindparam("ids", expanding=True)),
}
_IDS_PER_STATEMENT: Final = 500
_NO_MOMENT: Final = datetime(1970, 1, 1, tzinfo=UTC)  # events_of does not read when
_HEAD: Final = select(_GAMES.c.version, _GAMES.c.event_count).where(
    _GAMES.c.id == bindparam("game_id"))
_LOG: Final = (
    select(_GAMES.c.version, *_REVISION_COLUMNS)
    .select_from(_GAMES.outerjoin(_REVISIONS, _REVISIONS.c.game_id == _GAMES.c.id))
    .where(_GAMES.c.id == bindparam("game_id"))
    .order_by(_REVISIONS.c.revision)
)


# --------------------------------------------------------------------------- inside


def _connection(session: Session | Connection) -> Connection:
    """The connection to run statements on: a session's, in its transaction,
    after flushing its pending objects (statements here bypass its autoflush)."""
    if isinstance(session, Session):
        session.flush()
        return session.connection()
    return session


@contextmanager
def _own_transaction(session: Session | Connection, commit: bool) -> Iterator[Connection]:
    """The connection to write on; with ``commit``, commit at the end or roll
    back on any error."""
    connection = _connection(session)
    if not commit:
        yield connection
        return
    try:
        yield connection
    except BaseException:
        session.rollback()
        raise
    session.commit()


# Everything a write stores is checked before its first statement: once the
# game's version has moved on, a failure would leave the caller a transaction
# that must not be committed.


def _payload(event: object, op: str) -> codec.Payload:
    """The event as the store keeps it (:func:`rinkside.store.codec.encode`)."""
    if not isinstance(event, EVENT_TYPES):
        raise TypeError(
            f"an event to {op} is one of the engine's events (rinkside.rules.events), "
            f"not {type(event).__name__}"
        )
    return codec.encode(event)  # type: ignore[arg-type]  # narrowed by EVENT_TYPES


def _check_at(at: datetime | None) -> datetime:
    if at is None:
        return utc_now()
    if not isinstance(at, datetime) or at.utcoffset() is None:
        raise ValueError(
            f"{at!r} has no time zone; the store keeps moments in UTC and cannot tell "
            "which zone a naive time was in"
        )
    return at


def _check_by(by: object) -> str:
    who = by.strip() if isinstance(by, str) else ""
    if not who:
        raise ValueError("a write says who made it (by): the scorekeeper or console")
    if len(who) > WHO:
        raise ValueError(f"'by' is at most {WHO} characters; {who[:20]!r}... is {len(who)}")
    return who


def _refuse(
    connection: Connection, game_id: int, expected_version: int, op: Op = "append",
    position: int | None = None,
) -> NoReturn:
    """Raise why a write inserted no revision: :class:`UnknownGame`,
    :class:`StaleWrite`, :class:`NoSuchPosition` (a correction's position is
    not in the log), or :class:`LogCorrupted` (the game is at the version
    read, yet its next revision is stored already)."""
    length = _length_at(connection, game_id, expected_version)
    if position is not None and not 0 <= position < length + (1 if op == "insert" else 0):
        raise NoSuchPosition(game_id, position, length, op)
    raise LogCorrupted(
        f"game {game_id} is at version {expected_version} but its revision "
        f"{expected_version + 1} is stored already: the log was changed outside rinkside"
    )


def _event_at(
    connection: Connection, game_id: int, expected_version: int, position: int, op: Op
) -> Event:
    """The event at ``position`` of the log at ``expected_version`` (what a
    replace or delete keeps in ``previous``), after raising UnknownGame,
    StaleWrite or NoSuchPosition. Revisions are never changed, so the log
    read at that version is the one the write's insert will find, or the
    insert finds the game moved on and writes nothing."""
    log = load(connection, game_id)
    if log.version != expected_version:
        raise StaleWrite(game_id, expected_version, log.version)
    if position >= len(log.entries):
        raise NoSuchPosition(game_id, position, len(log.entries), op)
    return log.entries[position].event


def _length_at(connection: Connection, game_id: int, expected_version: int) -> int:
    """The game's log length, after raising UnknownGame or StaleWrite for a
    game that does not exist or is not at ``expected_version``."""
    row = connection.execute(_HEAD, {"game_id": game_id}).one_or_none()
    if row is None:
        raise UnknownGame(game_id)
    version, length = int(row[0]), int(row[1])
    if version != expected_version:
        raise StaleWrite(game_id, expected_version, version)
    return length


def _sync_identity_map(
    session: Session | Connection, game_id: int, read_version: int, change: int
) -> None:
    """A Game loaded in the session shows the new version and length (or
    reloads them, if it was loaded at another version than the one written)."""
    if not isinstance(session, Session) or not session.identity_map:
        return
    game = session.identity_map.get(session.identity_key(Game, game_id))
    if not isinstance(game, Game):
        return
    loaded = inspect(game).dict
    if loaded.get("version") == read_version and "event_count" in loaded:
        set_committed_value(game, "version", read_version + 1)
        set_committed_value(game, "event_count", loaded["event_count"] + change)
    else:
        session.expire(game, ["version", "event_count"])


def _in_order(numbers: str | None, count: int) -> bool:
    """Whether ``numbers`` ("1,2,3") are the revisions 1..count in order."""
    return (numbers or "") == ",".join(map(str, range(1, count + 1)))


def _decoded_all(game_id: int, payloads: Any) -> list[Event]:
    try:
        return codec.decode_all(orjson.loads(payloads) if payloads else ())
    except ValueError as exc:  # not JSON, or codec.PayloadError
        raise LogCorrupted(f"game {game_id}: {exc}") from None


def _event(game_id: int, revision: int, payload: Any) -> Event:
    try:
        return codec.decode(payload)
    except codec.PayloadError as exc:
        raise LogCorrupted(f"game {game_id}, revision {revision}: {exc}") from None


def _decoded(game_id: int, revision: int, payload: Any) -> Event | None:
    return None if payload is None else _event(game_id, revision, payload)


def _revision_info(game_id: int, row: Any) -> RevisionInfo:
    """A stored revision row (the columns of _REVISION_COLUMNS) as a value."""
    return RevisionInfo(
        revision=row.revision,
        op=row.op,
        position=row.position,
        event=_decoded(game_id, row.revision, row.payload),
        previous=_decoded(game_id, row.revision, row.previous),
        by=row.recorded_by,
        at=row.recorded_at,
        reason=row.reason,
    )
