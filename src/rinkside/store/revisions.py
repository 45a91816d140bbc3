"""A game's log as its revisions: the list they make, and each event's story.

Pure: no database. :mod:`rinkside.store.eventlog` reads the revision rows,
decodes their payloads (:mod:`rinkside.store.codec`) and hands them here as
:class:`RevisionInfo` values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from rinkside.rules.events import Event
from rinkside.rules.log import Op
from rinkside.store.errors import LogCorrupted

__all__ = ["LoggedEvent", "RevisionInfo", "replay", "story"]


@dataclass(frozen=True, slots=True)
class RevisionInfo:
    """One stored write: what it did, where, to what, by whom, when and why.

    ``revision`` is 1, 2, ... per game (the game's version after the write).
    ``position`` is the place in the log as it was just before the write
    (for ``append``, the new event's place). ``event`` is the event
    written (``None`` for a delete); ``previous`` the event replaced or
    deleted (``None`` for append and insert).
    """

    revision: int
    op: Op
    position: int
    event: Event | None
    previous: Event | None
    by: str
    at: datetime
    reason: str


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event of the log as it stands, with when (UTC, wall-clock) and by
    whom it was written: the append or insert that recorded it, or the last
    replace of it (``revision`` is that write's number)."""

    event: Event
    at: datetime
    by: str
    revision: int


def replay(game_id: int, revisions: Iterable[RevisionInfo]) -> list[LoggedEvent]:
    """The events the revisions make, each op done in order, each with who
    wrote it and when.

    Raises :class:`LogCorrupted` for revisions that are not numbered 1, 2,
    ... or do not fit the log as it then was.
    """
    events: list[LoggedEvent] = []
    for expected, info in enumerate(revisions, start=1):
        if info.revision != expected:
            raise LogCorrupted(
                f"game {game_id}: revision {info.revision} follows revision {expected - 1} "
                "(revisions are numbered 1, 2, ... without gaps)"
            )
        adds = info.op in ("append", "insert")
        fits = 0 <= info.position < len(events) + (1 if adds else 0)
        if not fits or (info.op == "append" and info.position != len(events)):
            raise LogCorrupted(
                f"game {game_id}: revision {info.revision} ({info.op} at {info.position}) "
                f"does not fit a log of {len(events)} events"
            )
        match info.op:
            case "append" | "insert":
                events.insert(info.position, _written(game_id, info))
            case "replace":
                events[info.position] = _written(game_id, info)
            case "delete":
                del events[info.position]
            case _:
                raise LogCorrupted(
                    f"game {game_id}: revision {info.revision} has unknown op {info.op!r}"
                )
    return events


def story(revisions: Sequence[RevisionInfo], position: int) -> list[RevisionInfo]:
    """The revisions that wrote the event now at ``position``: the one that
    recorded it (append or insert), then each replace of it, oldest first.

    ``revisions`` must replay (:func:`replay`) and ``position`` be in the log.
    """
    slots: list[list[RevisionInfo]] = []
    for info in revisions:
        match info.op:
            case "append" | "insert":
                slots.insert(info.position, [info])
            case "replace":
                slots[info.position].append(info)
            case "delete":
                del slots[info.position]
    return slots[position]


def _written(game_id: int, info: RevisionInfo) -> LoggedEvent:
    if info.event is None:  # ruled out by the table's CHECK constraint
        raise LogCorrupted(
            f"game {game_id}: revision {info.revision} ({info.op}) has no event"
        )
    return LoggedEvent(info.event, info.at, info.by, info.revision)
