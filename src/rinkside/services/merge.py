"""Two officials writing at once: what landed since a write was made, and
whether the write still stands on it.

Each write names the version of the game it was made on. When the game
moved on since (another official's write landed first), the write is not
refused for that alone:

- an append is applied on the newest version: the engine checks its events
  against the game as it now is, as it checks any event. A stoppage at the
  very moment of one that landed since is the same whistle, heard at two
  screens (the scorer's goal stops play as the timekeeper stops the clock):
  it is dropped, not written twice. Any other event equal to one that landed
  since is the same entry made twice (two screens recording one goal): a
  conflict;
- a correction is applied to the same event where it now stands (the
  events inserted or deleted before it since move it), unless that event
  was itself replaced or deleted since, or another event was inserted at
  the very place an insert names: a conflict.

A conflict is refused (:class:`ConflictingWrite`, a :class:`StaleWrite`:
409) with both sides: what the writer tried and what is there now. Pure:
the revisions are values read by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from rinkside.rules.events import Event, Stoppage
from rinkside.rules.log import Op
from rinkside.store.errors import StaleWrite
from rinkside.store.revisions import RevisionInfo

__all__ = ["ATTEMPTS", "Clash", "ConflictingWrite", "Rebased", "append_clash",
           "correction_clash", "landed_words", "read_length", "retried"]

T = TypeVar("T")
ATTEMPTS: Final = 3


@dataclass(frozen=True, slots=True)
class Clash:
    """Why a write conflicts with ``theirs``, the revision that landed since."""

    why: str
    theirs: RevisionInfo


@dataclass(frozen=True, slots=True)
class Rebased:
    """A write applied on a newer version than it was made on: the version
    read, the one applied on, what landed between in words, and the
    events of the write dropped as already there (the same whistle)."""

    read_version: int
    applied_on: int
    landed: tuple[str, ...]
    dropped: tuple[str, ...] = ()


class ConflictingWrite(StaleWrite):
    """A write that conflicts with one that landed since it was made
    (:func:`append_clash`, :func:`correction_clash`): nothing was written.
    ``yours`` is what the writer tried, ``theirs`` what is there now, both
    in words."""

    def __init__(self, game_id: int, read_version: int, current_version: int, why: str,
                 yours: str, theirs: str) -> None:
        super().__init__(game_id, read_version, current_version)
        self.why = why
        self.yours = yours
        self.theirs = theirs
        said = f"{self.args[0].split(': reload')[0]}: {why}. You tried: {yours}. "
        self.args = (f"{said}There now: {theirs}",)


def append_clash(since: Sequence[RevisionInfo], events: Sequence[Event]
                 ) -> tuple[list[Event], list[Event], Clash | None]:
    """The events to append on the newest version, those dropped as the
    same whistle already there, and the clash if one of them is an entry
    that landed since."""
    landed = [r for r in since if r.event is not None]
    kept: list[Event] = []
    dropped: list[Event] = []
    for event in events:
        same = next((r for r in landed if r.event == event), None)
        if same is None:
            kept.append(event)
        elif isinstance(event, Stoppage):
            dropped.append(event)
        else:
            return [], [], Clash("the same entry was recorded meanwhile", same)
    return kept, dropped, None


def correction_clash(since: Sequence[RevisionInfo], op: Op, position: int, read_length: int
                     ) -> tuple[int, Clash | None]:
    """Where the event at ``position`` (of the version the correction was
    made on, ``read_length`` events long) stands now, or the clash: the
    event replaced or deleted since (for a replace or delete), an event
    inserted since at the place an insert names, the event an insert goes
    before deleted since. ValueError for a position past what was read
    (the writer names an event that landed since: stale, not merged)."""
    at = position
    if position >= read_length + (1 if op == "insert" else 0):
        # an event the writer could not have seen: only what landed since is there
        raise ValueError(f"there was no event {position + 1} in the version read")
    for rev in since:
        match rev.op:
            case "append":
                continue
            case "insert":
                if rev.position == at and op == "insert":
                    return at, Clash("an event was inserted at the same place meanwhile", rev)
                if rev.position <= at:
                    at += 1
            case "delete":
                if rev.position == at:
                    return at, Clash("the event was deleted meanwhile", rev)
                if rev.position < at:
                    at -= 1
            case "replace":
                if rev.position == at and op != "insert":
                    return at, Clash("the event was corrected meanwhile", rev)
    return at, None


def landed_words(revision: RevisionInfo, words: Callable[[Event], str]) -> str:
    """A revision in words, with who wrote it: ``goal, Blades scorer #9, at
    P1 10:42 (recorded by gil)``; ``deleted: ...`` for a delete."""
    if revision.event is None:
        gone = words(revision.previous) if revision.previous is not None else "an event"
        return f"deleted: {gone} (by {revision.by}: {revision.reason})"
    verb = {"append": "recorded", "insert": "inserted", "replace": "corrected"}.get(
        revision.op, revision.op)
    why = f": {revision.reason}" if revision.reason else ""
    return f"{words(revision.event)} ({verb} by {revision.by}{why})"


def read_length(length_now: int, since: Sequence[RevisionInfo]) -> int:
    """How many events the log had at the version read, from its length now
    and the revisions that landed since."""
    grown = {"append": 1, "insert": 1, "delete": -1, "replace": 0}
    return length_now - sum(grown[r.op] for r in since)


def retried(write: Callable[[], T], attempts: int = ATTEMPTS) -> T:
    """``write`` (one transaction, all or nothing), again when a third
    official's write landed between its reading the game and its own
    (:class:`StaleWrite` from the store's check: nothing was written, and the
    next attempt reads the newest version and merges onto it), at most
    ``attempts`` times in all. A conflict (:class:`ConflictingWrite`) is
    never retried: what landed since conflicts, and the writer is told."""
    for attempt in range(1, attempts + 1):
        try:
            return write()
        except ConflictingWrite:
            raise
        except StaleWrite:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable: the last attempt returns or raises")
