"""A division's view reads every lineup handed in as one row per game and
team (SQLite and PostgreSQL): the players dressed, the captain and the
alternates named for the game (Rules 204, 202(c)) come back exactly."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker
from storekit import two_team_game

from rinkside.services import queries, records
from rinkside.services.tournaments import Tournaments
from rinkside.tournament.model import Lineup


def test_every_lineup_reads_back_with_its_captain_and_alternates(
        sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    dressed, teams = two_team_game(service, "Lineup Cup", skaters=10)
    undressed = service.add_game(queries.game(service, dressed).division_id, *teams)
    with sessions() as s:
        players = {team: sorted(p.player_id for p in records.players_of(s, [team]))
                   for team in teams}
    home, away = teams
    service.set_lineup(dressed, home, players[home][:8], captain=players[home][3],
                       alternates=[players[home][5], players[home][2]])
    service.set_lineup(dressed, away, list(reversed(players[away])))  # no letters named
    with sessions() as s:
        found = records.lineups_of(s, [dressed, undressed])
    assert found == {dressed: {
        home: Lineup(home, tuple(sorted(players[home][:8])), players[home][3],
                     tuple(sorted([players[home][5], players[home][2]]))),
        away: Lineup(away, tuple(sorted(players[away])), None, ())}}
