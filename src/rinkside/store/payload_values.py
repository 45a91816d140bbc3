"""The values inside a stored event payload, read back and checked: moments,
teams, penalty classes, numbers, texts (:mod:`rinkside.store.codec`, of
every payload version).

A value is checked only where a wrong one would pass silently; each check
raises :class:`PayloadError` saying what it found.
"""

from __future__ import annotations

from typing import Any, Final

from rinkside.rules.events import MEASURED_ITEMS, MeasureResult, PenaltyClass, Team
from rinkside.rules.times import GameTime

__all__ = ["CLASSES", "TEAMS", "PayloadError", "as_bool", "as_class", "as_int", "as_item",
           "as_result", "as_str", "as_team", "moment", "opt_int", "opt_str"]


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


def as_team(value: Any) -> Team:
    team = TEAMS.get(value)
    if team is None:
        raise PayloadError(f"{value!r} is not a team: 'home' or 'away'")
    return team


def as_class(value: Any) -> PenaltyClass:
    found = CLASSES.get(value)
    if found is None:
        raise PayloadError(f"{value!r} is not a penalty class")
    return found


def as_int(value: Any) -> int:
    if type(value) is not int:
        raise PayloadError(f"{value!r} is not an integer")
    return value


def opt_int(value: Any) -> int | None:
    return None if value is None else as_int(value)


def as_str(value: Any) -> str:
    if not isinstance(value, str):
        raise PayloadError(f"{value!r} is not a text")
    return value


def opt_str(value: Any) -> str | None:
    return None if value is None else as_str(value)


def as_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise PayloadError(f"{value!r} is not true or false")
    return value


def as_item(value: Any) -> str:
    item = as_str(value)
    if item not in MEASURED_ITEMS:
        raise PayloadError(f"{item!r} is not a measured item: {', '.join(MEASURED_ITEMS)}")
    return item


def as_result(value: Any) -> MeasureResult:
    result = _RESULTS.get(value)
    if result is None:
        raise PayloadError(f"{value!r} is not a measurement's result")
    return result
