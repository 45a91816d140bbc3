"""The tournaments already stored keep playing without the setting
``servers_named``.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03

A tournament's games now wait at a stoppage for the server of each penalty
another player serves (402(c), 404(b), 404(e), 405(a), 407(a)): the setting
``servers_named``, on unless a tournament's amendments turn it off. The
games stored before recorded such penalties with nobody named and played
on; replayed under the setting, their face-offs would be refused. So every
tournament already stored gets ``"servers_named": false`` among its
amendments (the director may turn it on at the desk); a tournament made
from now on has it on. The downgrade takes the key out of every settings
document again (the older code refuses a setting it does not know).
Self-contained on purpose: plain JSON, no code of the application.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"

KEY = "servers_named"
# (table, its settings documents): the tournaments', the divisions', the games' kept
_DOCUMENTS = (("tournaments", ("settings", "playoff_settings")),
              ("divisions", ("settings",)), ("games", ("settings",)))


def _table(name: str, columns: Sequence[str]) -> sqlalchemy.TableClause:
    return sqlalchemy.table(name, sqlalchemy.column("id", sqlalchemy.Integer()),
                            *(sqlalchemy.column(c, sqlalchemy.JSON(none_as_null=True))
                              for c in columns))


def _read(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    bind = op.get_bind()
    tournaments = _table("tournaments", ("settings",))
    for row in bind.execute(sqlalchemy.select(tournaments.c.id, tournaments.c.settings)).all():
        settings = dict(_read(row.settings) or {})
        if KEY not in settings:
            settings[KEY] = False
            bind.execute(tournaments.update().where(tournaments.c.id == row.id)
                         .values(settings=settings))


def downgrade() -> None:
    bind = op.get_bind()
    for name, columns in _DOCUMENTS:
        table = _table(name, columns)
        for row in bind.execute(sqlalchemy.select(table.c.id,
                                                  *(table.c[c] for c in columns))).all():
            changes = {}
            for column in columns:
                document = _read(getattr(row, column))
                if isinstance(document, dict) and KEY in document:
                    changes[column] = {k: v for k, v in document.items() if k != KEY}
            if changes:
                bind.execute(table.update().where(table.c.id == row.id).values(**changes))
