"""What a write of a game's log reads of the game, in one statement.

A console's write used to read the game's row through the ORM, then whether
it is signed (616(a)), the settings and the teams' names for its setup, the
tournament's webhooks (loading the game's division for its tournament),
and, after its append, the game's row again with every name the live pages
show and the teams' colours: six statements and an ORM load, each costing
more than the append itself (issue 30). :func:`game_at_write` reads all of
it in one statement, built once, as plain values; :func:`live_after` makes
the live view from it, reading only the clocks (which the write may have
anchored), in one statement that on PostgreSQL goes with the write's
``COMMIT`` (:func:`clocks_after`: its answer is wanted only once committed).

No rule is decided here: the caller refuses a signed game (616(a)) and the
engine judges the events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final

import orjson
from sqlalchemy import (
    ColumnElement,
    CompoundSelect,
    Connection,
    Select,
    Text,
    bindparam,
    cast,
    exists,
    func,
    literal,
    literal_column,
    or_,
    select,
    union_all,
)
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased

from rinkside.present.clock import RunningClock
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.services import replay, state_cache
from rinkside.services.errors import NotFound
from rinkside.services.game_clock import RUNNING_KINDS, LiveExtras
from rinkside.services.queries.games import GameRow, LiveView
from rinkside.services.team_styles import shown_logo
from rinkside.store import models
from rinkside.store.connections import connection_of
from rinkside.store.prepared import Later, Prepared
from rinkside.tournament.model import LETTERS, Lineup, RosterPlayer
from rinkside.tournament.stage_settings import stage_settings

__all__ = ["GameAtWrite", "OrmOn", "clocks_after", "game_at_write", "live_after",
           "setup_at_write"]


# A GameRow's fields but its version (the live view's, once the write is done).
_Shown = tuple[int, int, str, int, str, int, str, int, str, datetime | None, str | None, str, str]


@dataclass(frozen=True, slots=True)
class GameAtWrite:
    """The game as a write of its log reads it: what its setup is built from
    (:func:`rinkside.services.replay.setup_with`), the version its log is
    at, whether it is signed (616(a)), whether its tournament has a webhook
    to tell, and the names and colours its live view shows. The settings
    are their JSON texts as stored: a write compares them, and decodes them
    only to build a setup (:func:`setup_at_write`)."""

    id: int
    division_id: int
    tournament_id: int
    stage: str
    home_team_id: int
    away_team_id: int
    settings: str | None  # those it began under (Rule 639), None: as they are
    version: int
    tournament_settings: str | None
    division_settings: str | None
    playoff_settings: str | None
    locked: bool  # 616(a): signed and not reopened
    hooked: bool  # the tournament has a webhook not removed
    row: _Shown  # the game's row as the live view shows it (GameRow), less its version
    styles: dict[int, tuple[str | None, str | None]]  # team id -> (colour, logo)
    players: str  # the two teams' active players, a JSON array of arrays (_PLAYER_FIELDS)
    lineup: str  # the lineup entries handed in, a JSON array of [team, player, letter]

    @property
    def rules(self) -> tuple[str | None, str | None, str | None]:
        """The tournament's, the division's and the playoff settings as read."""
        return self.tournament_settings, self.division_settings, self.playoff_settings

    @property
    def names(self) -> tuple[str, str]:
        """The home and the away team's names."""
        return self.row[6], self.row[8]

    def shown(self, version: int) -> GameRow:
        """The game's row as the live view shows it once its log is at ``version``."""
        return GameRow(*self.row, version)


class OrmOn:
    """An ORM session on a write's connection (:meth:`ServiceBase.write_connection
    <rinkside.services.base.ServiceBase.write_connection>`), opened when a step
    first asks for one (``orm()``), in the connection's transaction: its
    commit is the connection's. :meth:`finish` flushes what it holds and
    hands over the states it kept (:func:`rinkside.services.state_cache.store`)
    before the write's own last statements; leaving the block closes it (an
    error rolls the whole transaction back, the connection's with it)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._session: Session | None = None

    def __call__(self) -> Session:
        if self._session is None:
            self._session = Session(bind=self._connection, expire_on_commit=False,
                                    join_transaction_mode="rollback_only")
        return self._session

    def __enter__(self) -> OrmOn:
        return self

    def __exit__(self, *_: object) -> None:
        if self._session is not None:
            self._session.close()

    def finish(self) -> dict[int, tuple[int, GameState]]:
        """What the session holds written to the connection, and the states
        it was to keep (``{game: (version, state)}``), to be written with the
        write's own (one statement, in the games' order)."""
        if self._session is None:
            return {}
        self._session.flush()
        return state_cache.take_pending(self._session)


_G, _D, _T = models.Game, models.Division, models.Tournament
_HOME, _AWAY = aliased(models.Team), aliased(models.Team)
_HOME_STYLE, _AWAY_STYLE = aliased(models.TeamStyle), aliased(models.TeamStyle)
_S, _P, _L = models.SignOffEntry, models.Player, models.LineupEntry
_PLAYER_FIELDS: Final = (_P.id, _P.team_id, _P.number, _P.name, _P.goalie, _P.captain,
                         _P.playing_coach, _P.birth_date, _P.person_key)


def _json_rows(dialect: str, *columns: Any) -> ColumnElement[str]:
    """The rows' ``columns`` as one JSON array of arrays, as text, aggregated
    by the database (one value for any number of rows)."""
    if dialect == "postgresql":
        return cast(func.coalesce(func.json_agg(func.json_build_array(*columns)),
                                  literal_column("'[]'::json")), Text)
    return func.json_group_array(func.json_array(*columns))


def _as_text(column: InstrumentedAttribute[Any]) -> ColumnElement[str]:
    """A JSON column's text, as stored (not decoded as it is read)."""
    return cast(column, Text)


def _settings(text: str | None) -> Any:
    """Settings as their JSON column's type reads them (None: SQL's NULL)."""
    return None if text is None else json.loads(text)


def _game_at_write(dialect: str) -> Select[*tuple[Any, ...]]:
    """The game's row with everything a write reads beside it: its
    tournament's and division's settings, names, its teams' names and styles,
    the newest sign-off's lock, whether a webhook listens, and the players
    and lineup its setup is built from (two JSON texts: one value each,
    compared as they are while they do not change)."""
    return (
        select(_G.id, _G.division_id, _D.tournament_id, _G.stage, _G.home_team_id,
               _G.away_team_id, _as_text(_G.settings), _G.version, _as_text(_T.settings),
               _as_text(_D.settings), _as_text(_T.playoff_settings),
               select(_S.locks).where(_S.game_id == _G.id).order_by(_S.id.desc()).limit(1)
               .scalar_subquery(),
               exists().where(models.Webhook.tournament_id == _D.tournament_id,
                              models.Webhook.removed_at.is_(None)),
               _T.name, _D.name, _HOME.name, _AWAY.name, _G.start, _G.rink, _G.round_name,
               _HOME_STYLE.team_id, _HOME_STYLE.colour, _HOME_STYLE.logo,
               _AWAY_STYLE.team_id, _AWAY_STYLE.colour, _AWAY_STYLE.logo,
               select(_json_rows(dialect, *_PLAYER_FIELDS))
               .where(or_(_P.team_id == _G.home_team_id, _P.team_id == _G.away_team_id),
                      _P.active.is_(True)).scalar_subquery(),
               select(_json_rows(dialect, _L.team_id, _L.player_id, _L.letter))
               .where(_L.game_id == _G.id).scalar_subquery())
        .join(_D, _G.division_id == _D.id)
        .join(_T, _D.tournament_id == _T.id)
        .join(_HOME, _G.home_team_id == _HOME.id)
        .join(_AWAY, _G.away_team_id == _AWAY.id)
        .outerjoin(_HOME_STYLE, _HOME_STYLE.team_id == _G.home_team_id)
        .outerjoin(_AWAY_STYLE, _AWAY_STYLE.team_id == _G.away_team_id)
        .where(_G.id == bindparam("game")))


# Built once per dialect (its aliases' adaptation costs more than running
# it) and compiled once, run on the driver's cursor (rinkside.store.prepared).
_GAME_AT_WRITE: Final = {dialect: Prepared(_game_at_write(dialect))
                         for dialect in ("sqlite", "postgresql")}


def game_at_write(s: Session | Connection, game_id: int) -> GameAtWrite:
    """The game as a write reads it, in ``s`` (one statement);
    :class:`NotFound` when there is no such game."""
    connection = connection_of(s)
    row = _GAME_AT_WRITE[connection.dialect.name].first(connection, {"game": game_id})
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    (gid, division_id, tournament_id, stage, home_id, away_id, own, version, ours, theirs,
     playoff, locks, hooked, tournament, division, home, away, start, rink, round_name,
     home_styled, home_colour, home_logo, away_styled, away_colour, away_logo, players,
     lineup) = row
    styles = {team: (colour, shown_logo(logo)) for team, colour, logo in (
        (home_styled, home_colour, home_logo), (away_styled, away_colour, away_logo))
        if team is not None}
    start_at: datetime | None = start
    return GameAtWrite(
        gid, division_id, tournament_id, stage, home_id, away_id, own, version, ours, theirs,
        playoff, bool(locks), bool(hooked),
        (gid, tournament_id, tournament, division_id, division, home_id, home, away_id, away,
         start_at, rink, stage, round_name),
        styles, players or "[]", lineup or "[]")


def setup_at_write(game: GameAtWrite) -> GameSetup:
    """The engine's setup of the game as :func:`game_at_write` read it: the
    setup built last for the same settings, names, players and lineup (their
    texts as read, :data:`rinkside.services.replay.SETUPS`), else built from
    them (Rules 202, 203(a), 639), the same value
    :func:`rinkside.services.replay.setup_of` builds."""
    key = ("at write", game.rules, game.settings, game.stage, game.home_team_id,
           game.away_team_id, game.names, game.players, game.lineup)
    built = replay.SETUPS.get(key)
    if built is None:
        players = [_roster_player(*fields) for fields in orjson.loads(game.players)]
        ours, theirs, playoff = game.rules
        rules = stage_settings(game.stage, _settings(ours), _settings(theirs),
                               _settings(playoff), _settings(game.settings))  # 639
        built = replay.setup_from(game, rules, replay.by_team(players), _lineups(game.lineup),
                                  dict(zip((game.home_team_id, game.away_team_id), game.names,
                                           strict=True)))
        replay.SETUPS.put(key, built)
    return built


def _roster_player(player_id: int, team_id: int, number: int, name: str, goalie: object,
                   captain: str | None, coach: object, born: str | None, key: str | None
                   ) -> RosterPlayer:
    """A player as :func:`rinkside.services.records.players_of` reads him, from
    his fields as JSON gives them (SQLite's booleans are 0 and 1, a date is
    its ISO text)."""
    return RosterPlayer(player_id, team_id, number, name, bool(goalie),
                        captain if captain in LETTERS else None, bool(coach),
                        date.fromisoformat(born) if born else None, key or name)


def _lineups(text: str) -> dict[int, Lineup]:
    """Each team's lineup from its entries (as
    :func:`rinkside.services.records.lineups_of` reads them): its players,
    its captain and its alternates (202(c)), by team."""
    entries: dict[int, list[tuple[int, str | None]]] = {}
    for team_id, player_id, letter in orjson.loads(text):
        entries.setdefault(team_id, []).append((player_id, letter))
    return {team_id: Lineup(team_id, tuple(sorted(p for p, _ in dressed)),
                            min((p for p, letter in dressed if letter == "C"), default=None),
                            tuple(sorted(p for p, letter in dressed if letter == "A")))
            for team_id, dressed in entries.items()}


_A = models.ClockAnchor
_ANCHOR_COLUMNS: Final = (_A.id, _A.period, _A.left_tenths, _A.wall_ms, _A.kind)


def _clocks() -> CompoundSelect[Any]:
    """The game's newest running-clock anchor (``0``: 507(a)), and its newest
    countdown among its eight newest anchors (``1``), the very two
    :func:`rinkside.services.game_clock.clocks_in` reads in one or two."""
    kinds: list[ColumnElement[Any]] = [  # written out: no list to expand
        literal_column(f"'{kind}'") for kind in RUNNING_KINDS]
    newest = (select(*_ANCHOR_COLUMNS).where(_A.game_id == bindparam("game"))
              .order_by(_A.id.desc()).limit(8).subquery())
    running = (select(literal(0), *_ANCHOR_COLUMNS)
               .where(_A.game_id == bindparam("game"), _A.kind.in_(kinds))
               .order_by(_A.id.desc()).limit(1).subquery())
    countdown = (select(literal(1), *newest.c).where(newest.c.kind.not_in(kinds))
                 .order_by(newest.c.id.desc()).limit(1).subquery())
    return union_all(select(*running.c), select(*countdown.c))


# Compiled once, run on the driver's cursor (every console write reads it).
_CLOCKS: Final = Prepared(_clocks())


def clocks_after(c: Connection, game: GameAtWrite) -> Later:
    """The game's clocks as the write leaves them (it may have anchored one,
    Rule 507(a)), read after its last statement but one: on PostgreSQL sent
    with its ``COMMIT`` (:meth:`rinkside.store.prepared.Prepared.later`), so
    read once the block ends (:func:`live_after`)."""
    return _CLOCKS.later(c, {"game": game.id})


def live_after(clocks: Later, game: GameAtWrite, version: int) -> LiveView:
    """What the live view shows beside the state once the write that read
    ``game`` is at ``version``: the game's row and styles as read, the
    clocks as it left them (:func:`clocks_after`). Not signed: a signed
    game's write was refused (616(a))."""
    found: dict[int, RunningClock] = {which: RunningClock(*row)
                                      for which, *row in clocks.all()}
    return (game.shown(version),
            LiveExtras(found.get(0), found.get(1), False, dict(game.styles)))
