"""Issue 30: the public schedule of one day reads that day's games alone
(the days before and after it from the start index), and shows the games
every game's read would put on that day; walking its next days from the
games not yet scheduled visits every day with games."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.web import pages

# The module (the package's name ``games`` is its function).
GAME_QUERIES = importlib.import_module("rinkside.services.queries.games")


def test_one_days_schedule_reads_that_days_games_alone(
        sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch) -> None:
    service = Tournaments(sessions)
    service.use_clock(lambda: int(datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000))
    tid = service.create_tournament("Day Cup", date(2026, 12, 5))
    did = service.add_division(tid, "14U")
    teams = [service.add_team(did, name) for name in ("A", "B", "C", "D")]
    first = datetime(2026, 12, 5, 9, tzinfo=UTC)
    for day in range(3):  # three days of two games, and one not yet scheduled
        for slot in range(2):
            service.add_game(did, teams[slot * 2], teams[slot * 2 + 1],
                             start=first + timedelta(days=day, hours=slot * 5), rink="North")
    service.add_game(did, teams[0], teams[3])
    every = queries.games(service)
    read: list[int] = []
    row: Callable[..., queries.GameRow] = GAME_QUERIES._game_row

    def counted(r: object) -> queries.GameRow:
        built = row(r)
        read.append(built.game_id)
        return built

    monkeypatch.setattr(GAME_QUERIES, "_game_row", counted)

    def every_start(*args: object, **kwargs: object) -> None:
        raise AssertionError("every start of the season read")

    monkeypatch.setattr(queries, "starts", every_start)  # the days from the start index
    page = pages.schedule(service, pages.ScheduleFilter(day="unscheduled"))
    assert page.unscheduled and page.earlier is None
    days: list[date | None] = [None]
    while page.later is not None:  # each day's next day with games
        page = pages.schedule(service, pages.ScheduleFilter(day=page.later))
        assert page.shown not in days and page.unscheduled and page.earlier == days[-1]
        assert page.shown != "every day"
        days.append(page.shown)
    assert days == [None, date(2026, 12, 5), date(2026, 12, 6), date(2026, 12, 7)]
    for day in days:
        read.clear()
        chosen = pages.ScheduleFilter(day=day if day is not None else "unscheduled")
        shown = [r.game.game_id for _, rows in pages.schedule(service, chosen).days
                 for r in rows]
        expected = [g.game_id for g in every
                    if (g.start.astimezone().date() if g.start else None) == day]
        assert sorted(shown) == sorted(expected) and expected
        assert sorted(read) == sorted(expected)  # that day's games read, no other
