"""The rink laptop's side of offline sync, in its own store: the league's
setup written in (a pull), and what it has recorded that the league server
has not had yet.

The laptop keeps the league server's ids (:mod:`rinkside.services.sync_rows`)
and, per pulled game, ``league_version``: the league server's version that
the local log is known to equal. Every revision after it was recorded here
and is still to be pushed. A pull brings the setup up to the league's (the
league server is the truth for it) and extends a game's log with the
league's later revisions only while nothing recorded here waits to be
pushed: a game is scored in one place, and a push that finds the game
changed on the league server is refused whole (:func:`rinkside.services.sync.take_push`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select

from rinkside.services.sync_rows import LOG_TABLE, SETUP_TABLES, decoded_revision, upsert
from rinkside.services.tournaments import Tournaments
from rinkside.store import models as m

Clock = Callable[[], datetime]


class LocalSyncError(ValueError):
    """This store cannot take the pull (it holds something else)."""


@dataclass(frozen=True)
class Link:
    league_url: str
    token: str
    tournament_id: int
    rink: str
    pulled_at: datetime


@dataclass(frozen=True)
class PendingGame:
    """A game with events recorded here and not pushed yet."""

    game_id: int
    league_version: int
    local_version: int

    @property
    def unpushed(self) -> int:
        return self.local_version - self.league_version


@dataclass
class PullSummary:
    tournament_id: int
    rink: str
    games: list[int] = field(default_factory=list)
    new_rows: int = 0
    revisions: int = 0  # league revisions added to local logs
    kept: list[int] = field(default_factory=list)  # games whose unpushed events were kept


def link(service: Tournaments) -> Link | None:
    """The league server this store was pulled from (None: never pulled)."""
    with service._sessions() as s:
        row = s.scalars(select(m.SyncLink)).first()
        if row is None:
            return None
        return Link(row.league_url, row.token, row.tournament_id, row.rink, row.pulled_at)


def store_pull(service: Tournaments, url: str, token: str, data: Mapping[str, Any],
               clock: Clock) -> PullSummary:
    """Write the league's setup of a rink (``data``, :func:`rinkside.services.sync.setup_for`)
    into this store, in one transaction."""
    tournament_id = int(data["tournament_id"])
    rows: Mapping[str, list[dict[str, Any]]] = data["rows"]
    summary = PullSummary(tournament_id, str(data["rink"]), [int(g) for g in data["games"]])
    with service._sessions.begin() as s:
        linked = s.scalars(select(m.SyncLink)).first()
        if linked is None and s.scalars(select(m.Tournament.id)).first() is not None:
            raise LocalSyncError("this store already holds a tournament of its own: pull a "
                                 "rink's tournament into a new store (--db sqlite:///rink.sqlite)")
        if linked is not None and (linked.league_url, linked.tournament_id) != (url, tournament_id):
            raise LocalSyncError(f"this store was pulled from {linked.league_url} (tournament "
                                 f"{linked.tournament_id}); pull {url} into a new store")
        for name in SETUP_TABLES:
            summary.new_rows += upsert(s, name, rows.get(name, []))
        _users(s, rows.get("users", []))
        league_versions = {int(g["id"]): int(g["version"]) for g in rows.get("games", [])}
        logs: dict[int, list[dict[str, Any]]] = {}
        for raw in rows.get(LOG_TABLE, []):
            logs.setdefault(int(raw["game_id"]), []).append(raw)
        for game_id, league_version in league_versions.items():
            summary.revisions += _extend(s, game_id, league_version, logs.get(game_id, []),
                                         summary)
        if linked is None:
            linked = m.SyncLink(league_url=url, token=token, tournament_id=tournament_id,
                                rink=summary.rink, pulled_at=clock())
            s.add(linked)
        linked.token, linked.rink, linked.pulled_at = token, summary.rink, clock()
    return summary


def _users(s: Any, users: list[dict[str, Any]]) -> None:
    """The league's users of the rink's games, by name (a user made on the
    laptop itself keeps its own id)."""
    for raw in users:
        user = s.scalars(select(m.User).where(m.User.username == raw["username"])).first()
        if user is None:
            s.add(m.User(username=raw["username"], password_hash=raw["password_hash"],
                         role=raw["role"], games=list(raw["games"])))
        else:
            user.password_hash, user.role = raw["password_hash"], raw["role"]
            user.games = sorted(set(user.games) | set(raw["games"]))


def _extend(s: Any, game_id: int, league_version: int, revisions: list[dict[str, Any]],
            summary: PullSummary) -> int:
    """The league's revisions after the local log, unless events recorded
    here wait to be pushed (then the push decides). How many were added."""
    game = s.get(m.Game, game_id)
    synced = s.get(m.SyncGame, game_id)
    if synced is None:
        synced = m.SyncGame(game_id=game_id, league_version=0)
        s.add(synced)
    if game.version > synced.league_version:
        summary.kept.append(game_id)
        return 0
    newer = [r for r in revisions if int(r["revision"]) > game.version]
    for raw in sorted(newer, key=lambda r: int(r["revision"])):
        s.execute(insert(m.Base.metadata.tables[LOG_TABLE]).values(decoded_revision(raw)))
    s.flush()
    s.expire(game)
    synced.league_version = league_version
    return len(newer)


def pending(service: Tournaments) -> list[PendingGame]:
    """The pulled games with events recorded here and not pushed yet."""
    with service._sessions() as s:
        rows = s.execute(select(m.SyncGame.game_id, m.SyncGame.league_version, m.Game.version)
                         .join(m.Game, m.Game.id == m.SyncGame.game_id)
                         .where(m.Game.version > m.SyncGame.league_version)
                         .order_by(m.SyncGame.game_id)).all()
    return [PendingGame(g, league, local) for g, league, local in rows]


def outgoing(service: Tournaments, game_id: int) -> dict[str, Any]:
    """The push of one game: its league version and every revision after it."""
    with service._sessions() as s:
        synced = s.get(m.SyncGame, game_id)
        if synced is None:
            raise LocalSyncError(f"game {game_id} was not pulled from the league server")
        revisions = s.scalars(select(m.EventRevision).where(
            m.EventRevision.game_id == game_id,
            m.EventRevision.revision > synced.league_version)
            .order_by(m.EventRevision.revision)).all()
        return {"league_version": synced.league_version, "revisions": [
            {"revision": r.revision, "op": r.op, "position": r.position, "payload": r.payload,
             "by": r.by, "at": r.at.isoformat(), "reason": r.reason} for r in revisions]}


def mark_pushed(service: Tournaments, game_id: int, league_version: int) -> None:
    """The league server holds this game's log up to ``league_version``."""
    with service._sessions.begin() as s:
        synced = s.get(m.SyncGame, game_id)
        if synced is not None and league_version > synced.league_version:
            synced.league_version = league_version
