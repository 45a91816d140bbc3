"""Penalty minutes as people write them: ``2``, ``1:30`` (never ``1.5``).

The records carry minutes charged as a number (casebook 12: a penalty can
be charged part of a minute, 900 tenths is 1.5); a sheet, a page, a report
writes whole minutes as a number and the rest in minutes and seconds, as
the official report writes times (Rule 507(d)). One formatter for the game
page, the box score, the standings, the leaders and the PDF report.
"""

from __future__ import annotations

from rinkside.rules.times import TENTHS_PER_MINUTE, format_duration

__all__ = ["penalty_minutes"]


def penalty_minutes(value: int | float) -> str:
    """2 -> ``"2"``, 1.5 -> ``"1:30"``, 14.5 -> ``"14:30"``, 0 -> ``"0"``."""
    tenths = round(value * TENTHS_PER_MINUTE)
    if tenths % TENTHS_PER_MINUTE == 0:
        return str(tenths // TENTHS_PER_MINUTE)
    return format_duration(tenths)
