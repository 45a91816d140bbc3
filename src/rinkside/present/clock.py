"""The game clock and the penalty timers as the pages show them (Rule
507(d): minutes and seconds). static/clock.js writes the same in the browser."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class RunningClock:
    """Where the running game clock stands in wall-clock time: it read
    ``left`` tenths of ``period`` at ``wall_ms`` (milliseconds since the epoch,
    UTC), so until the next stoppage it reads ``left - (now - wall)``
    whatever is entered, corrected or undone meanwhile. ``seq`` orders the
    anchors of a game (a page keeps the newest); ``kind``: ``play`` (an event
    started the clock) or ``timekeeper`` (set to the rink's clock, Rule 507(a))."""

    seq: int
    period: int
    left: int
    wall_ms: int
    kind: str

    def reading(self, now_ms: int) -> int:
        """The clock's tenths left at ``now_ms`` (never below 0:00)."""
        return max(0, self.left - (now_ms - self.wall_ms) // 100)
