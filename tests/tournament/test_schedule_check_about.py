"""The conflicts a day's games are in (``about``: a desk page's day, issue 30)
are the whole check's conflicts with one of them, found without comparing
two games neither of which is one of them; an official's games of a day are
counted all the same (Rule 501(a))."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from rinkside.tournament import schedule_check
from rinkside.tournament.schedule_check import Conflict, Placed, conflicts
from rinkside.tournament.schedule_people import People, Person
from rinkside.tournament.schedule_requests import Demands, OfficialHours

LENGTH, REST = timedelta(minutes=50), timedelta(minutes=90)


def _games() -> list[Placed]:
    """Three days of games every 40 minutes from 20:00 to 02:00 on two
    rinks (so that rests and overlaps cross midnight), six teams, one
    referee in every third game."""
    games: list[Placed] = []
    key = 0
    for day in range(3):
        for slot in range(10):
            start = datetime(2026, 12, 12 + day, 20, tzinfo=UTC) + slot * timedelta(minutes=40)
            for rink in ("A", "B"):
                key += 1
                teams = (key % 6, (key * 5 + 1) % 6 or 6)
                games.append(Placed(key, start, rink, teams,
                                    frozenset({"Ref"}) if key % 3 == 0 else frozenset()))
    return games


def test_the_conflicts_about_some_games_are_the_whole_checks_with_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    games = _games()
    people = People([Person("Twin", frozenset({1, 2})), Person("Ref", frozenset({3}))],
                    officials={"Ref"})
    demands = Demands((), {"Ref": OfficialHours("Ref", most_a_day=2)})
    kwargs: dict[str, Any] = {"length": LENGTH, "rest": REST, "people": people,
                              "demands": demands}
    compared: list[tuple[int, int]] = []
    pair = schedule_check._pair

    def counted(a: Placed, b: Placed, *args: Any) -> list[Conflict]:
        compared.append((a.key, b.key))
        return pair(a, b, *args)

    monkeypatch.setattr(schedule_check, "_pair", counted)
    whole = conflicts(games, **kwargs)
    every_pair = len(compared)
    day = {g.key for g in games if g.start.date() == datetime(2026, 12, 13).date()}
    compared.clear()
    found = conflicts(games, about=day, **kwargs)
    assert found == [c for c in whole if day.intersection(c.games)]
    assert {c.kind for c in found} >= {"team", "rest", "person", "official", "hours"}
    assert all(a in day or b in day for a, b in compared)
    assert len(compared) < every_pair
