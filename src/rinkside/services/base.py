"""What every part of the tournament service shares: the store's sessions
(opened by the application layer alone), the cache of game states, the hook
that hears a game's log change, and the row lookups of a write."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Self

from sqlalchemy.orm import Session, sessionmaker

from rinkside.services.errors import NotFound
from rinkside.services.state_cache import StateCache
from rinkside.store import models as m
from rinkside.store import signoffs
from rinkside.tournament.errors import GameLocked

if TYPE_CHECKING:
    from rinkside.rules.state import GameState
    from rinkside.services.division import DivisionView

WallClock = Callable[[], int]  # milliseconds since the epoch, UTC


def system_ms() -> int:
    """The machine's wall clock, the default clock passed to the service."""
    return time.time_ns() // 1_000_000


class ServiceBase:
    """The store handle of :class:`~rinkside.services.tournaments.Tournaments`.

    Only the modules of :mod:`rinkside.services` open a session
    (``_sessions``); everything above them reads through the typed queries
    of :mod:`rinkside.services.queries` and writes through the service's
    operations."""

    def __init__(self, sessions: sessionmaker[Session], cache: StateCache | None = None,
                 on_change: Callable[[int, int], None] | None = None) -> None:
        """``on_change(game_id, version)`` is called after a game's log changed
        and the change is committed (the web's live broadcaster listens)."""
        self._sessions = sessions
        self.cache = cache or StateCache()
        self.on_change = on_change

    wall_clock: WallClock = staticmethod(system_ms)

    def within(self, s: Session) -> Self:
        """This service with every write of its own made inside ``s``'s
        transaction (its sessions joined to ``s``'s connection, their commits
        left to ``s``): a desk write and its line in the record commit
        together or not at all (:func:`rinkside.services.changes.record`).
        It keeps its states in a cache of its own and announces nothing: its
        writes are not committed yet (the caller announces a game's change
        after ``s`` commits, :meth:`_changed`)."""
        joined = type(self)(sessionmaker(bind=s.connection(), expire_on_commit=False,
                                         join_transaction_mode="rollback_only"))
        joined.wall_clock = self.wall_clock
        return joined

    def use_clock(self, clock: WallClock) -> None:
        """Read wall time from ``clock`` (milliseconds since the epoch): tests run time."""
        self.wall_clock = clock

    def now_ms(self) -> int:
        return self.wall_clock()

    def now(self) -> datetime:
        """The moment a write stamps, from the clock passed in (UTC)."""
        return datetime.fromtimestamp(self.now_ms() / 1000, UTC)

    def _changed(self, game_id: int, version: int) -> None:
        if self.on_change is not None:
            self.on_change(game_id, version)

    def _committed(self, game_id: int, version: int, state: GameState) -> None:
        """After a write's commit, never before: the state it computed is kept
        in memory for that version, and the change announced. A commit that
        failed leaves no trace here: another writer may yet write that very
        version, with other events."""
        self.cache.put(game_id, version, state)
        self._changed(game_id, version)

    @staticmethod
    def _get(s: Session, model: type[Any], key: int) -> Any:
        row = s.get(model, key)
        if row is None:
            raise NotFound(f"no {model.__name__.lower()} {key}")
        return row

    @staticmethod
    def _refuse_locked(s: Session, game_id: int) -> None:
        """Rule 616(a): nothing changes once the referees have signed."""
        if signoffs.is_locked(s, game_id):
            raise GameLocked(game_id)

    # What the parts need of one another (each defined by the part that owns it).

    def _division_view(self, s: Session, division_id: int) -> DivisionView:
        raise NotImplementedError  # Tournaments (tournaments.py)

    def _refuse_contradicted_record(self, s: Session, game: m.Game) -> None:
        raise NotImplementedError  # Tournaments (tournaments.py)
