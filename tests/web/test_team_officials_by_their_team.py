"""One team's managers and coaches (their mail, the team's page) and the team
officials of a game's two teams (Rule 501(a): no one officiates his own
team's game) are read through the teams' rows of ``user_teams`` (migration
0038), never by reading every user of the store (issue 30)."""

from __future__ import annotations

from datetime import date

import pytest
from webkit import Demo, sqlite_plans, statements_seen

from rinkside.services import mail, officiating, team_officials, users


def test_a_teams_officials_are_read_through_its_rows(demo: Demo) -> None:
    service = demo.service
    cup = service.create_tournament("Row Cup", date(2026, 12, 19), {})
    division = service.add_division(cup, "Open")
    north, south = (service.add_team(division, name) for name in ("North", "South"))
    users.create_user(service, "coachrow", "coach-row-38", "coach", teams=[north],
                      full_name="Cal Row", email="cal@row.example")
    users.create_user(service, "managerrow", "manager-row-38", "manager", teams=[north, south],
                      full_name="Nell Row", email="nell@row.example")
    users.create_user(service, "coachsouth", "coach-row-38", "coach", teams=[south],
                      email="south@row.example")
    game = service.add_game(division, north, south)
    with statements_seen(lambda statement: "users" in statement) as statements:
        with service.read() as s:
            north_mail = mail.team_officials(s, north)
        north_officials = [u.username for u in team_officials.officials_of(service, north)]
        with pytest.raises(officiating.OwnTeamOfficial, match="Cal Row is with North"):
            officiating.set_officials(service, game, {"referee": ["Cal Row", "Zed Whistle"]})
        with pytest.raises(officiating.OwnTeamOfficial,
                           match=r"coachsouth is with South"):
            officiating.set_officials(service, game, {"referee": ["coachsouth"]})
        officiating.set_officials(service, game, {"referee": ["Zed Whistle", "Yan Whistle"]})
    assert north_mail == ["cal@row.example", "nell@row.example"]
    assert north_officials == ["coachrow", "managerrow"]
    assert officiating.officials(service, game)["referee"] == ["Zed Whistle", "Yan Whistle"]
    plans = sqlite_plans(service, [(st, p) for st, p in statements
                                   if st.lstrip().upper().startswith("SELECT")])
    assert plans
    assert not [plan for plan in plans if "SCAN users" in plan], plans
