"""The game clock and the penalty timers as the pages show them (Rule
507(d): minutes and seconds). static/clock.js writes the same in the browser."""

from __future__ import annotations

from typing import Final

from rinkside.rules.times import format_duration

TENTHS_SHOWN_UNDER: Final = 600  # the clock shows tenths in the last minute (clock.js too)


def clock_text(tenths: int) -> str:
    """The game clock: ``11:42``, and ``0:42.5`` style tenths under a minute."""
    if tenths < TENTHS_SHOWN_UNDER:
        return format_duration(tenths, show_tenths=True)
    return format_duration(tenths, show_tenths=False)


def timer_text(tenths: int) -> str:
    """A penalty timer or time in goal: ``1:42`` (whole seconds)."""
    return format_duration(max(tenths, 0), show_tenths=False)
