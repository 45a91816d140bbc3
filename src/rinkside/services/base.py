"""What every part of the tournament service shares: the store's sessions
(opened by the application layer alone, through :meth:`ServiceBase.read` and
:meth:`ServiceBase.write`), the cache of game states, the hook that hears a
game's log change, and the row lookups of a write."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Self

from sqlalchemy import Connection, Engine, update
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services.change import Change
from rinkside.services.errors import NotFound
from rinkside.services.state_cache import StateCache
from rinkside.store import models, signoffs
from rinkside.store.prepared import write_unit
from rinkside.tournament.errors import GameLocked

if TYPE_CHECKING:
    from rinkside.rules.state import GameState
    from rinkside.services.division import DivisionView, TeamsView
    from rinkside.services.queries.games import LiveView

def _unit_on(bind: Engine | Connection) -> AbstractContextManager[Connection]:
    if isinstance(bind, Connection):
        # A joined service writes in the joined transaction itself, as its
        # sessions do (join_transaction_mode="rollback_only"): no savepoint,
        # which SQLite's driver would release as a commit of its own when the
        # outer transaction had written nothing yet; an error rolls back all.
        return nullcontext(bind)
    return write_unit(bind)


@contextmanager
def _autocommit_on(bind: Engine | Connection) -> Iterator[Connection]:
    if isinstance(bind, Connection):
        yield bind  # a joined service: the joined transaction's own connection
        return
    if bind.dialect.name != "postgresql":
        # SQLite's driver begins no transaction for a read and commits a write
        # at the block's end; its isolation level left alone (SQLAlchemy resets
        # it with a PRAGMA of its own at every return to the pool)
        with bind.begin() as connection:
            yield connection
        return
    with bind.connect() as connection:
        # psycopg in autocommit: no BEGIN before the statement, no ROLLBACK
        # or COMMIT after it (set in the client alone, reset as it goes back)
        yield connection.execution_options(isolation_level="AUTOCOMMIT")


@contextmanager
def _in_joined(s: Session) -> Iterator[Session]:
    """A joined service's unit of work (:meth:`ServiceBase.within`): the
    joined session itself, flushed at the end, its commit and its rollback
    left to it. A session of its own on the joined connection rolled the
    joined transaction back under it when a write failed (a duplicate's
    IntegrityError at a flush: join_transaction_mode="rollback_only"), and the
    joined session's own rollback then found its transaction already gone
    (SQLAlchemy's SAWarning "transaction already deassociated from
    connection"); now the one session that began the transaction ends it."""
    yield s
    s.flush()


def _held_row(s: Session, model: Any, key: int) -> Any:
    """The row of ``model`` with id ``key`` written to (its id set to itself:
    SQLite's writer lock, PostgreSQL's row lock, no key changed) and read
    after; NotFound when there is none."""
    s.execute(update(model).where(model.id == key).values(id=model.id)
              .execution_options(synchronize_session=False))
    row = s.get(model, key, populate_existing=True)
    if row is None:
        raise NotFound(f"no {model.__name__.lower()} {key}")
    return row


WallClock = Callable[[], int]  # milliseconds since the epoch, UTC


def system_ms() -> int:
    """The machine's wall clock, the default clock passed to the service."""
    return time.time_ns() // 1_000_000


class ServiceBase:
    """The store handle of :class:`~rinkside.services.tournaments.Tournaments`.

    Only the modules of :mod:`rinkside.services` open a session, and only
    through :meth:`read` and :meth:`write` (its sessions are its own: no
    module reads ``_sessions``, ``tests/test_service_privacy.py``);
    everything above them reads through the typed queries of
    :mod:`rinkside.services.queries` and writes through the service's
    operations."""

    def __init__(self, sessions: sessionmaker[Session], cache: StateCache | None = None,
                 on_change: Callable[[Change], None] | None = None) -> None:
        """``on_change(change)`` is called after a game's log changed and the
        change is committed, with what was committed (:class:`Change`: the
        game, its version and, from a write, its new state): the web's live
        broadcaster listens."""
        self._sessions = sessions
        self.cache = cache or StateCache()
        self.on_change = on_change

    wall_clock: WallClock = staticmethod(system_ms)
    _joined: Session | None = None  # the session a joined service writes in (within)

    def read(self) -> Session:
        """A session of the store: ``with service.read() as s:``. Nothing it
        does is committed; leaving the block closes it and rolls back what
        is left open."""
        return self._sessions()

    def write(self) -> AbstractContextManager[Session]:
        """A unit of work: ``with service.write() as s:``, one transaction,
        committed when the block ends without an error and rolled back
        otherwise (inside a joined service, :meth:`within`, the commit is
        left to the joined transaction: its writes are made in the joined
        session itself)."""
        if self._joined is not None:
            return _in_joined(self._joined)
        return self._sessions.begin()

    def write_connection(self) -> AbstractContextManager[Connection]:
        """A unit of work on the store's connection, without an ORM session:
        ``with service.write_connection() as c:``, one transaction, committed
        when the block ends without an error and rolled back otherwise (in
        a joined service, :meth:`within`, the joined transaction itself). For
        a console's write, whose statements are all built
        once: a session's own begin, commit and connection checkout cost
        about as much as its append (issue 30); on PostgreSQL its ``BEGIN``
        goes with its first statement and the states it keeps with its
        ``COMMIT`` (:func:`rinkside.store.prepared.write_unit`). A step that needs the ORM
        opens a session on it (:func:`rinkside.services.recording.orm_on`)."""
        return _unit_on(self.bind)

    def autocommit(self) -> AbstractContextManager[Connection]:
        """A connection for one statement that stands alone: ``with
        service.autocommit() as c:``. On PostgreSQL it is in autocommit: the
        statement goes in one round trip with no ``BEGIN`` before it and no
        ``ROLLBACK`` or ``COMMIT`` after it (a read of one statement sees one
        snapshot all the same; a write of one statement commits as it
        ends); on SQLite a read begins nothing and a write is committed
        when the block ends. Inside a joined service (:meth:`within`), the
        joined transaction's connection. For what every request reads, the
        login's session and its user (issue 30): the BEGIN and ROLLBACK of a
        read session were two of its four round trips."""
        return _autocommit_on(self.bind)

    @property
    def bind(self) -> Engine | Connection:
        """What the store's sessions are bound to: its engine, or the
        connection of the transaction a joined service writes in."""
        bind: Engine | Connection = self._sessions.kw["bind"]
        return bind

    def close(self) -> None:
        """Close the pooled connections of the store this service opened
        (:func:`rinkside.services.open.open_tournaments`: a command's, a
        server's), once its owner is done with it; a session opened later
        connects again. Left open, they were closed by the garbage
        collector whenever it came by (on PostgreSQL, psycopg's
        ``ResourceWarning``, in whatever ran then). Nothing for a joined
        service (its transaction's connection is its owner's)."""
        bind = self.bind
        if isinstance(bind, Engine):
            bind.dispose()

    def within(self, s: Session) -> Self:
        """This service with every write of its own made inside ``s``'s
        transaction (its sessions joined to ``s``'s connection, their commits
        left to ``s``): a desk write and its line in the record commit
        together or not at all (:func:`rinkside.services.changes.record`).
        It keeps its states in a cache of its own and announces nothing: its
        writes are not committed yet (the caller announces a game's change
        after ``s`` commits, :meth:`changed`)."""
        joined = type(self)(sessionmaker(bind=s.connection(), expire_on_commit=False,
                                         join_transaction_mode="rollback_only"))
        joined.wall_clock = self.wall_clock
        joined._joined = s
        return joined

    def use_clock(self, clock: WallClock) -> None:
        """Read wall time from ``clock`` (milliseconds since the epoch): tests run time."""
        self.wall_clock = clock

    def now_ms(self) -> int:
        return self.wall_clock()

    def now(self) -> datetime:
        """The moment a write stamps, from the clock passed in (UTC)."""
        return datetime.fromtimestamp(self.now_ms() / 1000, UTC)

    def changed(self, game_id: int, version: int) -> None:
        """After a commit that changed the game with no new state of its own
        at hand (a suspension's decision): announced, the state to be read."""
        self._announce(Change(game_id, version))

    def committed(self, game_id: int, version: int, state: GameState,
                  live: LiveView | None = None) -> None:
        """After a write's commit, never before: the state it computed is kept
        in memory for that version, and the change announced with it (and
        ``live``, what the live view shows beside it, if the write read it). A
        commit that failed leaves no trace here: another writer may yet write
        that very version, with other events."""
        self.cache.put(game_id, version, state)
        self._announce(Change(game_id, version, state, live))

    def _announce(self, change: Change) -> None:
        if self.on_change is not None:
            self.on_change(change)

    @staticmethod
    def existing_row(s: Session, model: type[Any], key: int) -> Any:
        """The row of ``model`` with primary key ``key``; NotFound (the
        caller's 404) when there is none."""
        row = s.get(model, key)
        if row is None:
            raise NotFound(f"no {model.__name__.lower()} {key}")
        return row

    @staticmethod
    def hold_game(s: Session, game_id: int) -> models.Game:
        """The game's row, held (written to) until the transaction ends, read
        after the hold; NotFound when there is none. A desk write that
        replaces a set of the game's rows (its officials, Rules 501-507)
        holds it first: a second save of the same game waits for the first
        to commit and then replaces what it wrote, so saves at once end as
        the last one whole, never a duplicate key (a 500) nor half of each.
        A write is what SQLite takes its one writer's lock on; PostgreSQL
        locks the row (no key changes: readers and foreign keys go on)."""
        s.execute(update(models.Game).where(models.Game.id == game_id)
                  .values(version=models.Game.version)
                  .execution_options(synchronize_session=False))
        game = s.get(models.Game, game_id, populate_existing=True)
        if game is None:
            raise NotFound(f"no game {game_id}")
        return game

    @staticmethod
    def hold_team(s: Session, team_id: int) -> models.Team:
        """The team's row, held (written to) until the transaction ends, read
        after the hold; NotFound when there is none. A roster write (a roster
        replaced or imported, a player added or changed: Rules 201-203, 307)
        holds it first, as :meth:`hold_game` does for a game's officials: a
        second save of the same roster waits for the first to commit and
        reads what it wrote, so saves at once end as the last one whole,
        never a duplicate (team, number) key (a 500) nor both rosters."""
        team: models.Team = _held_row(s, models.Team, team_id)
        return team

    @staticmethod
    def hold_division(s: Session, division_id: int) -> models.Division:
        """The division's row held as :meth:`hold_team` holds a team's: a
        roster file imported into it (its teams found or made by name) waits
        for another import into it, and sees the teams that one made."""
        division: models.Division = _held_row(s, models.Division, division_id)
        return division

    @staticmethod
    def refuse_locked(s: Session, game_id: int) -> None:
        """Rule 616(a): nothing changes once the referees have signed."""
        if signoffs.is_locked(s, game_id):
            raise GameLocked(game_id)

    # What the parts need of one another (each defined by the part that owns it).

    def division_view_in(self, s: Session, division_id: int) -> DivisionView:
        """The division's view read in ``s`` (NotFound when there is none)."""
        raise NotImplementedError  # Tournaments (tournaments.py)

    def teams_view_in(self, s: Session, division_id: int, teams: Collection[int],
                      also: Collection[int] = ()) -> TeamsView:
        """The games of ``teams`` in the division and of ``also``, read in ``s``."""
        raise NotImplementedError  # Tournaments (tournaments.py)

    def refuse_contradicted_record(self, s: Session, game: models.Game) -> None:
        """Rule 203(a): a changed lineup must leave the game's record standing."""
        raise NotImplementedError  # Tournaments (tournaments.py)
