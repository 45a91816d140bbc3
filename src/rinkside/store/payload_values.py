"""The values inside a stored event payload, read back and checked: moments,
teams, penalty classes, numbers, texts (:mod:`rinkside.store.codec`, of
every payload version).

A value is checked only where a wrong one would pass silently; each check
raises :class:`PayloadError` saying what it found.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from rinkside.rules.events import MEASURED_ITEMS, MeasureResult, PenaltyClass, Team
from rinkside.rules.times import GameTime

__all__ = ["CLASSES", "TEAMS", "PayloadError", "as_bool", "as_class", "as_int", "as_item",
           "as_result", "as_str", "as_team", "moment", "opt_int", "opt_str"]


T = TypeVar("T")


class PayloadError(ValueError):
    """A stored payload that is not an event of a version this store reads."""


TEAMS: Final[dict[object, Team]] = {"home": "home", "away": "away"}
CLASSES: Final[dict[object, PenaltyClass]] = {c.value: c for c in PenaltyClass}
_RESULTS: Final[dict[object, MeasureResult]] = {
    "legal": "legal", "illegal": "illegal", "refused": "refused"}

# Moments are values: one GameTime per (period, tenths) read, shared by every
# event at that moment (a stoppage and its face-off, a penalty and its
# signal), so a log costs a dict look-up per moment, not a new object.
_MOMENTS: dict[tuple[int, int], GameTime] = {}
_MOMENTS_KEPT: Final = 1 << 16


def moment(period: Any, tenths: Any) -> GameTime:
    """The moment ``tenths`` left on the clock of period ``period`` (1-based)."""
    key = (period, tenths)
    found = _MOMENTS.get(key)
    if found is not None:
        return found
    if type(period) is not int or type(tenths) is not int:
        raise PayloadError(f"{period!r}, {tenths!r} is not a moment (integer period and "
                           "tenths)")
    if len(_MOMENTS) >= _MOMENTS_KEPT:
        _MOMENTS.clear()
    found = _MOMENTS[key] = GameTime(period, tenths)
    return found


def _one_of(table: Mapping[object, T], what: str) -> Callable[[Any], T]:
    """The check of a value that must be one of ``table``'s keys (it reads as
    the key's value), else a :class:`PayloadError` saying it is not ``what``."""

    def check(value: Any) -> T:
        found = table.get(value)
        if found is None:
            raise PayloadError(f"{value!r} is not {what}")
        return found

    return check


def _of_type(kind: type[T], what: str) -> Callable[[Any], T]:
    """The check of a value that must be exactly a ``kind`` (JSON's own: a
    ``True`` is no integer), else a :class:`PayloadError` saying it is not
    ``what``."""

    def check(value: Any) -> T:
        if type(value) is not kind:
            raise PayloadError(f"{value!r} is not {what}")
        return value

    return check


def _optional(check: Callable[[Any], T]) -> Callable[[Any], T | None]:
    """``check``, with None let through."""

    def optional(value: Any) -> T | None:
        return None if value is None else check(value)

    return optional


as_team: Final = _one_of(TEAMS, "a team: 'home' or 'away'")
as_class: Final = _one_of(CLASSES, "a penalty class")
as_result: Final = _one_of(_RESULTS, "a measurement's result")
as_int: Final = _of_type(int, "an integer")
as_str: Final = _of_type(str, "a text")
as_bool: Final = _of_type(bool, "true or false")
opt_int: Final = _optional(as_int)
opt_str: Final = _optional(as_str)


def as_item(value: Any) -> str:
    item = as_str(value)
    if item not in MEASURED_ITEMS:
        raise PayloadError(f"{item!r} is not a measured item: {', '.join(MEASURED_ITEMS)}")
    return item
