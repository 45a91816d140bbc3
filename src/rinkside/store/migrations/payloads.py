"""Rewriting the payloads of every stored revision: the migrations that
change how an event is stored (0007, 0014, 0016) each say only how one
payload changes.

**Frozen**, as :mod:`rinkside.store.migrations.ddl` is: the versions that
call :func:`rewrite` send what it sends, and a change here would rewrite
them (``tests/store/test_store_migration_ddl.py`` and the tests of those
migrations' data would say so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import sqlalchemy
from alembic import op

REVISIONS: Final = sqlalchemy.Table(
    "event_revisions", sqlalchemy.MetaData(),
    sqlalchemy.Column("game_id", sqlalchemy.Integer),
    sqlalchemy.Column("revision", sqlalchemy.Integer),
    sqlalchemy.Column("payload", sqlalchemy.JSON(none_as_null=True)),
    sqlalchemy.Column("previous", sqlalchemy.JSON(none_as_null=True)))
BATCH: Final = 1000  # rows written by one statement


def rewrite(change: Callable[[int, Any], Any], *, unchanged_too: bool = True) -> None:
    """Each revision's ``payload`` and ``previous`` become ``change(game_id, value)``.

    The revisions are read in the order of their games and numbers and
    written back in batches of :data:`BATCH`; with ``unchanged_too=False`` a
    revision whose two values ``change`` hands back as they were is not
    written.
    """
    connection = op.get_bind()
    c = REVISIONS.c
    rows = connection.execute(sqlalchemy.select(c.game_id, c.revision, c.payload, c.previous)
                              .order_by(c.game_id, c.revision)).all()
    update = (sqlalchemy.update(REVISIONS)
              .where(c.game_id == sqlalchemy.bindparam("g"),
                     c.revision == sqlalchemy.bindparam("r"))
              .values(payload=sqlalchemy.bindparam("p"), previous=sqlalchemy.bindparam("q")))
    batch: list[dict[str, Any]] = []
    for game_id, number, payload, previous in rows:
        new_payload, new_previous = change(game_id, payload), change(game_id, previous)
        if not unchanged_too and new_payload is payload and new_previous is previous:
            continue
        batch.append({"g": game_id, "r": number, "p": new_payload, "q": new_previous})
        if len(batch) >= BATCH:
            connection.execute(update, batch)
            batch = []
    if batch:
        connection.execute(update, batch)
