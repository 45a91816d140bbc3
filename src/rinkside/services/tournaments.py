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

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import partial
from typing import Any, Final

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from rinkside.present.corrections import correction_text, event_words
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Team
from rinkside.rules.game import apply
from rinkside.rules.log import Correction, GameLog
from rinkside.rules.roster import GameSetup, Letter, Player, Roster
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.services import mail, merge, recording, records, replay, state_cache, webhooks
from rinkside.services.division import (
    DivisionTables,
    DivisionView,
    TeamsView,
    held_views,
    views_held,
)
from rinkside.services.errors import NotFound
from rinkside.services.game_clock import GameClocks
from rinkside.services.games import effective_settings, game_roster, number_map
from rinkside.services.lineups import Lineups
from rinkside.services.rosters import Rosters
from rinkside.services.setup import Setup
from rinkside.services.team_styles import TeamStyles
from rinkside.store import eventlog, models
from rinkside.store.connections import connection_of
from rinkside.tournament import forfeits
from rinkside.tournament.errors import GameLocked, TournamentRuleError
from rinkside.tournament.model import (
    DivisionInfo,
    Lineup,
    PlayedGame,
    RosterPlayer,
    ScheduledGame,
    TeamInfo,
)
from rinkside.tournament.stage_settings import stage_settings

# A division's view reads its division and tournament as plain values, in
# one statement built once (every console write asks for the view too).
_D, _T = models.Division, models.Tournament
_DIVISION: Final = (
    select(_D.name, _D.player_coaches_allowed, _D.settings, _T.settings, _T.playoff_settings,
           _T.tiebreaks)
    .join(_T, _D.tournament_id == _T.id)
    .where(_D.id == bindparam("division")))
_TEAMS: Final = (select(models.Team.id, models.Team.name, models.Team.division_id)
                 .where(models.Team.division_id == bindparam("division")).order_by(models.Team.id))
_G = models.Game
_GAMES: Final = (select(_G.id, _G.division_id, _G.stage, _G.home_team_id, _G.away_team_id,
                        _G.start, _G.rink, _G.schedule_order, _G.round_name, _G.version,
                        _G.settings)
                 .where(_G.division_id == bindparam("division"))
                 .order_by(_G.schedule_order, _G.id))
# Some teams' games and the games named besides (a teams' view, issue 30),
# found by the teams' indexes (migration 0034), not among the division's
# games; those of another division are left out as they are read.
_TEAM_GAMES: Final = (select(*_GAMES.selected_columns)
                      .where(_G.home_team_id.in_(bindparam("home", expanding=True))
                             | _G.away_team_id.in_(bindparam("away", expanding=True))
                             | _G.id.in_(bindparam("also", expanding=True)))
                      .order_by(_G.schedule_order, _G.id))
_TEAMS_NAMED: Final = (select(models.Team.id, models.Team.name, models.Team.division_id)
                       .where(models.Team.id.in_(bindparam("teams", expanding=True)))
                       .order_by(models.Team.id))


class Tournaments(Setup, Rosters, Lineups, DivisionTables, GameClocks, TeamStyles):
    """Tournament operations over one store: the parts' writes and
    computations (setting up, rosters, the schedule, lineups, standings,
    statistics, playoffs, discipline), and each game's event log here."""

    # -- game day: the event log -------------------------------------------------

    def game_state(self, game_id: int) -> tuple[int, GameState]:
        """The game's version and its state, recomputed from the stored log."""
        with self.write() as s:
            return self._state(s, self.existing_row(s, models.Game, game_id))

    def committed_state(self, game_id: int, version: int) -> GameState | None:
        """The state this process computed for ``version`` of the game, as its
        write of that version committed (or a read since), from memory; None
        when it holds none. Trusted without reading the game's setup again:
        only for publishing a change just committed (a roster or lineup
        changed later at the same version is a refresh, which reads it all)."""
        return self.cache.get(game_id, version)

    def record(self, game_id: int, expected_version: int,
               events: Iterable[Event] | Callable[[Settings], Iterable[Event]], by: str
               ) -> tuple[int, GameState]:
        """Append events after checking each with the engine; the whole batch
        is refused (nothing written) if any event is (RuleViolation), or if
        the game moved on since ``expected_version`` (StaleWrite).
        ``events`` may be a function of the settings the game plays under
        (the times it was sent read with its periods, ``OT 3:00``), called
        in the write's own session before anything else is checked, so that
        a malformed event is told first, as ever. What the live view shows
        beside the state is read before the commit and announced with the
        change (:func:`~rinkside.services.recording.live_after`): the pages
        following the game need no other session."""
        version, state, _ = self._record(game_id, expected_version, events, by, merging=False)
        return version, state

    def record_merging(self, game_id: int, expected_version: int,
                       events: Iterable[Event] | Callable[[Settings], Iterable[Event]], by: str
                       ) -> tuple[int, GameState, merge.Rebased | None]:
        """:meth:`record` for officials writing at once: a batch made on an
        older version is applied on the newest when nothing that landed
        since conflicts with it (:func:`rinkside.services.merge.append_clash`;
        the engine checks it against the game as it now is), and what
        happened is returned (None: it was made on the newest);
        :class:`~rinkside.services.merge.ConflictingWrite` (409) with both
        sides otherwise. A third write landing between the read and the
        append is merged onto in turn (:func:`rinkside.services.merge.retried`)."""
        return merge.retried(lambda: self._record(game_id, expected_version, events, by,
                                                  merging=True))

    def _record(self, game_id: int, expected_version: int,
                events: Iterable[Event] | Callable[[Settings], Iterable[Event]], by: str, *,
                merging: bool) -> tuple[int, GameState, merge.Rebased | None]:
        rebased: merge.Rebased | None = None
        # On a connection, every statement built once: an ORM session (its
        # begin, commit and checkout) is opened only for the steps that need
        # one, a game's first write, a refusal, a notice (issue 30).
        with self.write_connection() as c, recording.OrmOn(c) as orm:
            # The game, its settings and names, whether it is signed and
            # whether anyone's webhook listens: one statement (issue 30).
            game = recording.game_at_write(c, game_id)
            setup = recording.setup_at_write(game)
            if callable(events):
                events = events(setup.settings)
            if game.locked:  # Rule 616(a): nothing changes once the referees have signed
                raise GameLocked(game_id)
            if game.version == 0:
                # The first event dresses the rosters: checked at the version
                # held, so that consoles beginning the game at once are told
                # it moved on (409), not refused a duplicate lineup (a 500).
                s = orm()
                row = self.existing_row(s, models.Game, game_id)
                held = self._hold(s, row)
                if held != expected_version:
                    raise eventlog.StaleWrite(game_id, expected_version, held)
                # 634(e): a removed team's later games are not played. Checked
                # when a game begins; once begun, a game is recorded to its end.
                # Both read the two teams' games alone, once (issue 30): the
                # suspensions the dressing reads (with a 410(c) twin's team's
                # games), then the 634(e) check from the same games, then the
                # eligible rosters dress (203(a)).
                with views_held(s):
                    barred = self._barred_undressed(s, row)
                    self.refuse_removed(s, row)
                self._dress(s, row, barred)
                setup = recording.setup_at_write(recording.game_at_write(s, game_id))
            # Its state is kept below, after the events (a replayed one need not be).
            version, state = replay.state_of(c, self.cache, game, setup, keep=False)
            if state.setup is not setup:
                # An equal setup another read built (game_state()'s, setup_of):
                # the states this write folds carry its own from here on, so
                # the game's next write finds its setup at once and compares
                # no rosters (every console write did: issue 30).
                state = state_cache.with_setup(state, setup)
            events = list(events)
            if version != expected_version:
                if not merging or expected_version > version:
                    raise eventlog.StaleWrite(game_id, expected_version, version)
                since = eventlog.load(c, game_id).revisions[expected_version:]
                kept, dropped, clash = merge.append_clash(since, events)
                words = partial(event_words, state.setup)
                if clash is not None:
                    raise merge.ConflictingWrite(
                        game_id, expected_version, version, clash.why,
                        "; ".join(words(e) for e in events),
                        merge.landed_words(clash.theirs, words))
                rebased = merge.Rebased(expected_version, version,
                                        tuple(merge.landed_words(r, words) for r in since),
                                        tuple(words(e) for e in dropped))
                events = kept
            before = state
            happened: list[tuple[str, dict[str, Any]]] = []  # for the webhooks, in order
            for event in events:
                try:
                    step = apply(state, event)
                except RuleViolation as exc:
                    raise self._suspension_refusal(
                        orm(), self.existing_row(orm(), models.Game, game_id), events,
                        exc) from None
                if game.hooked:  # what the tournament's webhooks are told, if it has any
                    happened += webhooks.game_events(state, step)
                state = step
                version = eventlog.append(c, game_id, version, event, by)
            self._anchor_clock(c, game_id, before, state, by)
            if happened:  # the outbox
                webhooks.enqueue_game_of(orm(), game.tournament_id, game_id, version, happened,
                                         self.now())
            # A game's suspensions are its penalty records' (GameState.suspensions):
            # none is new unless a penalty was recorded.
            suspended = ([] if state.penalty_chain is before.penalty_chain else
                         state.suspensions()[len(before.suspensions()):])
            if suspended:  # a game misconduct's notice, to its team
                mail.mail_game_suspensions(orm(), self.existing_row(orm(), models.Game, game_id),
                                           suspended, self.now())
            states = orm.finish()  # what the session wrote, before the statements below
            clocks = recording.clocks_after(c, game)  # on PostgreSQL, sent with the COMMIT
            # The last statement, every state kept in one (state_cache.store).
            state_cache.write(c, {**states, game_id: (version, state)})
        live = recording.live_after(clocks, game, version)  # 616(a): refused above when locked
        self.committed(game_id, version, state, live)
        return version, state, rebased

    def correct(self, game_id: int, expected_version: int, op: Correction, position: int,
                event: Event | None, by: str, reason: str) -> tuple[int, GameState]:
        """Replace, insert or delete one past event; everything after it is
        recomputed by the engine before anything is written."""
        version, state, _ = self._correct(game_id, expected_version, op, position, event, by,
                                          reason, merging=False)
        return version, state

    def correct_merging(self, game_id: int, expected_version: int, op: Correction,
                        position: int, event: Event | None, by: str, reason: str
                        ) -> tuple[int, GameState, merge.Rebased | None]:
        """:meth:`correct` for officials writing at once: a correction made
        on an older version corrects the same event where it now stands,
        unless that event changed since
        (:func:`rinkside.services.merge.correction_clash`:
        :class:`~rinkside.services.merge.ConflictingWrite`, 409, with both
        sides)."""
        return merge.retried(lambda: self._correct(game_id, expected_version, op, position,
                                                   event, by, reason, merging=True))

    def _correct(self, game_id: int, expected_version: int, op: Correction, position: int,
                 event: Event | None, by: str, reason: str, *, merging: bool
                 ) -> tuple[int, GameState, merge.Rebased | None]:
        rebased: merge.Rebased | None = None
        with self.write() as s:
            game = self.existing_row(s, models.Game, game_id)
            self.refuse_locked(s, game_id)
            stored = replay.load(s, game)
            if stored.version != expected_version:
                if not merging or expected_version > stored.version:
                    raise eventlog.StaleWrite(game_id, expected_version, stored.version)
                since = eventlog.load(s, game_id).revisions[expected_version:]
                words = partial(event_words, stored.setup)
                try:
                    moved, clash = merge.correction_clash(
                        since, op, position, merge.read_length(len(stored.events), since))
                except ValueError:
                    raise eventlog.StaleWrite(game_id, expected_version, stored.version) from None
                if clash is not None:
                    # the event the writer saw there: what theirs replaced or deleted
                    yours = correction_text(stored.setup, op, position, event,
                                            clash.theirs.previous, by, self.now(), reason)
                    raise merge.ConflictingWrite(
                        game_id, expected_version, stored.version, clash.why,
                        yours or f"{op} event {position + 1}",
                        merge.landed_words(clash.theirs, words))
                rebased = merge.Rebased(expected_version, stored.version,
                                        tuple(merge.landed_words(r, words) for r in since))
                position = moved
            if op not in ("replace", "insert", "delete"):
                raise ValueError(f"{op!r} is not a correction: replace, insert or delete")
            # The game as it stands (its cached state), and the corrected log
            # judged in one replay: the events before the correction, then the rest.
            _, before = self._state(s, game, stored.setup)
            log = GameLog.corrected(stored.setup, stored.events, op, position, event)
            version = eventlog.correct(s, game_id, stored.version, op,
                                       position, event, by, reason)
            self._anchor_clock(s, game_id, before, log.state, by)
            webhooks.enqueue_game(s, game, version, webhooks.correction_events(  # the outbox
                before, log.state, what=f"{op} of event {position + 1}", reason=reason),
                self.now())
            state_cache.store(s, game_id, version, log.state)
        self.committed(game_id, version, log.state)
        return version, log.state, rebased

    def replace_many(self, game_id: int, expected_version: int,
                     replacements: Sequence[tuple[int, Event]], by: str, reason: str
                     ) -> tuple[int, GameState]:
        """Replace several past events in one write, all or none: each a
        correction with ``reason``, the engine judging the log with all of
        them (a clock nudge moves a stop and what followed it together,
        :mod:`rinkside.services.clock_nudge`)."""
        with self.write() as s:
            game = self.existing_row(s, models.Game, game_id)
            self.refuse_locked(s, game_id)
            stored = replay.load(s, game)
            if stored.version != expected_version:
                raise eventlog.StaleWrite(game_id, expected_version, stored.version)
            before = GameLog.new(stored.setup, stored.events).state
            events = list(stored.events)
            for position, event in replacements:
                events[position] = event  # an IndexError: no such position
            log = GameLog.new(stored.setup, events)  # the engine judges them together
            version = expected_version
            for position, event in replacements:
                version = eventlog.correct(s, game_id, version, "replace", position, event, by,
                                           reason)
            self._anchor_clock(s, game_id, before, log.state, by)
            webhooks.enqueue_game(s, game, version, webhooks.correction_events(  # the outbox
                before, log.state, what="replace of events "
                + ", ".join(str(p + 1) for p, _ in replacements), reason=reason), self.now())
            state_cache.store(s, game_id, version, log.state)
        self.committed(game_id, version, log.state)
        return version, log.state


    # -- internals -----------------------------------------------------------------

    def _game_state_in(self, s: Session, game_id: int) -> tuple[int, GameState]:
        return self._state(s, self.existing_row(s, models.Game, game_id))

    @staticmethod
    def _setup(s: Session, game: models.Game) -> GameSetup:
        """The engine's setup of the game (:func:`rinkside.services.replay.setup_of`)."""
        return replay.setup_of(s, game)

    def _state(self, s: Session, game: models.Game, setup: GameSetup | None = None,
               stored: tuple[int, GameState] | None = None) -> tuple[int, GameState]:
        """The game's state at its version: from the memory cache, the stored
        cache or a replay of the log, in that order. A cached state counts
        only if it was computed from this version of the log, by this
        engine, for the same setup (settings and dressed rosters)."""
        return replay.state_of(s, self.cache, game, setup or self._setup(s, game), stored)

    def refuse_contradicted_record(self, s: Session, game: models.Game) -> None:
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


    def refuse_removed(self, s: Session, game: models.Game) -> None:
        """Rule 634(e): a game of a team removed from the tournament is not
        played (its own forfeited game aside). Whether a team is removed is
        decided by its own games (634(e)4 its forfeits, 634(e)3 its last two
        pool games): the two teams' games are read, not the division's."""
        view = self.teams_view_in(s, game.division_id, (game.home_team_id, game.away_team_id))
        for team_id in (game.home_team_id, game.away_team_id):
            removal = view.removed.get(team_id)
            if removal is not None and removal.game_id != game.id:
                forfeits.refuse_if_removed(team_id, view.removed)

    def division_view_in(self, s: Session, division_id: int) -> DivisionView:
        """The division's view read in ``s`` (NotFound when there is none);
        within :func:`~rinkside.services.division.views_held`, each division's is built once."""
        held = held_views(s)
        if held is None:
            return self._built_view(s, division_id)
        view = held.divisions.get(division_id)
        if view is None:
            view = held.divisions[division_id] = self._built_view(s, division_id)
        return view

    def teams_view_in(self, s: Session, division_id: int, teams: Collection[int],
                      also: Collection[int] = ()) -> TeamsView:
        """The games of ``teams`` in the division and the games of it that
        ``also`` names, read in ``s`` alone (NotFound when there is no such
        division): what a team's removal (634(e)) and its players'
        suspensions (casebook 27) are decided by, whatever the size of the
        division. Within :func:`~rinkside.services.division.views_held`, a
        view held that has them all is shared; one that lacks some is built
        again with them added."""
        held = held_views(s)
        before = None if held is None else held.teams.get(division_id)
        if before is not None and before.covers(teams, also):
            return before
        wanted = frozenset(teams) | (before.teams if before else frozenset())
        named = frozenset(also) | (before.also if before else frozenset())
        view = self._built_view(s, division_id, (wanted, named))
        narrowed = TeamsView(division_id, wanted, named, view.schedule, view.played,
                             {t: r for t, r in view.removed.items() if t in wanted})
        if held is not None:
            held.teams[division_id] = narrowed
        return narrowed

    def _built_view(self, s: Session, division_id: int,
                    only: tuple[frozenset[int], frozenset[int]] | None = None) -> DivisionView:
        """The division's view; with ``only`` (teams, games), of the games of
        those teams and those games alone (:meth:`teams_view_in`): its
        ``teams`` are the teams they name, its ``removed`` right for the
        teams given alone."""
        connection = connection_of(s)
        row = connection.execute(_DIVISION, {"division": division_id}).one_or_none()
        if row is None:
            raise NotFound(f"no division {division_id}")
        name, coaches, theirs, ours, playoff, tiebreaks = row
        division = DivisionInfo(division_id, name, coaches)
        settings = effective_settings(ours, theirs)
        # The games as plain rows, not ORM objects: a division's view reads
        # every game of it, and rows cost a fraction.
        if only is None:
            teams = [TeamInfo(*row)
                     for row in connection.execute(_TEAMS, {"division": division_id})]
            rows = connection.execute(_GAMES, {"division": division_id}).all()
        else:
            wanted = sorted(only[0])
            rows = [row for row in connection.execute(_TEAM_GAMES, {
                "home": wanted, "away": wanted, "also": sorted(only[1])}) if row[1] == division_id]
            named = only[0] | {team for row in rows for team in (row[3], row[4])}
            teams = [TeamInfo(*row)
                     for row in connection.execute(_TEAMS_NAMED, {"teams": sorted(named)})]
        scheduled = [ScheduledGame(gid, div, "playoff" if stage == "playoff" else "pool",
                                   home, away, start, rink, order, round_name)
                     for gid, div, stage, home, away, start, rink, order, round_name, _, _ in rows]
        versions = {row[0]: row[9] for row in rows}
        # Rule 639: playoff games play under the playoff settings; a game keeps
        # the settings it began under once the desk has changed them since.
        own = {row[0]: stage_settings(row[2], ours, theirs, playoff, row[10])
               for row in rows if row[2] == "playoff" or row[10] is not None}
        players = records.players_of(s, [t.team_id for t in teams])
        numbers: dict[int, dict[int, int]] = {}
        for p in players:
            numbers.setdefault(p.team_id, {})[p.number] = p.player_id
        lineups_by_game = records.lineups_of(s, list(versions))
        names = {t.team_id: t.name for t in teams}
        roster_of = replay.by_team(players)
        made: dict[tuple[int, Letter | None], Player] = {}  # each player built once
        full = {t.team_id: game_roster(t.name, roster_of.get(t.team_id, ()), None,
                                       settings.roster_max, made)
                for t in teams}
        whole = {t.team_id: self._whole_roster(players, t.team_id) for t in teams}
        # A team dresses the same players game after game: each (team, lineup,
        # roster size) is built once and shared by its games, so their setups
        # compare, and their stored states digest, as one value.
        dressed: dict[tuple[int, Lineup | None, int], Roster] = {}

        def roster(team_id: int, lineup: Lineup | None, roster_max: int) -> Roster:
            if lineup is None and roster_max == settings.roster_max:
                return full[team_id]
            key = (team_id, lineup, roster_max)
            built = dressed.get(key)
            if built is None:
                built = dressed[key] = game_roster(names[team_id], roster_of.get(team_id, ()),
                                                   lineup, roster_max, made)
            return built

        setups: list[tuple[int, int, GameSetup]] = []
        for game in scheduled:
            version = versions[game.game_id]
            if version == 0:
                continue
            lineup = lineups_by_game.get(game.game_id, {})
            rules = own.get(game.game_id, settings)
            setup = GameSetup(rules, roster(game.home_team_id, lineup.get(game.home_team_id),
                                            rules.roster_max),
                              roster(game.away_team_id, lineup.get(game.away_team_id),
                                     rules.roster_max))
            setups.append((game.game_id, version, setup))
        states = replay.states_of(s, self.cache, setups)  # every log read in one statement
        played: list[PlayedGame] = []
        for game in scheduled:
            found = states.get(game.game_id)
            if found is None:
                continue
            state = found[1]
            if state.result is None:
                continue
            lineup = lineups_by_game.get(game.game_id, {})
            sides: dict[Team, int] = {"home": game.home_team_id, "away": game.away_team_id}
            played.append(PlayedGame(
                game, state,
                {side: lineup.get(team_id) or whole[team_id] for side, team_id in sides.items()},
                {side: numbers.get(team_id, {}) for side, team_id in sides.items()}))
        disqualified = forfeits.late_forfeit_sanctions(  # 634(e)3 where the event applies it
            scheduled, played, settings.late_forfeit_sanctions).disqualified
        removed = forfeits.removed_teams(scheduled, played, disqualified)
        return DivisionView(division, tuple(tiebreaks or ()), settings, teams, scheduled, played,
                            removed)

    @staticmethod
    def _whole_roster(players: Sequence[RosterPlayer], team_id: int) -> Lineup:
        return Lineup(team_id, tuple(p.player_id for p in players if p.team_id == team_id))


__all__ = ["DivisionView", "NotFound", "RuleViolation", "TournamentRuleError", "Tournaments",
           "number_map"]

