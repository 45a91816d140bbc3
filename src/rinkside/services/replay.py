"""One replay: a stored game as ``(setup, events)`` at a version, and its state.

Every reader of a game's truth comes through here (the service's writes and
reads, the report, the export, the console): :func:`load` gives the game's
setup (the settings in force and the rosters dressed, Rule 203(a)) and its
log as the store keeps it; :func:`state` is the engine's state after those
events, from the state cache when it was computed from this very version
of the log by this engine for the same setup, else by the engine's own
:func:`rinkside.rules.game.replay`.

No rule is decided here: the engine decides, the store keeps what was
recorded (:mod:`rinkside.store.eventlog`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from sqlalchemy import Connection, bindparam, or_, select
from sqlalchemy.orm import Session, aliased

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Measurement
from rinkside.rules.game import replay
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.services import records, state_cache
from rinkside.services.collector import collector_paused
from rinkside.services.games import game_setup
from rinkside.services.state_cache import StateCache
from rinkside.store import eventlog, models
from rinkside.store.connections import connection_of
from rinkside.store.eventlog import StoredLog
from rinkside.tournament.model import Lineup, RosterPlayer
from rinkside.tournament.stage_settings import stage_settings

__all__ = ["RecordsKept", "StoredGame", "Versioned", "by_team", "load", "setup_from", "setup_of",
           "state", "state_of", "state_of_log", "states_of"]


@dataclass(frozen=True, slots=True)
class StoredGame(StoredLog):
    """A game as stored, at one version: its log (each current event with who
    wrote it and when, every revision) and what the engine judges it by
    (``setup``)."""

    setup: GameSetup


# What a game's setup reads besides its players and lineup, built once (a
# statement built anew each write, its aliases adapted, cost more than the
# read itself).
_HOME, _AWAY = aliased(models.Team), aliased(models.Team)
_SETTINGS_AND_NAMES: Final = (
    select(models.Tournament.settings, models.Division.settings,
           models.Tournament.playoff_settings, _HOME.name, _AWAY.name)
    .select_from(models.Division)
    .join(models.Tournament, models.Division.tournament_id == models.Tournament.id)
    .join(_HOME, _HOME.id == bindparam("home"))
    .join(_AWAY, _AWAY.id == bindparam("away"))
    .where(models.Division.id == bindparam("division")))


class SetupsBuilt:
    """Each game setup built once per version of what it is built from (the
    settings in force, the teams' names, their rosters and the lineups
    handed in): a console's every write reads them, and finds the setup
    its last write built, the same value (its state's setup compares to it
    at once). Bounded by the games being played (``size``, the least
    recently used dropped first)."""

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._built: OrderedDict[Hashable, GameSetup] = OrderedDict()
        self._lock = threading.Lock()  # the server's threads write at once

    def get(self, key: Hashable) -> GameSetup | None:
        with self._lock:
            found = self._built.get(key)
            if found is not None:
                self._built.move_to_end(key)
            return found

    def put(self, key: Hashable, setup: GameSetup) -> None:
        with self._lock:
            self._built[key] = setup
            self._built.move_to_end(key)
            while len(self._built) > self._size:
                self._built.popitem(last=False)


SETUPS: Final = SetupsBuilt()


def setup_of(s: Session, game: models.Game) -> GameSetup:
    """The engine's setup of ``game``: the settings in force and the dressed
    rosters (three reads, each a statement built once; the setup itself
    built once per version of what they read, :class:`SetupsBuilt`)."""
    connection = connection_of(s)
    ours, theirs, playoff, home_name, away_name = connection.execute(
        _SETTINGS_AND_NAMES, {"home": game.home_team_id, "away": game.away_team_id,
                              "division": game.division_id}).one()
    players = records.players_of(s, [game.home_team_id, game.away_team_id])
    lineup = records.lineups_of(s, [game.id]).get(game.id, {})
    # The settings are JSON objects as read (their repr is their text, in
    # the stored order); every other part is a frozen value.
    key = (repr((ours, theirs, playoff, game.settings)), game.stage, game.home_team_id,
           game.away_team_id, home_name, away_name, tuple(players),
           tuple(sorted(lineup.items())))
    built = SETUPS.get(key)
    if built is None:
        settings = stage_settings(game.stage, ours, theirs, playoff, game.settings)  # 639
        names = {game.home_team_id: home_name, game.away_team_id: away_name}
        built = setup_from(game, settings, by_team(players), lineup, names)
        SETUPS.put(key, built)
    return built


# The fields of an event that name a player by his number, and whose team
# each names (a measurement names a player of the other team, with his server).
_NUMBERED: Final = ("scorer", "assist", "player", "served_by", "shooter", "goalie")
_OTHER_TEAMS: Final = (Measurement,)


def _numbers_named(events: Sequence[Event]) -> set[tuple[str, int]]:
    """Each (side, number) the log names a player by."""
    named: set[tuple[str, int]] = set()
    for event in events:
        team = getattr(event, "team", None)
        if team not in ("home", "away"):
            continue
        side = ("away" if team == "home" else "home") if isinstance(event, _OTHER_TEAMS) \
            else team
        for field in _NUMBERED:
            number = getattr(event, field, None)
            if isinstance(number, int):
                named.add((side, number))
    return named


def _dressed(s: Session, game: models.Game) -> dict[tuple[str, int], tuple[int, str]]:
    """(side, number) -> (player id, name) of the players dressed for the game
    (its lineup, else the whole roster) as the store now holds them (a roster
    imported again gives a player a new id: the same name is the same
    player)."""
    lineups = records.lineups_of(s, [game.id]).get(game.id, {})
    sides = {game.home_team_id: "home", game.away_team_id: "away"}
    return {(sides[p.team_id], p.number): (p.player_id, p.name)
            for p in records.players_of(s, list(sides))
            if (lineup := lineups.get(p.team_id)) is None or lineup.has(p.player_id)}


class RecordsKept:
    """Around a roster change (a number, a goaltender flag, a player added or
    a list replaced) to these teams in ``s``: made before the change, its
    :meth:`check` after it says whether every recorded game of theirs still
    reads as it did. A log names players by the numbers they wore, so each
    number it names must still be on the game's roster and be the same
    player (Rules 202, 203(a)): a scorer renumbered, or another player given
    his number, would leave the game naming nobody or crediting someone
    else. The first game that would not read as before refuses the change
    with its game and rule, inside the write's transaction, so nothing of it
    is kept."""

    def __init__(self, s: Session, team_ids: Collection[int]) -> None:
        ids = list(team_ids)
        self._s = s
        self._games = list(s.scalars(select(models.Game).where(
            models.Game.version > 0,
            or_(models.Game.home_team_id.in_(ids), models.Game.away_team_id.in_(ids)))
            .order_by(models.Game.id))) if ids else []
        self._before = {game.id: _dressed(s, game) for game in self._games}

    def check(self) -> None:
        """RuleViolation (203(a)) naming the first recorded game that the
        change would leave unreadable or naming someone else."""
        s = self._s
        s.flush()
        for game in self._games:
            _, events = eventlog.events_of(s, game.id)
            try:
                replay(setup_of(s, game), events)
            except RuleViolation as exc:
                raise RuleViolation(exc.rule, (
                    f"game {game.id} as recorded would no longer stand with this roster "
                    f"({exc.reason}); a recorded game names its players by the numbers "
                    "they wore: correct the game's log first, or leave the player as he "
                    "was")) from None
            before, after = self._before[game.id], _dressed(s, game)
            for side, number in sorted(_numbers_named(events)):
                was, now = before.get((side, number)), after.get((side, number))
                same = now is not None and was is not None and (now[0] == was[0]
                                                                or now[1] == was[1])
                if was is not None and not same:
                    raise RuleViolation("203(a)", (
                        f"game {game.id} as recorded names #{number} of the {side} team, "
                        f"{was[1]}; with this roster #{number} would be "
                        f"{now[1] if now else 'nobody'}: correct the game's log first, or "
                        "leave the numbers as they were"))


class Sides(Protocol):
    """Who plays a game: a stored game's row, or its scheduled value."""

    @property
    def home_team_id(self) -> int: ...

    @property
    def away_team_id(self) -> int: ...


def setup_from(game: Sides, settings: Settings, players: Mapping[int, Sequence[RosterPlayer]],
               lineup: Mapping[int, Lineup], names: Mapping[int, str]) -> GameSetup:
    """The engine's setup from what was read: the settings in force and, per
    team, its roster and the lineup handed in (if any)."""

    def side(team_id: int) -> tuple[str, Sequence[RosterPlayer], Lineup | None]:
        return (names[team_id], players.get(team_id, ()), lineup.get(team_id))

    return game_setup(settings, side(game.home_team_id), side(game.away_team_id))


def by_team(players: Sequence[RosterPlayer]) -> dict[int, list[RosterPlayer]]:
    out: dict[int, list[RosterPlayer]] = {}
    for p in players:
        out.setdefault(p.team_id, []).append(p)
    return out


def load(s: Session, game: models.Game, setup: GameSetup | None = None) -> StoredGame:
    """The game's setup and its log, read in this session (the log and its
    version in one statement)."""
    setup = setup or setup_of(s, game)
    log = eventlog.load(s, game.id)
    return StoredGame(game.id, log.version, log.entries, log.revisions, setup)


def state(setup: GameSetup, events: Sequence[Event]) -> GameState:
    """The engine's state after ``events`` (the engine's own replay)."""
    return replay(setup, events)


class Versioned(Protocol):
    """A game at the version of its log that was read."""

    @property
    def id(self) -> int: ...

    @property
    def version(self) -> int: ...


def _same(kept: GameSetup, setup: GameSetup) -> bool:
    """Whether a state kept for ``kept`` stands for ``setup``: the very value
    at once (a setup is built once per version of what it is built from,
    :class:`SetupsBuilt`; comparing its rosters field by field was a twentieth
    of a console's write), else an equal one."""
    return kept is setup or kept == setup


def state_of(s: Session | Connection, cache: StateCache, game: Versioned, setup: GameSetup,
             stored: tuple[int, GameState] | None = None, *, keep: bool = True
             ) -> tuple[int, GameState]:
    """The game's version and state: from the memory cache, the stored cache
    (``stored``, or read now) or a replay of the log, in that order. A cached
    state counts only if it was computed from this version of the log, by
    this engine, for the same setup (settings and dressed rosters). A
    replayed state is kept in both caches (in the store only with ``keep``:
    the session is committed; a write on a connection keeps the state it
    ends with itself, :func:`rinkside.services.state_cache.write`)."""
    cached = cache.get(game.id, game.version)
    if cached is not None and _same(cached.setup, setup):
        return game.version, cached
    if stored is None:
        stored = state_cache.load_stored(s, {game.id: setup}).get(game.id)
    if stored is not None and stored[0] == game.version and stored[1].setup == setup:
        cache.put(game.id, game.version, stored[1])
        return stored
    version, events = eventlog.events_of(s, game.id)
    result = state(setup, events)
    cache.put(game.id, version, result)
    if keep:
        if not isinstance(s, Session):
            raise TypeError("a state is kept with a session's commit: pass keep=False")
        state_cache.store(s, game.id, version, result)
    return version, result


def states_of(s: Session, cache: StateCache, games: Sequence[tuple[int, int, GameSetup]]
              ) -> dict[int, tuple[int, GameState]]:
    """:func:`state_of` for many games at once (a division's view), each
    given as ``(game id, version, setup)``: the stored states read in one
    statement, the logs of the others in one more, each decoded and replayed
    in turn, and the new states kept in one write."""
    out: dict[int, tuple[int, GameState]] = {}
    missing: list[tuple[int, int, GameSetup]] = []
    cache.reserve(len(games))
    for game_id, version, setup in games:
        cached = cache.get(game_id, version)
        if cached is not None and _same(cached.setup, setup):
            out[game_id] = (version, cached)
        else:
            missing.append((game_id, version, setup))
    stored = state_cache.load_stored(s, {game_id: setup for game_id, _, setup in missing}
                                     ) if missing else {}
    to_replay: dict[int, GameSetup] = {}
    for game_id, version, setup in missing:
        found = stored.get(game_id)
        if found is not None and found[0] == version:  # and for this setup (load_stored)
            cache.put(game_id, version, found[1])
            out[game_id] = found
        else:
            to_replay[game_id] = setup
    replayed: dict[int, tuple[int, GameState]] = {}
    with collector_paused():
        for game_id, version, events in eventlog.each_log(s, list(to_replay)):  # one by one
            result = state(to_replay[game_id], events)
            cache.put(game_id, version, result)
            replayed[game_id] = (version, result)
    state_cache.store_many(s, replayed)
    out.update(replayed)
    return out


def state_of_log(cache: StateCache, game: StoredGame) -> GameState:
    """The state after a loaded log: the memory cache's if it is of this
    version and setup, else replayed (and kept in memory)."""
    cached = cache.get(game.game_id, game.version)
    if cached is not None and _same(cached.setup, game.setup):
        return cached
    result = state(game.setup, game.events)
    cache.put(game.game_id, game.version, result)
    return result
