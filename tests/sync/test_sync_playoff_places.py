"""A laptop's push that completes a deciding game fills the playoff places
waiting for it, as a signature made on the league's own page does: the
pool's last game signed at the rink (Rule 616(a)) makes the pool final, so
the final the desk put on the schedule before its teams were known is made
with its two teams (casebook 25), and the webhooks hear the report signed.

Over loopback as in ``test_sync``: the league server is the real server on
a port, the laptop its own SQLite store driven by the ``rinkside sync``
commands.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from gamekit import t
from sqlalchemy import select
from test_sync_kit import League, pull, push, score

from rinkside.rules.events import FaceOff, Forfeit, Goal, PeriodEnd
from rinkside.services import desk_api, desk_playoffs, officiating, queries, users, webhooks
from rinkside.services.open import open_tournaments
from rinkside.services.queries.playoffs import bracket_view
from rinkside.store import models


def _final_waiting(league: League) -> tuple[int, list[int], int, datetime]:
    """A division of two at North whose one pool game the laptop scores, its
    final put on the schedule before its teams are known; a webhook hears
    every event. (division, teams, pool game, the final's start)"""
    service = league.service
    division = service.add_division(league.tournament, "Finalists")
    teams = [service.add_team(division, name) for name in ("Reds", "Blues")]
    for team in teams:
        service.add_player(team, 1, f"Keeper {team}", goalie=True)
        for number in range(2, 8):
            service.add_player(team, number, f"Skater {team}-{number}")
    game = service.add_game(division, *teams, rink="North")  # the pool's one game
    for who in ("scorer", "ref"):
        users.assign(service, who, [*league.north, game])
    start = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    assert desk_playoffs.schedule_game(service, division, 2, 1, start=start, rink="North",
                                       by="director") is None  # a place: teams not known
    desk_api.register(service, league.tournament, "http://127.0.0.1:9/hook",
                      list(webhooks.EVENTS), by="director")
    return division, teams, game, start


def _told(league: League) -> list[tuple[str, dict[str, Any]]]:
    [hook] = desk_api.webhooks(league.service, league.tournament)
    with league.service.read() as s:
        bodies = {d.id: d.body for d in s.scalars(select(models.WebhookDelivery))}
    return [(d.event, json.loads(bodies[d.delivery_id])["data"])
            for d in reversed(hook.deliveries)]


def test_a_pushed_signoff_that_ends_the_pool_fills_the_final(league: League,
                                                             laptop: str) -> None:
    service = league.service
    division, teams, game, start = _final_waiting(league)
    pull(league, laptop)
    rink = open_tournaments(laptop)
    score(rink, game, FaceOff(t("1 12:00")), Goal(t("1 10:00"), "home", 2),
          FaceOff(t("1 10:00")), PeriodEnd(t("1 0:00")), FaceOff(t("2 12:00")),
          PeriodEnd(t("2 0:00")))
    assert officiating.sign(rink, game, "ref").locked  # at the rink: the report signed
    assert not [g for g in queries.games(service, division) if g.stage == "playoff"]

    code, said = push(laptop)
    assert code == 0, said
    assert officiating.is_locked(service, game)
    [final] = [g for g in queries.games(service, division) if g.stage == "playoff"]
    assert (final.home_team_id, final.away_team_id) == (teams[0], teams[1])  # 1st at home
    assert (final.start, final.rink) == (start, "North")
    view = bracket_view(service, division)
    assert view.pool_final and view.times[1].game_id == final.game_id
    assert [event for event, _ in _told(league)][-2:] == ["final", "report_signed"]


def test_a_pushed_forfeit_fills_the_final_and_a_pushed_correction_is_heard(
        league: League, laptop: str) -> None:
    """634: a forfeit decides the game without a signature; the laptop's
    goal, then its deletion (a correction), reach the receiver as a console's do."""
    service = league.service
    division, teams, game, _ = _final_waiting(league)
    pull(league, laptop)
    rink = open_tournaments(laptop)
    version = score(rink, game, FaceOff(t("1 12:00")), Goal(t("1 10:00"), "home", 2))
    rink.correct(game, version, "delete", version - 1, None, by="scorer",
                 reason="kicked in")
    score(rink, game, Forfeit(t("1 10:00"), "away", "left the rink"))
    code, said = push(laptop)
    assert code == 0, said
    [final] = [g for g in queries.games(service, division) if g.stage == "playoff"]
    assert (final.home_team_id, final.away_team_id) == (teams[0], teams[1])
    told = _told(league)
    assert [event for event, _ in told] == ["game_started", "goal", "goal", "period_end",
                                            "final"]
    goals = [data for event, data in told if event == "goal"]
    assert goals[0]["team"] == "home"
    assert goals[-1]["correction"] == {"what": "delete of event 2", "reason": "kicked in"}
    assert goals[-1]["goals"] == [] and goals[-1]["score"] == {"home": 0, "away": 0}
