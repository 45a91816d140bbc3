"""The database keeps each game's version and length in step with its revisions.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06

A trigger after every insert into ``event_revisions`` moves the game's row
on: ``version`` to the new revision's number and ``event_count`` by the
op (append and insert +1, delete -1, replace 0). It only moves a game from
``revision - 1``: a revision that is not its game's next one is refused by
the database (an integrity error), so the head and the revisions cannot
drift apart whoever writes them. With it, a write to the log is the one
``INSERT ... SELECT`` of :mod:`rinkside.store.eventlog`.

Triggers are not in the SQLAlchemy metadata and autogenerate does not
compare them; ``tests/store/test_store_migrations.py`` checks this one is
made and dropped.

On SQLite, a later migration that rebuilds ``games`` or ``event_revisions``
in batch mode (copy, drop, rename) must drop this trigger first and create
it again after: SQLite refuses to rename a table while a trigger names a
table that is missing.
"""

from __future__ import annotations

from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0003"
down_revision: str | None = "0002"

_POSTGRESQL_TRIGGER = f"""
CREATE TRIGGER {ddl.TRIGGER} AFTER INSERT ON event_revisions
FOR EACH ROW EXECUTE FUNCTION {ddl.TRIGGER}()"""


def _dialect() -> str:
    return op.get_context().dialect.name


def upgrade() -> None:
    if _dialect() == "postgresql":
        op.execute(ddl.postgresql_function(chained=False, replace=False))
        op.execute(_POSTGRESQL_TRIGGER)
    else:
        op.execute(ddl.sqlite_trigger(chained=False))


def downgrade() -> None:
    if _dialect() == "postgresql":
        op.execute(f"DROP TRIGGER {ddl.TRIGGER} ON event_revisions")
        op.execute(f"DROP FUNCTION {ddl.TRIGGER}()")
    else:
        op.execute(f"DROP TRIGGER {ddl.TRIGGER}")
