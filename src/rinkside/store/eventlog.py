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

The statements are built once in :mod:`rinkside.store.log_statements`, the
rows they read are made values in :mod:`rinkside.store.log_rows`, and the
connection they run on is found in :mod:`rinkside.store.connections`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, NoReturn
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from rinkside.rules.events import EVENT_TYPES, Event
from rinkside.rules.log import CORRECTIONS, Correction, Op
from rinkside.store import chain, codec
from rinkside.store.connections import connection_of, own_transaction, sync_identity_map
from rinkside.store.errors import (
    EventLogError,
    LogCorrupted,
    NoSuchPosition,
    StaleWrite,
    UnknownGame,
)
from rinkside.store.log_rows import (
    NO_MOMENT,
    decoded,
    decoded_all,
    decoded_event,
    in_order,
    revision_info,
)
from rinkside.store.log_statements import (
    APPEND,
    CHAIN_HEAD,
    CORRECT,
    EVENTS,
    HEAD,
    IDS_PER_STATEMENT,
    LENGTH_CHANGE,
    LOG,
    LOGS,
)
from rinkside.store.models import WHO
from rinkside.store.prepared import Prepared
from rinkside.store.revisions import LoggedEvent, RevisionInfo, replay, story
from rinkside.store.types import utc_now

__all__ = [
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

# Every console write appends: compiled once, run on the driver's cursor.
_APPEND_RUN: Final = {dialect: Prepared(statement) for dialect, statement in APPEND.items()}


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
    if not commit:  # in the caller's transaction (a console's write: no block around it)
        _append_on(connection_of(session), game_id, expected_version, payload, who, when)
        sync_identity_map(session, game_id, expected_version, +1)
        return expected_version + 1
    with own_transaction(session, commit) as connection:
        _append_on(connection, game_id, expected_version, payload, who, when)
        sync_identity_map(session, game_id, expected_version, +1)
    return expected_version + 1


def _append_on(connection: Connection, game_id: int, expected_version: int,
               payload: codec.Payload, who: str, when: datetime) -> None:
    """:func:`append`'s insert, linked onto the chain head this process wrote
    last for the game, else (none, or moved on since) onto the one read."""
    known = _HEADS.setdefault(connection.engine, {})
    for head in (known.get(game_id), None):  # the head this process wrote last, else read
        found = _head(connection, game_id) if head is None else head
        seq, link = _link(game_id, expected_version + 1, "append", None, payload, None,
                          who, when, "", found)
        inserted = _APPEND_RUN[connection.dialect.name].rowcount(connection, {
            "game_id": game_id, "expected": expected_version, "payload": payload,
            "by": who, "at": when, "chain_seq": seq, "link": link, "prev": found[1],
        })
        if inserted == 1:
            known[game_id] = (found[0] + 1, link, seq)
            return
        if head is None:
            _refuse(connection, game_id, expected_version, chain_seq=seq)


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
    if op not in CORRECTIONS:
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
    with own_transaction(session, commit) as connection:
        if position < 0:
            length = _length_at(connection, game_id, expected_version)
            raise NoSuchPosition(game_id, position, length, op)
        previous: codec.Payload | None = None
        if op != "insert":
            previous = codec.encode(
                _event_at(connection, game_id, expected_version, position, op))
        found = _head(connection, game_id)
        seq, link = _link(game_id, expected_version + 1, op, position, payload, previous, who,
                          when, why, found)
        inserted = connection.execute(CORRECT[connection.dialect.name][op], {
            "game_id": game_id, "expected": expected_version, "position": position,
            "payload": payload, "previous": previous, "by": who, "at": when, "reason": why,
            "chain_seq": seq, "link": link, "prev": found[1],
        }).rowcount
        if inserted != 1:
            _refuse(connection, game_id, expected_version, op, position, seq)
        sync_identity_map(session, game_id, expected_version, LENGTH_CHANGE[op])
    return expected_version + 1


# --------------------------------------------------------------------------- reads


def load(session: Session | Connection, game_id: int) -> StoredLog:
    """The game's log: its version, current events and revisions, read in one
    statement (a consistent picture while others write)."""
    rows = connection_of(session).execute(LOG, {"game_id": game_id}).all()
    if not rows:
        raise UnknownGame(game_id)
    version: int = rows[0].version
    revisions = [revision_info(game_id, row) for row in rows if row.revision is not None]
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
    rows = connection_of(session).execute(EVENTS, {"game_id": game_id}).all()
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
        return version, [decoded_event(game_id, row[1], row[4]) for row in rows]
    revisions = [RevisionInfo(row[1], row[2], row[3], decoded(game_id, row[1], row[4]), None,
                              "", NO_MOMENT, "") for row in rows]
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
    connection = connection_of(session)
    statement = LOGS[connection.dialect.name]
    for start in range(0, len(game_ids), IDS_PER_STATEMENT):
        chunk = list(game_ids[start:start + IDS_PER_STATEMENT])
        rows = connection.execute(statement, {"ids": chunk}).all()
        for game_id, version, count, corrections, numbers, payloads in rows:
            if count == version and not corrections and in_order(numbers, count):
                yield game_id, version, decoded_all(game_id, payloads)
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


# --------------------------------------------------------------------------- inside


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
    return codec.encode(event)


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


# The chain head each game's last append in this process left, by engine: an
# append links onto it without reading the game's row first (the console's
# hot path). The insert names the head and length it linked onto, so a head
# moved on since (another process, a sign-off, a write rolled back) inserts
# nothing, and the append reads the head and links again.
_HEADS: WeakKeyDictionary[Engine, dict[int, tuple[int, str, int]]] = WeakKeyDictionary()


def _head(connection: Connection, game_id: int) -> tuple[int, str, int]:
    """The game's log length, chain head as stored ('' before the first entry)
    and chain length; an unknown game's are of nothing (its insert finds no
    row and is refused)."""
    row = connection.execute(CHAIN_HEAD, {"game_id": game_id}).one_or_none()
    return (0, "", 0) if row is None else (int(row[0]), str(row[1]), int(row[2]))


def _link(
    game_id: int, revision: int, op: Op, position: int | None,
    payload: codec.Payload | None, previous: codec.Payload | None, by: str, at: datetime,
    reason: str, head: tuple[int, str, int],
) -> tuple[int, str]:
    """The new revision's place in the game's hash chain and its link
    (:mod:`rinkside.store.chain`) on ``head`` (an append's position: the
    log's length there)."""
    length, stored, chain_length = head
    where = length if position is None else position
    content = chain.event_content(revision, op, where, payload, previous, by, at, reason)
    return chain_length + 1, chain.link(stored or chain.genesis(game_id), chain_length + 1,
                                        "event", content)


def _refuse(
    connection: Connection, game_id: int, expected_version: int, op: Op = "append",
    position: int | None = None, chain_seq: int | None = None,
) -> NoReturn:
    """Raise why a write inserted no revision: :class:`UnknownGame`,
    :class:`StaleWrite`, :class:`NoSuchPosition` (a correction's position is
    not in the log), or :class:`LogCorrupted` (the game is at the version
    read, yet its next revision is stored already)."""
    length = _length_at(connection, game_id, expected_version)
    if position is not None and not 0 <= position < length + (1 if op == "insert" else 0):
        raise NoSuchPosition(game_id, position, length, op)
    if chain_seq is not None and _chain_moved(connection, game_id, chain_seq):
        raise StaleWrite(game_id, expected_version, expected_version)
    raise LogCorrupted(
        f"game {game_id} is at version {expected_version} but its revision "
        f"{expected_version + 1} is stored already: the log was changed outside rinkside"
    )


def _chain_moved(connection: Connection, game_id: int, chain_seq: int) -> bool:
    """Whether the game's hash chain moved on from where the write linked its
    revision (a sign-off or written report written meanwhile, 616(a)): a write
    that came first, not a corrupted log."""
    row = connection.execute(CHAIN_HEAD, {"game_id": game_id}).one()
    return int(row[2]) != chain_seq - 1


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
    row = connection.execute(HEAD, {"game_id": game_id}).one_or_none()
    if row is None:
        raise UnknownGame(game_id)
    version, length = int(row[0]), int(row[1])
    if version != expected_version:
        raise StaleWrite(game_id, expected_version, version)
    return length
