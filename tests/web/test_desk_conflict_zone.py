"""A conflict or a shortage names a game's time as the desk's grid shows it:
in the server's local zone, not the UTC the store keeps. On a server five
hours behind UTC a game the grid shows at Saturday 09:00 is "Sat 09:00" in
every message about it, never "Sat 14:00" (Rules 203(a), 501(a))."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from deskkit import dora, new_tournament, people
from webkit import Client, Demo

from rinkside.services import desk_rinks, desk_schedule, desk_teams, officiating, schedule_requests
from rinkside.services.desk_schedule import ScheduleConflict
from rinkside.tournament.schedule_officials import assign_referees
from rinkside.tournament.schedule_values import Placed, Window

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def test_conflicts_name_the_grids_time_not_utc(demo: Demo, dora: Client, new_york: None) -> None:
    service = demo.service
    tid = new_tournament(dora, "Morning Cup")
    did = desk_teams.add_division(service, tid, "Open", by="dora")
    owl, bat, elk = (desk_teams.add_team(service, did, name, by="dora")
                     for name in ("Owl", "Bat", "Elk"))
    desk_rinks.add(service, tid, "Main", RINK, by="dora")
    desk_rinks.add(service, tid, "Side", RINK, by="dora")
    nine = datetime(2026, 12, 12, 9, 0).astimezone()
    assert nine.utcoffset() == timedelta(hours=-5)
    game = desk_schedule.add_game(service, did, owl, bat, start=nine, rink="Main", by="dora")
    grid = desk_schedule.grid(service, tid)
    (shown,) = [t for day in grid.days for (t, _), cell in day.cells.items()
                if cell.game_id == game]
    assert shown.strftime("%a %H:%M") == "Sat 09:00"  # what the grid shows

    # Owl again at 09:20 on the other rink: refused, naming the times the grid shows.
    with pytest.raises(ScheduleConflict) as refused:
        desk_schedule.add_game(service, did, owl, elk, start=nine + timedelta(minutes=20),
                               rink="Side", by="dora")
    said = str(refused.value)
    assert "Sat 09:00" in said and "Sat 09:20" in said, said
    assert "14:00" not in said and "14:20" not in said, said

    # An official's hours (the morning off) broken by the game: the grid's conflict says 09:00.
    officiating.set_officials(service, game, {"referee": ["Rita Ref"]})
    afternoon = Window(datetime(2026, 12, 12, 12, 0).astimezone(),
                       datetime(2026, 12, 12, 18, 0).astimezone())
    schedule_requests.set_official_hours(service, tid, "Rita Ref", [afternoon], by="dora")
    (rita,) = [c.message for c in desk_schedule.grid(service, tid).conflicts
               if "Rita Ref" in c.message]
    assert rita.startswith("Rita Ref officiates at Sat 09:00, outside the hours"), rita
    # and the hours she gave are listed as she gave them, in the grid's zone
    assert schedule_requests.requests_of(service, tid).officials == [
        ("Rita Ref", "Sat 12:00-18:00", None)]


def test_a_referee_shortage_names_the_grids_time(new_york: None) -> None:
    """The builder's referee pass: a game it cannot staff is named at the grid's time."""
    nine = datetime(2026, 12, 12, 9, 0).astimezone()
    done = assign_referees([Placed(1, nine, "Main", (1, 2))], ["Tia"], length=timedelta(
        minutes=50), hours={}, per_game=2)
    assert done.short[1].startswith("the game at Sat 09:00 has 1 of 2 referees"), done.short
