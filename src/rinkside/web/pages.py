"""What each public page shows, gathered from the service and the store.

Each function returns plain values for one template. The numbers are the
engine's and the tournament modules' (scores, records, standings, leaders,
suspensions); names come from the store; :mod:`rinkside.web.views` writes
them as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any, ClassVar, Literal
from urllib.parse import urlencode

from fastapi import HTTPException

from rinkside.present.counts import counted
from rinkside.present.lines import GameLines, GoalieLine, game_lines
from rinkside.rules.events import Team
from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.errors import NotFound
from rinkside.services.games import number_map
from rinkside.services.queries import DivisionRow, GameRow
from rinkside.services.queries.playoffs import (
    BracketView,
    WaitingGame,
    bracket_view,
    waiting_games,
)
from rinkside.services.tournaments import Tournaments
from rinkside.tournament import stats
from rinkside.tournament.suspension_status import SuspensionStatus
from rinkside.web import views


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """A game in a list: its schedule entry and, once begun, its score."""

    waiting: ClassVar[bool] = False
    game: GameRow
    status: str
    status_text: str
    score: dict[Team, int] | None

    @property
    def in_play(self) -> bool:
        return self.status in views.IN_PLAY

    @property
    def local_start(self) -> datetime | None:
        return self.game.start.astimezone() if self.game.start is not None else None


@dataclass(frozen=True, slots=True)
class WaitingRow:
    """A bracket game in a list before its teams are known: its places say
    what they wait for ("Winner of SF1"); no game page yet."""

    waiting: ClassVar[bool] = True
    game: WaitingGame

    @property
    def local_start(self) -> datetime | None:
        return self.game.start.astimezone() if self.game.start is not None else None


@dataclass(frozen=True, slots=True)
class DivisionGames:
    division: DivisionRow
    games: list[ScoreRow | WaitingRow]


def score_row(service: Tournaments, game: GameRow, state: GameState | None = None
              ) -> ScoreRow:
    """``state``: the game's state when already at hand."""
    if game.version == 0:
        return ScoreRow(game, "not_started", "Not started", None)
    if state is None:
        _, state = service.game_state(game.game_id)
    score = None if state.status == "not_started" else views.shown_score(state)
    return ScoreRow(game, state.status, views.status_text(state), score)


def score_rows(service: Tournaments, games: Sequence[GameRow]) -> list[ScoreRow]:
    """Rows for many games: the finished ones' states come from their
    divisions' views (read together), the others one by one."""
    finished: dict[int, GameState] = {}
    for division_id in sorted({g.division_id for g in games if g.version}):
        for played in service.division_view(division_id).played:
            finished[played.game.game_id] = played.state
    return [score_row(service, g, finished.get(g.game_id)) for g in games]


def _by_division(service: Tournaments, rows: Iterable[ScoreRow | WaitingRow]
                 ) -> list[DivisionGames]:
    groups: dict[int, list[ScoreRow | WaitingRow]] = {}
    for row in rows:
        groups.setdefault(row.game.division_id, []).append(row)
    return [DivisionGames(d, groups[d.division_id]) for d in queries.divisions(service)
            if d.division_id in groups]


def today(service: Tournaments) -> date:
    """The server's local date now (the schedule's days are the same)."""
    return service.now().astimezone().date()


# --------------------------------------------------------------------------- tournaments


@dataclass(frozen=True, slots=True)
class TournamentPage:
    """A tournament's page: its card, its divisions, and the games a parent
    looks for first: those in play and those of ``day`` (today, else the
    next day with games, else the last), by division, in play first; a
    bracket game of the day whose teams are not known yet last."""

    card: queries.TournamentCard
    divisions: list[DivisionRow]
    day: date | None
    groups: list[DivisionGames]


def tournament_page(service: Tournaments, tournament_id: int) -> TournamentPage:
    now = today(service)
    card = queries.tournament_card(service, tournament_id, now)
    waiting = [w for w in waiting_games(service, tournament_id) if w.start is not None]
    # The day from the start index (today, else the next day with games,
    # else the last), the day's games alone, and the games in play among the
    # begun ones not over by their stored state's status: never every game
    # of the season, nor every start, nor every state.
    day = _day_shown(service, {"tournament_id": tournament_id}, now,
                     {_local_day(w.start) for w in waiting})
    rows = score_rows(service, [] if day is None else queries.games(
        service, tournament_id=tournament_id, between=_local_span(day)))
    shown = {r.game.game_id for r in rows}
    # A game not over is read alone: its division's view holds the
    # finished games' states, none of these (a view a division in play).
    rows += [r for r in (score_row(service, g) for g in queries.begun_not_over(
        service, tournament_id) if g.game_id not in shown) if r.in_play]
    rows.sort(key=lambda r: (not r.in_play, r.game.start is None,
                             r.game.start.timestamp() if r.game.start else 0.0,
                             r.game.rink or "", r.game.game_id))
    shown_rows: list[ScoreRow | WaitingRow] = [*rows]
    shown_rows += [WaitingRow(w) for w in waiting  # after the day's games of their division
                   if w.start is not None and w.start.astimezone().date() == day]
    return TournamentPage(card, queries.divisions(service, tournament_id), day,
                          _by_division(service, shown_rows))


# --------------------------------------------------------------------------- the schedule


def _number(field: str, text: str | None) -> int | None:
    """A filter's id from the address; 422 saying which and why for anything else."""
    if text is None or text == "":
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise HTTPException(422, f"{field}: {text!r} is not a {field} number; choose one "
                                 "from the list")
    return int(text)


@dataclass(frozen=True, slots=True)
class ScheduleFilter:
    """What the public schedule shows, as its address says (``/schedule?
    tournament=1&division=2&team=3&rink=North``): a parent bookmarks it.
    Each is optional; a division or team implies its tournament."""

    tournament: int | None = None
    division: int | None = None
    team: int | None = None
    rink: str | None = None
    day: date | Literal["unscheduled"] | None = None

    @classmethod
    def from_address(cls, tournament: str | None, division: str | None, team: str | None,
                     rink: str | None, day: str | None = None) -> ScheduleFilter:
        return cls(_number("tournament", tournament), _number("division", division),
                   _number("team", team), rink or None, _day(day))

    def address(self, day: date | None) -> str:
        """This filter's address showing ``day`` (None: the games not yet scheduled)."""
        query = {"tournament": self.tournament, "division": self.division, "team": self.team,
                 "rink": self.rink, "day": day.isoformat() if day else "unscheduled"}
        return "/schedule?" + urlencode({k: v for k, v in query.items() if v is not None})


def _day(text: str | None) -> date | Literal["unscheduled"] | None:
    """The schedule's day from the address (``2026-12-05``, or ``unscheduled``);
    422 saying which and why for anything else."""
    if text is None or text == "":
        return None
    if text == "unscheduled":
        return "unscheduled"
    try:
        if len(text) != 10 or text[4] != "-":
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise HTTPException(422, f"day: {text[:40]!r} is not a date; give it as YYYY-MM-DD "
                                 "or choose a day from the list") from None


@dataclass(frozen=True, slots=True)
class SchedulePage:
    """The schedule of one day (unfiltered, or of a tournament or a rink:
    today's unless another is chosen) or of a division's or a team's every
    day (unless a day is chosen too), with its navigation: on one day, the
    previous and the next day with games (each a link) and whether some
    game waits for a date; on every day, each day it shows. And the choices
    of each filter (narrowed by the others), and the names of what is
    chosen. Nothing in it grows with the season: a day's games, a division's
    or a team's."""

    chosen: ScheduleFilter
    days: list[tuple[date | None, list[ScoreRow | WaitingRow]]]
    all_days: list[date | None]  # every day's mode: the days it shows
    shown: date | Literal["every day"] | None
    earlier: date | None  # one day's mode: the previous day with games
    later: date | None  # and the next
    unscheduled: bool  # some game of the filter waits for a date
    tournaments: list[queries.TournamentCard]
    divisions: list[DivisionRow]
    teams: list[tuple[int, str]] | None  # None: too many to list, a division narrows them
    rinks: list[str]
    heading: str


def schedule(service: Tournaments, chosen: ScheduleFilter = ScheduleFilter()) -> SchedulePage:
    """The games ``chosen`` names by day (the server's local date), in start
    order; an id the store does not know is its NotFound (a 404 saying which)."""
    tournament = chosen.tournament
    names: list[str] = []
    if chosen.team is not None:
        team = queries.team(service, chosen.team)
        tournament = tournament or team.division.tournament_id
        names.append(team.name)
    if chosen.division is not None:
        division = queries.division(service, chosen.division)
        tournament = tournament or division.tournament_id
        names.append(division.name)
    now = today(service)
    cards = queries.tournament_cards(service, now)
    if tournament is not None:
        card = next((c for c in cards if c.tournament_id == tournament), None)
        if card is None:
            raise NotFound(f"There is no tournament {tournament}.")
        names.append(card.name)
    if chosen.rink is not None:
        names.insert(0, chosen.rink)
    filters: dict[str, Any] = {"division_id": chosen.division, "tournament_id": tournament,
                               "team_id": chosen.team, "rink": chosen.rink}
    divisions = queries.divisions(service, tournament)
    # A team is listed among its tournament's or division's teams; a
    # league's every team (more than TEAM_CHOICES) waits for its division.
    choices = queries.team_choices(service, tournament, chosen.division
                                   if chosen.team is None else team.division.division_id,
                                   most=TEAM_CHOICES)
    teams = None if choices is None else sorted(
        ((t.team_id, f"{t.name} · {t.division}" if tournament is not None
          else f"{t.name} · {t.division} · {t.tournament}") for t in choices),
        key=lambda t: (t[1], t[0]))
    rinks = sorted({r for c in cards if tournament in (None, c.tournament_id) for r in c.rinks})
    waiting = ([] if chosen.team is not None else  # a place has no team yet
               [WaitingRow(w) for w in waiting_games(service, tournament, chosen.division)
                if chosen.rink in (None, w.rink)])
    waiting_days = {_local_day(w.game.start) for w in waiting}
    # A division's or a team's every day is bounded by its schedule; any
    # other choice (a tournament, a rink, none) shows one day, read alone:
    # the page does not grow with the season.
    every_day = chosen.day is None and (chosen.division is not None or chosen.team is not None)
    shown: date | None = None
    earlier = later = None
    unscheduled = False
    if every_day:
        games = queries.games(service, **filters)
    else:
        shown = (None if chosen.day == "unscheduled" else chosen.day if chosen.day is not None
                 else _day_shown(service, filters, now, waiting_days))
        games = queries.games(service, **filters, between=_local_span(shown))
        waiting = [w for w in waiting if _local_day(w.game.start) == shown]
        unscheduled = None in waiting_days or queries.any_unscheduled(service, **filters)
        if shown is None:  # the games waiting for a date: the next day on is the default's
            later = _day_shown(service, filters, now, waiting_days)
        else:
            earlier, later = _neighbours(service, filters, shown, waiting_days)
    rows: list[ScoreRow | WaitingRow] = [*score_rows(service, games), *waiting]
    days = _by_day(rows)
    return SchedulePage(ScheduleFilter(tournament, chosen.division, chosen.team, chosen.rink,
                                       chosen.day),
                        days, [d for d, _ in days] if every_day else [],
                        _EVERY_DAY if every_day else shown, earlier, later, unscheduled,
                        cards, divisions, teams, rinks, " · ".join(names))


_EVERY_DAY: Literal["every day"] = "every day"
TEAM_CHOICES = 64  # the most teams the schedule's team filter lists


def _local_day(start: datetime | None) -> date | None:
    return start.astimezone().date() if start is not None else None


def _midnight(day: date) -> datetime:
    """The first moment of ``day`` (the server's local date)."""
    return datetime.combine(day, time.min).astimezone()


def _local_span(day: date | None) -> tuple[datetime, datetime] | Literal["unscheduled"]:
    """The moments of ``day`` (the server's local date), from its midnight to
    the next's; "unscheduled" for the games with no start (None)."""
    if day is None:
        return "unscheduled"
    return _midnight(day), _midnight(day + timedelta(days=1))


def _day_shown(service: Tournaments, filters: dict[str, Any], now: date,
               waiting_days: set[date | None]) -> date | None:
    """The day a page shows of the games ``filters`` name (and the bracket
    games waiting on ``waiting_days``): today, else the next day with games,
    else the last day that had some (None: none has a date). Two looks in
    the start index, not the season's starts."""
    dated = {d for d in waiting_days if d is not None}
    coming = queries.start_from(service, _midnight(now), **filters)
    upcoming = {d for d in dated if d >= now} | ({_local_day(coming)} if coming else set())
    if upcoming:
        return min(d for d in upcoming if d is not None)
    gone = queries.start_before(service, _midnight(now), **filters)
    past = dated | ({_local_day(gone)} if gone else set())
    return max(d for d in past if d is not None) if past else None


def _neighbours(service: Tournaments, filters: dict[str, Any], day: date,
                waiting_days: set[date | None]) -> tuple[date | None, date | None]:
    """The days with games before and after ``day`` (None: none)."""
    dated = {d for d in waiting_days if d is not None}
    before = queries.start_before(service, _midnight(day), **filters)
    after = queries.start_from(service, _midnight(day + timedelta(days=1)), **filters)
    earlier = {d for d in dated if d < day} | ({_local_day(before)} if before else set())
    later = {d for d in dated if d > day} | ({_local_day(after)} if after else set())
    return (max((d for d in earlier if d is not None), default=None),
            min((d for d in later if d is not None), default=None))


def _by_day(rows: list[ScoreRow | WaitingRow]
            ) -> list[tuple[date | None, list[ScoreRow | WaitingRow]]]:
    rows.sort(key=lambda r: (r.game.start is None,
                             r.game.start.timestamp() if r.game.start else 0.0,
                             r.game.rink or "", r.waiting,
                             r.game.code if isinstance(r, WaitingRow) else r.game.game_id))
    days: dict[date | None, list[ScoreRow | WaitingRow]] = {}
    for row in rows:
        start = row.local_start
        days.setdefault(start.date() if start else None, []).append(row)
    return list(days.items())


# --------------------------------------------------------------------------- a game


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game's page: its schedule entry, the live state JSON (the summary,
    goals, penalty shots, shootout) and the lines of its record, the official
    report's (:mod:`rinkside.present.lines`)."""

    game: GameRow
    version: int
    state: GameState
    json: dict[str, Any]
    lines: GameLines
    player_ids: dict[Team, dict[int, int]]  # jersey number -> roster entry (307(c))

    def player_id(self, team: Team, number: int | None) -> int | None:
        """The roster entry behind the team's jersey ``number``, for the link
        to the player's career page (None: a bench penalty, or unknown)."""
        return None if number is None else self.player_ids.get(team, {}).get(number)

    def goalies(self, team: Team) -> list[GoalieLine]:
        """The team's goaltenders by number."""
        return sorted((g for g in self.lines.goalies if g.team == team),
                      key=lambda g: g.number)


def game_page(service: Tournaments, game_id: int) -> GamePage:
    """The game's page: its lines, its live JSON and the version the page
    reloads after (``data-version``), all of one read
    (:func:`views.live_read`): a write landing between two reads gave a
    page the newer version beside the older score, which no change of that
    version then reloaded."""
    version, state, live = views.live_read(service, game_id)
    row = live[0]
    data = views.state_json(service, game_id, version, state, live)
    teams: dict[Team, int] = {"home": row.home_team_id, "away": row.away_team_id}
    ids = {side: number_map(queries.active_players(service, [team]))
           for side, team in teams.items()}
    return GamePage(row, version, state, data, game_lines(state), ids)


# --------------------------------------------------------------------------- a division


@dataclass(frozen=True, slots=True)
class StatsPage:
    division: DivisionRow
    leaders: dict[str, list[stats.SkaterLine]]
    goalies: list[stats.GoaltenderLine]
    teams: list[stats.TeamLine]
    award: stats.HighScorerAward
    decisions: dict[int, stats.DecisionLine]  # goaltenders' W-L-T and shutouts
    team_names: dict[int, str]  # the teams of its lines: team id -> name
    players: dict[int, tuple[int, str]]  # their players: player id -> (number, name)

    def decision(self, player_id: int) -> stats.DecisionLine:
        return self.decisions.get(player_id) or stats.DecisionLine(player_id)


def stats_page(service: Tournaments, division_id: int, top: int = 10) -> StatsPage:
    """The division's leaders, goaltenders and special teams, with the names
    of the teams in its lines and their players alone (issue 30: not every
    team and player of the store, which grew with the season)."""
    division = queries.division(service, division_id)
    view = service.division_view(division_id)  # read once for the lines and the award
    skaters, goalies, teams = service.statistics(division_id, view)
    keys: Sequence[stats.LeaderKey] = ("points", "goals", "assists", "pim")
    shown = ({line.team_id for line in skaters.values()}
             | {line.team_id for line in goalies.values()} | set(teams))
    return StatsPage(
        division, {key: stats.leaders(skaters, key, top) for key in keys},
        sorted(goalies.values(), key=lambda g: (g.gaa is None, g.gaa or 0, -g.tenths)),
        sorted(teams.values(), key=lambda t: t.team_id), service.high_scorer(division_id, view),
        stats.decision_lines(view.standing_games),
        queries.team_names(service, team_ids=shown), queries.player_labels(service, shown))


@dataclass(frozen=True, slots=True)
class BracketPage:
    """A division's bracket and, for each bracket game stored, its score row."""

    view: BracketView
    scores: dict[int, ScoreRow]  # bracket game -> its game's row

    def score(self, bracket_game: int | None, team_id: int | None) -> str:
        """The team's score in the bracket game, once begun ("" else)."""
        row = self.scores.get(bracket_game) if bracket_game is not None else None
        if row is None or row.score is None or team_id is None:
            return ""
        side: Team = "home" if row.game.home_team_id == team_id else "away"
        return str(row.score[side])


def bracket_page(service: Tournaments, division_id: int) -> BracketPage:
    view = bracket_view(service, division_id)
    stored = {g.game_id: g for g in queries.games(service, division_id)}
    rows = score_rows(service, [stored[g] for g in view.games.values() if g in stored])
    by_game = {r.game.game_id: r for r in rows}
    return BracketPage(view, {b: by_game[g] for b, g in view.games.items() if g in by_game})


# --------------------------------------------------------------------------- suspensions


@dataclass(frozen=True, slots=True)
class SuspensionRow:
    status: SuspensionStatus
    team: str
    tournament_id: int

    @property
    def still_to_serve(self) -> str:
        """Games still to sit out of the suspensions barring him (his own and,
        410(c), those earned with his other team), or how long when open-ended."""
        kind = self.status.open_ended
        if kind == "rest_of_tournament":
            return "rest of the tournament"
        if kind == "pending_review":
            return "until reviewed"
        return counted(sum(s.remaining for s, _ in self.status.barring()), "game")


@dataclass(frozen=True, slots=True)
class SuspensionsPage:
    """One division's suspensions (the page does not grow with the season:
    each other division is a link from it)."""

    divisions: list[queries.DivisionRow]
    chosen: queries.DivisionRow | None
    rows: list[SuspensionRow]


def suspensions(service: Tournaments, division: str | None = None) -> SuspensionsPage:
    """Every player of one division with a suspension (the one the address
    names, else the first): those still barred first. Their own games and
    their other teams' are read (casebook 27, 410(c)), not every division's."""
    divisions = queries.divisions(service)
    chosen = next((d for d in divisions if str(d.division_id) == (division or "").strip()),
                  divisions[0] if divisions else None)
    if chosen is None:
        return SuspensionsPage(divisions, None, [])
    teams = queries.team_names(service, chosen.division_id)
    rows = [SuspensionRow(s, teams.get(s.team_id, ""), chosen.tournament_id)
            for s in service.team_suspensions(chosen.tournament_id, teams).values()
            if s.sanctions or s.elsewhere]
    rows.sort(key=lambda r: (not r.status.suspended, r.team, r.status.number))
    return SuspensionsPage(divisions, chosen, rows)
