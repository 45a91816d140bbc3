"""One person, one place, and the requests of teams and officials, as the
schedule check finds them: a person on two teams or who plays and
officiates never in two games at once nor without rest, a referee never
given his own team's game (Rule 501(a)), blackouts, first starts and last
ends, "not at the same time as", an official's hours and most games a day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from rinkside.tournament.schedule_check import Placed, conflicts, conflicts_of
from rinkside.tournament.schedule_people import People, Person
from rinkside.tournament.schedule_requests import Demands, OfficialHours, TeamRequest
from rinkside.tournament.schedule_values import Window

DAY = datetime(2026, 12, 5, 8, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)
NAMES = {1: "Blue", 2: "Red", 3: "Gold", 4: "Green"}
ANN = Person("Ann Lee", frozenset({1, 3}))  # plays for Blue and Gold


def test_a_player_on_two_teams_is_never_in_two_games_at_once() -> None:
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 20 * MIN, "B", (3, 4))
    (found,) = conflicts_of(b, [a], length=50 * MIN, names=NAMES, people=People([ANN]))
    assert found.kind == "person" and not found.soft
    assert "Ann Lee is due in two games at once" in found.message
    assert "Blue" in found.message and "Gold" in found.message


def test_without_the_person_the_same_games_are_free() -> None:
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 20 * MIN, "B", (3, 4))
    assert conflicts([a, b], length=50 * MIN, people=People([Person("Ann Lee",
                                                                    frozenset({1}))])) == []


def test_a_person_on_two_teams_gets_the_rest_between_their_games() -> None:
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 60 * MIN, "B", (3, 4))
    (found,) = conflicts([a, b], length=50 * MIN, rest=30 * MIN, names=NAMES,
                         people=People([ANN]))
    assert found.kind == "person" and "Ann Lee rests 10 min" in found.message
    later = Placed(2, DAY + 80 * MIN, "B", (3, 4))
    assert conflicts([a, later], length=50 * MIN, rest=30 * MIN, people=People([ANN])) == []


def test_a_player_who_referees_is_not_given_a_game_while_his_team_plays() -> None:
    people = People([Person("Rita Ref", frozenset({1}))], officials=["Rita Ref"])
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 10 * MIN, "B", (3, 4), frozenset({"Rita Ref"}))
    (found,) = conflicts([a, b], length=50 * MIN, names=NAMES, people=people)
    assert found.kind == "person" and "Rita Ref" in found.message
    assert "officiates" in found.message


def test_a_referee_is_never_given_a_game_of_his_own_team() -> None:
    people = People([Person("Rita Ref", frozenset({1}))], officials=["Rita Ref"])
    game = Placed(1, DAY, "A", (1, 2), frozenset({"Rita Ref", "Sam"}))
    (found,) = conflicts([game], length=50 * MIN, names=NAMES, people=people)
    assert found.kind == "referee" and "Rule 501(a)" in found.message
    assert "Rita Ref" in found.message and "Blue" in found.message


def test_one_team_twice_stays_the_teams_conflict_not_each_players() -> None:
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 10 * MIN, "B", (1, 4))
    found = conflicts([a, b], length=50 * MIN, names=NAMES, people=People([ANN]))
    assert [c.kind for c in found] == ["team"]


def test_a_hard_blackout_is_a_conflict_and_a_soft_one_a_wish_not_kept() -> None:
    game = Placed(1, DAY + 60 * MIN, "A", (1, 2))
    hard = Demands(teams=(TeamRequest(1, "blackout", DAY, DAY + 2 * 60 * MIN),))
    (found,) = conflicts([game], length=50 * MIN, names=NAMES, demands=hard)
    assert found.kind == "request" and not found.soft and "Blue asked: no game" in found.message
    soft = Demands(teams=(TeamRequest(1, "blackout", DAY, DAY + 2 * 60 * MIN, hard=False),))
    (wish,) = conflicts([game], length=50 * MIN, names=NAMES, demands=soft)
    assert wish.soft and "(a wish)" in wish.message


def test_not_before_and_not_after() -> None:
    demands = Demands(teams=(TeamRequest(2, "not_before", start=DAY + 60 * MIN),
                             TeamRequest(2, "not_after", end=DAY + 5 * 60 * MIN)))
    early = Placed(1, DAY, "A", (1, 2))
    late = Placed(2, DAY + 4 * 60 * MIN + 30 * MIN, "A", (3, 2))
    fine = Placed(3, DAY + 2 * 60 * MIN, "A", (4, 2))
    found = conflicts([early, late, fine], length=50 * MIN, demands=demands, names=NAMES)
    assert sorted(c.games for c in found) == [(1,), (2,)]


def test_two_teams_asked_apart_never_play_at_once() -> None:
    demands = Demands(teams=(TeamRequest(1, "apart", other=3),))
    a = Placed(1, DAY, "A", (1, 2))
    b = Placed(2, DAY + 30 * MIN, "B", (3, 4))
    (found,) = conflicts_of(b, [a], length=50 * MIN, names=NAMES, demands=demands)
    assert "never at the same time as Gold" in found.message
    assert conflicts_of(Placed(2, DAY + 50 * MIN, "B", (3, 4)), [a], length=50 * MIN,
                        demands=demands) == []


def test_an_officials_hours_and_most_games_a_day() -> None:
    hours = OfficialHours("Rita Ref", (Window(DAY, DAY + 3 * 60 * MIN),), most_a_day=2)
    demands = Demands(officials={"Rita Ref": hours})
    games = [Placed(k, DAY + k * 60 * MIN, "A", (1, 2), frozenset({"Rita Ref"}))
             for k in range(4)]
    found = conflicts(games, length=50 * MIN, demands=demands)
    outside = [c for c in found if "outside the hours" in c.message]
    assert [c.games for c in outside] == [(3,)]
    (many,) = [c for c in found if "at most 2 a day" in c.message]
    assert many.games == (0, 1, 2, 3)


def test_a_request_that_makes_no_sense_is_refused_saying_why() -> None:
    with pytest.raises(ValueError, match="later end"):
        TeamRequest(1, "blackout", DAY, DAY)
    with pytest.raises(ValueError, match="another team"):
        TeamRequest(1, "apart", other=1)


def test_most_games_a_day_counts_the_days_of_the_desks_zone_not_utc() -> None:
    """In a zone five hours behind UTC, games at 18:00, 21:00 and 23:30 on
    Saturday are three on Saturday (two of them Sunday by the UTC date); the
    one at 00:30 is Sunday's."""
    zone = ZoneInfo("America/New_York")
    rita = OfficialHours("Rita Ref", most_a_day=2, zone=zone)
    local = [datetime(2026, 12, 5, 18, 0, tzinfo=zone), datetime(2026, 12, 5, 21, 0, tzinfo=zone),
             datetime(2026, 12, 5, 23, 30, tzinfo=zone), datetime(2026, 12, 6, 0, 30, tzinfo=zone)]
    games = [Placed(k, start.astimezone(UTC), "A", (1, 2), frozenset({"Rita Ref"}))
             for k, start in enumerate(local)]
    assert [g.start.date().day for g in games] == [5, 6, 6, 6]  # by the UTC date
    (many,) = conflicts(games, length=50 * MIN, demands=Demands(officials={"Rita Ref": rita}))
    assert many.games == (0, 1, 2) and "3 games on Sat 05 Dec" in many.message
    assert "at most 2 a day (Rule 501(a))" in many.message
