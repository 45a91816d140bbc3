"""Text that people type, checked at the edge before it reaches the store.

Every text field the console API, the command line or an imported file
hands on (team, player, official and rink names, a whistle's reason, a
face-off spot, a correction's reason, a username) is one of the kinds
below, each with a length that suits it. :func:`check_text` refuses, naming
the field and why:

- a lone surrogate (``"\\ud800"``): no UTF-8 can carry it, so every page,
  export and feed that showed it would fail;
- NUL and the other control characters (CR and LF break a one-line field
  such as a team name in an iCalendar feed); a multi-line kind (a note)
  allows line breaks and tabs;
- more characters than the kind allows.

:func:`readable` is the readers' side: text stored before these checks (or
by any other way in) is shown with a lone surrogate or a control character
replaced, so that no page, export or report fails on it.

Pure: no I/O, no framework.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Final

__all__ = [
    "ADDRESS",
    "CODE",
    "NAME",
    "NOTE",
    "REASON",
    "SCORE_SHEET_TEXT",
    "SHORT",
    "USERNAME",
    "TextError",
    "TextKind",
    "check_text",
    "readable",
]


@dataclass(frozen=True, slots=True)
class TextKind:
    """A kind of text field: how long it may be, and whether it has lines."""

    limit: int
    multiline: bool = False


# FORMAT.md (second edition): text fields have no length limit in the format;
# a bound kept for safety takes any text a person writes on a score sheet, at
# least this long. Every kind a FORMAT.md file or the console's events carry
# (names, infraction, rule, spot, reason) is at least this long.
SCORE_SHEET_TEXT: Final = 200
NAME: Final = TextKind(200)  # a team, player, official, rink, tournament or division: the
#                             store's name columns (store.models.base.NAME) are as wide
USERNAME: Final = TextKind(64)
SHORT: Final = TextKind(500)  # a face-off spot, an infraction's name, an event's rule
# a rule number in a referee's report ("642(a)"): officiating.rule is 16 wide
CODE: Final = TextKind(16)
REASON: Final = TextKind(500)  # a whistle, a correction, a reopening, a forfeit
NOTE: Final = TextKind(2000, multiline=True)
ADDRESS: Final = TextKind(500)  # a URL or a path (a team's logo)

_LINE_BREAKS: Final = frozenset("\n\t")
_REPLACEMENT: Final = "\ufffd"


class TextError(ValueError):
    """A text field refused at the edge: ``field`` and ``problem`` say which and why."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


def _bad_character(ch: str, multiline: bool) -> str | None:
    """Why ``ch`` may not stand in a text field, or None."""
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate (U+{code:04X}) is not a character"
    if multiline and ch in _LINE_BREAKS:
        return None
    category = unicodedata.category(ch)
    if code == 0:
        return "NUL (U+0000) may not stand in text"
    if category == "Cc":
        return f"the control character U+{code:04X} may not stand in text"
    if category in ("Zl", "Zp") and not multiline:
        return f"a line break (U+{code:04X}) may not stand in a one-line field"
    return None


def check_text(value: object, field: str, kind: TextKind = NAME) -> str:
    """``value`` if it is text of this kind; else :class:`TextError` naming
    ``field`` and the problem (the first bad character and where it is)."""
    if not isinstance(value, str):
        raise TextError(field, f"{value!r} is not text")
    for position, ch in enumerate(value, start=1):
        problem = _bad_character(ch, kind.multiline)
        if problem is not None:
            raise TextError(field, f"character {position}: {problem}")
    if len(value) > kind.limit:
        raise TextError(field, f"{len(value)} characters is too long (at most {kind.limit})")
    return value


def readable(value: str) -> str:
    """``value`` with any lone surrogate, NUL or control character (other than
    a line break or tab) replaced by U+FFFD: stored text made safe to show."""
    if value.isprintable() or not any(_unreadable(ch) for ch in value):
        return value  # the very object: a Markup stays a Markup
    return "".join(_REPLACEMENT if _unreadable(ch) else ch for ch in value)


def _unreadable(ch: str) -> bool:
    """A character no page or workbook shows as it is (a carriage return is a
    line break: kept, as every format's line ends are)."""
    return ch != "\r" and _bad_character(ch, True) is not None
