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

revision: str = "0003"
down_revision: str | None = "0002"

TRIGGER = "event_revisions_advance_game"

# How an op changes the log's length (the op's CHECK constraint allows only these four).
_LENGTH_CHANGE = (
    "CASE NEW.op WHEN 'append' THEN 1 WHEN 'insert' THEN 1 WHEN 'delete' THEN -1 ELSE 0 END"
)
_ADVANCE = f"""
    UPDATE games
       SET version = NEW.revision, event_count = event_count + {_LENGTH_CHANGE}
     WHERE id = NEW.game_id AND version = NEW.revision - 1"""

_SQLITE_TRIGGER = f"""
CREATE TRIGGER {TRIGGER} AFTER INSERT ON event_revisions
BEGIN{_ADVANCE};
    SELECT RAISE(ABORT, 'event_revisions: a revision must be its game''s next version')
     WHERE changes() = 0;
END"""

# No '%' in the SQL: offline (``alembic upgrade --sql``) it would be written doubled.
_POSTGRESQL_FUNCTION = f"""
CREATE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN{_ADVANCE};
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation',
            MESSAGE = 'event_revisions: revision ' || NEW.revision || ' of game '
                      || NEW.game_id || ' is not its next version';
    END IF;
    RETURN NULL;
END
$$"""

_POSTGRESQL_TRIGGER = f"""
CREATE TRIGGER {TRIGGER} AFTER INSERT ON event_revisions
FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()"""


def _dialect() -> str:
    return op.get_context().dialect.name


def upgrade() -> None:
    if _dialect() == "postgresql":
        op.execute(_POSTGRESQL_FUNCTION)
        op.execute(_POSTGRESQL_TRIGGER)
    else:
        op.execute(_SQLITE_TRIGGER)


def downgrade() -> None:
    if _dialect() == "postgresql":
        op.execute(f"DROP TRIGGER {TRIGGER} ON event_revisions")
        op.execute(f"DROP FUNCTION {TRIGGER}()")
    else:
        op.execute(f"DROP TRIGGER {TRIGGER}")
