"""What each public page shows, gathered from the service and the store.

Each function returns plain values for one template. The numbers are the
engine's and the tournament modules' (scores, records, standings, leaders,
suspensions); names come from the store; :mod:`rinkside.web.views` writes
them as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from rinkside.present.lines import GameLines, GoalieLine, game_lines
from rinkside.rules.events import Team
from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.queries import DivisionRow, GameRow
from rinkside.services.tournaments import Tournaments
from rinkside.tournament import stats
from rinkside.tournament.suspension_status import SuspensionStatus
from rinkside.web import views


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """A game in a list: its schedule entry and, once begun, its score."""

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
class DivisionGames:
    division: DivisionRow
    games: list[ScoreRow]


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


def _by_division(service: Tournaments, rows: Iterable[ScoreRow]) -> list[DivisionGames]:
    groups: dict[int, list[ScoreRow]] = {}
    for row in rows:
        groups.setdefault(row.game.division_id, []).append(row)
    return [DivisionGames(d, groups[d.division_id]) for d in queries.divisions(service)
            if d.division_id in groups]


def live_scores(service: Tournaments) -> list[DivisionGames]:
    """Every game by division: in play first, then those to come, then the
    finished ones, each in schedule order."""
    rows = score_rows(service, queries.games(service))
    rank = {"final": 2, "not_started": 1}
    rows.sort(key=lambda r: rank.get(r.status, 0))  # stable: schedule order within
    return _by_division(service, rows)


def schedule(service: Tournaments) -> list[tuple[date | None, list[ScoreRow]]]:
    """Every game by day (the server's local date), in start order."""
    rows = score_rows(service, queries.games(service))
    rows.sort(key=lambda r: (r.game.start is None,
                             r.game.start.timestamp() if r.game.start else 0.0,
                             r.game.rink or "", r.game.game_id))
    days: dict[date | None, list[ScoreRow]] = {}
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

    def goalies(self, team: Team) -> list[GoalieLine]:
        """The team's goaltenders by number."""
        return sorted((g for g in self.lines.goalies if g.team == team),
                      key=lambda g: g.number)


def game_page(service: Tournaments, game_id: int) -> GamePage:
    row = queries.game(service, game_id)
    data = views.state_json(service, game_id)
    version, state = service.game_state(game_id)
    return GamePage(row, version, state, data, game_lines(state))


# --------------------------------------------------------------------------- a division


@dataclass(frozen=True, slots=True)
class StatsPage:
    division: DivisionRow
    leaders: dict[str, list[stats.SkaterLine]]
    goalies: list[stats.GoaltenderLine]
    teams: list[stats.TeamLine]
    award: stats.HighScorerAward


def stats_page(service: Tournaments, division_id: int, top: int = 10) -> StatsPage:
    division = queries.division(service, division_id)
    view = service.division_view(division_id)  # read once for the lines and the award
    skaters, goalies, teams = service.statistics(division_id, view)
    keys: Sequence[stats.LeaderKey] = ("points", "goals", "assists", "pim")
    return StatsPage(
        division, {key: stats.leaders(skaters, key, top) for key in keys},
        sorted(goalies.values(), key=lambda g: (g.gaa is None, g.gaa or 0, -g.tenths)),
        sorted(teams.values(), key=lambda t: t.team_id), service.high_scorer(division_id, view))


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
        return str(sum(s.remaining for s, _ in self.status.barring()))


def suspensions(service: Tournaments) -> list[SuspensionRow]:
    """Every player with a suspension: those still barred first."""
    teams = queries.team_names(service)
    rows = [SuspensionRow(s, teams.get(s.team_id, ""), tid)
            for tid in queries.tournament_ids(service)
            for s in service.suspensions(tid).values() if s.sanctions or s.elsewhere]
    rows.sort(key=lambda r: (not r.status.suspended, r.team, r.status.number))
    return rows
