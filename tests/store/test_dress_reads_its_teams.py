"""Issue 30: a game's first write dresses its two teams (Rule 203(a),
casebook 27) from their players' suspensions alone: their games (and a
410(c) twin's team's) are read, in their divisions, not every division's,
and who is left out is what every division's suspensions say."""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import date

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from suspensionkit import at, misconduct, roster

from rinkside.rules.events import FaceOff
from rinkside.services.division import TeamsView
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import suspension_check
from rinkside.tournament.model import ScheduledGame


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def test_the_first_write_dresses_from_its_teams_divisions_alone(
        service: Tournaments, monkeypatch: pytest.MonkeyPatch) -> None:
    tid = service.create_tournament("Narrow Cup", date(2026, 12, 5))
    divisions = [service.add_division(tid, name) for name in ("14U", "16U", "18U")]
    teams: dict[str, int] = {}
    for did, names in zip(divisions, (("A", "B"), ("C", "D"), ("E", "F")), strict=True):
        for name in names:
            teams[name] = service.add_team(did, name)
            service.set_roster(teams[name], roster(name, {"A": 7, "C": 8}.get(name)))
    # Pat Twin's game misconduct with C (16U) bars him with A too (410(c)) until
    # C plays the game that serves it; A's own #5 sits out his (404(d));
    # 18U's suspension is no one's in the game.
    for home, away, number, division in (("C", "D", 8, 1), ("A", "B", 5, 0),
                                         ("E", "F", 5, 2)):
        game = service.add_game(divisions[division], teams[home], teams[away])
        service.record(game, 0, misconduct("home", number), by="scorer")
    game = service.add_game(divisions[0], teams["A"], teams["B"])
    every = service.suspensions(tid)  # every division's view, as the desk reads them

    read: list[tuple[int, frozenset[int]]] = []
    view_in: Callable[..., TeamsView] = service.teams_view_in

    def counted(s: Session, division_id: int, teams: Collection[int],
                also: Collection[int] = ()) -> TeamsView:
        read.append((division_id, frozenset(teams)))
        return view_in(s, division_id, teams, also)

    monkeypatch.setattr(service, "teams_view_in", counted)
    service.record(game, 0, [FaceOff(at(1, 12))], by="scorer")
    # A's and B's games in 14U (asked again by the write's 634(e) check, built once)
    # and the twin's team's in 16U; nothing of 18U
    assert sorted(read) == sorted([(divisions[0], frozenset({teams["A"], teams["B"]}))] * 2
                                  + [(divisions[1], frozenset({teams["C"]}))])

    with service.read() as s:
        dressed = {(e.team_id, e.player_id) for e in
                   s.scalars(select(models.LineupEntry).where(models.LineupEntry.game_id == game))}
        rosters = {team: [p.id for p in s.scalars(select(models.Player).where(
                       models.Player.team_id == teams[team], models.Player.active.is_(True)))]
                   for team in ("A", "B")}
    scheduled = ScheduledGame(game, divisions[0], "pool", teams["A"], teams["B"], None, None, 0)
    barred = suspension_check.barred(rosters["A"], scheduled, every)
    assert len(barred) == 2  # #5 (404(d)) and Pat Twin (410(c))
    assert {pid for team, pid in dressed if team == teams["A"]} == set(rosters["A"]) - set(barred)
    assert not any(team == teams["B"] for team, _ in dressed)  # all eligible: no lineup entered
