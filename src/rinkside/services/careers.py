"""A player's career (issue 27): every roster entry of the same person,
across teams and tournaments, with his figures in each.

One person is one registration identity: the roster's person key (a league
number, or the name the roster gave, Rule 410(c) reads it the same way), two
entries with different dates of birth being two people. Each entry's line
is computed by :mod:`rinkside.tournament.stats` over the games that stand of
its division; the suspensions are the tournament's (410). The desk merges
two records of one person (:func:`merge`), the change kept in its record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import and_, or_, select

from rinkside.services.changes import record
from rinkside.services.errors import NotFound
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import stats
from rinkside.tournament.stats.careers import CareerLine, career_line, career_total
from rinkside.tournament.suspension_status import SuspensionStatus

__all__ = ["Career", "CareerRow", "career", "identity", "merge", "read_player_id"]


@dataclass(frozen=True, slots=True)
class CareerRow:
    """One roster entry of the person: his tournament, team, number and line,
    and his suspensions there (games served, games still to serve, and
    whether one runs until the directors decide)."""

    player_id: int
    tournament_id: int
    tournament: str
    division_id: int
    division: str
    team_id: int
    team: str
    number: int
    goalie: bool
    line: CareerLine
    suspension_served: int
    suspension_pending: int
    suspension_open: bool


@dataclass(frozen=True, slots=True)
class Career:
    player_id: int
    name: str
    birth_date: date | None
    rows: tuple[CareerRow, ...]

    @property
    def total(self) -> CareerLine:
        return career_total(row.line for row in self.rows)

    @property
    def goaltender(self) -> bool:
        """Whether he was ever in goal or listed as a goaltender."""
        return any(row.line.in_goal or row.goalie for row in self.rows)


def identity(player: models.Player) -> str:
    """The person a roster entry is: its person key, else its name."""
    return player.person_key or player.name


def career(service: Tournaments, player_id: int) -> Career:
    """The career of the person of roster entry ``player_id``, oldest
    tournament first; :class:`NotFound` when there is no such player."""
    with service.read() as s:
        me = s.get(models.Player, player_id)
        if me is None:
            raise NotFound(f"There is no player {player_id}.")
        key = identity(me)
        found = s.scalars(select(models.Player).where(or_(
            models.Player.person_key == key,
            and_(models.Player.person_key == "", models.Player.name == key)))).all()
        entries = [p for p in found
                   if me.birth_date is None or p.birth_date in (None, me.birth_date)]
        if me not in entries:
            entries.append(me)
        places = [(p.id, p.number, p.goalie, p.team.id, p.team.name, p.team.division.id,
                   p.team.division.name, p.team.division.tournament.id,
                   p.team.division.tournament.name) for p in entries]
        name, born = me.name, me.birth_date
    rows: list[CareerRow] = []
    lines_by_division: dict[int, tuple[dict[int, stats.SkaterLine],
                                       dict[int, stats.GoaltenderLine],
                                       dict[int, stats.DecisionLine]]] = {}
    suspended_by_tournament: dict[int, dict[int, SuspensionStatus]] = {}
    for (pid, number, goalie, team_id, team, division_id, division, tournament_id,
         tournament) in places:
        if division_id not in lines_by_division:
            view = service.division_view(division_id)
            games = view.standing_games
            lines_by_division[division_id] = (stats.skater_lines(games),
                                              stats.goaltender_lines(games),
                                              stats.decision_lines(games))
        skaters, goalies, decisions = lines_by_division[division_id]
        if tournament_id not in suspended_by_tournament:  # his teams' alone (410(c))
            suspended_by_tournament[tournament_id] = service.team_suspensions(
                tournament_id, [place[3] for place in places if place[7] == tournament_id])
        status = suspended_by_tournament[tournament_id].get(pid)
        served = status.served if status else 0
        pending = status.remaining if status else 0
        open_ended = status is not None and any(x.open_ended is not None
                                                for x in status.sanctions)
        rows.append(CareerRow(pid, tournament_id, tournament, division_id, division, team_id,
                              team, number, goalie,
                              career_line(pid, skaters, goalies, decisions), served, pending,
                              open_ended))
    return Career(player_id, name, born, tuple(sorted(rows, key=lambda r: (
        r.tournament_id, r.team_id, r.player_id))))


def read_player_id(text: str) -> int:
    """A player id typed on the desk (the number in his page's address,
    /players/N); ValueError saying so otherwise."""
    text = text.strip().removeprefix("/players/")
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < 1:
        raise ValueError(f"{text!r} is not a player id (the number in the address of his "
                         "page, /players/N)")
    return int(text)


def merge(service: Tournaments, player_id: int, same_as: int, *, by: str,
          reason: str) -> int:
    """The desk's word that roster entries ``player_id`` and ``same_as`` are
    one person: every entry of ``player_id``'s person takes the person key of
    ``same_as``'s, so that one career shows both (and Rule 410(c) reads them
    as one person: a suspension earned with one team bars him on the other in
    the same tournament). Recorded in the desk's record of changes with the
    keys before and after and the reason (required). Refused (ValueError)
    for an unknown entry, the same person already, or two dates of birth.
    Returns how many entries changed."""
    why = reason.strip()
    if not why:
        raise ValueError("say why these two records are one person (kept in the record "
                         "of changes)")
    with service.write() as s:
        mine = s.get(models.Player, player_id)
        if mine is None:
            raise NotFound(f"There is no player {player_id}.")
        theirs = s.get(models.Player, same_as)
        if theirs is None:
            raise ValueError(f"there is no player {same_as} to merge with")
        old, new = identity(mine), identity(theirs)
        if old == new and (mine.birth_date is None or theirs.birth_date is None
                           or mine.birth_date == theirs.birth_date):
            raise ValueError(f"players {player_id} and {same_as} are already one person "
                             f"({new!r})")
        if mine.birth_date and theirs.birth_date and mine.birth_date != theirs.birth_date:
            raise ValueError(f"players {player_id} and {same_as} have two dates of birth "
                             f"({mine.birth_date} and {theirs.birth_date}): not one person")
        moved = [p for p in s.scalars(select(models.Player).where(or_(
            models.Player.person_key == old,
            and_(models.Player.person_key == "", models.Player.name == old)))).all()
            if mine.birth_date is None or p.birth_date in (None, mine.birth_date)]
        if mine not in moved:
            moved.append(mine)
        for p in moved:
            p.person_key = new
        if not theirs.person_key:
            theirs.person_key = new
        record(s, mine.team.division.tournament_id, f"player {player_id} ({mine.name})",
               "merged", {"person": old, "players": sorted(p.id for p in moved)},
               {"person": new, "same_as": same_as}, by=by, clock=service.now, reason=why)
        return len(moved)
