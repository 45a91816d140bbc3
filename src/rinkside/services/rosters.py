"""Team rosters: imported from a file, a player added, a roster replaced;
each checked as a whole (201-203, 307), and once the tournament has
started, changed only by the director with a reason (203(b))."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rinkside.formats.text import NAME, check_text
from rinkside.services import records, replay
from rinkside.services.base import ServiceBase
from rinkside.store import models
from rinkside.tournament import roster_import, rosters


class Rosters(ServiceBase):
    """Roster writes."""

    def import_rosters(self, division_id: int, path: Path, *, team: str | None = None,
                       by: str = "tournament director", role: str = "tournament_director",
                       reason: str | None = None) -> dict[str, int]:
        """Import a CSV or XLSX roster file into a division: every bad row is
        reported and nothing is half-imported (the whole file is one
        transaction). With ``team`` the file holds that one team; otherwise
        it has a ``team`` column. Teams are created when new."""
        with self.write() as s:
            # Held first (and each team it replaces): an import or a roster
            # saved at once waits, and this one reads what that one wrote.
            division = self.hold_division(s, division_id)
            tournament = division.tournament
            starts_on = tournament.starts_on or date.today()
            info = records.division_info(division)
            if team is not None:
                by_team = {team: roster_import.import_roster(path, info, starts_on)}
            else:
                by_team = roster_import.import_rosters(path, info, starts_on)
            rosters.check_change_allowed(tournament.started, role, reason) if \
                tournament.started else None
            for team_name, parsed in by_team.items():  # names as every edge checks them
                for name, where in [(team_name, "team"), *((p.name, f"{team_name} #{p.number}")
                                                          for p in parsed)]:
                    check_text(name, f"{path.name}: {where} name", NAME)
            counts: dict[str, int] = {}
            kept = replay.RecordsKept(s, list(s.scalars(select(models.Team.id).where(
                models.Team.division_id == division_id, models.Team.name.in_(list(by_team))))))
            for team_name, parsed in by_team.items():
                found = s.scalar(select(models.Team.id).where(
                    models.Team.division_id == division_id, models.Team.name == team_name))
                if found is None:
                    row = models.Team(division_id=division_id, name=team_name)
                    s.add(row)
                    s.flush()
                else:
                    row = self.hold_team(s, found)
                _retire_roster(s, row.id)
                for p in parsed:
                    player = models.Player(team_id=row.id, number=p.number, name=p.name,
                                           goalie=p.goalie, captain=p.captain,
                                           playing_coach=p.playing_coach, birth_date=p.birth_date,
                                           person_key=p.name)
                    s.add(player)
                    s.flush()
                    if tournament.started:
                        s.add(models.RosterChange(team_id=row.id, player_id=player.id,
                                                  action="added", before=None,
                                                  after={"number": p.number, "name": p.name},
                                                  reason=reason or "", by=by,
                                                  at=self.now()))
                counts[team_name] = len(parsed)
            kept.check()  # 203(a): every recorded game still reads as it did
            return counts

    def add_player(self, team_id: int, number: int, name: str, *, goalie: bool = False,
                   captain: str | None = None, by: str = "tournament director",
                   role: str = "tournament_director", reason: str | None = None) -> int:
        """Add one player, checking the whole roster (201-203, 307)."""
        with self.write() as s:
            team = self.hold_team(s, team_id)  # a save at once waits (set_roster)
            tournament = team.division.tournament
            rosters.check_change_allowed(tournament.started, role, reason) if \
                tournament.started else None
            refuse_taken_number(s, team_id, number, None)
            kept = replay.RecordsKept(s, [team_id])
            row = models.Player(team_id=team_id, number=number, name=name, goalie=goalie,
                                captain=captain, person_key=name)
            s.add(row)
            s.flush()
            players = records.players_of(s, [team_id])
            problems = rosters.check_tournament_roster(
                records.division_info(team.division), players, tournament.starts_on or date.today())
            # One player at a time: what the roster still lacks (a captain,
            # a goaltender) is checked when it is complete (set_roster).
            about_players = [p for p in problems if p.number is not None or "15" in p.message]
            if about_players:
                raise rosters.RosterError(about_players)
            kept.check()  # 203(a): every recorded game still reads as it did
            if tournament.started:
                s.add(models.RosterChange(team_id=team_id, player_id=row.id, action="added",
                                          before=None, after={"number": number, "name": name},
                                          reason=reason or "", by=by, at=self.now()))
            return row.id

    def set_roster(self, team_id: int, players: Sequence[Mapping[str, Any]], *,
                   by: str = "tournament director", role: str = "tournament_director",
                   reason: str | None = None) -> list[int]:
        """Replace a team's roster with ``players`` (number, name, goalie,
        captain, playing_coach, birth_date), checked as a whole (201-203, 307).
        The team's row is held first: of two saves at once, the second waits
        for the first to commit and replaces what it wrote, so the last one
        stands whole (read before the hold, it retired the roster it had read
        and met the first's numbers: a duplicate (team, number), a 500)."""
        with self.write() as s:
            team = self.hold_team(s, team_id)
            tournament = team.division.tournament
            if tournament.started:
                rosters.check_change_allowed(True, role, reason)
            kept = replay.RecordsKept(s, [team_id])
            _retire_roster(s, team_id)
            rows = [models.Player(team_id=team_id, number=p["number"], name=p.get("name", ""),
                                  goalie=p.get("goalie", False), captain=p.get("captain"),
                                  playing_coach=p.get("playing_coach", False),
                                  birth_date=p.get("birth_date"),
                                  person_key=p.get("person_key") or p.get("name", ""))
                    for p in players]
            s.add_all(rows)
            s.flush()
            rosters.raise_if_invalid(records.division_info(team.division),
                                     records.players_of(s, [team_id]),
                                     tournament.starts_on or date.today())
            kept.check()  # 203(a): every recorded game still reads as it did
            if tournament.started:
                s.add(models.RosterChange(team_id=team_id, player_id=None, action="changed",
                                          before=None, after={"players": len(rows)},
                                          reason=reason or "", by=by,
                                          at=self.now()))
            return [r.id for r in rows]


def _retire_roster(s: Session, team_id: int) -> None:
    """The team's active players taken off its roster (kept, inactive:
    203(b)), as the store holds them now (read after the team's hold)."""
    s.execute(update(models.Player)
              .where(models.Player.team_id == team_id, models.Player.active)
              .values(active=False))


def refuse_taken_number(s: Session, team_id: int, number: int, player_id: int | None) -> None:
    """Rule 307(c): a whole number 1-99, and no two players of a team the
    same (``player_id``: the player whose number it is to be, if already on
    the roster). Read under the team's hold (:meth:`ServiceBase.hold_team`):
    a player added at once with the same number is seen, and refused here
    rather than by the store's key (a 500)."""
    if not 1 <= number <= 99:
        raise rosters.RosterError([rosters.RosterProblem(
            "307(c)", f"the number must be a whole number between 1 and 99, not {number}",
            number, "number")])
    other = s.scalar(select(models.Player).where(models.Player.team_id == team_id,
                                                 models.Player.active,
                                                 models.Player.number == number,
                                                 models.Player.id != (player_id or 0)))
    if other is not None:
        raise rosters.RosterError([rosters.RosterProblem(
            "307(c)", f"{other.name} already wears #{number}; no two players of a team "
            "may wear the same number", number, "number")])
