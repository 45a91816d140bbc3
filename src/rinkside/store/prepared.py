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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, exc
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Select

__all__ = ["Prepared"]

@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    order: tuple[str, ...] | None  # a positional driver's parameters, in order
    defaults: dict[str, Any]  # the statement's own values (a LIMIT's)
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]  # the parameters to convert
    results: tuple[tuple[int, Callable[[Any], Any]], ...]  # the result columns to convert


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
        positional = compiled.positiontup
        made = _Compiled(compiled.string, tuple(positional) if positional is not None else None,
                         dict(compiled.params), binds, results)
        self._compiled[dialect.name] = made
        return made

    def _sent(self, compiled: _Compiled, params: Mapping[str, Any]
              ) -> Sequence[Any] | Mapping[str, Any]:
        values = {**compiled.defaults, **params}
        for name, processor in compiled.binds:
            values[name] = processor(values[name])
        return values if compiled.order is None else tuple(values[name]
                                                           for name in compiled.order)

    def _run(self, connection: Connection, params: Sequence[Mapping[str, Any]], *,
             many: bool = False) -> Any:
        compiled = self._for(connection.dialect)
        sent: list[Any] = [self._sent(compiled, one) for one in params]
        if not connection.in_transaction():
            connection.begin()  # as SQLAlchemy's own run begins one: its commit is ours
        cursor = connection.connection.cursor()
        dispatch = connection.dispatch.before_cursor_execute
        if dispatch:
            dispatch(connection, cursor, compiled.sql, sent if many else sent[0], None, many)
        try:
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
        the driver."""
        if rows:
            self._run(connection, rows, many=True).close()

    def rowcount(self, connection: Connection, params: Mapping[str, Any]) -> int:
        """How many rows the statement wrote."""
        cursor = self._run(connection, [params])
        try:
            count: int = cursor.rowcount
        finally:
            cursor.close()
        return count
