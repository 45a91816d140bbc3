"""No one works two games at once (Rules 501-507): a save of a game's staff
is refused when one of them works another game whose time on the rink
overlaps this one's, each game judged by its own length (its division's
settings: Rules 639, 640(a)), as the schedule's grid judges it. With one
length for both (the director's game minutes), a long game was free of a
game starting once those minutes were over, while it was still played; two
games one after the other on a rink still share their people."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import desk_people, users
from rinkside.services.desk_people import PersonBusy
from rinkside.services.tournaments import Tournaments


def _at(hour: int, minute: int) -> datetime:
    return datetime(2026, 12, 5, hour, minute, tzinfo=UTC)


@pytest.fixture
def cup(sessions: sessionmaker[Session]) -> tuple[Tournaments, dict[str, int]]:
    """A long game (30-minute periods: 61 minutes on the rink, Rule 640(a))
    from 10:00, and games of the director's 50 minutes from 10:55 (during
    it) and from 11:01 (as it ends)."""
    service = Tournaments(sessions)
    tid = service.create_tournament("Busy Cup", date(2026, 12, 5), {})
    long = service.add_division(tid, "Long", settings={"period_length": "30:00"})
    short = service.add_division(tid, "Short")
    teams = {
        name: service.add_team(division, name)
        for division, names in ((long, "AB"), (short, "CDEF"))
        for name in names
    }
    games = {
        "long": service.add_game(long, teams["A"], teams["B"], start=_at(10, 0), rink="1"),
        "during": service.add_game(short, teams["C"], teams["D"], start=_at(10, 55), rink="2"),
        "after": service.add_game(short, teams["E"], teams["F"], start=_at(11, 1), rink="2"),
    }
    users.create_user(service, "rick", "password-1", "referee")
    users.create_user(service, "dana", "password-1", "director")
    return service, games


def _referee(service: Tournaments, game: int) -> None:
    desk_people.set_staff(service, game, scorekeeper=None, referees=["rick"], by="dana")


@pytest.mark.parametrize(("first", "second"), [("long", "during"), ("during", "long")])
def test_a_referee_of_a_long_game_is_busy_in_a_game_during_it(
    cup: tuple[Tournaments, dict[str, int]], first: str, second: str
) -> None:
    service, games = cup
    _referee(service, games[first])
    with pytest.raises(PersonBusy, match=f"rick works game {games[first]} at .* overlaps"):
        _referee(service, games[second])
    assert desk_people.staff(service, games[second]).referees == ()


def test_a_game_as_the_long_one_ends_shares_its_referee(
    cup: tuple[Tournaments, dict[str, int]],
) -> None:
    service, games = cup
    _referee(service, games["long"])
    _referee(service, games["after"])
    assert desk_people.staff(service, games["after"]).referees == ("rick",)
