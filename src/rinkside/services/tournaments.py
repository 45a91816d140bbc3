"""The tournament service: load, call the domain, save.

One layer shared by the CLI, the web routers and the tests, so that each
behaviour is written once. :class:`Tournaments` is composed of one part per
subject (:mod:`~rinkside.services.setup`, ``rosters``, ``schedule``,
``lineups``, ``division``, ``discipline``); each game's event log is here.
It holds no rules: the engine decides every game event, the pure modules of
:mod:`rinkside.tournament` decide rosters, lineups, standings, statistics and
suspensions, and the store keeps what was recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from rinkside.formats import decode_event, encode_event
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Team
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.services import records as rec
from rinkside.services import state_cache
from rinkside.services.division import DivisionTables, DivisionView
from rinkside.services.errors import NotFound
from rinkside.services.games import effective_settings, game_roster, game_setup, number_map
from rinkside.services.lineups import Lineups
from rinkside.services.rosters import Rosters
from rinkside.services.setup import Setup
from rinkside.store import eventlog
from rinkside.store import models as m
from rinkside.tournament import forfeits
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.model import Lineup, PlayedGame, RosterPlayer


class Tournaments(Setup, Rosters, Lineups, DivisionTables):
    """Tournament operations over one store: the parts' writes and
    computations (setting up, rosters, the schedule, lineups, standings,
    statistics, playoffs, discipline), and each game's event log here."""

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
                version = eventlog.append(s, game_id, version,
                                          encode_event(event, state.setup.settings), by)
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
            stored = eventlog.load(s, game_id)
            if stored.version != expected_version:
                raise eventlog.StaleWrite(game_id, expected_version, stored.version)
            setup = self._setup(s, game)
            periods = setup.settings.periods
            events = [decode_event(e, i, periods) for i, e in enumerate(stored.events)]
            log = GameLog.new(setup, events)
            if op == "replace" and event is not None:
                log = log.replace(position, event)
            elif op == "insert" and event is not None:
                log = log.insert(position, event)
            elif op == "delete":
                log = log.delete(position)
            else:
                raise ValueError(f"{op!r} needs an event" if op in ("replace", "insert")
                                 else f"{op!r} is not a correction: replace, insert or delete")
            payload = None if event is None else encode_event(event, setup.settings)
            version = eventlog.correct(s, game_id, expected_version, op,  # type: ignore[arg-type]
                                       position, payload, by, reason)
            self.cache.put(game_id, version, log.state)
            state_cache.store(s, game_id, version, log.state)
        self._changed(game_id, version)
        return version, log.state

    # -- internals -----------------------------------------------------------------

    def _setup(self, s: Session, game: m.Game) -> GameSetup:
        # One query for the settings and the names (every write and read of a
        # game builds its setup: no lazy loads of division, tournament, teams).
        home, away = aliased(m.Team), aliased(m.Team)
        ours, theirs, home_name, away_name = s.execute(
            select(m.Tournament.settings, m.Division.settings, home.name, away.name)
            .select_from(m.Division)
            .join(m.Tournament, m.Division.tournament_id == m.Tournament.id)
            .join(home, home.id == game.home_team_id)
            .join(away, away.id == game.away_team_id)
            .where(m.Division.id == game.division_id)).one()
        settings = effective_settings(ours, theirs)
        players = rec.players_of(s, [game.home_team_id, game.away_team_id])
        lineup = rec.lineups_of(s, [game.id]).get(game.id, {})
        names = {game.home_team_id: home_name, game.away_team_id: away_name}
        return self._setup_from(game, settings, _by_team(players), lineup, names)

    @staticmethod
    def _setup_from(game: m.Game, settings: Settings,
                    players: Mapping[int, Sequence[RosterPlayer]],
                    lineup: Mapping[int, Lineup], names: Mapping[int, str]) -> GameSetup:
        """The engine's setup: the settings in force and the dressed rosters."""

        def side(team_id: int) -> tuple[str, Sequence[RosterPlayer], Lineup | None]:
            return (names[team_id], players.get(team_id, ()), lineup.get(team_id))

        return game_setup(settings, side(game.home_team_id), side(game.away_team_id))

    def _state(self, s: Session, game: m.Game, setup: GameSetup | None = None,
               stored: tuple[int, GameState] | None = None) -> tuple[int, GameState]:
        """The game's state at its version: from the memory cache, the stored
        cache or a replay of the log, in that order. A cached state counts
        only if it was computed from this version of the log, by this
        engine, for the same setup (settings and dressed rosters)."""
        setup = setup or self._setup(s, game)
        cached = self.cache.get(game.id, game.version)
        if cached is not None and cached.setup == setup:
            return game.version, cached
        if stored is None:
            stored = state_cache.load_stored(s, [game.id]).get(game.id)
        if stored is not None and stored[0] == game.version and stored[1].setup == setup:
            self.cache.put(game.id, game.version, stored[1])
            return stored
        log = eventlog.load(s, game.id)
        periods = setup.settings.periods
        state = start(setup)
        for i, payload in enumerate(log.events):
            state = apply(state, decode_event(payload, i, periods))
        self.cache.put(game.id, log.version, state)
        state_cache.store(s, game.id, log.version, state)
        return log.version, state

    def _refuse_contradicted_record(self, s: Session, game: m.Game) -> None:
        """A lineup changed after play began must leave the game's record
        standing: a player the log names must still be dressed (Rule
        203(a)). The engine replays the log with the new lineup; a refusal
        undoes the change (one transaction)."""
        from rinkside.rules.log import GameLog

        s.expire(game, ["lineup"])
        stored = eventlog.load(s, game.id)
        if not stored.events:
            return
        setup = self._setup(s, game)
        periods = setup.settings.periods
        try:
            GameLog.new(setup, [decode_event(e, i, periods) for i, e in enumerate(stored.events)])
        except RuleViolation as exc:
            raise RuleViolation(exc.rule, "the game's record does not stand with this lineup: "
                                f"{exc.reason}") from None

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
        roster_of = _by_team(players)
        missing = [g.id for g in games if g.version and self.cache.get(g.id, g.version) is None]
        full = {t.id: game_roster(t.name, roster_of.get(t.id, ()), None, settings.roster_max)
                for t in teams}
        stored = state_cache.load_stored(s, missing) if missing else {}
        whole = {t.id: self._whole_roster(players, t.id) for t in teams}
        played: list[PlayedGame] = []
        for game, entry in zip(games, scheduled, strict=True):
            if game.version == 0:
                continue
            lineup = lineups_by_game.get(game.id, {})
            if lineup:
                setup = self._setup_from(game, settings, roster_of, lineup, names)
            else:  # most games: each team's whole roster, built once per team
                setup = GameSetup(settings, full[game.home_team_id], full[game.away_team_id])
            _, state = self._state(s, game, setup, stored.get(game.id))
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


def _by_team(players: Sequence[RosterPlayer]) -> dict[int, list[RosterPlayer]]:
    out: dict[int, list[RosterPlayer]] = {}
    for p in players:
        out.setdefault(p.team_id, []).append(p)
    return out


__all__ = ["DivisionView", "NotFound", "RuleViolation", "TournamentRuleError", "Tournaments",
           "number_map"]
