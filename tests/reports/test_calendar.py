"""The schedule as iCalendar feeds, parsed back with icalendar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from exportkit import Demo, build, faceoff, forfeit, small_league
from icalendar import Calendar, Event

from rinkside.reports import calendar
from rinkside.rules.settings import Settings, settings_from_mapping
from rinkside.rules.state import Result
from rinkside.services.tournaments import NotFound

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return build(tmp_path_factory.mktemp("calendar") / "demo.sqlite")


def _events(ical: bytes) -> dict[str, Event]:
    cal = Calendar.from_ical(ical)
    return {str(e.uid): e for e in cal.events}


class TestDivisionFeed:
    def test_one_event_per_scheduled_game_as_stored(self, demo: Demo) -> None:
        service = demo.service
        for division in demo.divisions():
            view = service.division_view(division)
            names = {t.team_id: t.name for t in view.teams}
            results = {p.game.game_id: p.state.result for p in view.played}
            feed = calendar.division_calendar(service, division, now=NOW)
            cal = Calendar.from_ical(feed.ical)
            assert cal.calendar_name == f"RHA Demo Classic - {view.division.name}"
            events = _events(feed.ical)
            assert feed.events == len(events) == len(view.schedule)
            for game in view.schedule:
                event = events[calendar.game_uid(game.game_id)]
                home, away = names[game.home_team_id], names[game.away_team_id]
                assert event.get("summary") == f"{home} vs {away}"
                assert event.start == game.start
                assert event.start.utcoffset() == timedelta(0)
                assert event["DTSTART"].to_ical().endswith(b"Z")  # written in UTC
                assert event.duration == calendar.game_duration(view.settings)
                assert event.get("location") == game.rink
                assert event.stamp == NOW
                description = str(event.get("description"))
                assert description.startswith(f"{view.division.name}, pool game")
                result = results[game.game_id]
                assert f"Final: {home} {result.score['home']} - {result.score['away']} {away}" \
                    in description

    def test_uids_are_stable_between_feeds(self, demo: Demo) -> None:
        division = demo.divisions()[0]
        first = calendar.division_calendar(demo.service, division, now=NOW)
        later = calendar.division_calendar(demo.service, division, now=NOW + timedelta(days=1))
        assert set(_events(first.ical)) == set(_events(later.ical))
        assert first.ical != later.ical  # only the stamp moved

    def test_unknown_ids_are_not_found(self, demo: Demo) -> None:
        with pytest.raises(NotFound):
            calendar.division_calendar(demo.service, 999)
        with pytest.raises(NotFound, match="no team 999"):
            calendar.team_calendar(demo.service, 999)


class TestTeamFeed:
    def test_only_the_teams_games_home_and_away(self, demo: Demo) -> None:
        division = demo.divisions()[1]
        view = demo.service.division_view(division)
        team = view.teams[0]
        feed = calendar.team_calendar(demo.service, team.team_id, now=NOW)
        events = _events(feed.ical)
        mine = [g for g in view.schedule if team.team_id in (g.home_team_id, g.away_team_id)]
        assert set(events) == {calendar.game_uid(g.game_id) for g in mine}
        assert all(team.name in str(e.get("summary")) for e in events.values())
        assert Calendar.from_ical(feed.ical).calendar_name == f"{team.name} ({view.division.name})"


class TestGameStates:
    def test_unplayed_games_have_no_score_and_games_without_a_time_are_left_out(
            self, tmp_path: Path) -> None:
        service, division, (a, b, c, _) = small_league(tmp_path / "league.sqlite")
        timed = service.add_game(division, a, b, start=datetime(2026, 6, 1, 9, tzinfo=UTC),
                                 rink="North")
        in_play = service.add_game(division, b, c, start=datetime(2026, 6, 1, 10, tzinfo=UTC))
        service.add_game(division, a, c)  # no start time yet
        faceoff(service, in_play)
        feed = calendar.division_calendar(service, division, now=NOW)
        assert (feed.events, feed.unscheduled) == (2, 1)
        events = _events(feed.ical)
        for game_id in (timed, in_play):
            description = str(events[calendar.game_uid(game_id)].get("description"))
            assert "Final" not in description
        assert events[calendar.game_uid(timed)].get("location") == "North"
        assert events[calendar.game_uid(in_play)].get("location") is None

    def test_games_of_a_removed_team_are_cancelled(self, tmp_path: Path) -> None:
        """Rule 634(e)4: a second forfeit removes the team; its later games
        will not be played."""
        service, division, (a, b, c, d) = small_league(tmp_path / "league.sqlite")
        start = datetime(2026, 6, 1, 9, tzinfo=UTC)
        first = service.add_game(division, a, c, start=start)
        second = service.add_game(division, b, c, start=start + timedelta(hours=1))
        later = service.add_game(division, d, c, start=start + timedelta(hours=2))
        other = service.add_game(division, a, b, start=start + timedelta(hours=3))
        forfeit(service, first)
        forfeit(service, second)
        events = _events(calendar.division_calendar(service, division, now=NOW).ical)
        for game_id in (first, second):
            event = events[calendar.game_uid(game_id)]
            assert str(event.get("status")) == "CONFIRMED"
            assert "Team C forfeited (Rule 634(d))" in str(event.get("description"))
            assert "Final: Team" in str(event.get("description"))
        cancelled = events[calendar.game_uid(later)]
        assert str(cancelled.get("status")) == "CANCELLED"
        assert "Team C was removed from the tournament (Rule 634(e)4)" in \
            str(cancelled.get("description"))
        assert str(events[calendar.game_uid(other)].get("status")) == "CONFIRMED"


class TestWords:
    @pytest.mark.parametrize(("decided_by", "winner", "score", "text"), [
        ("regulation", "home", (3, 1), "Final: A 3 - 1 B"),
        ("overtime", "away", (2, 3), "Final: A 2 - 3 B in overtime (Rule 639)"),
        ("shootout", "away", (2, 2), "Final: A 2 - 2 B: B won the shootout (Rule 639(b))"),
        ("mercy", "home", (9, 1), "Final: A 9 - 1 B (mercy rule, Rule 630)"),
        ("forfeit", "home", (1, 0), "Final: A 1 - 0 B: B forfeited (Rule 634(d))"),
        ("tie", None, (2, 2), "Final: A 2 - 2 B, a tie (Rule 639(a))"),
    ])
    def test_final_score(self, decided_by: str, winner: str | None, score: tuple[int, int],
                         text: str) -> None:
        result = Result(winner, decided_by, {"home": 0, "away": 0},  # type: ignore[arg-type]
                        {"home": score[0], "away": score[1]})
        assert calendar.final_score(result, "A", "B") == text


class TestDuration:
    def test_from_the_settings(self) -> None:
        # stop time, 2 x 12:00: 24 min + half for stoppages = 36, one 1:00 rest (640(a)),
        # two 0:30 time-outs (641) = 38 min -> 40
        assert calendar.game_duration(Settings()) == timedelta(minutes=40)
        # running time, 2 x 17:00 = 34 + 1 + 1 = 36 -> 40
        running = settings_from_mapping({"clock": "running", "period_length": "17:00"})
        assert calendar.game_duration(running) == timedelta(minutes=40)
        # stop time, 3 x 15:00 = 45 x 1.5 = 67.5 + two rests + 1 = 70.5 -> 75
        three = settings_from_mapping({"periods": 3, "period_length": "15:00"})
        assert calendar.game_duration(three) == timedelta(minutes=75)

    def test_default_without_settings(self) -> None:
        assert calendar.game_duration(None) == calendar.DEFAULT_DURATION == timedelta(hours=1)
