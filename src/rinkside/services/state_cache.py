"""Game states kept by (game, version): the store's log is the truth, and a
state is only reused while the log's version is the one it was computed at,
by this engine (:func:`engine_fingerprint`), for the same setup.

In memory (:class:`StateCache`) a state is kept as it is; in the store
(``game_state_cache``) it is pickled without its setup, under the digests of
the settings and the two dressed rosters it was computed for (a division's
games share a handful of those values, which every state pickled whole
would write again)."""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import io
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from functools import cache
from importlib import resources
from operator import attrgetter
from typing import Any, Final, cast

from sqlalchemy import Connection, Insert, Table, bindparam, event, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, SessionTransaction

from rinkside.rules import notices, outcome, records
from rinkside.rules.roster import GameSetup, Player, Roster
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services.collector import collector_paused
from rinkside.store.connections import connection_of
from rinkside.store.event_builders import builder
from rinkside.store.models import GameStateCache
from rinkside.store.prepared import Prepared


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


# A stored state is kept without its setup (the settings and the two dressed
# rosters: a third of its bytes and of the time to pickle it), under the
# digests of those three values; it is reused only for a setup with the
# same digests, which is then put back in it. Each distinct settings or
# roster value is digested once per call, not once per game.

_Digests = tuple[bytes, bytes, bytes]

# A dressed roster is digested as what it compares by (each of its compared
# fields, its players as their fields' values), read from the dataclasses'
# own fields so that a field added later is digested too: a division dresses
# some hundreds of distinct rosters, and pickling each as its objects (a
# dataclass's state, a player's reduction) was a tenth of the cost of
# keeping its states.
_ROSTER_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Roster) if f.compare)
_roster_values: Final = attrgetter(*_ROSTER_FIELDS)
_player_values: Final = attrgetter(*(f.name for f in dataclasses.fields(Player) if f.compare))
_PLAYERS: Final = _ROSTER_FIELDS.index("players")


def _roster_key(roster: Roster) -> tuple[Any, ...]:
    values = list(_roster_values(roster))
    values[_PLAYERS] = tuple(map(_player_values, roster.players))
    return tuple(values)


def _digest(value: object, memo: dict[int, tuple[object, bytes]]) -> bytes:
    found = memo.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    key = ("roster", _roster_key(value)) if type(value) is Roster else value
    digest = hashlib.sha256(pickle.dumps(key, protocol=5)).digest()[:16]
    memo[id(value)] = (value, digest)
    return digest


def _setup_digests(setup: GameSetup, memo: dict[int, tuple[object, bytes]]) -> _Digests:
    return (_digest(setup.settings, memo), _digest(setup.home, memo),
            _digest(setup.away, memo))


# The digests of the values written lately, kept between writes: a setup is
# built once per version of what it is built from (services.replay), so a
# console's every write keeps its state for the very settings and rosters
# the last one digested (digesting them again was a third of keeping a
# state). Each entry holds its value, so its id is not reused while it is
# here; emptied when it holds more than a few hundred games' values.
_DIGESTED: Final[dict[int, tuple[object, bytes]]] = {}
_DIGESTED_MOST: Final = 2048


def _digests_kept() -> dict[int, tuple[object, bytes]]:
    if len(_DIGESTED) > _DIGESTED_MOST:
        _DIGESTED.clear()
    return _DIGESTED


# The engine's records are frozen slotted dataclasses, which pickle by
# default through dataclasses' __getstate__ (a fields() call and a list per
# record) or a generator over their slots: a state holds dozens of them, and
# that was a third of the time to pickle it. Here each is reduced to its
# fields' values, read by one attrgetter, and loads back through a builder
# that sets its slots directly (:func:`rinkside.store.event_builders.builder`,
# at about half the cost of a frozen dataclass's ``__init__``, which was most
# of the time to load a state), equal to what was pickled. Pickle names each
# builder as an attribute of :class:`_Built` (``_Built.GoalRecord``); a class
# whose constructor does more than set its fields loads through it instead.


class _Built:
    """The records' builders, by the name of their class (what pickle names)."""


def _loader(cls: type) -> Callable[..., Any]:
    try:
        built: Callable[..., Any] = builder(cls)
    except TypeError:  # a constructor that checks or computes: it is called
        return cls
    built.__module__, built.__qualname__ = __name__, f"_Built.{cls.__name__}"
    setattr(_Built, cls.__name__, built)
    return built


def _positional(cls: type) -> Callable[[Any], tuple[Callable[..., Any], tuple[Any, ...]]]:
    names = [f.name for f in dataclasses.fields(cls)]
    assert all(f.init for f in dataclasses.fields(cls)), cls  # the constructor takes them all
    getter = attrgetter(*names)
    load = _loader(cls)
    if len(names) == 1:
        return lambda value: (load, (getter(value),))
    return lambda value: (load, getter(value))


# A game state itself (a slotted class of some forty fields) would pickle as a
# dict of its slots, every field's name written again in every state: it is
# kept as its fields' values in slot order instead, less its setup. Only a
# state computed by this very engine is ever read back (load_stored asks for
# this engine's fingerprint, which changes with the class), so the order is
# the same.

_BARE_SLOTS: Final = tuple(name for name in GameState.__slots__ if name != "setup")
_bare_values: Final = attrgetter(*_BARE_SLOTS)


def game_state_of(setup: GameSetup, values: tuple[Any, ...]) -> GameState:
    """A state of ``setup`` from its other fields' values in slot order (how
    one is kept)."""
    state = GameState.__new__(GameState)
    state.setup = setup
    for name, value in zip(_BARE_SLOTS, values, strict=True):
        setattr(state, name, value)
    return state


def with_setup(state: GameState, setup: GameSetup) -> GameState:
    """``state`` with ``setup`` in place of its own, an equal value (the
    same state, its every other field shared)."""
    return game_state_of(setup, _bare_values(state))


_RECORDS: Final = (records.GoalRecord, records.PenaltyRecord, records.ShotRecord,
                   records.PenaltyShotRecord, records.MeasurementRecord,
                   records.CautionRecord, records.ShootoutShot, outcome.Result,
                   notices.RuleWarning, GameTime)
_DISPATCH: Final[dict[type, Callable[[Any], Any]]] = {**copyreg.dispatch_table,
                    **{cls: _positional(cls) for cls in _RECORDS}}


class _Pickler:
    """pickle.dumps at protocol 5 with the records' reducers, one pickler and
    buffer reused for a batch of states (its memo cleared between them)."""

    def __init__(self) -> None:
        self._buffer = io.BytesIO()
        self._pickler = pickle.Pickler(self._buffer, protocol=5)
        self._pickler.dispatch_table = _DISPATCH

    def dumps(self, value: object) -> bytes:
        buffer = self._buffer
        buffer.seek(0)
        buffer.truncate()
        self._pickler.clear_memo()
        self._pickler.dump(value)
        return buffer.getvalue()


_PICKLERS: Final = threading.local()


def _pickler() -> _Pickler:
    """This thread's pickler, made once (a console's every write pickles a
    state: making a pickler and its buffer each time was a tenth of it)."""
    made: _Pickler | None = getattr(_PICKLERS, "pickler", None)
    if made is None:
        made = _PICKLERS.pickler = _Pickler()
    return made


def _dumped(state: GameState, memo: dict[int, tuple[object, bytes]],
            pickler: _Pickler | None = None) -> bytes:
    return (pickler or _Pickler()).dumps((_setup_digests(state.setup, memo),
                                          _bare_values(state)))


def _loaded(blob: bytes, setup: GameSetup, memo: dict[int, tuple[object, bytes]]
            ) -> GameState | None:
    """The stored state if it was computed for ``setup`` (else None: also a
    blob this code cannot read, such as one naming what it no longer has,
    which is only a cache's miss: the state is computed again)."""
    try:
        kept = pickle.loads(blob)
    except (pickle.UnpicklingError, AttributeError, ImportError, EOFError, TypeError,
            ValueError, IndexError):
        return None
    if isinstance(kept, GameState):  # kept whole, with its setup (before the digests)
        return kept if kept.setup == setup else None
    digests, values = kept
    if digests != _setup_digests(setup, memo) or len(values) != len(_BARE_SLOTS):
        return None
    return game_state_of(setup, values)


# Built once (a division's view and every console write read it): a reused
# statement skips SQLAlchemy's construction and finds its compiled form cached.
_STORED: Final = (select(GameStateCache.game_id, GameStateCache.version, GameStateCache.state)
                  .where(GameStateCache.game_id.in_(bindparam("ids", expanding=True)),
                         GameStateCache.engine == bindparam("engine")))


def load_stored(session: Session | Connection, setups: Mapping[int, GameSetup]
                ) -> dict[int, tuple[int, GameState]]:
    """Stored states of the games of ``setups`` (``{game: setup}``) that this
    engine computed for that very setup (settings and dressed rosters)."""
    rows = connection_of(session).execute(
        _STORED, {"ids": list(setups), "engine": engine_fingerprint()}).all()
    memo: dict[int, tuple[object, bytes]] = {}
    out: dict[int, tuple[int, GameState]] = {}
    for row in rows:
        state = _loaded(row.state, setups[row.game_id], memo)
        if state is not None:
            out[row.game_id] = (row.version, state)
    return out


# Writing a state is an upsert (``INSERT ... ON CONFLICT (game_id) DO
# UPDATE``): two transactions keeping the same game's state, a console's
# write and a scoreboard's cold read, both succeed, the later one waiting
# for the first; a delete and an insert raced into a duplicate key on
# PostgreSQL. A state already stored for a later version of the log (by the
# same engine) is not replaced by an earlier one.
#
# And it is the last statement of its transaction: :func:`store` keeps the
# state with the session, and it is written just before the session commits
# (``before_commit``), every pending state of the transaction in one
# statement, in the order of the games' ids. A transaction thus never holds
# a cached state's row while it waits for anything else (a game's row, to
# append to its log): writers queue on the game's row alone, the cache's
# rows are taken last and in one order, and no two transactions can wait for
# each other. A transaction rolled back writes none of its states.

_PENDING = "rinkside.pending_states"


def _upsert(dialect: str) -> Insert:
    table = cast(Table, GameStateCache.__table__)
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    new = insert(table)
    return new.on_conflict_do_update(
        index_elements=[table.c.game_id],
        set_={"version": new.excluded.version, "engine": new.excluded.engine,
              "state": new.excluded.state, "status": new.excluded.status},
        where=or_(table.c.version <= new.excluded.version,
                  table.c.engine != new.excluded.engine))


# Compiled once, run on the driver's cursor (every console write keeps a state).
_UPSERT: Final = {dialect: Prepared(_upsert(dialect)) for dialect in ("sqlite", "postgresql")}


def store(session: Session, game_id: int, version: int, state: GameState) -> None:
    """Keep ``state`` as the game's state at ``version`` (replacing any older),
    written when the session commits."""
    store_many(session, {game_id: (version, state)})


def store_many(session: Session, states: Mapping[int, tuple[int, GameState]]) -> None:
    """Keep each game's state at its version (``{game: (version, state)}``),
    replacing any older; written when the session commits, in one statement
    with every other state kept in its transaction."""
    if states:
        if session.get_transaction() is None:
            session.begin()  # the transaction they are written in, or forgotten with
        session.info.setdefault(_PENDING, {}).update(states)


def take_pending(session: Session) -> dict[int, tuple[int, GameState]]:
    """The states kept in the session's transaction (:func:`store`), taken
    from it to be written by the caller (:func:`write`)."""
    pending: dict[int, tuple[int, GameState]] = session.info.pop(_PENDING, None) or {}
    return pending


def _write_pending(session: Session) -> None:
    """Before a commit: the states kept in the transaction, in one upsert."""
    pending: dict[int, tuple[int, GameState]] | None = session.info.pop(_PENDING, None)
    if not pending or session.in_nested_transaction():
        if pending:  # a savepoint's commit: the outer transaction writes them
            session.info[_PENDING] = pending
        return
    write(connection_of(session), pending)  # a plain executemany: no ORM around it


def write(connection: Connection, states: Mapping[int, tuple[int, GameState]]) -> None:
    """Each game's state at its version (``{game: (version, state)}``) written
    now, in ``connection``'s transaction, in one statement in the order of the
    games' ids, replacing any older: a write on a connection keeps its state
    so, as its last statement (see :func:`store`)."""
    if not states:
        return
    engine = engine_fingerprint()
    memo = _digests_kept()
    pickler = _pickler()
    # Many states (a division's, kept at once) are a bulk of short-lived
    # values the collector is paused around; a console write's one is not.
    with collector_paused() if len(states) > 1 else nullcontext():
        rows = [{"game_id": game_id, "version": version, "engine": engine,
                 "state": _dumped(state, memo, pickler), "status": state.status}
                for game_id, (version, state) in sorted(states.items())]
    _UPSERT[connection.dialect.name].executemany(connection, rows)


def _forget_pending(session: Session, _transaction: SessionTransaction) -> None:
    """After a rollback (of the transaction or of a savepoint in it): the
    states kept are not written."""
    session.info.pop(_PENDING, None)


def _transaction_ended(session: Session, transaction: SessionTransaction) -> None:
    """A transaction that ended without its commit writing them (closed,
    rolled back) forgets its states, as the database forgets its rows."""
    if transaction.parent is None:
        session.info.pop(_PENDING, None)


event.listen(Session, "before_commit", _write_pending)
event.listen(Session, "after_soft_rollback", _forget_pending)
event.listen(Session, "after_transaction_end", _transaction_ended)


class StateCache:
    """A least-recently-used cache of recomputed game states, sized by what
    is read: ``size`` at first, grown by :meth:`reserve` to hold every state
    one read needs at once (a tournament's every game, for its suspensions),
    so that a read of more games than it holds does not evict its own
    states one by one and read each again from the store (issue 30)."""

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

    def reserve(self, count: int) -> None:
        """Room for ``count`` states read together, besides the games being
        played meanwhile (a quarter as many again): the cache never shrinks
        below what one read of the store's games needs."""
        with self._lock:
            self.size = max(self.size, count + count // 4)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()
