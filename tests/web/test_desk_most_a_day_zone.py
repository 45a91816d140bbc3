"""An official's most games a day counts the days the desk's grid shows
(the server's local zone), not the UTC date: on a server five hours behind
UTC, three games at 18:00, 21:00 and 23:30 on Saturday are three on
Saturday for an official who takes two a day (Rule 501(a): the Event
Directors appoint the referees; the hours are the official's to give)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from deskkit import dora, new_tournament, people
from webkit import Client, Demo

from rinkside.services import desk_rinks, desk_schedule, desk_teams, officiating, schedule_requests

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def test_most_a_day_counts_the_grids_day_across_utc_midnight(
        demo: Demo, dora: Client, new_york: None) -> None:
    service = demo.service
    tid = new_tournament(dora, "Night Cup")
    did = desk_teams.add_division(service, tid, "Open", by="dora")
    home, away = (desk_teams.add_team(service, did, name, by="dora") for name in ("Owl", "Bat"))
    desk_rinks.add(service, tid, "Main", RINK, by="dora")
    starts = [datetime(2026, 12, 12, h, m).astimezone() for h, m in ((18, 0), (21, 0), (23, 30))]
    assert starts[0].utcoffset() == timedelta(hours=-5)
    assert [s.astimezone(UTC).day for s in starts] == [12, 13, 13]  # by the UTC date
    games = [desk_schedule.add_game(service, did, home, away, start=s, rink="Main", by="dora")
             for s in starts]
    for game in games:
        officiating.set_officials(service, game, {"referee": ["Rita Ref", "Sam Stripes"]})
    schedule_requests.set_official_hours(service, tid, "Rita Ref", [], most_a_day=2, by="dora")

    grid = desk_schedule.grid(service, tid)
    assert [d.day for d in grid.days] == [date(2026, 12, 12)]  # the desk shows one Saturday
    (rita,) = [c for c in grid.conflicts if "Rita Ref officiates" in c.message]
    assert "Rita Ref officiates 3 games on Sat 12 Dec" in rita.message
    assert sorted(rita.games) == sorted(games)
    shown = desk_schedule.grid(service, tid, date(2026, 12, 12))
    assert [c.message for c in shown.conflicts] == [rita.message]
