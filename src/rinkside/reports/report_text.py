"""The game report's words: game times as the clock showed them (Rule
507(d)), periods, local times, minutes and the officials' roles (the lines of
the game's record say theirs: :mod:`rinkside.present.lines`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Final, Protocol

from rinkside.present.periods import period_label
from rinkside.rules.roster import GameSetup
from rinkside.rules.times import GameTime, format_duration

ROLE_TEXT: Final = {
    "referee": "Referee", "game_timekeeper": "Game timekeeper",
    "penalty_timekeeper": "Penalty timekeeper", "official_scorer": "Official scorer",
    "goal_judge": "Goal judge",
}


def clock(moment: GameTime) -> str:
    """Rule 507(d): minutes and seconds, as the clock showed it."""
    return format_duration(moment.left, show_tenths=False)


def period_text(setup: GameSetup, period: int) -> str:
    return period_label(period, setup.settings)


def local_time(moment: datetime | None, fmt: str = "%H:%M") -> str:
    """A stored UTC moment in the server's time zone; empty when unknown."""
    return "" if moment is None else moment.astimezone().strftime(fmt)


class _Warning(Protocol):
    @property
    def period(self) -> str: ...
    @property
    def time(self) -> str: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def text(self) -> str: ...


def warning_rows(warnings: Iterable[_Warning]
                 ) -> list[tuple[list[str], str | None, str]]:
    """The warnings as the report lists them: one row a sentence, in the order
    first given, with every moment it was given (``1 6:48``, ``1 6:48 ×2``)
    and its rule; the sentence is the engine's, its rule in it."""
    rows: dict[tuple[str | None, str], dict[str, int]] = {}
    for w in warnings:
        moments = rows.setdefault((w.rule, w.text), {})
        when = f"{w.period} {w.time}".strip() or "—"
        moments[when] = moments.get(when, 0) + 1
    return [([when if n == 1 else f"{when} ×{n}" for when, n in moments.items()], rule, text)
            for (rule, text), moments in rows.items()]
