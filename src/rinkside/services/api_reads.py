"""What the public read API (``/api/v1``) answers, read here once: frozen
values the router returns as its response models, nothing computed there.

The numbers are the engine's and the tournament modules' (scores, results,
standings and their tiebreaks, statistics); the names come from the store
through :mod:`rinkside.services.queries`. Times stay integers inside
(tenths); the values here carry minutes as the records show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Annotated

from pydantic import Field
from pydantic.dataclasses import dataclass
from sqlalchemy import select

from rinkside.present.results import status_text
from rinkside.present.state import LiveState, shown_score
from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.errors import NotFound
from rinkside.services.queries import GameRow
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import stats


# Pydantic's dataclasses: the router returns these values as they are, so
# ``/openapi.json`` says exactly what is sent (a field's description is there too).
@dataclass(frozen=True, slots=True)
class Named:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    name: str
    starts_on: date | None
    ends_on: date | None
    divisions: tuple[Named, ...]


@dataclass(frozen=True, slots=True)
class Division:
    id: int
    name: str
    tournament: Named
    teams: tuple[Named, ...]


@dataclass(frozen=True, slots=True)
class Score:
    home: int
    away: int


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the schedule: its teams, time and rink, its state in a word
    and its score once begun (a forfeit's recorded score, 634(d))."""

    id: int
    tournament: Named
    division: Named
    home: Named
    away: Named
    start: datetime | None
    rink: str | None
    stage: Annotated[str, Field(description="pool or playoff")]
    round_name: str
    status: Annotated[str, Field(description="not_started, in_play, stopped, intermission, "
                                 "shootout, final, suspended")]
    status_text: Annotated[str, Field(description="P2 11:42, End of P1, Final (SO)")]
    score: Score | None
    version: Annotated[int, Field(description="the game log's version: it grows with each "
                                  "change")]


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game and its live state, the one the scoreboard and the live pages
    are sent (``/live/games/{id}`` streams the same state as it changes)."""

    game: Game
    live: LiveState


PIM = Annotated[float, Field(description="penalty minutes (1.5 for a 1:30 minor)")]


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    team: Named
    gp: int
    w: int
    l: int  # noqa: E741 (the standings column)
    t: int
    gf: int
    ga: int
    gd: int
    pts: float
    pim: PIM
    decided_by: Annotated[str | None, Field(description="what put the team above the next: "
                                            "points or a tiebreak criterion")]
    explanation: str


@dataclass(frozen=True, slots=True)
class Skater:
    player: Named
    number: int
    team: Named
    gp: int
    goals: int
    assists: int
    points: Annotated[int, Field(description="616(k): a goal or an assist is one point")]
    pim: PIM
    ppg: int
    shg: int


@dataclass(frozen=True, slots=True)
class Goaltender:
    player: Named
    number: int
    team: Named
    gp: int
    minutes: float
    goals_against: int
    shots_against: int | None
    saves: int | None
    gaa: Annotated[float | None, Field(description="goals against per regulation game")]


@dataclass(frozen=True, slots=True)
class TeamStats:
    team: Named
    games: int
    pp_opportunities: int
    pp_goals: int
    pp_pct: float | None
    times_short: int
    pp_goals_against: int
    pk_pct: float | None


@dataclass(frozen=True, slots=True)
class Statistics:
    division: Named
    skaters: tuple[Skater, ...]
    goaltenders: tuple[Goaltender, ...]
    teams: tuple[TeamStats, ...]


@dataclass(frozen=True, slots=True)
class Player:
    """A player on one team's roster and his lines in its division."""

    id: int
    name: str
    number: int
    goaltender: bool
    active: bool
    team: Named
    division: Named
    tournament: Named
    skating: Skater | None
    goaltending: Goaltender | None


@dataclass(frozen=True, slots=True)
class RosterEntry:
    id: int
    number: int
    name: str
    goaltender: bool
    captain: Annotated[str | None, Field(description="C or A (Rule 201)")]


@dataclass(frozen=True, slots=True)
class Team:
    id: int
    name: str
    division: Named
    tournament: Named
    players: tuple[RosterEntry, ...]


# --------------------------------------------------------------------------- reads


def tournaments(service: Tournaments) -> list[Tournament]:
    """Every tournament with its dates and divisions, by id."""
    with service.read() as s:
        rows = s.scalars(select(models.Tournament).order_by(models.Tournament.id)).all()
        return [Tournament(t.id, t.name, t.starts_on, t.ends_on, tuple(
            Named(d.id, d.name) for d in sorted(t.divisions, key=lambda d: d.id)))
            for t in rows]


def tournament(service: Tournaments, tournament_id: int) -> Tournament:
    for info in tournaments(service):
        if info.id == tournament_id:
            return info
    raise NotFound(f"There is no tournament {tournament_id}.")


def division(service: Tournaments, division_id: int) -> Division:
    row = queries.division(service, division_id)
    names = queries.team_names(service, division_id)
    return Division(row.division_id, row.name, Named(row.tournament_id, row.tournament),
                        tuple(Named(i, n) for i, n in sorted(names.items())))


def _scheduled(game: GameRow, state: GameState | None, version: int | None = None) -> Game:
    """The game as the schedule shows it; ``version``, the one ``state`` was
    read at when it was read apart from the game's row (its version)."""
    if state is None or state.status == "not_started":
        status, text, score = "not_started", "Not started", None
    else:
        shown = shown_score(state)
        status, text, score = state.status, status_text(state), Score(shown["home"],
                                                                       shown["away"])
    return Game(game.game_id, Named(game.tournament_id, game.tournament),
                         Named(game.division_id, game.division),
                         Named(game.home_team_id, game.home), Named(game.away_team_id, game.away),
                         game.start, game.rink, game.stage, game.round_name, status, text, score,
                         game.version if version is None else version)


def scheduled(service: Tournaments, games: Sequence[GameRow]) -> list[Game]:
    """The games with their states: the finished ones from their divisions'
    views (read together), the others one by one."""
    finished: dict[int, GameState] = {}
    for division_id in sorted({g.division_id for g in games if g.version}):
        for played in service.division_view(division_id).played:
            finished[played.game.game_id] = played.state
    out = []
    for g in games:
        state, version = finished.get(g.game_id), None
        if state is None and g.version:
            # the version of the state read, not the row's read before it: a
            # write landing between gave its score beside the older version
            version, state = service.game_state(g.game_id)
        out.append(_scheduled(g, state, version))
    return out


def schedule(service: Tournaments, *, tournament_id: int | None = None,
             division_id: int | None = None, team_id: int | None = None
             ) -> list[Game]:
    """The schedule, narrowed to a tournament, a division, a team (each one
    unknown: :class:`NotFound`), in start order (unscheduled times last)."""
    if tournament_id is not None:
        tournament(service, tournament_id)
    if division_id is not None:
        queries.division(service, division_id)
    if team_id is not None:
        queries.team(service, team_id)
    games = [g for g in queries.games(service, division_id)
             if (tournament_id is None or g.tournament_id == tournament_id)
             and (team_id is None or team_id in (g.home_team_id, g.away_team_id))]
    games.sort(key=lambda g: (g.start is None, g.start.timestamp() if g.start else 0.0,
                              g.rink or "", g.game_id))
    return scheduled(service, games)


def game(service: Tournaments, game_id: int) -> Game:
    return scheduled(service, [queries.game(service, game_id)])[0]


def standings(service: Tournaments, division_id: int) -> list[Standing]:
    """The division's standings as the engine's tiebreaks order them."""
    names = queries.team_names(service, division_id)
    return [Standing(r.place, Named(r.team_id, names.get(r.team_id, "")), r.gp, r.w, r.l, r.t,
                        r.gf, r.ga, r.gd, r.pts, float(r.pim), r.decided_by, r.explanation)
            for r in service.standings(division_id)]


def _skater(line: stats.SkaterLine, labels: dict[int, tuple[int, str]],
            teams: dict[int, str]) -> Skater:
    number, name = labels.get(line.player_id, (0, ""))
    return Skater(Named(line.player_id, name), number, Named(line.team_id,
                                                                teams.get(line.team_id, "")),
                     line.gp, line.goals, line.assists, line.points, float(line.pim),
                     line.ppg, line.shg)


def _goaltender(line: stats.GoaltenderLine, labels: dict[int, tuple[int, str]],
                teams: dict[int, str]) -> Goaltender:
    number, name = labels.get(line.player_id, (0, ""))
    gaa = line.gaa
    return Goaltender(Named(line.player_id, name), number,
                         Named(line.team_id, teams.get(line.team_id, "")), line.gp,
                         float(line.minutes), line.goals_against, line.shots_against,
                         line.saves, None if gaa is None else float(gaa))


def statistics(service: Tournaments, division_id: int) -> Statistics:
    """Every skater's and goaltender's line and each team's special teams."""
    row = queries.division(service, division_id)
    teams = queries.team_names(service, division_id)
    labels = queries.player_labels(service, list(teams))
    skaters, goalies, team_lines = service.statistics(division_id)
    return Statistics(
        Named(row.division_id, row.name),
        tuple(_skater(line, labels, teams) for line in
              sorted(skaters.values(), key=lambda x: (-x.points, -x.goals, x.player_id))),
        tuple(_goaltender(line, labels, teams) for line in
              sorted(goalies.values(), key=lambda g: (g.gaa is None, g.gaa or 0, g.player_id))),
        tuple(TeamStats(Named(t.team_id, teams.get(t.team_id, "")), t.games,
                           t.pp_opportunities, t.pp_goals, t.pp_pct, t.times_short,
                           t.pp_goals_against, t.pk_pct)
              for t in sorted(team_lines.values(), key=lambda t: t.team_id)))


def team(service: Tournaments, team_id: int) -> Team:
    page = queries.team(service, team_id)
    d = page.division
    return Team(page.team_id, page.name, Named(d.division_id, d.name),
                    Named(d.tournament_id, d.tournament),
                    tuple(RosterEntry(p.player_id, p.number, p.name, p.goalie, p.captain)
                          for p in page.players))


def player(service: Tournaments, player_id: int) -> Player:
    """A player, his team and his lines in its division (None: no line yet)."""
    with service.read() as s:
        row = s.get(models.Player, player_id)
        if row is None:
            raise NotFound(f"There is no player {player_id}.")
        t, d = row.team, row.team.division
        info = (row.id, row.name, row.number, row.goalie, row.active, Named(t.id, t.name),
                Named(d.id, d.name), Named(d.tournament.id, d.tournament.name))
    teams = queries.team_names(service, info[6].id)
    labels = queries.player_labels(service, [info[5].id])
    skaters, goalies, _ = service.statistics(info[6].id)
    skating = skaters.get(player_id)
    goaltending = goalies.get(player_id)
    return Player(*info, None if skating is None else _skater(skating, labels, teams),
                      None if goaltending is None else _goaltender(goaltending, labels, teams))
