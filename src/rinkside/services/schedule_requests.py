"""What teams and officials ask of a tournament's schedule, kept on the desk:
a team's blackout, not before, not after, "not at the same time as" another
team; an official's hours and most games a day (issue 31). The people the
schedule keeps in one place come from the rosters (a player on two teams:
the same identity, Rule 203(a), 410(c)) and the officials' names (a player
who officiates, Rule 501(a)).

Read by :mod:`rinkside.services.desk_schedule` for the builder, the moves and
the grid; the values are :mod:`rinkside.tournament.schedule_requests`'."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from rinkside.services.base import ServiceBase
from rinkside.services.changes import held, record
from rinkside.services.tournaments import NotFound
from rinkside.store import models
from rinkside.tournament.schedule_people import People, Person
from rinkside.tournament.schedule_requests import (
    KINDS,
    Demands,
    Kind,
    OfficialHours,
    TeamRequest,
)
from rinkside.tournament.schedule_values import Window, shown

__all__ = ["Requests", "add_team_request", "demands_in", "people_in", "remove_team_request",
           "requests_of", "set_official_hours"]


def people_in(s: Session, tournament_id: int, also_officials: Sequence[str] = (), *,
              teams: Collection[int] | None = None, officials: Collection[str] | None = None
              ) -> People:
    """Everyone on the tournament's rosters by identity (person key, else the
    name) and its team officials (Rules 201-206: a manager or coach user, by
    full name, else username) with their teams, watched when on two teams
    or officiating.

    With ``teams`` and ``officials`` (the teams of some games and the names
    officiating them: a desk page's day), only the rosters of those teams and
    those names: a person is in two of those games only through them, so
    every conflict among the games is found without the season's rosters."""
    players = (select(models.Player.person_key, models.Player.name, models.Player.team_id)
               .where(models.Player.active))
    if teams is None:
        players = players.join(models.Team).join(models.Division).where(
            models.Division.tournament_id == tournament_id)
        ours = set(s.scalars(select(models.Team.id).join(models.Division)
                             .where(models.Division.tournament_id == tournament_id)))
    else:
        ours = set(teams)
        players = players.where(models.Player.team_id.in_(sorted(ours)))
    found: dict[str, set[int]] = {}
    for key, name, team_id in s.execute(players):
        found.setdefault(key or name, set()).add(team_id)
    # the team officials of those teams alone, through their teams' rows
    # (migration 0038), never every manager and coach of the store
    officials_of = (select(models.User.username, models.User.full_name,
                           models.UserTeam.team_id)
                    .join(models.UserTeam, models.UserTeam.user_id == models.User.id)
                    .where(models.User.role.in_(models.TEAM_ROLES)))
    if teams is None:
        officials_of = officials_of.join(models.Team, models.Team.id == models.UserTeam.team_id
                                         ).join(models.Division).where(
            models.Division.tournament_id == tournament_id)
    else:
        officials_of = officials_of.where(models.UserTeam.team_id.in_(sorted(ours)))
    for username, full, team_id in s.execute(officials_of):
        found.setdefault(full or username, set()).add(team_id)
    if officials is None:
        whistles = set(s.scalars(select(models.GameOfficial.name).join(models.Game)
                                 .join(models.Division)
                                 .where(models.Division.tournament_id == tournament_id)))
    else:
        whistles = set(officials)
    whistles |= set(s.scalars(select(models.OfficialHoursRow.name)
                              .where(models.OfficialHoursRow.tournament_id == tournament_id)))
    return People([Person(name, frozenset(t)) for name, t in found.items()],
                  officials=whistles | set(also_officials))


def demands_in(s: Session, tournament_id: int, teams: Collection[int] | None = None
               ) -> Demands:
    """The tournament's requests and officials' hours; with ``teams`` (a
    desk page's day), only the requests of those teams or naming one of them:
    a request is broken only by a game of its team."""
    query = (select(models.TeamRequestRow)
             .where(models.TeamRequestRow.tournament_id == tournament_id)
             .order_by(models.TeamRequestRow.id))
    if teams is not None:
        ids = sorted(teams)
        query = query.where(or_(models.TeamRequestRow.team_id.in_(ids),
                                models.TeamRequestRow.other_team_id.in_(ids)))
    asked = tuple(_request(r) for r in s.scalars(query))
    # Each official's most a day counted on the server's local days (OfficialHours.zone
    # None), the days the desk's grid shows, not the UTC date.
    hours = {r.name: OfficialHours(r.name, tuple(Window(datetime.fromisoformat(a),
                                                        datetime.fromisoformat(b))
                                                 for a, b in r.windows),
                                   r.most_a_day, r.hard)
             for r in s.scalars(select(models.OfficialHoursRow).where(
                 models.OfficialHoursRow.tournament_id == tournament_id))}
    return Demands(asked, hours)


def _kind(text: str) -> Kind:
    for k in KINDS:
        if k == text:
            return k
    raise ValueError(f"{text!r} is not a request: {', '.join(KINDS)}")


def _request(r: models.TeamRequestRow) -> TeamRequest:
    return TeamRequest(r.team_id, _kind(r.kind), r.start, r.end, r.other_team_id, r.hard)


def _team_of(s: Session, tournament_id: int, team_id: int) -> models.Team:
    team = s.get(models.Team, team_id)
    if team is None or team.division.tournament_id != tournament_id:
        raise NotFound(f"There is no team {team_id} in tournament {tournament_id}.")
    return team


def add_team_request(service: ServiceBase, tournament_id: int, team_id: int, kind: str, *,
                     start: datetime | None = None, end: datetime | None = None,
                     other_team_id: int | None = None, hard: bool = True, note: str = "",
                     by: str) -> int:
    """One request of a team, checked (:class:`TeamRequest` says what is
    missing), recorded; its id."""
    for moment in (start, end):
        if moment is not None and moment.tzinfo is None:
            raise ValueError("a request's times need their time zone")
    value = TeamRequest(team_id, _kind(kind), start, end, other_team_id, hard)
    with service.write() as s:
        team = _team_of(s, tournament_id, team_id)
        if other_team_id is not None:
            _team_of(s, tournament_id, other_team_id)
        row = models.TeamRequestRow(tournament_id=tournament_id, team_id=team_id, kind=kind,
                                    start=start, end=end, other_team_id=other_team_id,
                                    hard=hard, note=note.strip())
        s.add(row)
        s.flush()
        record(s, tournament_id, f"team {team_id}", "schedule request", None,
               {"team": team.name, "request": value.says(), "hard": hard},
               by=by, clock=service.now)
        return row.id


def remove_team_request(service: ServiceBase, tournament_id: int, request_id: int, *,
                        by: str) -> None:
    with service.write() as s:
        row = s.get(models.TeamRequestRow, request_id)
        if row is None or row.tournament_id != tournament_id:
            raise NotFound(f"There is no request {request_id}.")
        before = {"request": _request(row).says(), "hard": row.hard}
        s.delete(row)
        record(s, tournament_id, f"team {row.team_id}", "schedule request removed", before,
               None, by=by, clock=service.now)


def set_official_hours(service: ServiceBase, tournament_id: int, name: str,
                       windows: Sequence[Window], *, most_a_day: int | None = None,
                       hard: bool = True, by: str) -> None:
    """An official's hours (none: any time) and most games a day, replacing
    what was kept; the official is then one the builder gives games to."""
    name = name.strip()
    if not name:
        raise ValueError("name the official")
    if most_a_day is not None and most_a_day < 1:
        raise ValueError("the most games a day is at least 1")
    with service.write() as s:
        # held: of two saves at once the last stands, not both rows
        held(s, models.Tournament, tournament_id, "tournament")
        s.execute(delete(models.OfficialHoursRow).where(
            models.OfficialHoursRow.tournament_id == tournament_id,
            models.OfficialHoursRow.name == name))
        spans = [[w.start.isoformat(), w.end.isoformat()] for w in windows]
        s.add(models.OfficialHoursRow(tournament_id=tournament_id, name=name, windows=spans,
                                      most_a_day=most_a_day, hard=hard))
        record(s, tournament_id, f"official {name}", "hours", None,
               {"windows": [" - ".join(w) for w in spans], "most_a_day": most_a_day,
                "hard": hard}, by=by, clock=service.now)


@dataclass(frozen=True, slots=True)
class Requests:
    """The requests as the desk lists them: (id, team, what, hard) and
    (official, hours, most a day)."""

    teams: list[tuple[int, str, str, bool]]
    officials: list[tuple[str, str, int | None]]


def requests_of(service: ServiceBase, tournament_id: int,
                team_ids: Collection[int] | None = None) -> Requests:
    """The tournament's requests and officials' hours, for the desk; with
    ``team_ids`` (a division's teams), only the requests of those teams or
    naming one of them."""
    with service.read() as s:
        query = (select(models.TeamRequestRow)
                 .where(models.TeamRequestRow.tournament_id == tournament_id)
                 .order_by(models.TeamRequestRow.id))
        if team_ids is not None:
            ids = sorted(team_ids)
            query = query.where(or_(models.TeamRequestRow.team_id.in_(ids),
                                    models.TeamRequestRow.other_team_id.in_(ids)))
        rows = list(s.scalars(query))
        wanted = {r.team_id for r in rows} | {r.other_team_id for r in rows
                                              if r.other_team_id is not None}
        names = dict(s.execute(select(models.Team.id, models.Team.name)
                               .where(models.Team.id.in_(sorted(wanted)))).all()
                     if wanted else [])
        teams = []
        for r in rows:
            said = _request(r).says()
            if r.other_team_id is not None:
                said = f"never at the same time as {names.get(r.other_team_id, '?')}"
            teams.append((r.id, names.get(r.team_id, "?"), said, r.hard))
        officials = [(r.name, "; ".join(
            f"{shown(datetime.fromisoformat(a))}-{shown(datetime.fromisoformat(b), '%H:%M')}"
            for a, b in r.windows) or "any time", r.most_a_day)
            for r in s.scalars(select(models.OfficialHoursRow).where(
                models.OfficialHoursRow.tournament_id == tournament_id)
                .order_by(models.OfficialHoursRow.name))]
        return Requests(teams, officials)
