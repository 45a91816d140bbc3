"""What is computed for a division from its recorded games: the standings
(with the coin tosses of casebook 24), the statistics, the high-scorer
award and the playoff bracket."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.rules.settings import Settings
from rinkside.services.collector import collector_paused
from rinkside.services.schedule import Schedule
from rinkside.store import models
from rinkside.store.connections import recomputable_only
from rinkside.tournament import forfeits, placeholders, playoffs, standings, stats
from rinkside.tournament.model import DivisionInfo, PlayedGame, ScheduledGame, TeamInfo


@dataclass(frozen=True, slots=True)
class DivisionView:
    """Everything about one division that the computations need, as plain
    values (read in the view's transaction, none of them tied to it)."""

    division: DivisionInfo
    tiebreaks: tuple[str, ...]  # the tournament's chain (casebook 24)
    settings: Settings
    teams: list[TeamInfo]
    schedule: list[ScheduledGame]
    played: list[PlayedGame]
    removed: dict[int, forfeits.Removal]

    @property
    def standing_games(self) -> list[PlayedGame]:
        return forfeits.games_that_stand(self.played, self.removed)


@dataclass(frozen=True, slots=True)
class TeamsView:
    """Some teams' games of one division, read alone (issue 30): every game
    of ``teams`` and the games ``also`` names, none other. What a team's own
    games decide is what its division's view says: whether it is removed
    (Rule 634(e)4 counts its forfeits, 634(e)3 its last two pool games) and
    the suspensions its games leave (casebook 27). ``removed`` is of
    ``teams`` alone (another team's forfeits are not all here)."""

    division_id: int
    teams: frozenset[int]
    also: frozenset[int]
    schedule: list[ScheduledGame]
    played: list[PlayedGame]
    removed: dict[int, forfeits.Removal]

    def covers(self, teams: Collection[int], also: Collection[int]) -> bool:
        """Whether every game of ``teams`` and every game of ``also`` (of
        this division) is here."""
        return self.teams.issuperset(teams) and self.also.issuperset(also)


_VIEWS_HELD: Final = "rinkside.division_views_held"


@dataclass(slots=True)
class HeldViews:
    """The views built within :func:`views_held`, by division."""

    divisions: dict[int, DivisionView] = field(default_factory=dict)
    teams: dict[int, TeamsView] = field(default_factory=dict)


@contextmanager
def views_held(s: Session) -> Iterator[None]:
    """Within this block each division's view, and each division's view of
    some teams (:class:`TeamsView`), is built once in ``s`` and shared by
    whoever asks for it (a game's first write asks for its two teams' games
    twice: the suspensions that dress the rosters, 203(a), and Rule 634(e)'s
    check). Only for steps that write nothing the views read: a view held is
    not built again after a write. Within a block already open, the views
    held stay held until it ends."""
    if _VIEWS_HELD in s.info:
        yield
        return
    s.info[_VIEWS_HELD] = HeldViews()
    try:
        yield
    finally:
        s.info.pop(_VIEWS_HELD, None)


def held_views(s: Session) -> HeldViews | None:
    """The views held in ``s`` (within :func:`views_held`), else None."""
    held: HeldViews | None = s.info.get(_VIEWS_HELD)
    return held


class DivisionTables(Schedule):
    """Standings, statistics and playoffs (which schedule their games)."""

    def division_view(self, division_id: int) -> DivisionView:
        """The division's view, in one transaction (the states it recomputed
        stored as it commits, without waiting for the disk: they are only a
        cache of the log), the collector paused (a cold view is a bulk of
        short-lived values: :mod:`rinkside.services.collector`)."""
        with collector_paused(keeps=True), self.write() as s:
            recomputable_only(s)
            return self.division_view_in(s, division_id)

    def standings(self, division_id: int, view: DivisionView | None = None
                  ) -> list[standings.Standing]:
        """The division's standings; from ``view`` when given (one view read
        once, for the standings and the statistics of one page)."""
        view = view or self.division_view(division_id)
        tosses = self._coin_tosses(division_id)
        teams = [t for t in view.teams if t.team_id not in view.removed]
        played = {p.game.game_id for p in view.played if p.state.result is not None}
        return standings.standings(teams, view.standing_games, view.settings.points,
                                   view.tiebreaks, tosses, removed=set(view.removed),
                                   pool_over=placeholders.pool_final(view.schedule, played,
                                                                     view.removed))

    def statistics(self, division_id: int, view: DivisionView | None = None
                   ) -> tuple[dict[int, stats.SkaterLine], dict[int, stats.GoaltenderLine],
                              dict[int, stats.TeamLine]]:
        """Skater, goaltender and team lines; from ``view`` when given."""
        view = view or self.division_view(division_id)
        games = view.standing_games
        return stats.skater_lines(games), stats.goaltender_lines(games), stats.team_lines(games)

    def high_scorer(self, division_id: int, view: DivisionView | None = None
                    ) -> stats.HighScorerAward:
        """The division's high-scorer award: by points, or by points per game
        where a forfeit stands (634(d)4, casebook 29); pool and playoff games
        that stand; 634(e)2 where the event applies it. From ``view`` when given."""
        view = view or self.division_view(division_id)
        sanctioned = forfeits.late_forfeit_sanctions(
            view.schedule, view.played, view.settings.late_forfeit_sanctions)
        return stats.high_scorer_award(view.standing_games, excluded_teams=sanctioned.no_awards)

    def last_seeded(self, division_id: int, view: DivisionView | None = None
                    ) -> frozenset[int]:
        """The teams that forfeited one of their last two pool games and so
        take the last playoff seed, their standings row unchanged (634(e)1,
        casebook 25), where the event applies it. From ``view`` when given."""
        view = view or self.division_view(division_id)
        return forfeits.late_forfeit_sanctions(
            view.schedule, view.played, view.settings.late_forfeit_sanctions).last_seed

    def seeds(self, division_id: int, teams: int | None = None,
              view: DivisionView | None = None) -> list[int]:
        """The division's playoff seeds, best first, whatever its settings
        (casebook 25; 634(e)1 where the event applies it). From ``view`` when given."""
        view = view or self.division_view(division_id)
        return playoffs.seeding(self.standings(division_id, view), view.schedule, view.played,
                                view.settings, teams=teams)

    def playoffs(self, division_id: int, teams: int
                 ) -> tuple[playoffs.Bracket, dict[int, int]]:
        """The division's single-elimination bracket for its top ``teams``,
        seeded from the standings (casebook 25: a late forfeit takes the
        last seed), with the results of the playoff games played so far.
        Returns the bracket (games numbered 1, 2, ...) and which stored game
        each bracket game is."""
        view = self.division_view(division_id)
        playoffs.check_playoff_settings(self.settings_of(division_id, "playoff"))  # 639
        seeded = self.seeds(division_id, teams, view)
        bracket = playoffs.bracket(seeded)
        stored = {frozenset((g.home_team_id, g.away_team_id)): g.game_id
                  for g in view.schedule if g.stage == "playoff"}
        played = [p for p in view.played if p.game.stage == "playoff"]
        winners = playoffs.playoff_winners(played)
        mapping: dict[int, int] = {}
        while True:
            for game in bracket.games():
                if game.top is not None and game.bottom is not None:
                    real = stored.get(frozenset((game.top.team_id, game.bottom.team_id)))
                    if real is not None and game.game_id is not None:
                        mapping[game.game_id] = real
            results = {virtual: winners[real] for virtual, real in mapping.items()
                       if real in winners and bracket.game(virtual).winner is None}
            if not results:
                return bracket, mapping
            bracket = playoffs.advance(bracket, results)

    def schedule_playoffs(self, division_id: int, teams: int, *,
                          start: datetime | None = None, rink: str | None = None) -> list[int]:
        """Schedule every playoff game whose two teams are known and that is
        not scheduled yet (the better seed at home); the division's bracket is
        drawn for ``teams`` (the public bracket shows it) unless drawn already."""
        bracket, mapping = self.playoffs(division_id, teams)
        with self.write() as s:
            row = self.existing_row(s, models.Division, division_id)
            if row.playoff_teams is None:
                row.playoff_teams = teams
        created = []
        for r in bracket.rounds:
            for game in r.games:
                if (game.game_id is None or game.game_id in mapping or game.top is None
                        or game.bottom is None):
                    continue
                created.append(self.add_game(division_id, game.top.team_id,
                                             game.bottom.team_id, start=start, rink=rink,
                                             stage="playoff", round_name=r.name))
        return created

    def record_coin_toss(self, division_id: int, order: Sequence[int], by: str) -> int:
        """Casebook 24: a coin toss is drawn and recorded for a group of teams."""
        with self.write() as s:
            self.existing_row(s, models.Division, division_id)
            row = models.CoinToss(division_id=division_id, team_ids=sorted(order),
                                  order=list(order), by=by, at=self.now())
            s.add(row)
            s.flush()
            return row.id

    def _coin_tosses(self, division_id: int) -> dict[frozenset[int], list[int]]:
        with self.read() as s:
            rows = s.execute(select(models.CoinToss.team_ids, models.CoinToss.order)
                             .where(models.CoinToss.division_id == division_id)
                             .order_by(models.CoinToss.id)).all()
            return {frozenset(team_ids): list(order) for team_ids, order in rows}
