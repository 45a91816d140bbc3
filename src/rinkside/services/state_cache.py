"""Game states kept by (game, version): the store's log is the truth, and a
state is only reused while the log's version is the one it was computed at."""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Mapping
from functools import cache
from importlib import resources

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from rinkside.rules.state import GameState
from rinkside.store.models import GameStateCache


@cache
def engine_fingerprint() -> str:
    """A hash of the rules engine's source: a stored state computed by any
    other engine is recomputed, never trusted."""
    digest = hashlib.sha256()
    package = resources.files("rinkside.rules")
    for entry in sorted(package.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            digest.update(entry.name.encode())
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:32]


def load_stored(session: Session, game_ids: list[int]) -> dict[int, tuple[int, GameState]]:
    """Stored states of ``game_ids`` that this engine computed."""
    rows = session.execute(select(GameStateCache.game_id, GameStateCache.version,
                                  GameStateCache.state)
                           .where(GameStateCache.game_id.in_(game_ids),
                                  GameStateCache.engine == engine_fingerprint())).all()
    return {row.game_id: (row.version, pickle.loads(row.state)) for row in rows}


def store(session: Session, game_id: int, version: int, state: GameState) -> None:
    """Keep ``state`` as the game's state at ``version`` (replacing any older)."""
    session.execute(delete(GameStateCache).where(GameStateCache.game_id == game_id))
    session.add(GameStateCache(game_id=game_id, version=version, engine=engine_fingerprint(),
                               state=pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)))


def store_many(session: Session, states: Mapping[int, tuple[int, GameState]]) -> None:
    """Keep each game's state at its version (``{game: (version, state)}``),
    replacing any older: two statements for all of them."""
    if not states:
        return
    table = GameStateCache.__table__
    engine = engine_fingerprint()
    session.execute(delete(GameStateCache).where(GameStateCache.game_id.in_(list(states))))
    session.execute(table.insert(), [  # type: ignore[attr-defined]
        {"game_id": game_id, "version": version, "engine": engine,
         "state": pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)}
        for game_id, (version, state) in states.items()])


class StateCache:
    """A small least-recently-used cache of recomputed game states."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._states: OrderedDict[int, tuple[int, GameState]] = OrderedDict()
        self._lock = threading.Lock()  # the web server's worker threads share it

    def get(self, game_id: int, version: int) -> GameState | None:
        with self._lock:
            found = self._states.get(game_id)
            if found is None or found[0] != version:
                return None
            self._states.move_to_end(game_id)
            return found[1]

    def put(self, game_id: int, version: int, state: GameState) -> None:
        with self._lock:
            self._states[game_id] = (version, state)
            self._states.move_to_end(game_id)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()
