"""Each game's record as one hash chain, so an edit made behind rinkside's back shows.

Every entry a game's record keeps, whatever table holds it (an event
revision, a sign-off step, a referee's written report), carries ``chain_seq``
(its place in the game's chain: 1, 2, ...) and ``link``: the SHA-256 of the
previous entry's link and of the entry's own content as canonical JSON
(:func:`canonical`: sorted keys, no spaces, ASCII only, moments in UTC with
their microseconds). The game's row keeps the newest link (``chain_head``)
and the chain's length (``chain_length``); the first entry's previous link is
the game's genesis (:func:`genesis`).

An entry edited in the database no longer hashes to its link; one deleted
leaves a gap in the numbers (or a head that names a link no entry has); one
inserted has no number, or a number another holds, or a link that does not
follow. :func:`verify` reads a game's entries and names the first that
breaks the chain, with its table and key. Whoever can write the database
can also compute a whole new chain: the chain head printed on the signed
report (and kept by whoever holds it) is what anchors it.

Corrections made through rinkside are new entries (revisions), never
rewrites: the chain only grows. Nothing here knows the rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, Literal, cast

import orjson
from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.engine import Connection, RowMapping
from sqlalchemy.orm import Session

from rinkside.store.connections import connection_of
from rinkside.store.errors import EventLogError
from rinkside.store.models import EventRevision, Game, SignOffEntry, TeamSignature, WrittenReport

Kind = Literal["event", "signoff", "written", "team"]
KINDS: Final[tuple[Kind, ...]] = ("event", "signoff", "written", "team")
VERSION: Final = "rinkside-chain-1"

GAMES: Final = cast(Table, Game.__table__)
REVISIONS: Final = cast(Table, EventRevision.__table__)
SIGNOFFS: Final = cast(Table, SignOffEntry.__table__)
WRITTEN: Final = cast(Table, WrittenReport.__table__)
TEAM_SIGNATURES: Final = cast(Table, TeamSignature.__table__)


class ChainMoved(EventLogError):
    """The game's chain moved on since its head was read (another write came
    first); nothing was written."""


def genesis(game_id: int) -> str:
    """The link before a game's first entry."""
    return hashlib.sha256(f"{VERSION}\x00game {game_id}".encode()).hexdigest()


def _moment(at: datetime) -> str:
    """A moment in UTC with its microseconds, always the same 27 characters
    (``isoformat(timespec="microseconds")`` of its UTC wall time, then
    ``Z``), written field by field: quicker than isoformat and the
    conversions it needs (the console's hot path). A naive moment (as
    SQLite hands one back before the column type reads it) is taken as UTC."""
    if at.tzinfo is not None and at.tzinfo is not UTC:
        at = at.astimezone(UTC)
    return (f"{at.year:04d}-{at.month:02d}-{at.day:02d}T{at.hour:02d}:{at.minute:02d}:"
            f"{at.second:02d}.{at.microsecond:06d}Z")


def canonical(content: Mapping[str, Any]) -> bytes:
    """An entry's content as the bytes its hash is of: JSON with sorted keys
    and no spaces, UTF-8 (orjson: the console's hot path); a text orjson
    refuses (a lone surrogate stored before the edges refused one) makes the
    whole of it ASCII-escaped JSON instead, the same bytes every time."""
    try:
        return orjson.dumps(content, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                          allow_nan=False).encode("ascii")


def link(previous: str, seq: int, kind: Kind, content: Mapping[str, Any]) -> str:
    """The link of the entry ``seq`` of ``kind`` after the link ``previous``."""
    whole = {"v": VERSION, "prev": previous, "seq": seq, "kind": kind, "content": content}
    return hashlib.sha256(canonical(whole)).hexdigest()


def event_content(revision: int, op: str, position: int, payload: Any, previous: Any,
                  by: str, at: datetime, reason: str) -> dict[str, Any]:
    """What an event revision's link covers: all it stores."""
    return {"revision": revision, "op": op, "position": position, "payload": payload,
            "previous": previous, "by": by, "at": _moment(at), "reason": reason}


def signoff_content(kind: str, username: str, at: datetime, reason: str,
                    locks: bool) -> dict[str, Any]:
    """What a sign-off step's link covers: a signature or a reopening (616(a))."""
    return {"kind": kind, "username": username, "at": _moment(at), "reason": reason,
            "locks": bool(locks)}


def written_content(kind: str, rule: str | None, text: str, username: str,
                    at: datetime) -> dict[str, Any]:
    """What a written report's link covers (502(l), 404(h), 405(b))."""
    return {"kind": kind, "rule": rule, "text": text, "username": username,
            "at": _moment(at)}


def team_content(kind: str, team_id: int, username: str, at: datetime,
                 remark: str) -> dict[str, Any]:
    """What a team official's signature's link covers (202(c), 204, 506(b))."""
    return {"kind": kind, "team": team_id, "username": username, "at": _moment(at),
            "remark": remark}


# --------------------------------------------------------------------------- writes


HEAD: Final = select(GAMES.c.chain_head, GAMES.c.chain_length).where(
    GAMES.c.id == bindparam("game_id"))
MOVE_ON: Final = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.chain_length == bindparam("before"))
    .values(chain_head=bindparam("link"), chain_length=bindparam("seq"))
    .execution_options(preserve_rowcount=True)
)


def head(session: Session | Connection, game_id: int) -> tuple[str, int] | None:
    """The game's chain head and length (``None``: no such game); the head
    of a game with no entry is its :func:`genesis`."""
    row = connection_of(session).execute(HEAD, {"game_id": game_id}).one_or_none()
    return None if row is None else (str(row[0]) or genesis(game_id), int(row[1]))


def extend(s: Session, game_id: int, kind: Kind, content: Mapping[str, Any]
           ) -> tuple[int, str]:
    """Add an entry (not an event revision: :mod:`rinkside.store.eventlog`
    links those in its insert) at the end of the game's chain and move the
    game's head on; return its number and link, for the caller to store on
    the entry's row. Raises :class:`ChainMoved` if the chain moved meanwhile."""
    connection = connection_of(s)
    found = head(connection, game_id)
    if found is None:
        raise ChainMoved(f"game {game_id} does not exist")
    previous, length = found
    seq = length + 1
    new = link(previous, seq, kind, content)
    moved = connection.execute(MOVE_ON, {"game_id": game_id, "before": length, "link": new,
                                         "seq": seq}).rowcount
    if moved != 1:
        raise ChainMoved(f"game {game_id}: its record changed while this entry was written")
    return seq, new


# --------------------------------------------------------------------------- reads


@dataclass(frozen=True, slots=True)
class Entry:
    """One stored entry of a game's chain, as read back."""

    kind: Kind
    key: int  # the revision number, or the row's id
    seq: int | None
    link: str | None
    content: dict[str, Any]

    @property
    def name(self) -> str:
        what = {"event": "event revision", "signoff": "sign-off entry",
                "written": "written report", "team": "team official's signature"}[self.kind]
        return f"{what} {self.key}"


@dataclass(frozen=True, slots=True)
class Break:
    """Where a game's chain is broken, and how."""

    game_id: int
    seq: int | None  # the place in the chain (None: an entry with no place)
    entry: str  # the entry named ("event revision 4", ...) or "" when none is there
    reason: str

    def __str__(self) -> str:
        where = f"entry {self.seq}" if self.seq is not None else "an entry"
        named = f" ({self.entry})" if self.entry else ""
        return f"game {self.game_id}, {where}{named}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Checked:
    """A game's chain checked: its head, length and the first break (if any)."""

    game_id: int
    head: str
    length: int
    broken: Break | None


def entries(session: Session | Connection, game_id: int) -> list[Entry]:
    """Every entry of the game's record, with its number and link as stored."""
    connection = connection_of(session)

    def stored(kind: Kind, table: Table, key: str,
               content: Callable[[RowMapping], dict[str, Any]]) -> list[Entry]:
        rows = connection.execute(select(table).where(table.c.game_id == game_id)
                                  .order_by(table.c[key])).mappings()
        return [Entry(kind, row[key], row["chain_seq"], row["link"], content(row))
                for row in rows]

    return [
        *stored("event", REVISIONS, "revision", lambda row: event_content(
            row["revision"], row["op"], row["position"], row["payload"], row["previous"],
            row["recorded_by"], row["recorded_at"], row["reason"])),
        *stored("signoff", SIGNOFFS, "id", lambda row: signoff_content(
            row["kind"], row["username"], row["at"], row["reason"], row["locks"])),
        *stored("written", WRITTEN, "id", lambda row: written_content(
            row["kind"], row["rule"], row["text"], row["username"], row["at"])),
        *stored("team", TEAM_SIGNATURES, "id", lambda row: team_content(
            row["kind"], row["team_id"], row["username"], row["at"], row["remark"])),
    ]


def check(game_id: int, head_stored: str, length_stored: int,
          found: Iterable[Entry]) -> Checked:
    """The game's entries checked against their links and the game's head."""
    by_seq: dict[int, Entry] = {}
    for entry in found:
        if entry.seq is None or entry.link is None:
            return Checked(game_id, head_stored, length_stored, Break(
                game_id, None, entry.name,
                "it has no place in the chain: it was inserted outside rinkside"))
        if entry.seq in by_seq:
            return Checked(game_id, head_stored, length_stored, Break(
                game_id, entry.seq, entry.name,
                f"{by_seq[entry.seq].name} holds the same place: one of them was "
                "inserted outside rinkside"))
        by_seq[entry.seq] = entry
    previous = genesis(game_id)
    last = max(by_seq, default=0)
    for seq in range(1, max(last, length_stored) + 1):
        at = by_seq.get(seq)
        if at is None:
            return Checked(game_id, head_stored, length_stored, Break(
                game_id, seq, "", "the entry is missing: it was deleted outside rinkside"))
        if link(previous, seq, at.kind, at.content) != at.link:
            return Checked(game_id, head_stored, length_stored, Break(
                game_id, seq, at.name,
                "its content and its link do not agree (or the link does not follow the "
                "entry before it): it was edited outside rinkside"))
        previous = at.link
    if last != length_stored or previous != head_stored:
        return Checked(game_id, head_stored, length_stored, Break(
            game_id, last or None, by_seq[last].name if last else "",
            f"the game's head names {length_stored} entries ending in {head_stored[:12]}, "
            f"the entries stored end at {last} in {previous[:12]}: entries were "
            "removed or added outside rinkside"))
    return Checked(game_id, head_stored, length_stored, None)


def verify(session: Session | Connection, game_id: int) -> Checked | None:
    """The game's chain checked (``None``: no such game)."""
    found = head(session, game_id)
    if found is None:
        return None
    return check(game_id, found[0], found[1], entries(session, game_id))


def game_ids(session: Session | Connection) -> list[int]:
    """Every game's id, in order."""
    return [int(i) for i in connection_of(session).execute(
        select(GAMES.c.id).order_by(GAMES.c.id)).scalars()]
