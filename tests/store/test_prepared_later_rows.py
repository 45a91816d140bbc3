"""A read whose rows are asked for after its write (``Prepared.later``):
run at once outside a PostgreSQL unit, its rows are taken at once, so
asking for them once the connection is given back (closed, as a pool of
one connection per use does, or reused by another thread) still answers.
The console write reads its clocks so (``recording.clocks_after``)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Column, Integer, MetaData, Table, create_engine, select
from sqlalchemy.pool import NullPool

from rinkside.store.prepared import Prepared

NUMBERS = Table("numbers", MetaData(), Column("n", Integer, primary_key=True))


def test_the_rows_of_a_read_run_now_outlive_its_connection(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'later.db'}", poolclass=NullPool)
    NUMBERS.metadata.create_all(engine)
    with engine.begin() as c:
        c.execute(NUMBERS.insert(), [{"n": 1}, {"n": 2}])
    read = Prepared(select(NUMBERS.c.n).order_by(NUMBERS.c.n))
    with engine.begin() as c:
        later = read.later(c, {})
    # the connection is closed now (NullPool): the rows were taken with the read
    assert later.all() == [(1,), (2,)]
    engine.dispose()
