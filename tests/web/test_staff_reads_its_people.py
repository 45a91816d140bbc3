"""A game's staff and sign-off read the users they name and the game's own
logins (``user_games``, migration 0039), never every user of the season
(issue 30: a league's season has hundreds of scorekeepers, referees and
table officials, and each save of a game's staff, each report and each
sign-off page read them all): SQLite's plan of every statement that reads
``users`` searches it by a key."""

from __future__ import annotations

from datetime import date

from webkit import Demo, sqlite_plans, statements_seen

from rinkside.services import desk_people, officiating, users


def test_a_games_staff_and_signoff_read_its_people_alone(demo: Demo) -> None:
    service = demo.service
    cup = service.create_tournament("Staff Cup", date(2026, 12, 12), {})
    division = service.add_division(cup, "Open")
    north, south = (service.add_team(division, name) for name in ("North", "South"))
    game, other = service.add_game(division, north, south), service.add_game(division, south, north)
    users.create_user(service, "keeper-kim", "keeper-staff-39", "scorekeeper")
    for name in ("ref-rae", "ref-roy", "ref-ryu"):
        users.create_user(service, name, "referee-staff-39", "referee", full_name=name.title())
    users.create_user(service, "scorer-sol", "scorer-staff-39", "official_scorer")
    for n in range(5):  # logins of the season that work neither game
        users.create_user(service, f"elsewhere{n}", "referee-staff-39", "referee", games=[other])
    desk_people.set_staff(
        service,
        game,
        scorekeeper="keeper-kim",
        referees=["ref-rae", "ref-roy"],
        others={"official_scorer": ["scorer-sol"]},
        by="dora",
    )
    with statements_seen(lambda statement: "users" in statement) as statements:
        staff = desk_people.set_staff(
            service,
            game,
            scorekeeper="keeper-kim",
            referees=["ref-rae", "ref-ryu"],
            others={"official_scorer": ["scorer-sol"], "goal_judge": ["Gil Judge"]},
            by="dora",
        )
        assert desk_people.staff(service, game) == staff
        assert desk_people.staffs(service, [game, other])[game] == staff
        assert officiating.signoff(service, game).awaiting == ["ref-rae", "ref-ryu"]
        assert officiating.officials_shown(service, game)["referee"] == ["Ref-Rae", "Ref-Ryu"]
        assert officiating.written_reports(service, game) == []
        desk_people.set_full_name(service, "ref-roy", "Roy Whistle", by="dora")
    with service.read() as s:  # ref-roy no longer works the game; ref-ryu does
        assert officiating.assigned_in(s, game) == ["ref-rae", "ref-ryu"]
    assert users.users(service)[0].username  # the whole list is still there for the desk
    plans = sqlite_plans(service, statements)
    assert len(plans) >= 8
    assert not [plan for plan in plans if "SCAN users" in plan], plans
