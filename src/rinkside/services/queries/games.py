"""The schedule as the pages, exports and commands list it: each game with
the names it shows, its log's version, and the last start of a tournament."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal

from sqlalchemy import Row, Select, bindparam, func, literal_column, select, tuple_
from sqlalchemy.orm import Session, aliased

from rinkside.services import state_cache
from rinkside.services.base import ServiceBase
from rinkside.services.errors import NotFound
from rinkside.services.game_clock import LiveExtras, live_extras_in
from rinkside.store import models
from rinkside.store.connections import connection_of


@dataclass(frozen=True, slots=True)
class GameRow:
    """One scheduled game with the names a page shows."""

    game_id: int
    tournament_id: int
    tournament: str
    division_id: int
    division: str
    home_team_id: int
    home: str
    away_team_id: int
    away: str
    start: datetime | None
    rink: str | None
    stage: str
    round_name: str
    version: int


def _games_query() -> Select[*tuple[Any, ...]]:
    home, away = aliased(models.Team), aliased(models.Team)
    return (select(models.Game.id, models.Tournament.id.label("tid"),
                   models.Tournament.name.label("tname"),
                   models.Division.id.label("did"), models.Division.name.label("dname"),
                   home.id.label("hid"), home.name.label("hname"),
                   away.id.label("aid"), away.name.label("aname"),
                   models.Game.start, models.Game.rink, models.Game.stage, models.Game.round_name,
                   models.Game.version)
            .join(models.Division, models.Game.division_id == models.Division.id)
            .join(models.Tournament, models.Division.tournament_id == models.Tournament.id)
            .join(home, models.Game.home_team_id == home.id)
            .join(away, models.Game.away_team_id == away.id)
            .order_by(models.Tournament.id, models.Division.id, models.Game.schedule_order,
                      models.Game.id))


# Built once: the two aliases' adaptation is most of the cost of building it,
# and a select is an immutable value (``where`` gives a new one).
_GAMES: Final = _games_query()
_GAME: Final = _GAMES.where(models.Game.id == bindparam("game"))


def _game_row(r: Row[Any]) -> GameRow:
    g = r._mapping
    return GameRow(g["id"], g["tid"], g["tname"], g["did"], g["dname"], g["hid"], g["hname"],
                   g["aid"], g["aname"], g["start"], g["rink"], g["stage"], g["round_name"],
                   g["version"])


def games(service: ServiceBase, division_id: int | None = None, *,
          tournament_id: int | None = None, team_id: int | None = None,
          rink: str | None = None,
          between: tuple[datetime, datetime] | Literal["unscheduled"] | None = None
          ) -> list[GameRow]:
    """Every scheduled game, in schedule order within its division; of one
    division, one tournament, one team (home or away) or one rink when given
    (each filter narrows the others: the public schedule's, kept in its
    address); ``between``: only those starting from its first moment to
    before its second ("unscheduled": only those with no start yet)."""
    query = _filtered(_GAMES, division_id, tournament_id, team_id, rink)
    if between == "unscheduled":
        query = query.where(models.Game.start.is_(None))
    elif between is not None:
        query = query.where(models.Game.start >= between[0], models.Game.start < between[1])
    with service.read() as s:
        return [_game_row(r) for r in s.execute(query)]


def starts(service: ServiceBase, division_id: int | None = None, *,
           tournament_id: int | None = None, team_id: int | None = None,
           rink: str | None = None) -> list[datetime | None]:
    """The distinct start times of the games :func:`games` gives for the
    same filters (None for games not yet scheduled): the schedule's days
    without reading every game."""
    query = _filtered(select(models.Game.start).distinct()
                      .join(models.Division, models.Game.division_id == models.Division.id),
                      division_id, tournament_id, team_id, rink)
    with service.read() as s:
        return list(s.scalars(query))


def start_from(service: ServiceBase, moment: datetime, division_id: int | None = None, *,
               tournament_id: int | None = None, team_id: int | None = None,
               rink: str | None = None) -> datetime | None:
    """The first start at or after ``moment`` of the games :func:`games`
    gives for the same filters (None: none starts then or later): the
    schedule's next day, found in the start index (migration 0035) without
    reading the season's starts."""
    query = _filtered(select(models.Game.start)
                      .join(models.Division, models.Game.division_id == models.Division.id)
                      .where(models.Game.start >= moment)
                      .order_by(models.Game.start).limit(1),
                      division_id, tournament_id, team_id, rink)
    with service.read() as s:
        found: datetime | None = s.scalar(query)
    return found


def start_before(service: ServiceBase, moment: datetime, division_id: int | None = None, *,
                 tournament_id: int | None = None, team_id: int | None = None,
                 rink: str | None = None) -> datetime | None:
    """The last start before ``moment`` of the games :func:`games` gives for
    the same filters (None: none starts earlier): the schedule's previous day."""
    query = _filtered(select(models.Game.start)
                      .join(models.Division, models.Game.division_id == models.Division.id)
                      .where(models.Game.start < moment)
                      .order_by(models.Game.start.desc()).limit(1),
                      division_id, tournament_id, team_id, rink)
    with service.read() as s:
        found: datetime | None = s.scalar(query)
    return found


def any_unscheduled(service: ServiceBase, division_id: int | None = None, *,
                    tournament_id: int | None = None, team_id: int | None = None,
                    rink: str | None = None) -> bool:
    """Whether a game :func:`games` gives for the same filters has no start yet."""
    query = _filtered(select(models.Game.id)
                      .join(models.Division, models.Game.division_id == models.Division.id)
                      .where(models.Game.start.is_(None)).limit(1),
                      division_id, tournament_id, team_id, rink)
    with service.read() as s:
        return s.scalar(query) is not None


def begun_not_over(service: ServiceBase, tournament_id: int) -> list[GameRow]:
    """The tournament's begun games not over by the state stored with their
    log's version by this engine (its status, kept beside it: migration
    0033), without loading a state: the games in play are among them. The
    finished ones are found in the index on the states' status (migration
    0036), which holds theirs alone (0040: its condition written as the
    index's, not as a parameter, so the index is used): a look at a
    state's row would read the state's pages."""
    final = (select(models.GameStateCache.game_id, models.GameStateCache.version)
             .where(models.GameStateCache.status == literal_column("'final'"),
                    models.GameStateCache.engine == state_cache.engine_fingerprint()))
    query = _filtered(_GAMES, None, tournament_id, None, None).where(
        models.Game.version > 0, tuple_(models.Game.id, models.Game.version).not_in(final))
    with service.read() as s:
        return [_game_row(r) for r in s.execute(query)]


def _filtered(query: Select[Any], division_id: int | None, tournament_id: int | None,
              team_id: int | None, rink: str | None) -> Select[Any]:
    if division_id is not None:
        query = query.where(models.Game.division_id == division_id)
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    if team_id is not None:
        query = query.where((models.Game.home_team_id == team_id)
                            | (models.Game.away_team_id == team_id))
    if rink is not None:
        query = query.where(models.Game.rink == rink)
    return query


def game(service: ServiceBase, game_id: int) -> GameRow:
    """One game; :class:`NotFound` when there is no such game."""
    with service.read() as s:
        row = s.execute(_GAMES.where(models.Game.id == game_id)).first()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    return _game_row(row)


# What a game's live view shows beside the engine's state: its row, the rest.
LiveView = tuple[GameRow, LiveExtras]


def live(service: ServiceBase, game_id: int) -> LiveView:
    """One game (:func:`game`) and what its live view shows beside the
    engine's state (:func:`live_in`), read in one session: a change published
    to the live pages costs one read besides its write (none when the write
    read it itself and carries it: :class:`~rinkside.services.change.Change`)."""
    with service.read() as s:
        return live_in(s, game_id)


def live_in(s: Session, game_id: int, *, locked: bool | None = None) -> LiveView:
    """The game's row and :func:`~rinkside.services.game_clock.live_extras_in`
    (the clocks, whether it is signed, the teams' styles; ``locked`` when the
    caller has just read it), read in ``s``: a write reads them before its
    commit, seeing what it wrote itself."""
    row = connection_of(s).execute(_GAME, {"game": game_id}).first()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    shown = _game_row(row)
    return shown, live_extras_in(s, game_id, [shown.home_team_id, shown.away_team_id],
                                 locked=locked)


def known(service: ServiceBase, game_id: int) -> None:
    """Nothing when the store has the game; :class:`NotFound` when it has not
    (one look at its row, for a request that needs no more)."""
    with service.read() as s:
        if s.scalar(select(models.Game.id).where(models.Game.id == game_id)) is None:
            raise NotFound(f"There is no game {game_id}.")


def versions(service: ServiceBase, game_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Each game's log version (of every game when ``game_ids`` is None): a
    cheap look for changes written by another process (the CLI, another
    server on the same database), which no ``on_change`` hook here hears."""
    query = select(models.Game.id, models.Game.version)
    if game_ids is not None:
        query = query.where(models.Game.id.in_(list(game_ids)))
    with service.read() as s:
        return {r.id: r.version for r in s.execute(query)}


def last_start(service: ServiceBase, tournament_id: int) -> datetime | None:
    """When the tournament's last scheduled game starts (None: no game has a time)."""
    with service.read() as s:
        return s.scalar(select(func.max(models.Game.start)).join(models.Division).where(
            models.Division.tournament_id == tournament_id))
