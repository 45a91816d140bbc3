"""Stored revision rows read back as values: each payload decoded by the
store's codec (:mod:`rinkside.store.codec`), a payload that is not one
reported as :class:`~rinkside.store.errors.LogCorrupted`."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Final

import orjson

from rinkside.rules.events import Event
from rinkside.store import codec
from rinkside.store.errors import LogCorrupted
from rinkside.store.revisions import RevisionInfo

NO_MOMENT: Final = datetime(1970, 1, 1, tzinfo=UTC)
"""The moment of a revision read without its moment of writing (events_of
reads what a replay needs and no more)."""


def in_order(numbers: str | None, count: int) -> bool:
    """Whether ``numbers`` ("1,2,3") are the revisions 1..count in order."""
    return (numbers or "") == _first(count)


@lru_cache(maxsize=1024)
def _first(count: int) -> str:
    """The text "1,2,...,count" (a division's logs are of a few dozen lengths)."""
    return ",".join(map(str, range(1, count + 1)))


def decoded_all(game_id: int, payloads: Any) -> list[Event]:
    """A game's payloads as one JSON array (text) decoded, in order."""
    try:
        return codec.decode_all(_loads(payloads) if payloads else ())
    except ValueError as exc:  # not JSON, or codec.PayloadError
        raise LogCorrupted(f"game {game_id}: {exc}") from None


def _loads(text: Any) -> Any:
    """JSON text parsed: by orjson, or, for the JSON it refuses that the
    standard allows (a lone surrogate escaped in a text stored before the
    edges refused one), by the standard library, so that such a game is still
    read (its readers show U+FFFD)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def decoded_event(game_id: int, revision: int, payload: Any) -> Event:
    """One revision's payload decoded."""
    try:
        return codec.decode(payload)
    except codec.PayloadError as exc:
        raise LogCorrupted(f"game {game_id}, revision {revision}: {exc}") from None


def decoded(game_id: int, revision: int, payload: Any) -> Event | None:
    """One revision's payload decoded, ``None`` for none (a delete's)."""
    return None if payload is None else decoded_event(game_id, revision, payload)


def revision_info(game_id: int, row: Any) -> RevisionInfo:
    """A stored revision row (the columns of REVISION_COLUMNS) as a value."""
    return RevisionInfo(
        revision=row.revision,
        op=row.op,
        position=row.position,
        event=decoded(game_id, row.revision, row.payload),
        previous=decoded(game_id, row.revision, row.previous),
        by=row.recorded_by,
        at=row.recorded_at,
        reason=row.reason,
    )
