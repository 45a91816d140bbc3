"""A console write's statements run on the driver's own cursor.

A statement built once is still, at every run through SQLAlchemy, looked up
in the compiled cache by its key (a tuple as deep as the statement, hashed
each time), given an execution context and its parameters walked, and its
rows wrapped: for the one read of a console's write that was two thirds of
its time, more than SQLite took to answer it (issue 30). :class:`Prepared`
compiles its statement once per dialect, with the bind and result
processors its types give on that dialect (the very values SQLAlchemy would
send and hand back), and runs it on the cursor of the connection's own
driver connection, in the connection's transaction.

Listeners of ``before_cursor_execute`` still hear each statement (the tests
that count a write's statements); the driver's errors are raised as
SQLAlchemy's (:class:`sqlalchemy.exc.DBAPIError` and its kinds), as from
``Connection.execute``. Nothing here knows the rules.

On PostgreSQL a write's round trips, not its statements, are what it waits
for: :func:`write_unit` opens its transaction with no ``BEGIN`` of its own,
sending it with the first statement, and holds a statement whose result
nobody reads (:meth:`Prepared.executemany`: the states kept) to be sent
with the next one or with ``COMMIT``, each batch in one round trip
(psycopg's pipeline mode). A console write made seven: the pool's ping,
``BEGIN``, four statements and ``COMMIT`` (issue 30).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Final
from weakref import WeakSet

from sqlalchemy import Connection, Engine, event, exc
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Select

__all__ = ["Later", "Prepared", "write_unit"]

_UNIT: Final = "rinkside.write_unit"  # the connection's info: its unit, while one is open


# A statement held: its SQL, its parameters (a list of them: run for many),
# and the cursor its rows are to be read from later (None: nobody reads them).
_Held = tuple[str, Any, Any]


@dataclass(slots=True)
class _Unit:
    """What a PostgreSQL write has not sent yet: its ``BEGIN`` (until its
    first statement) and the statements held (:data:`_Held`)."""

    begin: bool = True
    held: list[_Held] = field(default_factory=list)

    def taken(self) -> tuple[bool, list[_Held]]:
        """What is to go before the next statement, no longer held."""
        begin, held = self.begin, self.held
        self.begin, self.held = False, []
        return begin, held


def _unit_of(connection: Connection) -> _Unit | None:
    unit: _Unit | None = connection.info.get(_UNIT)
    return unit


def _send(connection: Connection, cursor: Any, begin: bool,
          held: Sequence[_Held], last: tuple[str, Any, bool] | None, *,
          commit: bool = False) -> None:
    """``BEGIN`` (when ``begin``), the held statements, then ``last`` (SQL,
    parameters, whether it is run for many) or ``COMMIT`` (``commit``), in
    one round trip (psycopg's pipeline): a listener of
    ``before_cursor_execute`` hears each statement as it goes (not the
    ``BEGIN`` nor the ``COMMIT``, as from SQLAlchemy's own run)."""
    dispatch = connection.dispatch.before_cursor_execute
    with cursor.connection.pipeline():
        if begin:
            cursor.execute("BEGIN")
        for sql, params, reader in held:
            many = reader is None
            if dispatch:
                dispatch(connection, reader or cursor, sql, params, None, many)
            if not many:
                reader.execute(sql, params)
            elif len(params) == 1:
                # One row run as one: psycopg prepares a statement run for many
                # at once, and the next ROLLBACK on the connection (a read
                # session's end) then costs a DEALLOCATE ALL, a round trip.
                cursor.execute(sql, params[0])
            else:
                cursor.executemany(sql, params)
        if last is not None:
            sql, params, many = last
            if dispatch:
                dispatch(connection, cursor, sql, params, None, many)
            if many:
                cursor.executemany(sql, params)
            else:
                cursor.execute(sql, params)
        if commit:
            cursor.execute("COMMIT")


def _send_first(connection: Connection, cursor: Any, statement: str, *_: Any) -> None:
    """Before SQLAlchemy runs a statement in a unit (the ORM's, a rarely run
    read's): what the unit has not sent goes first, so that it runs in the
    unit's transaction and after what was held."""
    unit = _unit_of(connection)
    if unit is None or not (unit.begin or unit.held):
        return
    begin, held = unit.taken()
    _checked(connection, lambda: _send(connection, cursor.connection.cursor(), begin, held,
                                       None), statement)


def _commit_held(connection: Connection) -> None:
    """As SQLAlchemy commits a unit's transaction (its ``commit`` event,
    after the listeners of every engine's): the statements held and the
    ``COMMIT`` in one round trip; the driver's own commit then finds the
    transaction ended and sends nothing."""
    unit = _unit_of(connection)
    if unit is None or not unit.held:
        return
    begin, held = unit.taken()  # begun here if nothing was sent before (the held alone)
    driver = connection.connection.driver_connection
    assert driver is not None
    _checked(connection, lambda: _send(connection, driver.cursor(), begin, held, None,
                                       commit=True))


_HEARD: WeakSet[Engine] = WeakSet()  # the engines _send_first and _commit_held hear


def write_unit(engine: Engine) -> AbstractContextManager[Connection]:
    """A connection of ``engine`` in one transaction, committed when the
    block ends without an error, rolled back otherwise (``engine.begin()``,
    itself on SQLite).

    On PostgreSQL its ``BEGIN`` goes with its first statement and a held
    statement (:meth:`Prepared.executemany`) with the next or with
    ``COMMIT``, in one round trip each: the driver's connection is in
    autocommit meanwhile (psycopg then sends no ``BEGIN`` of its own; its
    commit and rollback still end the transaction begun), anything
    SQLAlchemy runs on it is preceded by what was not sent yet
    (:func:`_send_first`), and its commit is SQLAlchemy's (its ``commit``
    event heard first, :func:`_commit_held`)."""
    if engine.dialect.name != "postgresql":
        return engine.begin()
    return _pipelined_unit(engine)


@contextmanager
def _pipelined_unit(engine: Engine) -> Iterator[Connection]:
    """:func:`write_unit` on PostgreSQL."""
    if engine not in _HEARD:
        event.listen(engine, "before_cursor_execute", _send_first)
        event.listen(engine, "commit", _commit_held)
        _HEARD.add(engine)
    with engine.connect() as connection:
        driver = connection.connection.driver_connection
        assert driver is not None
        unit = _Unit()
        driver.autocommit = True
        connection.info[_UNIT] = unit
        try:
            with connection.begin():
                yield connection
        finally:
            connection.info.pop(_UNIT, None)
            if not driver.closed:
                if driver.info.transaction_status.name == "IDLE":
                    driver.autocommit = False
                else:  # never back in the pool in autocommit, nor in a transaction
                    connection.invalidate()


def _cursor(connection: Connection) -> Any:
    """A cursor of the driver's connection under ``connection`` (the pool's
    proxy's own ``cursor()`` is a call more for each statement)."""
    driver = connection.connection.dbapi_connection
    assert driver is not None, "a connection in use has its driver's"
    return driver.cursor()


def _checked(connection: Connection, run: Callable[[], None], sql: str = "COMMIT",
             params: Any = None) -> None:
    """``run()``, the driver's error raised as SQLAlchemy's."""
    try:
        run()
    except connection.dialect.loaded_dbapi.Error as error:
        raise exc.DBAPIError.instance(sql, params, error,
                                      connection.dialect.loaded_dbapi.Error) from error


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    # A positional driver's parameters, in order, taken from their mapping
    # at once (None: the driver takes the mapping)
    order: Callable[[Mapping[str, Any]], tuple[Any, ...]] | None
    defaults: dict[str, Any]  # the statement's own values (a LIMIT's)
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]  # the parameters to convert
    results: tuple[tuple[int, Callable[[Any], Any]], ...]  # the result columns to convert
    pipelined: bool  # the dialect's writes may hold statements (PostgreSQL's, write_unit)


def _taker(order: Sequence[str] | None) -> Callable[[Mapping[str, Any]], tuple[Any, ...]] | None:
    """What takes a positional driver's parameters from their mapping, in
    ``order``, as one tuple (None: no order, the mapping is sent)."""
    if order is None:
        return None
    if not order:
        return lambda _: ()
    if len(order) == 1:
        name = order[0]
        return lambda values: (values[name],)
    taken: Callable[[Mapping[str, Any]], tuple[Any, ...]] = itemgetter(*order)
    return taken


class Prepared:
    """``statement`` compiled once per dialect and run on the driver's cursor:
    :meth:`first`, :meth:`all` (rows as tuples, each column converted as
    SQLAlchemy converts it), :meth:`rowcount` and :meth:`executemany`."""

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        self._compiled: dict[str, _Compiled] = {}

    def _for(self, dialect: Dialect) -> _Compiled:
        found = self._compiled.get(dialect.name)
        if found is not None:
            return found
        compiled = self.statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler), compiled  # a statement, not DDL
        binds = tuple(
            (name, processor) for name, bind in compiled.binds.items()
            if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None)
        columns = (self.statement.selected_columns if isinstance(self.statement, Select)
                   else ())
        results = tuple(
            (index, processor) for index, column in enumerate(columns)
            if (processor := column.type.dialect_impl(dialect).result_processor(dialect, None))
            is not None)
        made = _Compiled(compiled.string, _taker(compiled.positiontup), dict(compiled.params),
                         binds, results, dialect.name == "postgresql")
        self._compiled[dialect.name] = made
        return made

    def _sent(self, compiled: _Compiled, params: Mapping[str, Any]
              ) -> Sequence[Any] | Mapping[str, Any]:
        values = {**compiled.defaults, **params}
        for name, processor in compiled.binds:
            values[name] = processor(values[name])
        return values if compiled.order is None else compiled.order(values)

    def _run(self, connection: Connection, params: Sequence[Mapping[str, Any]], *,
             many: bool = False, held: bool = False) -> Any:
        compiled = self._for(connection.dialect)
        sent: list[Any] = [self._sent(compiled, one) for one in params]
        if not connection.in_transaction():
            connection.begin()  # as SQLAlchemy's own run begins one: its commit is ours
        unit = _unit_of(connection) if compiled.pipelined else None
        if unit is not None and many and held:
            unit.held.append((compiled.sql, sent, None))  # sent with the next, or the COMMIT
            return None
        cursor = _cursor(connection)
        try:
            if unit is not None:
                begin, earlier = unit.taken()
                _send(connection, cursor, begin, earlier,
                      (compiled.sql, sent if many else sent[0], many))
                return cursor
            dispatch = connection.dispatch.before_cursor_execute
            if dispatch:
                dispatch(connection, cursor, compiled.sql, sent if many else sent[0], None,
                         many)
            if many:
                cursor.executemany(compiled.sql, sent)
            else:
                cursor.execute(compiled.sql, sent[0])
        except connection.dialect.loaded_dbapi.Error as error:
            cursor.close()
            raise exc.DBAPIError.instance(compiled.sql, sent, error,
                                          connection.dialect.loaded_dbapi.Error) from error
        return cursor

    def _row(self, compiled: _Compiled, row: Sequence[Any]) -> tuple[Any, ...]:
        if not compiled.results:
            return tuple(row)
        values = list(row)
        for index, processor in compiled.results:
            values[index] = processor(values[index])
        return tuple(values)

    def first(self, connection: Connection, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """The first row, or None."""
        cursor = self._run(connection, [params])
        try:
            row = cursor.fetchone()
        finally:
            cursor.close()
        return None if row is None else self._row(self._for(connection.dialect), row)

    def all(self, connection: Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Every row."""
        cursor = self._run(connection, [params])
        try:
            rows = cursor.fetchall()
        finally:
            cursor.close()
        compiled = self._for(connection.dialect)
        return [self._row(compiled, row) for row in rows]

    def executemany(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """The statement once for each of ``rows``' parameters, in one call of
        the driver. In a PostgreSQL :func:`write_unit`, held to be sent with
        the unit's next statement or its ``COMMIT`` (its error raised there)."""
        if rows:
            cursor = self._run(connection, rows, many=True, held=True)
            if cursor is not None:
                cursor.close()

    def later(self, connection: Connection, params: Mapping[str, Any]) -> Later:
        """Every row, read when asked (:meth:`Later.all`): in a PostgreSQL
        :func:`write_unit`, the statement is held to be sent with the unit's
        next statement or its ``COMMIT`` (a read whose answer is wanted only
        after the commit costs no round trip of its own); elsewhere run now."""
        unit = _unit_of(connection) if self._for(connection.dialect).pipelined else None
        if unit is None:  # run now, and its rows taken now: a SQLite cursor reads
            # them from its connection, which the caller may have given back
            # (closed, or another thread's) by the time it asks
            cursor = self._run(connection, [params])
            try:
                rows = cursor.fetchall()
            finally:
                cursor.close()
            return Later(self, connection, None, None, rows)
        compiled = self._for(connection.dialect)
        if not connection.in_transaction():
            connection.begin()
        reader = _cursor(connection)
        unit.held.append((compiled.sql, self._sent(compiled, params), reader))
        return Later(self, connection, reader, unit)

    def rowcount(self, connection: Connection, params: Mapping[str, Any]) -> int:
        """How many rows the statement wrote."""
        cursor = self._run(connection, [params])
        try:
            count: int = cursor.rowcount
        finally:
            cursor.close()
        return count


class Later:
    """The rows of a statement run, or held to be run (:meth:`Prepared.later`)."""

    __slots__ = ("_connection", "_cursor", "_prepared", "_rows", "_unit")

    def __init__(self, prepared: Prepared, connection: Connection, cursor: Any,
                 unit: _Unit | None, rows: list[Any] | None = None) -> None:
        self._prepared = prepared
        self._connection = connection
        self._cursor = cursor
        self._unit = unit
        self._rows = rows

    def all(self) -> list[tuple[Any, ...]]:
        """Every row (the statement sent now, with what its unit holds, if
        it was not yet)."""
        unit, connection = self._unit, self._connection
        if self._rows is not None:  # run and read already
            compiled = self._prepared._for(connection.dialect)
            return [self._prepared._row(compiled, row) for row in self._rows]
        try:
            if unit is not None and any(held[2] is self._cursor for held in unit.held):
                begin, held = unit.taken()
                _checked(connection, lambda: _send(connection, self._cursor, begin, held, None),
                         self._prepared._for(connection.dialect).sql)
            rows = self._cursor.fetchall()
        finally:
            self._cursor.close()
        compiled = self._prepared._for(connection.dialect)
        return [self._prepared._row(compiled, row) for row in rows]
