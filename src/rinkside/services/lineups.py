"""Lineups: the players a team dresses for a game (204, 202(c))."""

from __future__ import annotations

from collections.abc import Sequence

from rinkside.services import records as rec
from rinkside.services.discipline import Discipline
from rinkside.store import models as m
from rinkside.tournament import forfeits, lineups, suspension_check
from rinkside.tournament.model import Lineup


class Lineups(Discipline):
    """Lineup writes (a suspended player is not dressed: the discipline part)."""

    def set_lineup(self, game_id: int, team_id: int, player_ids: Sequence[int], *,
                   captain: int | None = None, alternates: Sequence[int] = ()
                   ) -> lineups.LineupCheck:
        """Dress players for a game (204, 202(c)); a suspended player is refused
        with the rule that suspended him (casebook 27)."""
        with self._sessions.begin() as s:
            game = self._get(s, m.Game, game_id)
            self._refuse_locked(s, game_id)
            if team_id not in (game.home_team_id, game.away_team_id):
                raise ValueError(f"team {team_id} does not play game {game_id}")
            view = self._division_view(s, game.division_id)
            forfeits.refuse_if_removed(team_id, view.removed)
            roster = rec.players_of(s, [team_id])
            status = self._suspension_status(s, game.division.tournament)
            barred = suspension_check.barred(player_ids, rec.scheduled_game(game), status)
            check = lineups.check_lineup(roster, player_ids, captain, alternates,
                                         {pid: str(exc) for pid, exc in barred.items()})
            check.raise_if_refused()
            for entry in [e for e in game.lineup if e.team_id == team_id]:
                s.delete(entry)
            s.flush()
            lineup = Lineup(team_id, tuple(player_ids), captain, tuple(alternates))
            s.add_all(m.LineupEntry(game_id=game_id, team_id=team_id, player_id=pid,
                                    letter=lineup.letter(pid))
                      for pid in player_ids)
            s.flush()
            self._refuse_contradicted_record(s, game)
            return check
