"""Rosters handed in by a team's manager or coach (Rule 203(a), (b)).

The manager lists the players (number, name, goaltender, date of birth or
league number, captain and alternates) on the phone or from a CSV file and
submits the list by the director's deadline. The checks of Section II are
the desk's own (:func:`rinkside.tournament.rosters.check_tournament_roster`:
201(a) at most 15 players, 307(c) numbers unique, 203(a) goaltenders
identified, 202 the letters), and one more before the list reaches the
director: a player already on another team of the same division is refused
(203(a): each team lists the players eligible to play for it). Every
refusal names its rule.

The director then approves the list (it becomes the team's roster, through
the desk's own roster write) or returns it with a reason: :func:`decide`,
the one place a decision is committed. After approval a new list is a
change the director approves the same way (203(b)); each step is in the
desk's change log.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.formats.text import NAME, TextError, check_text
from rinkside.services import mail, records
from rinkside.services.changes import found, record
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models
from rinkside.tournament import rosters
from rinkside.tournament.model import RosterPlayer

COLUMNS: Final = ("number", "name", "goalie", "captain", "birth_date", "league_number")
YES: Final = frozenset({"yes", "y", "true", "1", "x", "g", "goalie", "on"})


@dataclass(frozen=True)
class Submission:
    """A list as submitted, and what became of it."""

    submission_id: int
    team_id: int
    team: str
    tournament_id: int
    kind: str  # "roster" (203(a)) or "change" (203(b))
    players: tuple[dict[str, Any], ...]
    status: str  # "submitted", "approved" or "returned"
    submitted_by: str
    submitted_at: datetime
    reason: str
    decided_by: str | None
    decided_at: datetime | None


@dataclass(frozen=True)
class Decision:
    """The director's decision on a submission, as committed by :func:`decide`."""

    submission_id: int
    team_id: int
    team: str
    tournament_id: int
    approved: bool
    reason: str
    by: str
    at: datetime
    submitted_by: str


# --------------------------------------------------------------------------- reading


def read_player(fields: Mapping[str, str], row: int) -> dict[str, Any]:
    """One player as typed (a form's row, a CSV row): ValueError naming the row and why."""
    where = f"row {row}"
    number_text = (fields.get("number") or "").strip()
    if not number_text.lstrip("-").isdigit():
        raise ValueError(f"{where}: the number is a whole number 1-99 (Rule 307(c)), "
                         f"not {number_text!r}")
    name = " ".join((fields.get("name") or "").split())
    if not name:
        raise ValueError(f"{where}: a player needs a name (Rule 203(b): names and numbers)")
    try:
        check_text(name, f"{where}: name", NAME)
    except TextError as exc:
        raise ValueError(str(exc)) from None
    captain = (fields.get("captain") or "").strip().upper() or None
    if captain not in (None, "C", "A"):
        raise ValueError(f"{where}: the letter is C, A or none (Rule 202), not {captain!r}")
    born_text = (fields.get("birth_date") or "").strip()
    try:
        born = date.fromisoformat(born_text) if born_text else None
    except ValueError:
        raise ValueError(f"{where}: the date of birth is written YYYY-MM-DD, not "
                         f"{born_text!r}") from None
    league = " ".join((fields.get("league_number") or "").split())
    if len(league) > 64:
        raise ValueError(f"{where}: a league number has at most 64 characters")
    return {"number": int(number_text), "name": name,
            "goalie": (fields.get("goalie") or "").strip().lower() in YES,
            "captain": captain, "birth_date": born.isoformat() if born else None,
            "league_number": league}


def read_csv(content: bytes) -> list[dict[str, Any]]:
    """A roster CSV (columns: number, name, goalie, captain, birth_date,
    league_number): every player, or ValueError naming the row or the
    unknown column."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("the file is not UTF-8 text (save it as CSV UTF-8)") from None
    reader = csv.DictReader(io.StringIO(text))
    unknown = [c for c in (reader.fieldnames or []) if c.strip().lower() not in COLUMNS]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r}: the columns are {', '.join(COLUMNS)}")
    return [read_player({k.strip().lower(): v or "" for k, v in r.items() if k}, i)
            for i, r in enumerate(reader, start=2)]


# --------------------------------------------------------------------------- the checks


def _roster_players(team_id: int, players: Sequence[Mapping[str, Any]]) -> list[RosterPlayer]:
    return [RosterPlayer(-(i + 1), team_id, int(p["number"]), str(p["name"]),
                         bool(p.get("goalie")), p.get("captain"), False,
                         date.fromisoformat(p["birth_date"]) if p.get("birth_date") else None,
                         str(p.get("league_number") or "") or str(p["name"]))
            for i, p in enumerate(players)]


def _same_person(p: Mapping[str, Any], other: models.Player) -> bool:
    """The same person: the same league number; else the same name and date
    of birth; else the same name where neither gives a date of birth or a
    league number (two namesakes tell themselves apart by either)."""
    league = str(p.get("league_number") or "")
    if league and other.person_key == league:
        return True
    if " ".join(str(p["name"]).split()).casefold() != " ".join(other.name.split()).casefold():
        return False
    born = p.get("birth_date")
    other_league = other.person_key if other.person_key != other.name else ""
    if born and other.birth_date is not None:
        return bool(other.birth_date.isoformat() == born)
    return not (born or league or other.birth_date or other_league)


def problems_in(s: Session, team: models.Team, players: Sequence[Mapping[str, Any]]
                ) -> list[rosters.RosterProblem]:
    """Every Section II problem of ``players`` as ``team``'s roster: the
    desk's checks (201(a), 307(c), 203(a), 202) and a player on another team
    of the division (203(a))."""
    tournament = team.division.tournament
    found_problems = list(rosters.check_tournament_roster(
        records.division_info(team.division), _roster_players(team.id, players),
        tournament.starts_on or date.today()))
    others = s.scalars(select(models.Player).join(models.Team).where(
        models.Team.division_id == team.division_id, models.Team.id != team.id,
        models.Player.active)).all()
    for p in players:
        twin = next((o for o in others if _same_person(p, o)), None)
        if twin is not None:
            found_problems.append(rosters.RosterProblem(
                "203(a)", f"{p['name']} is already on the roster of {twin.team.name} (#"
                f"{twin.number}) in the {team.division.name} division; a player is eligible "
                "for one team of a division (two people of one name: give each a date of "
                "birth or league number)", int(p["number"]), "name"))
    return found_problems


def check(service: Tournaments, team_id: int, players: Sequence[Mapping[str, Any]]
          ) -> list[rosters.RosterProblem]:
    """The problems :func:`submit` would refuse ``players`` for (empty: none)."""
    with service.read() as s:
        return problems_in(s, found(s, models.Team, team_id, "team"), players)


# --------------------------------------------------------------------------- submitting


def submit(service: Tournaments, team_id: int, players: Sequence[Mapping[str, Any]], *,
           by: str) -> Submission:
    """The team's list handed to the director: refused (RosterError, every
    problem with its rule) unless Section II holds; refused after the
    director's deadline when no roster of the team was approved yet (203(b):
    then only through the director). A list still waiting is replaced."""
    if not players:
        raise ValueError("a roster lists the team's players (Rule 203(a)): none given")
    with service.write() as s:
        team = found(s, models.Team, team_id, "team")
        tournament = team.division.tournament
        approved = s.scalar(select(models.RosterSubmission.id).where(
            models.RosterSubmission.team_id == team_id,
            models.RosterSubmission.status == "approved").limit(1))
        kind = "change" if approved is not None or tournament.started else "roster"
        deadline = tournament.roster_deadline
        if kind == "roster" and deadline is not None and service.now() > deadline:
            raise rosters.RosterError([rosters.RosterProblem(
                "203(b)", f"the deadline for rosters was {deadline:%Y-%m-%d %H:%M} UTC: a "
                "roster or a change now goes through the Tournament Director")])
        refused = problems_in(s, team, players)
        if refused:
            raise rosters.RosterError(refused)
        now = service.now()
        for waiting in s.scalars(select(models.RosterSubmission).where(
                models.RosterSubmission.team_id == team_id,
                models.RosterSubmission.status == "submitted")):
            waiting.status, waiting.reason = "returned", "replaced by a newer list"
            waiting.decided_by, waiting.decided_at = by, now
        row = models.RosterSubmission(team_id=team_id, kind=kind, players=list(map(dict, players)),
                                      status="submitted", submitted_by=by, submitted_at=now)
        s.add(row)
        s.flush()
        record(s, tournament.id, f"team {team_id} roster", "submitted", None,
               {"submission": row.id, "kind": kind, "players": len(players)}, by=by,
               clock=service.now)
        return _submission(row)


def decide(service: Tournaments, submission_id: int, *, approve: bool, reason: str,
           by: str) -> Decision:
    """The director's decision on a submitted list, committed here and
    nowhere else: approved, it becomes the team's roster (the desk's roster
    write, Section II checked again; a change after the start carries its
    reason, 203(b)); returned, with the reason the manager reads. Recorded in
    the desk's change log."""
    reason = " ".join(reason.split())
    if not approve and not reason:
        raise ValueError("returning a roster needs a reason (the manager reads it)")
    with service.write() as s:
        row = s.get(models.RosterSubmission, submission_id)
        if row is None:
            raise NotFound(f"There is no roster submission {submission_id}.")
        if row.status != "submitted":
            raise ValueError(f"this list was already {row.status}")
        team = row.team_id
        team_row = found(s, models.Team, team, "team")
        tournament_id = team_row.division.tournament_id
        now = service.now()
        if approve:
            why = reason or f"{row.kind} submitted by {row.submitted_by} (Rule 203(b))"
            service.within(s).set_roster(team, [_as_player(p) for p in row.players], by=by,
                                         role="tournament_director", reason=why)
        row.status = "approved" if approve else "returned"
        row.reason, row.decided_by, row.decided_at = reason, by, now
        record(s, tournament_id, f"team {team} roster", row.status,
               {"submission": row.id, "by": row.submitted_by},
               {"players": len(row.players)}, by=by, clock=service.now, reason=reason)
        mail.mail_roster_decision(s, team, approved=approve, reason=reason, by=by, now=now)
        return Decision(row.id, team, team_row.name, tournament_id, approve, reason, by, now,
                        row.submitted_by)


def _as_player(p: Mapping[str, Any]) -> dict[str, Any]:
    born = p.get("birth_date")
    return {"number": int(p["number"]), "name": str(p["name"]), "goalie": bool(p.get("goalie")),
            "captain": p.get("captain"),
            "birth_date": date.fromisoformat(born) if born else None,
            "person_key": str(p.get("league_number") or "") or str(p["name"])}


def set_deadline(service: Tournaments, tournament_id: int, when: datetime | None, *,
                 by: str) -> None:
    """The moment by which rosters are submitted (None: no deadline); recorded."""
    with service.write() as s:
        t = found(s, models.Tournament, tournament_id, "tournament")
        before = t.roster_deadline.isoformat() if t.roster_deadline else None
        t.roster_deadline = when
        record(s, tournament_id, "roster deadline", "set", before,
               when.isoformat() if when else None, by=by, clock=service.now)


def deadline(service: Tournaments, tournament_id: int) -> datetime | None:
    with service.read() as s:
        return found(s, models.Tournament, tournament_id, "tournament").roster_deadline


def submissions(service: Tournaments, *, team_id: int | None = None,
                tournament_id: int | None = None) -> list[Submission]:
    """The lists submitted, newest first: of one team, or of a tournament's teams."""
    query = select(models.RosterSubmission).join(
        models.Team, models.Team.id == models.RosterSubmission.team_id).join(models.Division)
    if team_id is not None:
        query = query.where(models.RosterSubmission.team_id == team_id)
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    with service.read() as s:
        return [_submission(r) for r in s.scalars(query.order_by(
            models.RosterSubmission.id.desc()))]


def _submission(row: models.RosterSubmission) -> Submission:
    team = row.team
    return Submission(row.id, row.team_id, team.name, team.division.tournament_id, row.kind,
                      tuple(row.players), row.status, row.submitted_by, row.submitted_at,
                      row.reason, row.decided_by, row.decided_at)
