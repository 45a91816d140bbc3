"""A game begun on a rink laptop ends up on the league with the rosters a
game begun there has: its first push dresses each team's eligible roster,
the players the league knows are suspended for the game left out (Rule
203(a), casebook 27), beside the 634(e) check it made already. A laptop
that pulled before a suspension was given cannot know of it: a push whose
events name that player is refused whole, citing the rule that suspended
him (404(d)), as a console's write naming him is; nothing is merged."""

from __future__ import annotations

from gamekit import faceoff, goal
from sqlalchemy import select
from suspensionkit import misconduct
from test_sync_kit import League, log_of, pull, push, score

from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

SUSPENDED = 5  # the home team's #5: a game misconduct in the league's first game


def _dressed(service: Tournaments, game: int) -> dict[int, list[int]]:
    """Each team's numbers entered as the game's lineup (none: its whole roster)."""
    with service.read() as s:
        rows = s.execute(select(models.LineupEntry.team_id, models.Player.number)
                         .join(models.Player, models.Player.id == models.LineupEntry.player_id)
                         .where(models.LineupEntry.game_id == game)
                         .order_by(models.LineupEntry.team_id, models.Player.number)).all()
    out: dict[int, list[int]] = {}
    for team, number in rows:
        out.setdefault(team, []).append(number)
    return out


def _suspend_after_the_pull(league: League, laptop: str) -> tuple[int, int]:
    """The laptop pulls; then North's first game is played on the league and
    the home #5 leaves it with a game misconduct (suspended one game, 404(d)):
    the next game, North's second, is begun on the laptop, which never heard."""
    pull(league, laptop)
    first, second, _third = league.north
    score(league.service, first, *misconduct("home", SUSPENDED))
    with league.service.read() as s:
        game = s.get(models.Game, second)
        assert game is not None
        return game.home_team_id, game.away_team_id


def test_a_first_push_dresses_the_eligible_rosters_as_the_league_does(
        league: League, laptop: str) -> None:
    home, _away = _suspend_after_the_pull(league, laptop)
    second = league.north[1]
    rink = open_tournaments(laptop)
    score(rink, second, faceoff("1 12:00"), goal("1 11:30", "home", 6), faceoff("1 11:30"))
    assert _dressed(rink, second) == {}  # the laptop dressed both whole rosters
    code, said = push(laptop)
    assert code == 0, said
    assert log_of(league.service, second) == log_of(rink, second)
    # On the league: the home roster less the suspended #5, as a console's first write
    # dresses it; the away team, with no one suspended, its whole roster.
    assert _dressed(league.service, second) == {home: [1, 2, 3, 4, 6, 7, 8, 9, 10, 11]}
    state = league.service.game_state(second)[1]
    assert SUSPENDED not in {p.number for p in state.setup.home.players}


def test_a_push_naming_a_player_the_league_knows_is_suspended_is_refused_by_his_rule(
        league: League, laptop: str) -> None:
    _suspend_after_the_pull(league, laptop)
    second = league.north[1]
    rink = open_tournaments(laptop)
    score(rink, second, faceoff("1 12:00"), goal("1 11:30", "home", SUSPENDED),
          faceoff("1 11:30"))
    code, said = push(laptop)
    assert code == 1
    assert f"game {second}" in said and "404(d)" in said, said
    assert "not dressed for this game (Rule 203(a))" in said, said
    assert "nothing was merged" in said
    assert log_of(league.service, second) == []  # nothing merged, nothing dressed
    assert _dressed(league.service, second) == {}
