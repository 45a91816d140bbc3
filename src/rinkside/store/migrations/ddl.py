"""The pieces of DDL the store's migrations repeat: each said once, here.

A table keyed by an ``id`` integer, a foreign key with its conventional
name, an index on some columns, the moment and the author of a record, the
columns a revision adds to a table (by SQLite's batch copy), and the
trigger by which ``event_revisions`` advances its game (0003, remade by 0022).

**Frozen.** A migration is history: what it sends to the database must not
change once it is released, and every helper here is part of what the
versions that call it send. Never change what a helper emits; a new shape
is a new helper (or a new keyword whose default emits what the old one did).
``tests/store/test_store_migration_ddl.py`` compares the SQL of every revision,
up and down on SQLite and PostgreSQL, with a recorded copy, and names the
revisions a change here would rewrite.

The names follow the store's naming convention
(:data:`rinkside.store.models.base.NAMING_CONVENTION`), which Alembic also
applies here: a primary key, a foreign key, a unique constraint or an
index given its conventional name keeps it. A CHECK constraint does not (the
convention puts the table before its name: 0005's "ck_users_role" is
"ck_users_ck_users_role"; from 0023 on the versions pass ``op.f`` to keep
the name as written), so the versions write their checks themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import sqlalchemy
from alembic import op

NAME: Final = 200  # names of tournaments, teams, players, rinks, officials
WHO: Final = 100  # a username

Column = sqlalchemy.Column[Any]


def create_table(name: str, *elements: sqlalchemy.schema.SchemaItem,
                 key: Sequence[str] = (), **options: Any) -> sqlalchemy.Table:
    """``CREATE TABLE name``: an integer ``id`` first and the key, or ``key``
    the columns of ``elements`` that are, with the primary key ``pk_<name>``
    (written first among the constraints, wherever it is given)."""
    identity = () if key else (integer("id"),)
    primary = sqlalchemy.PrimaryKeyConstraint(*(key or ("id",)), name=f"pk_{name}")
    return op.create_table(name, *identity, *elements, primary, **options)


def foreign_key(table: str, column: str, target: str,
                ondelete: str | None = None) -> sqlalchemy.ForeignKeyConstraint:
    """``column`` of ``table`` refers to ``target.id``: ``fk_<table>_<column>_<target>``."""
    return sqlalchemy.ForeignKeyConstraint([column], [f"{target}.id"],
                                           name=f"fk_{table}_{column}_{target}",
                                           ondelete=ondelete)


def unique(table: str, *columns: str) -> sqlalchemy.UniqueConstraint:
    """``columns`` together are unique in ``table``: ``uq_<table>_<columns>``."""
    return sqlalchemy.UniqueConstraint(*columns, name=f"uq_{table}_{'_'.join(columns)}")


def create_index(table: str, *columns: str, where: str | None = None) -> None:
    """``ix_<table>_<columns>`` on ``columns``, in that order; with ``where``
    (SQL), a partial index of the rows it holds for (both stores)."""
    partial: dict[str, Any] = {} if where is None else {
        "sqlite_where": sqlalchemy.text(where), "postgresql_where": sqlalchemy.text(where)}
    op.create_index(f"ix_{table}_{'_'.join(columns)}", table, list(columns), **partial)


def drop_index(table: str, *columns: str) -> None:
    """The index :func:`create_index` made on ``columns``."""
    op.drop_index(f"ix_{table}_{'_'.join(columns)}", table_name=table)


def integer(name: str, *, nullable: bool = False, default: str | None = None) -> Column:
    return sqlalchemy.Column(name, sqlalchemy.Integer(), server_default=default,
                             nullable=nullable)


def string(name: str, length: int, *, nullable: bool = False,
           default: str | None = None) -> Column:
    return sqlalchemy.Column(name, sqlalchemy.String(length), server_default=default,
                             nullable=nullable)


def text(name: str, *, nullable: bool = False, default: str | None = None) -> Column:
    return sqlalchemy.Column(name, sqlalchemy.Text(), server_default=default,
                             nullable=nullable)


def json(name: str, *, nullable: bool = False) -> Column:
    return sqlalchemy.Column(name, sqlalchemy.JSON(), nullable=nullable)


def flag(name: str, *, default: bool) -> Column:
    """A boolean that is never null, ``default`` unless given."""
    server_default = sqlalchemy.true() if default else sqlalchemy.false()
    return sqlalchemy.Column(name, sqlalchemy.Boolean(), server_default=server_default,
                             nullable=False)


def moment(name: str, *, nullable: bool = False) -> Column:
    """A moment, with its time zone (the store writes UTC)."""
    return sqlalchemy.Column(name, sqlalchemy.DateTime(timezone=True), nullable=nullable)


def recorded(by: str = "recorded_by", at: str = "recorded_at", *,
             nullable: bool = False) -> tuple[Column, Column]:
    """Who recorded a row and when."""
    return string(by, WHO, nullable=nullable), moment(at, nullable=nullable)


def add_columns(table: str, *columns: Column) -> None:
    """``columns`` added to ``table`` (on SQLite by a batch copy where needed)."""
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    """The columns ``names`` dropped from ``table``, in that order."""
    with op.batch_alter_table(table) as batch:
        for name in names:
            batch.drop_column(name)


# The trigger by which an inserted revision advances its game's version and
# length, refusing one that is not the game's next version (0003; 0022 has it
# move the game's chain head too).
TRIGGER: Final = "event_revisions_advance_game"
# How an op changes the log's length (the op's CHECK constraint allows only these four).
_LENGTH_CHANGE: Final = (
    "CASE NEW.op WHEN 'append' THEN 1 WHEN 'insert' THEN 1 WHEN 'delete' THEN -1 ELSE 0 END"
)


def _advance(chained: bool) -> str:
    # A revision inserted with no link (by hand) leaves the head where it was:
    # rinkside.store.chain.verify names it.
    moved = (", chain_head = coalesce(NEW.link, chain_head),"
             " chain_length = coalesce(NEW.chain_seq, chain_length)") if chained else ""
    return f"""
    UPDATE games
       SET version = NEW.revision, event_count = event_count + {_LENGTH_CHANGE}{moved}
     WHERE id = NEW.game_id AND version = NEW.revision - 1"""


def sqlite_trigger(*, chained: bool) -> str:
    """SQLite's ``CREATE TRIGGER``; ``chained``: the game's chain head moves too."""
    return f"""
CREATE TRIGGER {TRIGGER} AFTER INSERT ON event_revisions
BEGIN{_advance(chained)};
    SELECT RAISE(ABORT, 'event_revisions: a revision must be its game''s next version')
     WHERE changes() = 0;
END"""


def postgresql_function(*, chained: bool, replace: bool) -> str:
    """PostgreSQL's trigger function (``replace``: ``CREATE OR REPLACE``).

    No '%' in the SQL: offline (``alembic upgrade --sql``) it would be written doubled.
    """
    create = "CREATE OR REPLACE" if replace else "CREATE"
    return f"""
{create} FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN{_advance(chained)};
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation',
            MESSAGE = 'event_revisions: revision ' || NEW.revision || ' of game '
                      || NEW.game_id || ' is not its next version';
    END IF;
    RETURN NULL;
END
$$"""
