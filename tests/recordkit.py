"""The desk's record made to fail: the process dying between a desk write
and its line in the record (``Crash``), for the tests that the two commit
together, through the services on both stores
(tests/store/test_desk_record_transactions.py) and through every desk route
(tests/web/test_desk_records_together.py). The fixture is the suite's
``crashing_record`` (tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from rinkside.store import models


class Crash(RuntimeError):
    """The process dying between the write and its record, as a test can."""


@contextmanager
def record_crashes() -> Iterator[None]:
    """Every line the desk's record inserts meanwhile fails with :class:`Crash`."""

    def crash(*_: object) -> None:
        raise Crash("the record is not written")

    event.listen(models.DeskChange, "before_insert", crash)
    try:
        yield
    finally:
        event.remove(models.DeskChange, "before_insert", crash)
