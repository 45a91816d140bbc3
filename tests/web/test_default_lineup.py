"""The default lineup is the eligible roster (Rule 203(a), casebook 27): in a
game where no lineup was handed in, an event naming a suspended player is
refused with the rule that suspended him, and the others are dressed."""

from __future__ import annotations

from fastapi import FastAPI
from webkit import Demo

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Goal
from rinkside.rules.times import GameTime
from rinkside.tournament.suspension_status import SuspensionStatus


def _suspended_with_a_game_to_sit(demo: Demo) -> tuple[SuspensionStatus, int]:
    """A new game of a team with a player whose suspension is not yet served."""
    from rinkside.store import models
    for found in demo.service.suspensions(demo.tournament_id).values():
        if found.to_serve <= found.served:
            continue
        with demo.service.read() as s:
            team = s.get(models.Team, found.team_id)
            assert team is not None
            rival = next(t.id for t in team.division.teams if t.id != team.id)
            division = team.division_id
        game_id = demo.service.add_game(division, found.team_id, rival)
        again = demo.service.suspensions(demo.tournament_id)[found.player_id]
        if again.rule_for(game_id):
            return again, game_id
    raise AssertionError("the demo has no suspended player with a game still to sit out")


def test_a_suspended_players_goal_is_refused_with_his_suspensions_rule(demo: Demo) -> None:
    found, game_id = _suspended_with_a_game_to_sit(demo)
    _, state = demo.service.game_state(game_id)
    team = "home" if state.setup.home.name == _team_name(demo, found.team_id) else "away"
    version, _ = demo.service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="t")
    try:
        demo.service.record(game_id, version, [Goal(GameTime(1, 7000), team, found.number)],
                            by="t")
    except RuleViolation as refused:
        assert refused.rule == found.rule_for(game_id)
        assert "suspended" in str(refused) and "203(a)" in str(refused)
    else:
        raise AssertionError("the suspended player's goal was accepted")
    _, state = demo.service.game_state(game_id)
    dressed = state.setup.roster(team)
    assert not dressed.has(found.number) and len(dressed.players) > 5
    assert state.goals == ()


def _team_name(demo: Demo, team_id: int) -> str:
    from rinkside.store import models
    with demo.service.read() as s:
        team = s.get(models.Team, team_id)
        assert team is not None
        return team.name


def test_a_refusal_names_the_team_not_home_or_away(demo: Demo, app: FastAPI) -> None:
    from webkit import game_in_play, logged_in

    from rinkside.web import auth
    auth.create_user(demo.service, "names", "names-pass-1", "director")
    game_id = game_in_play(demo)
    _, state = demo.service.game_state(game_id)
    for client, csrf in logged_in(app, "names", "names-pass-1"):
        version = demo.service.game_state(game_id)[0]
        answer = client.post(f"/api/games/{game_id}/events", headers={auth.CSRF_HEADER: csrf},
                             json={"version": version, "events": [
                                 {"type": "goal", "at": "1 9:00", "team": "away", "scorer": 77}]})
        assert answer.status_code == 422
        detail = answer.json()["detail"]
        assert state.setup.away.name in detail and "away" not in detail.split()


def test_before_the_first_event_the_console_offers_only_the_eligible_roster(
        demo: Demo, app: FastAPI) -> None:
    """At version 0 the game's roster is still the whole team's; the console's
    player lists (GET /console ``dressed``) leave out the suspended player the
    server would refuse (203(a), casebook 27), as the first event will."""
    from webkit import logged_in

    from rinkside.web import auth
    found, game_id = _suspended_with_a_game_to_sit(demo)
    _, state = demo.service.game_state(game_id)
    team = "home" if state.setup.home.name == _team_name(demo, found.team_id) else "away"
    assert state.setup.roster(team).has(found.number)  # the roster, not yet the lineup
    auth.create_user(demo.service, "eligible", "eligible-pass-1", "director")
    for client, _ in logged_in(app, "eligible", "eligible-pass-1"):
        answer = client.get(f"/api/games/{game_id}/console")
        assert answer.status_code == 200
        dressed = answer.json()["dressed"]
        assert found.number not in [p["number"] for p in dressed[team]]
        # every player of the team with a suspension this game sits out, and only they
        sitting = {s.number for s in demo.service.suspensions(demo.tournament_id).values()
                   if s.team_id == found.team_id and s.rule_for(game_id)}
        assert found.number in sitting
        assert (sorted(p["number"] for p in dressed[team])
                == sorted(p.number for p in state.setup.roster(team).players
                          if p.number not in sitting))
    # the first event dresses the very eligible rosters the console offered
    demo.service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="t")
    _, after = demo.service.game_state(game_id)
    for side in ("home", "away"):
        assert (sorted(p["number"] for p in dressed[side])
                == sorted(p.number for p in after.setup.roster(side).players))
