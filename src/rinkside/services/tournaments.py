"""The tournament service: load, call the domain, save.

One layer shared by the CLI, the web routers and the tests, so that each
behaviour is written once. It holds no rules: the engine decides every game
event, the pure modules of :mod:`rinkside.tournament` decide rosters,
lineups, standings, statistics and suspensions, and the store keeps what was
recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Team
from rinkside.rules.game import apply
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.services import records as rec
from rinkside.services import replay, state_cache
from rinkside.services.games import effective_settings, game_roster, number_map
from rinkside.services.state_cache import StateCache
from rinkside.store import eventlog, signoffs
from rinkside.store import models as m
from rinkside.tournament import (
    forfeits,
    lineups,
    playoffs,
    roster_import,
    rosters,
    schedule,
    standings,
)
from rinkside.tournament import stats as tstats
from rinkside.tournament import suspensions as tsusp
from rinkside.tournament.errors import GameLocked, TournamentRuleError
from rinkside.tournament.model import Lineup, PlayedGame, RosterPlayer, ScheduledGame


class NotFound(LookupError):
    """A tournament, division, team, player or game that is not in the store."""


@dataclass(frozen=True, slots=True)
class DivisionView:
    """Everything about one division that the computations need."""

    division: m.Division
    settings: Settings
    teams: list[m.Team]
    schedule: list[ScheduledGame]
    played: list[PlayedGame]
    removed: dict[int, forfeits.Removal]

    @property
    def standing_games(self) -> list[PlayedGame]:
        return forfeits.games_that_stand(self.played, self.removed)


class Tournaments:
    """Tournament operations over one store."""

    def __init__(self, sessions: sessionmaker[Session], cache: StateCache | None = None,
                 on_change: Callable[[int, int], None] | None = None) -> None:
        """``on_change(game_id, version)`` is called after a game's log changed
        and the change is committed (the web's live broadcaster listens)."""
        self.sessions = sessions
        self.cache = cache or StateCache()
        self.on_change = on_change

    def _changed(self, game_id: int, version: int) -> None:
        if self.on_change is not None:
            self.on_change(game_id, version)

    # -- setting up ------------------------------------------------------------

    def create_tournament(self, name: str, starts_on: date | None,
                          settings: Mapping[str, Any] | None = None,
                          tiebreaks: Sequence[str] = ("head_to_head", "goal_difference",
                                                      "goals_against", "goals_for",
                                                      "fewest_pim", "coin_toss")) -> int:
        effective_settings(settings, None)  # checked against the book before it is kept
        standings.check_chain(tiebreaks)
        with self.sessions.begin() as s:
            row = m.Tournament(name=name, starts_on=starts_on, settings=dict(settings or {}),
                               tiebreaks=list(tiebreaks))
            s.add(row)
            s.flush()
            return row.id

    def add_division(self, tournament_id: int, name: str,
                     settings: Mapping[str, Any] | None = None,
                     player_coaches_allowed: bool | None = None) -> int:
        with self.sessions.begin() as s:
            t = self._get(s, m.Tournament, tournament_id)
            effective_settings(t.settings, settings)
            allowed = (rosters.division_allows_player_coaches(name)
                       if player_coaches_allowed is None else player_coaches_allowed)
            row = m.Division(tournament_id=tournament_id, name=name,
                             settings=dict(settings or {}), player_coaches_allowed=allowed)
            s.add(row)
            s.flush()
            return row.id

    def add_team(self, division_id: int, name: str) -> int:
        with self.sessions.begin() as s:
            self._get(s, m.Division, division_id)
            row = m.Team(division_id=division_id, name=name)
            s.add(row)
            s.flush()
            return row.id

    def start_tournament(self, tournament_id: int) -> None:
        """From now on rosters change only through the director (203(b))."""
        with self.sessions.begin() as s:
            self._get(s, m.Tournament, tournament_id).started = True

    def import_rosters(self, division_id: int, path: Path, *, team: str | None = None,
                       by: str = "tournament director", role: str = "tournament_director",
                       reason: str | None = None) -> dict[str, int]:
        """Import a CSV or XLSX roster file into a division: every bad row is
        reported and nothing is half-imported (the whole file is one
        transaction). With ``team`` the file holds that one team; otherwise
        it has a ``team`` column. Teams are created when new."""
        with self.sessions.begin() as s:
            division = self._get(s, m.Division, division_id)
            tournament = division.tournament
            starts_on = tournament.starts_on or date.today()
            info = rec.division_info(division)
            if team is not None:
                by_team = {team: roster_import.import_roster(path, info, starts_on)}
            else:
                by_team = roster_import.import_rosters(path, info, starts_on)
            rosters.check_change_allowed(tournament.started, role, reason) if \
                tournament.started else None
            counts: dict[str, int] = {}
            for team_name, parsed in by_team.items():
                row = s.scalar(select(m.Team).where(m.Team.division_id == division_id,
                                                    m.Team.name == team_name))
                if row is None:
                    row = m.Team(division_id=division_id, name=team_name)
                    s.add(row)
                    s.flush()
                for old in list(row.players):
                    old.active = False
                s.flush()
                for p in parsed:
                    player = m.Player(team_id=row.id, number=p.number, name=p.name,
                                      goalie=p.goalie, captain=p.captain,
                                      playing_coach=p.playing_coach, birth_date=p.birth_date,
                                      person_key=p.name)
                    s.add(player)
                    s.flush()
                    if tournament.started:
                        s.add(m.RosterChange(team_id=row.id, player_id=player.id,
                                             action="added", before=None,
                                             after={"number": p.number, "name": p.name},
                                             reason=reason or "", by=by,
                                             at=datetime.now().astimezone()))
                counts[team_name] = len(parsed)
            return counts

    def add_player(self, team_id: int, number: int, name: str, *, goalie: bool = False,
                   captain: str | None = None, by: str = "tournament director",
                   role: str = "tournament_director", reason: str | None = None) -> int:
        """Add one player, checking the whole roster (201-203, 307)."""
        with self.sessions.begin() as s:
            team = self._get(s, m.Team, team_id)
            tournament = team.division.tournament
            rosters.check_change_allowed(tournament.started, role, reason) if \
                tournament.started else None
            row = m.Player(team_id=team_id, number=number, name=name, goalie=goalie,
                           captain=captain, person_key=name)
            s.add(row)
            s.flush()
            players = rec.players_of(s, [team_id])
            problems = rosters.check_tournament_roster(
                rec.division_info(team.division), players, tournament.starts_on or date.today())
            # One player at a time: what the roster still lacks (a captain,
            # a goaltender) is checked when it is complete (set_roster).
            about_players = [p for p in problems if p.number is not None or "15" in p.message]
            if about_players:
                raise rosters.RosterError(about_players)
            if tournament.started:
                s.add(m.RosterChange(team_id=team_id, player_id=row.id, action="added",
                                     before=None, after={"number": number, "name": name},
                                     reason=reason or "", by=by, at=datetime.now().astimezone()))
            return row.id

    def set_roster(self, team_id: int, players: Sequence[Mapping[str, Any]], *,
                   by: str = "tournament director", role: str = "tournament_director",
                   reason: str | None = None) -> list[int]:
        """Replace a team's roster with ``players`` (number, name, goalie,
        captain, playing_coach, birth_date), checked as a whole (201-203, 307)."""
        with self.sessions.begin() as s:
            team = self._get(s, m.Team, team_id)
            tournament = team.division.tournament
            if tournament.started:
                rosters.check_change_allowed(True, role, reason)
            for old in list(team.players):
                old.active = False
            s.flush()
            rows = [m.Player(team_id=team_id, number=p["number"], name=p.get("name", ""),
                             goalie=p.get("goalie", False), captain=p.get("captain"),
                             playing_coach=p.get("playing_coach", False),
                             birth_date=p.get("birth_date"),
                             person_key=p.get("person_key") or p.get("name", ""))
                    for p in players]
            s.add_all(rows)
            s.flush()
            rosters.raise_if_invalid(rec.division_info(team.division),
                                     rec.players_of(s, [team_id]),
                                     tournament.starts_on or date.today())
            if tournament.started:
                s.add(m.RosterChange(team_id=team_id, player_id=None, action="changed",
                                     before=None, after={"players": len(rows)},
                                     reason=reason or "", by=by,
                                     at=datetime.now().astimezone()))
            return [r.id for r in rows]

    # -- the schedule ----------------------------------------------------------

    def add_game(self, division_id: int, home_team_id: int, away_team_id: int, *,
                 start: datetime | None = None, rink: str | None = None, stage: str = "pool",
                 round_name: str = "") -> int:
        with self.sessions.begin() as s:
            self._get(s, m.Division, division_id)
            for team_id in (home_team_id, away_team_id):
                if self._get(s, m.Team, team_id).division_id != division_id:
                    raise ValueError(f"team {team_id} is not in division {division_id}")
            order = (s.scalar(select(func.max(m.Game.schedule_order))
                              .where(m.Game.division_id == division_id)) or 0) + 1
            row = m.Game(division_id=division_id, home_team_id=home_team_id,
                         away_team_id=away_team_id, start=start, rink=rink, stage=stage,
                         schedule_order=order, round_name=round_name)
            s.add(row)
            s.flush()
            return row.id

    def generate_round_robin(self, division_id: int, *, start: datetime, slot_minutes: int,
                             rinks: Sequence[str], rounds: int = 1) -> list[int]:
        with self.sessions.begin() as s:
            teams = s.scalars(select(m.Team.id).where(m.Team.division_id == division_id)
                              .order_by(m.Team.id)).all()
            if len(teams) < 2:
                raise ValueError(f"division {division_id} has {len(teams)} team(s); a round "
                                 "robin needs two or more")
            first = (s.scalar(select(func.max(m.Game.schedule_order))
                              .where(m.Game.division_id == division_id)) or 0) + 1
            planned = schedule.round_robin(list(teams), start=start, slot_minutes=slot_minutes,
                                           rinks=rinks, rounds=rounds, first_order=first)
            rows = [m.Game(division_id=division_id, home_team_id=p.home_team_id,
                           away_team_id=p.away_team_id, start=p.start, rink=p.rink,
                           stage="pool", schedule_order=p.order) for p in planned]
            s.add_all(rows)
            s.flush()
            return [r.id for r in rows]

    # -- lineups ---------------------------------------------------------------

    def set_lineup(self, game_id: int, team_id: int, player_ids: Sequence[int], *,
                   captain: int | None = None, alternates: Sequence[int] = ()
                   ) -> lineups.LineupCheck:
        """Dress players for a game (204, 202(c)); a suspended player is refused
        with the rule that suspended him (casebook 27)."""
        with self.sessions.begin() as s:
            game = self._get(s, m.Game, game_id)
            self._refuse_locked(s, game_id)
            if team_id not in (game.home_team_id, game.away_team_id):
                raise ValueError(f"team {team_id} does not play game {game_id}")
            view = self._division_view(s, game.division_id)
            forfeits.refuse_if_removed(team_id, view.removed)
            roster = rec.players_of(s, [team_id])
            status = self._suspension_status(s, game.division.tournament)
            barred = tsusp.barred(player_ids, rec.scheduled_game(game), status)
            check = lineups.check_lineup(roster, player_ids, captain, alternates,
                                         {pid: str(exc) for pid, exc in barred.items()})
            check.raise_if_refused()
            for entry in [e for e in game.lineup if e.team_id == team_id]:
                s.delete(entry)
            s.flush()
            lineup = Lineup(team_id, tuple(player_ids), captain, tuple(alternates))
            s.add_all(m.LineupEntry(game_id=game_id, team_id=team_id, player_id=pid,
                                    letter=lineup.letter(pid))
                      for pid in player_ids)
            s.flush()
            self._refuse_contradicted_record(s, game)
            return check

    # -- game day: the event log -------------------------------------------------

    def game_state(self, game_id: int) -> tuple[int, GameState]:
        """The game's version and its state, recomputed from the stored log."""
        with self.sessions.begin() as s:
            return self._state(s, self._get(s, m.Game, game_id))

    def record(self, game_id: int, expected_version: int, events: Iterable[Event], by: str
               ) -> tuple[int, GameState]:
        """Append events after checking each with the engine; the whole batch
        is refused (nothing written) if any event is (RuleViolation), or if
        the game moved on since ``expected_version`` (StaleWrite)."""
        with self.sessions.begin() as s:
            game = self._get(s, m.Game, game_id)
            self._refuse_locked(s, game_id)
            if game.version == 0:
                # 634(e): a removed team's later games are not played. Checked
                # when a game begins (the division's view is the costly part of
                # a write); once begun, a game is recorded to its end.
                self._refuse_removed(s, game)
            version, state = self._state(s, game)
            if version != expected_version:
                raise eventlog.StaleWrite(game_id, expected_version, version)
            for event in events:
                state = apply(state, event)
                version = eventlog.append(s, game_id, version, event, by)
            self.cache.put(game_id, version, state)
            state_cache.store(s, game_id, version, state)
        self._changed(game_id, version)
        return version, state

    def correct(self, game_id: int, expected_version: int, op: str, position: int,
                event: Event | None, by: str, reason: str) -> tuple[int, GameState]:
        """Replace, insert or delete one past event; everything after it is
        recomputed by the engine before anything is written."""
        from rinkside.rules.log import GameLog

        with self.sessions.begin() as s:
            game = self._get(s, m.Game, game_id)
            self._refuse_locked(s, game_id)
            stored = replay.load(s, game)
            if stored.version != expected_version:
                raise eventlog.StaleWrite(game_id, expected_version, stored.version)
            log = GameLog.new(stored.setup, stored.events)
            if op == "replace" and event is not None:
                log = log.replace(position, event)
            elif op == "insert" and event is not None:
                log = log.insert(position, event)
            elif op == "delete":
                log = log.delete(position)
            else:
                raise ValueError(f"{op!r} needs an event" if op in ("replace", "insert")
                                 else f"{op!r} is not a correction: replace, insert or delete")
            version = eventlog.correct(s, game_id, expected_version, op,  # type: ignore[arg-type]
                                       position, event, by, reason)
            self.cache.put(game_id, version, log.state)
            state_cache.store(s, game_id, version, log.state)
        self._changed(game_id, version)
        return version, log.state

    # -- the tournament ----------------------------------------------------------

    def division_view(self, division_id: int) -> DivisionView:
        with self.sessions.begin() as s:
            return self._division_view(s, division_id)

    def standings(self, division_id: int) -> list[standings.Standing]:
        view = self.division_view(division_id)
        chain = view.division.tournament.tiebreaks
        tosses = self._coin_tosses(division_id)
        teams = [rec.team_info(t) for t in view.teams if t.id not in view.removed]
        return standings.standings(teams, view.standing_games, view.settings.points, chain,
                                   tosses, removed=set(view.removed))

    def statistics(self, division_id: int) -> tuple[dict[int, tstats.SkaterLine],
                                                    dict[int, tstats.GoaltenderLine],
                                                    dict[int, tstats.TeamLine]]:
        view = self.division_view(division_id)
        games = view.standing_games
        return tstats.skater_lines(games), tstats.goaltender_lines(games), tstats.team_lines(games)

    def high_scorer(self, division_id: int) -> tstats.HighScorerAward:
        """The division's high-scorer award: by points, or by points per game
        where a forfeit stands (634(d)4, casebook 29); pool and playoff games
        that stand."""
        view = self.division_view(division_id)
        return tstats.high_scorer_award(view.standing_games)

    def playoffs(self, division_id: int, teams: int
                 ) -> tuple[playoffs.Bracket, dict[int, int]]:
        """The division's single-elimination bracket for its top ``teams``,
        seeded from the standings (casebook 25: a late forfeit takes the
        last seed), with the results of the playoff games played so far.
        Returns the bracket (games numbered 1, 2, ...) and which stored game
        each bracket game is."""
        view = self.division_view(division_id)
        playoffs.check_playoff_settings(view.settings)  # 639: no tie may stand
        table = self.standings(division_id)
        late = forfeits.late_forfeit_teams(view.schedule, view.played)
        seeded = standings.seeds({division_id: table}, late, per_division=teams)
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
        not scheduled yet (the better seed at home)."""
        bracket, mapping = self.playoffs(division_id, teams)
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

    def suspensions(self, tournament_id: int) -> dict[int, tsusp.SuspensionStatus]:
        """Every suspension of the tournament and how much of it is served
        (casebook 27; 410(c) across divisions)."""
        with self.sessions.begin() as s:
            return self._suspension_status(s, self._get(s, m.Tournament, tournament_id))

    def _suspension_status(self, s: Session, t: m.Tournament
                           ) -> dict[int, tsusp.SuspensionStatus]:
        schedule_all: list[ScheduledGame] = []
        played_all: list[PlayedGame] = []
        team_ids: list[int] = []
        for division in t.divisions:
            view = self._division_view(s, division.id)
            schedule_all += view.schedule
            played_all += view.played
            team_ids += [team.id for team in view.teams]
        players = rec.players_of(s, team_ids)
        supplementary = self._supplementary(s, [p.player_id for p in players])
        played_all.sort(key=lambda p: forfeits.schedule_key(p.game))
        return tsusp.status(schedule_all, played_all, players, supplementary)

    def add_supplementary(self, player_id: int, games: int | str, reason: str, *,
                          after_game_id: int | None = None, by: str = "tournament director"
                          ) -> int:
        """Rule 410(a): discipline added by the director after a game."""
        with self.sessions.begin() as s:
            self._get(s, m.Player, player_id)
            row = m.SupplementaryDiscipline(
                player_id=player_id, games=games if isinstance(games, int) else None,
                extent=None if isinstance(games, int) else games, reason=reason,
                after_game_id=after_game_id, by=by, at=datetime.now().astimezone())
            s.add(row)
            s.flush()
            return row.id

    def record_coin_toss(self, division_id: int, order: Sequence[int], by: str) -> int:
        """Casebook 24: a coin toss is drawn and recorded for a group of teams."""
        with self.sessions.begin() as s:
            self._get(s, m.Division, division_id)
            row = m.CoinToss(division_id=division_id, team_ids=sorted(order), order=list(order),
                             by=by, at=datetime.now().astimezone())
            s.add(row)
            s.flush()
            return row.id

    # -- internals -----------------------------------------------------------------

    @staticmethod
    def _get(s: Session, model: type[Any], key: int) -> Any:
        row = s.get(model, key)
        if row is None:
            raise NotFound(f"no {model.__name__.lower()} {key}")
        return row

    @staticmethod
    def _setup(s: Session, game: m.Game) -> GameSetup:
        """The engine's setup of the game (:func:`rinkside.services.replay.setup_of`)."""
        return replay.setup_of(s, game)

    @staticmethod
    def _setup_from(game: m.Game, settings: Settings,
                    players: Mapping[int, Sequence[RosterPlayer]],
                    lineup: Mapping[int, Lineup], names: Mapping[int, str]) -> GameSetup:
        """The engine's setup: the settings in force and the dressed rosters."""
        return replay.setup_from(game, settings, players, lineup, names)

    def _state(self, s: Session, game: m.Game, setup: GameSetup | None = None,
               stored: tuple[int, GameState] | None = None) -> tuple[int, GameState]:
        """The game's state at its version: from the memory cache, the stored
        cache or a replay of the log, in that order. A cached state counts
        only if it was computed from this version of the log, by this
        engine, for the same setup (settings and dressed rosters)."""
        return replay.state_of(s, self.cache, game, setup or self._setup(s, game), stored)

    def _refuse_contradicted_record(self, s: Session, game: m.Game) -> None:
        """A lineup changed after play began must leave the game's record
        standing: a player the log names must still be dressed (Rule
        203(a)). The engine replays the log with the new lineup; a refusal
        undoes the change (one transaction)."""
        from rinkside.rules.log import GameLog

        s.expire(game, ["lineup"])
        _, events = eventlog.events_of(s, game.id)
        if not events:
            return
        try:
            GameLog.new(self._setup(s, game), events)
        except RuleViolation as exc:
            raise RuleViolation(exc.rule, "the game's record does not stand with this lineup: "
                                f"{exc.reason}") from None

    @staticmethod
    def _refuse_locked(s: Session, game_id: int) -> None:
        """Rule 616(a): nothing changes once the referees have signed."""
        if signoffs.is_locked(s, game_id):
            raise GameLocked(game_id)

    def _refuse_removed(self, s: Session, game: m.Game) -> None:
        view = self._division_view(s, game.division_id)
        for team_id in (game.home_team_id, game.away_team_id):
            removal = view.removed.get(team_id)
            if removal is not None and removal.game_id != game.id:
                forfeits.refuse_if_removed(team_id, view.removed)

    def _division_view(self, s: Session, division_id: int) -> DivisionView:
        division = self._get(s, m.Division, division_id)
        settings = effective_settings(division.tournament.settings, division.settings)
        teams = list(s.scalars(select(m.Team).where(m.Team.division_id == division_id)
                               .order_by(m.Team.id)))
        games = list(s.scalars(select(m.Game).where(m.Game.division_id == division_id)
                               .order_by(m.Game.schedule_order, m.Game.id)))
        scheduled = [rec.scheduled_game(g) for g in games]
        players = rec.players_of(s, [t.id for t in teams])
        numbers: dict[int, dict[int, int]] = {}
        for p in players:
            numbers.setdefault(p.team_id, {})[p.number] = p.player_id
        lineups_by_game = rec.lineups_of(s, [g.id for g in games])
        names = {t.id: t.name for t in teams}
        roster_of = replay.by_team(players)
        full = {t.id: game_roster(t.name, roster_of.get(t.id, ()), None, settings.roster_max)
                for t in teams}
        whole = {t.id: self._whole_roster(players, t.id) for t in teams}
        setups: list[tuple[m.Game, GameSetup]] = []
        for game in games:
            if game.version == 0:
                continue
            lineup = lineups_by_game.get(game.id, {})
            if lineup:
                setup = self._setup_from(game, settings, roster_of, lineup, names)
            else:  # most games: each team's whole roster, built once per team
                setup = GameSetup(settings, full[game.home_team_id], full[game.away_team_id])
            setups.append((game, setup))
        states = replay.states_of(s, self.cache, setups)  # every log read in one statement
        played: list[PlayedGame] = []
        for game, entry in zip(games, scheduled, strict=True):
            if game.id not in states:
                continue
            lineup = lineups_by_game.get(game.id, {})
            _, state = states[game.id]
            if state.result is None:
                continue
            sides: dict[Team, int] = {"home": game.home_team_id, "away": game.away_team_id}
            played.append(PlayedGame(
                entry, state,
                {side: lineup.get(team_id) or whole[team_id] for side, team_id in sides.items()},
                {side: numbers.get(team_id, {}) for side, team_id in sides.items()}))
        removed = forfeits.removed_teams(scheduled, played)
        return DivisionView(division, settings, teams, scheduled, played, removed)

    @staticmethod
    def _whole_roster(players: Sequence[RosterPlayer], team_id: int) -> Lineup:
        return Lineup(team_id, tuple(p.player_id for p in players if p.team_id == team_id))

    def _supplementary(self, s: Session, player_ids: list[int]
                       ) -> list[Any]:
        rows = s.scalars(select(m.SupplementaryDiscipline)
                         .where(m.SupplementaryDiscipline.player_id.in_(player_ids))).all()
        return [rec.supplementary(r) for r in rows]

    def _coin_tosses(self, division_id: int) -> dict[frozenset[int], list[int]]:
        with self.sessions() as s:
            rows = s.scalars(select(m.CoinToss).where(m.CoinToss.division_id == division_id)
                             .order_by(m.CoinToss.id)).all()
            return {frozenset(r.team_ids): list(r.order) for r in rows}


__all__ = ["DivisionView", "NotFound", "RuleViolation", "TournamentRuleError", "Tournaments",
           "number_map"]
