"""A stored penalty gains its tenth field, ``penalty_shot`` (casebook 62).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-03

FORMAT.md's second edition marks the foul a penalty shot was awarded for
(``"penalty_shot": true``): a penalty or penalty signal of payload version 2
is written with one more field after ``called_by``::

    [2, "penalty", 1, 6600, "away", 5, "minor", "tripping", "642(e)",
     null, null, null, null, true]

The upgrade changes no row: a penalty stored before has the nine fields and
reads as not marked (:mod:`rinkside.store.codec`). The downgrade takes the
tenth field off every penalty of ``payload`` and ``previous``, so that 0014's
downgrade finds the layout it knows (a marked penalty becomes an unmarked
one: the older store has no word for the mark). Self-contained on purpose.
"""

from __future__ import annotations

from typing import Any

from rinkside.store.migrations import payloads

revision: str = "0016"
down_revision: str | None = "0015"

_PENALTIES = ("penalty", "penalty_signal")
_NINE = 4 + 9  # version, type, period, tenths, then team ... called_by

def _strip(value: Any) -> Any:
    if isinstance(value, list) and len(value) > _NINE and value[1] in _PENALTIES:
        return value[:_NINE]
    return value


def upgrade() -> None:
    """Nothing to convert: a penalty of nine fields reads as not marked."""


def downgrade() -> None:
    payloads.rewrite(lambda _game, value: _strip(value), unchanged_too=False)
