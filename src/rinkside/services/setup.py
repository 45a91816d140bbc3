"""Setting a tournament up: the tournament with its amendments and tiebreak
chain, its divisions and teams, and its start (203(b))."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from rinkside.services.base import ServiceBase
from rinkside.services.games import effective_settings
from rinkside.store import models
from rinkside.tournament import rosters, standings
from rinkside.tournament.stage_settings import check_playoff_amendments


class Setup(ServiceBase):
    """Tournaments, divisions and teams."""

    def create_tournament(self, name: str, starts_on: date | None,
                          settings: Mapping[str, Any] | None = None,
                          tiebreaks: Sequence[str] = ("head_to_head", "goal_difference",
                                                      "goals_against", "goals_for",
                                                      "fewest_pim", "coin_toss"),
                          playoff_settings: Mapping[str, Any] | None = None) -> int:
        """``playoff_settings``: amendments over the pool's for playoff games,
        which must be decided (Rule 639; none given: 639(b)'s overtime and
        shootout where the pool's let a tie stand)."""
        pool = effective_settings(settings, None)  # checked against the book before it is kept
        check_playoff_amendments(pool, playoff_settings)
        standings.check_chain(tiebreaks)
        with self.write() as s:
            row = models.Tournament(name=name, starts_on=starts_on, settings=dict(settings or {}),
                                    tiebreaks=list(tiebreaks),
                                    playoff_settings=dict(playoff_settings or {}))
            s.add(row)
            s.flush()
            return row.id

    def add_division(self, tournament_id: int, name: str,
                     settings: Mapping[str, Any] | None = None,
                     player_coaches_allowed: bool | None = None) -> int:
        """A division; whether player coaches may play follows from its name
        unless given (201(c))."""
        with self.write() as s:
            t = self.existing_row(s, models.Tournament, tournament_id)
            effective_settings(t.settings, settings)
            allowed = (rosters.division_allows_player_coaches(name)
                       if player_coaches_allowed is None else player_coaches_allowed)
            row = models.Division(tournament_id=tournament_id, name=name,
                                  settings=dict(settings or {}), player_coaches_allowed=allowed)
            s.add(row)
            s.flush()
            return row.id

    def add_team(self, division_id: int, name: str) -> int:
        with self.write() as s:
            self.existing_row(s, models.Division, division_id)
            row = models.Team(division_id=division_id, name=name)
            s.add(row)
            s.flush()
            return row.id

    def start_tournament(self, tournament_id: int) -> None:
        """From now on rosters change only through the director (203(b))."""
        with self.write() as s:
            self.existing_row(s, models.Tournament, tournament_id).started = True
