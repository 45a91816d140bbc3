"""Tournaments and their divisions as the pages and commands list them,
down to each team's number of active players."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Literal

from sqlalchemy import func, select

from rinkside.services.errors import NotFound
from rinkside.store import models

if TYPE_CHECKING:
    from rinkside.services.tournaments import Tournaments


@dataclass(frozen=True, slots=True)
class DivisionRow:
    division_id: int
    name: str
    tournament_id: int
    tournament: str


@dataclass(frozen=True, slots=True)
class TeamCount:
    """A team and how many active players its roster has."""

    team_id: int
    name: str
    players: int


@dataclass(frozen=True, slots=True)
class DivisionTeams:
    division_id: int
    name: str
    teams: tuple[TeamCount, ...]


@dataclass(frozen=True, slots=True)
class TournamentTree:
    """A tournament, its divisions and their teams, each by id."""

    tournament_id: int
    name: str
    divisions: tuple[DivisionTeams, ...]


def divisions(service: Tournaments, tournament_id: int | None = None) -> list[DivisionRow]:
    """Every division (of one tournament when given), by tournament then id."""
    query = (select(models.Division.id, models.Division.name, models.Tournament.id,
                    models.Tournament.name)
             .join(models.Tournament, models.Division.tournament_id == models.Tournament.id)
             .order_by(models.Tournament.id, models.Division.id))
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    with service.read() as s:
        rows = s.execute(query).all()
    return [DivisionRow(r[0], r[1], r[2], r[3]) for r in rows]


def division(service: Tournaments, division_id: int) -> DivisionRow:
    """One division; :class:`NotFound` when there is no such division."""
    for row in divisions(service):
        if row.division_id == division_id:
            return row
    raise NotFound(f"There is no division {division_id}.")


def tournament_ids(service: Tournaments) -> list[int]:
    with service.read() as s:
        return list(s.scalars(select(models.Tournament.id).order_by(models.Tournament.id)))


def known_tournament(service: Tournaments, tournament_id: int) -> None:
    """Nothing when the store has the tournament; :class:`NotFound` when it
    has not (a desk page's first look, before it reads the tournament's parts)."""
    with service.read() as s:
        if s.scalar(select(models.Tournament.id)
                    .where(models.Tournament.id == tournament_id)) is None:
            raise NotFound(f"There is no tournament {tournament_id}.")


def tournament_trees(service: Tournaments) -> list[TournamentTree]:
    """Every tournament with its divisions and teams (each by id), and how
    many active players each team has."""
    with service.read() as s:
        tournaments = s.execute(select(models.Tournament.id, models.Tournament.name)
                                .order_by(models.Tournament.id)).all()
        division_rows = s.execute(select(models.Division.id, models.Division.name,
                                         models.Division.tournament_id)
                                  .order_by(models.Division.id)).all()
        active = (select(models.Player.team_id, func.count().label("n"))
                  .where(models.Player.active.is_(True)).group_by(models.Player.team_id).subquery())
        team_rows = s.execute(select(models.Team.id, models.Team.name, models.Team.division_id,
                                     func.coalesce(active.c.n, 0))
                              .outerjoin(active, active.c.team_id == models.Team.id)
                              .order_by(models.Team.id)).all()
    teams: dict[int, list[TeamCount]] = {}
    for team_id, name, division_id, players in team_rows:
        teams.setdefault(division_id, []).append(TeamCount(team_id, name, players))
    by_tournament: dict[int, list[DivisionTeams]] = {}
    for division_id, name, tournament_id in division_rows:
        by_tournament.setdefault(tournament_id, []).append(
            DivisionTeams(division_id, name, tuple(teams.get(division_id, ()))))
    return [TournamentTree(tid, name, tuple(by_tournament.get(tid, ())))
            for tid, name in tournaments]


# Where a tournament stands on a day: playing, to come, over, or with no dates yet.
Standing = Literal["current", "upcoming", "past", "undated"]


@dataclass(frozen=True, slots=True)
class TournamentCard:
    """A tournament as the public picker lists it: its dates (the desk's, else
    its first and last games' days, the server's local dates), its rinks (those described on the
    desk and those its schedule names) and where it stands on the day asked."""

    tournament_id: int
    name: str
    starts_on: date | None
    ends_on: date | None
    rinks: tuple[str, ...]
    standing: Standing


def _standing(starts_on: date | None, ends_on: date | None, today: date) -> Standing:
    if starts_on is None and ends_on is None:
        return "undated"
    first = starts_on or ends_on
    last = ends_on or starts_on
    assert first is not None and last is not None
    if last < today:
        return "past"
    return "current" if first <= today else "upcoming"


def _picker_order(card: TournamentCard) -> tuple[int, int, int]:
    """Current first, then those to come (soonest first), the finished ones
    (latest first), the undated last; by id within each."""
    rank = ("current", "upcoming", "past", "undated").index(card.standing)
    day = (card.starts_on or card.ends_on or date.min).toordinal()
    return rank, -day if card.standing == "past" else day, card.tournament_id


def tournament_cards(service: Tournaments, today: date, tournament_id: int | None = None
                     ) -> list[TournamentCard]:
    """Every tournament (one when given) for the public picker, current first
    (:func:`_picker_order`). Each division's first and last start are two
    looks in the index on its games' starts, and the rinks its schedule
    names are read from the index on them (migration 0036): not every game."""
    first = (select(func.min(models.Game.start))
             .where(models.Game.division_id == models.Division.id).scalar_subquery())
    last = (select(func.max(models.Game.start))
            .where(models.Game.division_id == models.Division.id).scalar_subquery())
    tournaments = select(models.Tournament.id, models.Tournament.name,
                         models.Tournament.starts_on, models.Tournament.ends_on)
    spans_of = select(models.Division.tournament_id, first, last)
    described = select(models.Rink.tournament_id, models.Rink.name)
    scheduled = (select(models.Division.tournament_id, models.Game.rink)
                 .join(models.Game, models.Game.division_id == models.Division.id)
                 .where(models.Game.rink.is_not(None)).distinct())
    if tournament_id is not None:
        tournaments = tournaments.where(models.Tournament.id == tournament_id)
        spans_of = spans_of.where(models.Division.tournament_id == tournament_id)
        described = described.where(models.Rink.tournament_id == tournament_id)
        scheduled = scheduled.where(models.Division.tournament_id == tournament_id)
    spans: dict[int, tuple[datetime, datetime]] = {}
    rinks: dict[int, set[str]] = {}
    with service.read() as s:
        rows = s.execute(tournaments).all()
        for tid, begins, ends in s.execute(spans_of):
            if begins is None or ends is None:
                continue
            known = spans.get(tid)
            spans[tid] = (min(known[0], begins), max(known[1], ends)) if known else (begins, ends)
        for tid, name in s.execute(described):
            rinks.setdefault(tid, set()).add(name)
        for tid, rink in s.execute(scheduled):
            if rink is not None:
                rinks.setdefault(tid, set()).add(rink)
    cards = []
    for tid, name, stored_start, stored_end in rows:
        begins, ends = spans.get(tid, (None, None))
        starts_on = stored_start or (begins.astimezone().date() if begins is not None else None)
        ends_on = stored_end or (ends.astimezone().date() if ends is not None else None)
        cards.append(TournamentCard(tid, name, starts_on, ends_on,
                                    tuple(sorted(rinks.get(tid, ()))),
                                    _standing(starts_on, ends_on, today)))
    return sorted(cards, key=_picker_order)


def tournament_tree(service: Tournaments, tournament_id: int, *,
                    division_ids: Collection[int] | None = None,
                    team_name: str = "") -> TournamentTree:
    """One tournament's tree (:class:`NotFound` when there is no such
    tournament), read for it alone: of the divisions ``division_ids`` when
    given, and of the teams whose name holds ``team_name`` when given (the
    divisions with none left out). Its reads do not grow with the rest of
    the store (issue 30: every tournament's teams and players were counted)."""
    with service.read() as s:
        name = s.scalar(select(models.Tournament.name)
                        .where(models.Tournament.id == tournament_id))
        if name is None:
            raise NotFound(f"There is no tournament {tournament_id}.")
        query = (select(models.Division.id, models.Division.name)
                 .where(models.Division.tournament_id == tournament_id)
                 .order_by(models.Division.id))
        if division_ids is not None:
            query = query.where(models.Division.id.in_(sorted(division_ids)))
        division_rows = s.execute(query).all()
        team_rows = s.execute(
            select(models.Team.id, models.Team.name, models.Team.division_id)
            .where(models.Team.division_id.in_([r[0] for r in division_rows]))
            .order_by(models.Team.id)).all()
        search = team_name.strip().casefold()
        if search:
            team_rows = [r for r in team_rows if search in r[1].casefold()]
        counts: dict[int, int] = {team_id: n for team_id, n in s.execute(
            select(models.Player.team_id, func.count())
            .where(models.Player.active.is_(True),
                   models.Player.team_id.in_([r[0] for r in team_rows]))
            .group_by(models.Player.team_id))}
    teams: dict[int, list[TeamCount]] = {}
    for team_id, team, division_id in team_rows:
        teams.setdefault(division_id, []).append(TeamCount(team_id, team, counts.get(team_id, 0)))
    return TournamentTree(tournament_id, name, tuple(
        DivisionTeams(division_id, division, tuple(teams.get(division_id, ())))
        for division_id, division in division_rows if not search or division_id in teams))


def tournament_card(service: Tournaments, tournament_id: int, today: date) -> TournamentCard:
    """One tournament's card (its own reads alone); :class:`NotFound` when
    there is no such tournament."""
    for card in tournament_cards(service, today, tournament_id):
        return card
    raise NotFound(f"There is no tournament {tournament_id}.")
