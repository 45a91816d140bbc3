"""Divisions, teams and rosters on the director's desk: added, renamed, a
player added or edited (Section II checked as a whole: 201, 202, 307), a
roster file imported (every bad row with its rule, nothing half-imported,
unknown columns named). After the tournament starts a roster changes only
through the director, with a reason (Rule 203(b)). Every change recorded.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from rinkside.services import records, replay
from rinkside.services.base import ServiceBase
from rinkside.services.changes import found, record, refuse_taken
from rinkside.services.desk_schedule import remove_unplayed
from rinkside.services.rosters import refuse_taken_number
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models
from rinkside.tournament import rosters
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.roster_file import read_rows
from rinkside.tournament.roster_problems import ImportProblem, RosterImportError
from rinkside.tournament.roster_template import unknown_columns

DIRECTOR = "tournament_director"  # the role rosters.check_change_allowed knows (203(b))


def read_number(text: str) -> int:
    """A jersey number as typed (Rule 307(c): a whole number; 1-99 is checked
    with the roster)."""
    text = text.strip()
    if not text.lstrip("-").isdigit():
        raise ValueError(f"the number is a whole number 1-99 (Rule 307(c)), not {text!r}")
    return int(text)


def _name(text: str, what: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise ValueError(f"a {what} needs a name")
    return name


def add_division(service: Tournaments, tournament_id: int, name: str, *, by: str) -> int:
    name = _name(name, "division")
    try:
        with service.write() as s:  # the division and its record: one commit
            did = service.within(s).add_division(tournament_id, name)
            record(s, tournament_id, f"division {did}", "added", None, {"name": name}, by=by,
                   clock=service.now)
    except IntegrityError:
        raise ValueError(f"there is already a division named {name!r}") from None
    return did


def rename_division(service: ServiceBase, division_id: int, name: str, *, by: str) -> None:
    name = _name(name, "division")
    with service.write() as s:
        d = found(s, models.Division, division_id, "division")
        refuse_taken(s, models.Division.name, name,
                     models.Division.tournament_id == d.tournament_id,
                     keep=models.Division.id != division_id, what="a division")
        record(s, d.tournament_id, f"division {division_id}", "renamed", d.name, name,
               by=by, clock=service.now)
        d.name = name


def add_team(service: ServiceBase, division_id: int, name: str, *, by: str) -> int:
    name = _name(name, "team")
    with service.write() as s:
        d = found(s, models.Division, division_id, "division")
        refuse_taken(s, models.Team.name, name, models.Team.division_id == division_id,
                     what=f"a team in {d.name}")
        team = models.Team(division_id=division_id, name=name)
        s.add(team)
        s.flush()
        record(s, d.tournament_id, f"team {team.id}", "added", None,
               {"name": name, "division": d.name}, by=by, clock=service.now)
        return team.id


def rename_team(service: ServiceBase, team_id: int, name: str, *, by: str) -> None:
    name = _name(name, "team")
    with service.write() as s:
        team = found(s, models.Team, team_id, "team")
        refuse_taken(s, models.Team.name, name, models.Team.division_id == team.division_id,
                     keep=models.Team.id != team_id, what="a team")
        record(s, team.division.tournament_id, f"team {team_id}", "renamed", team.name, name,
               by=by, clock=service.now)
        team.name = name


def set_style(service: Tournaments, team_id: int, colour: str, logo: str, *, by: str) -> None:
    """The team's colour (#rrggbb) and logo as the scoreboards show them; an
    empty field clears it. Recorded with the style before."""
    before = service.team_styles([team_id]).get(team_id, (None, None))
    with service.write() as s:  # the style and its record: one commit
        after = service.within(s).set_team_style(team_id, colour=colour.strip(),
                                                  logo=logo.strip())
        tid = service.existing_row(s, models.Team, team_id).division.tournament_id
        record(s, tid, f"team {team_id}", "style",
               {"colour": before[0], "logo": before[1]},
               {"colour": after[0], "logo": after[1]}, by=by, clock=service.now)


def _player_fields(p: models.Player) -> dict[str, object]:
    return {"number": p.number, "name": p.name, "goalie": p.goalie, "captain": p.captain}


def edit_player(service: ServiceBase, player_id: int, *, number: int, name: str,
                goalie: bool, captain: str | None, by: str, reason: str | None = None) -> None:
    """Change one player's number, name, goaltender flag or letter, the
    roster checked as a whole (201, 202, 307(c)); after the start, only
    through the director with a reason (203(b)), kept as a roster change."""
    if captain not in (None, "C", "A"):
        raise ValueError(f"the letter is C, A or none (Rule 202), not {captain!r}")
    with service.write() as s:
        player = s.get(models.Player, player_id)
        if player is not None:  # its team held (a roster saved at once waits), then read again
            service.hold_team(s, player.team_id)
            s.refresh(player)
        if player is None or not player.active:
            raise NotFound(f"There is no player {player_id} on a roster.")
        team = player.team
        tournament = team.division.tournament
        if tournament.started:
            rosters.check_change_allowed(True, DIRECTOR, reason)
        before = _player_fields(player)
        kept = replay.RecordsKept(s, [team.id])  # 203(a): every recorded game still reads
        refuse_taken_number(s, team.id, number, player_id)
        player.number, player.name, player.goalie, player.captain = (
            number, _name(name, "player"), goalie, captain)
        after = _player_fields(player)
        if before == after:
            return
        s.flush()
        problems = rosters.check_tournament_roster(
            records.division_info(team.division), records.players_of(s, [team.id]),
            tournament.starts_on or service.now().date())
        about = [p for p in problems if p.number is not None or p.rule in ("202", "307(c)")]
        if about:
            raise rosters.RosterError(about)
        kept.check()
        if tournament.started:
            s.add(models.RosterChange(team_id=team.id, player_id=player.id, action="changed",
                                      before=before, after=after, reason=reason or "", by=by,
                                      at=service.now()))
        record(s, tournament.id, f"player {player_id} ({team.name})", "changed", before,
               after, by=by, clock=service.now, reason=(reason or "").strip())


def add_player(service: Tournaments, team_id: int, *, number: int, name: str, goalie: bool,
               captain: str | None, by: str, reason: str | None = None) -> int:
    """One player added (Section II checked: 201, 202, 307; 203(b) after the start)."""
    if captain not in (None, "C", "A"):
        raise ValueError(f"the letter is C, A or none (Rule 202), not {captain!r}")
    # The player and its record: one commit; its number refused (307(c)) under
    # the team's hold, so a player added at once with it is seen.
    with service.write() as s:
        player_id = service.within(s).add_player(team_id, number, _name(name, "player"),
                                                 goalie=goalie, captain=captain, by=by,
                                                 reason=reason)
        team = s.get(models.Team, team_id)
        assert team is not None
        record(s, team.division.tournament_id, f"player {player_id} ({team.name})", "added",
               None, {"number": number, "name": name, "goalie": goalie, "captain": captain},
               by=by, clock=service.now, reason=(reason or "").strip())
    return player_id


def import_roster_file(service: Tournaments, division_id: int, filename: str, content: bytes,
                       *, team: str | None = None, by: str, reason: str | None = None
                       ) -> dict[str, int]:
    """A CSV or XLSX roster file as uploaded: an unknown column is named and
    refused (not silently ignored); every bad row is shown with its rule and
    nothing is half-imported (one transaction)."""
    suffix = Path(filename).suffix.lower()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"roster{suffix}"
        path.write_bytes(content)
        unknown = unknown_columns(read_rows(path))
        if unknown:
            raise RosterImportError(filename, [ImportProblem(
                "file", f"unknown column {name}: the columns read are team, number, name, "
                "goalie, captain, playing_coach, birth_date (see the template); rename or "
                "remove it") for name in unknown])
        with service.write() as s:  # the rosters and their record: one commit
            counts = service.within(s).import_rosters(division_id, path, team=team or None,
                                                      by=by, role=DIRECTOR,
                                                      reason=reason or None)
            d = s.get(models.Division, division_id)
            assert d is not None
            record(s, d.tournament_id, f"division {division_id} rosters", "imported", None,
                   {"file": filename, "players": counts}, by=by, clock=service.now,
                   reason=(reason or "").strip())
    return counts


def withdraw_team(service: ServiceBase, team_id: int, *, by: str, reason: str) -> None:
    """A team withdrawn before the tournament starts: its games (none begun)
    come off the schedule and the team and its roster go, all kept in the
    record. Once the tournament has started, a team that does not play
    forfeits (Rule 634(c)-(e)) and is not withdrawn here."""
    if not reason.strip():
        raise ValueError("withdrawing a team needs a reason (it is kept in the desk's record)")
    with service.write() as s:
        team = found(s, models.Team, team_id, "team")
        tournament = team.division.tournament
        if tournament.started:
            raise TournamentRuleError(
                "634(e)", "the tournament has started: a team that cannot play forfeits its "
                "games (Rule 634(c)-(e)), it is not withdrawn")
        games = list(s.scalars(select(models.Game).where(
            (models.Game.home_team_id == team_id) | (models.Game.away_team_id == team_id))))
        if any(g.version > 0 for g in games):
            raise ValueError(f"{team.name} has begun a game: it forfeits (Rule 634), it is "
                             "not withdrawn")
        players = [_player_fields(p) for p in team.players]
        if s.scalar(select(models.SupplementaryDiscipline.id).where(
                models.SupplementaryDiscipline.player_id.in_([p.id for p in team.players]))):
            raise ValueError(f"a player of {team.name} has supplementary discipline "
                             "(Rule 410(a)); it stays on the record")
        for game in games:
            remove_unplayed(s, game, by=by, clock=service.now, reason=f"{team.name} withdrawn")
        s.flush()
        for player in team.players:
            s.delete(player)
        s.execute(delete(models.RosterSubmission).where(
            models.RosterSubmission.team_id == team_id))  # its lists go with it, logged below
        s.flush()
        record(s, tournament.id, f"team {team_id}", "withdrawn",
               {"name": team.name, "division": team.division.name, "players": players},
               None, by=by, clock=service.now, reason=reason.strip())
        s.delete(team)
