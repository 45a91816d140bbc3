"""The schedule's people (Rules 203(a), 501(a): a person in one place at a
time, no one officiating his own team's game) count a tournament's managers
and coaches through their teams' rows (migration 0037), never by reading
every manager and coach of the store (issue 30: a league's season has two
for each of hundreds of teams, and a desk page's day read them all)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from webkit import Demo, sqlite_plans, statements_seen

from rinkside.services import desk_teams, users
from rinkside.services.schedule_requests import people_in
from rinkside.store import models


def test_a_tournaments_team_officials_are_read_through_its_teams(demo: Demo) -> None:
    service = demo.service
    cup = service.create_tournament("Bench Cup", date(2026, 12, 12), {})
    division = service.add_division(cup, "Open")
    north, south = (service.add_team(division, name) for name in ("North", "South"))
    users.create_user(service, "coachcal", "coach-bench-37", "coach", teams=[north, south],
                      full_name="Cal Bench")
    users.create_user(service, "managernell", "manager-bench-37", "manager", teams=[south],
                      full_name="Nell Two")
    desk_teams.add_player(service, north, number=9, name="Nell Two", goalie=False,
                          captain=None, by="dora")
    with service.read() as s:
        others = list(s.scalars(select(models.Team.id).join(models.Division).where(
            models.Division.tournament_id == demo.tournament_id).limit(6)))
    for n, team in enumerate(others):  # another tournament's, not read
        users.create_user(service, f"away{n}", "manager-bench-37", "manager", teams=[team],
                          full_name="Nell Two")
    with statements_seen(lambda statement: "users" in statement) as statements, \
            service.read() as s:
        whole = people_in(s, cup)
        day = people_in(s, cup, teams={north, south}, officials=set())
    # each on two teams (watched: Rule 203(a)); the other tournament's Nell
    # Two manages none of this one's teams
    both = frozenset({north, south})
    assert whole.teams_of == day.teams_of == {"Cal Bench": both, "Nell Two": both}
    assert len(statements) == 2
    plans = sqlite_plans(service, statements)
    assert not [plan for plan in plans if "SCAN users" in plan], plans
    assert "SCAN user_teams" not in plans[1]  # the day's form: by its teams' keys alone
