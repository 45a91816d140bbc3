"""The API's text fields as pydantic types: each one checked by
:func:`rinkside.formats.text.check_text` (no lone surrogate, NUL or control
character, a length that suits the field), so that a refusal is the 422 of
request validation naming the field (its ``loc``) and why. The OpenAPI
schema states the length too.

    class Reopening(BaseModel):
        reason: fields.Reason
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Annotated, Final

from fastapi import HTTPException
from pydantic import AfterValidator, Field

from rinkside.formats.text import (
    CODE,
    NAME,
    NOTE,
    REASON,
    TextError,
    TextKind,
    check_text,
)

# The most events one write may carry: a whole game's log is a few hundred.
MAX_EVENTS: Final = 1000


def _checked(kind: TextKind) -> AfterValidator:
    def check(value: str) -> str:
        try:
            return check_text(value, "text", kind)
        except TextError as exc:
            raise ValueError(exc.problem) from None

    return AfterValidator(check)


Name = Annotated[str, Field(max_length=NAME.limit), _checked(NAME)]
Reason = Annotated[str, Field(max_length=REASON.limit), _checked(REASON)]
Note = Annotated[str, Field(min_length=1, max_length=NOTE.limit), _checked(NOTE)]
Code = Annotated[str, Field(max_length=CODE.limit), _checked(CODE)]
# Who recorded something (a username, or a console's name): the store's 100.
Who = Annotated[str, Field(min_length=1, max_length=NAME.limit), _checked(NAME)]

# A moment a client reports (when an event was recorded, a game signed): with
# its offset, and in years a tournament is played (every store keeps it, and
# an export writes it, without a year 9999 or year 1 at the edge of the range).
EARLIEST: Final = datetime(2000, 1, 1, tzinfo=UTC)
LATEST: Final = datetime(2100, 1, 1, tzinfo=UTC)


def _moment(value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError("a moment needs its offset from UTC (e.g. 2026-12-05T08:00:00Z)")
    if not EARLIEST <= value < LATEST:
        raise ValueError(f"{value.isoformat()} is not a moment of a tournament (years "
                         f"{EARLIEST.year}-{LATEST.year - 1})")
    return value


Moment = Annotated[datetime, AfterValidator(_moment)]


def check_strings(value: object, where: str, kind: TextKind = REASON) -> None:
    """Every string inside ``value`` (a JSON document: lists, objects) checked
    as text of ``kind``; ValueError naming the first bad one's place."""
    if isinstance(value, str):
        try:
            check_text(value, where, kind)
        except TextError as exc:
            raise ValueError(str(exc)) from None
    elif isinstance(value, dict):
        for key, item in value.items():
            check_strings(key, f"{where}.{key!s:.40}", NAME)
            check_strings(item, f"{where}.{key!s:.40}", kind)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_strings(item, f"{where}[{index}]", kind)


# A form's fields, each checked as text of its kind (every other field: a name).
FORM_KINDS: Final[dict[str, TextKind]] = {
    "reason": REASON, "decision": REASON, "cause": REASON, "windows": NOTE,
    "rebuild_windows": NOTE, "hours": NOTE, "opening_hours": NOTE, "closed_slots": NOTE,
    "travel_pairs": NOTE}
UNCHECKED: Final = frozenset({"password", "csrf_token"})  # the users' rule; the session's


def check_form(fields: Iterable[tuple[str, object]]) -> None:
    """The one check of a form's text (the desk's forms): each text field by
    :func:`check_text` as its kind (:data:`FORM_KINDS`, else a name), a file
    left to its reader; 422 naming the field and why, nothing written."""
    for name, value in fields:
        if isinstance(value, str) and name not in UNCHECKED:
            kind = FORM_KINDS.get(name, NAME)
            # A browser sends a textarea's line breaks as CR LF.
            text = value.replace("\r\n", "\n") if kind.multiline else value
            try:
                check_text(text, name, kind)
            except TextError as exc:
                raise HTTPException(422, str(exc)) from None
