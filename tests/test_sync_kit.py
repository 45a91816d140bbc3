"""The small tournament the sync and the several-workers tests play on (no
tests here): one division, two teams of a goalie and ten skaters each."""

from __future__ import annotations

from rinkside.services.tournaments import Tournaments

SKATERS = list(range(2, 12))


def two_teams(service: Tournaments, name: str) -> tuple[int, int, list[int]]:
    """A tournament ``name``: its id, its division's, and the two teams' ids."""
    tournament = service.create_tournament(name, None)
    division = service.add_division(tournament, "Open")
    teams = [service.add_team(division, side) for side in ("Home", "Away")]
    for team in teams:
        service.add_player(team, 1, f"Goalie {team}", goalie=True)
        for number in SKATERS:
            service.add_player(team, number, f"Skater {team}-{number}")
    return tournament, division, teams
