"""The desk's check of a tournament's hash chains (issue 29): which games'
records were changed behind rinkside's back, and at which entry.

Checked on demand, when the director asks (a button), never on a page load:
a tournament's every game is read whole (its revisions, sign-off and written
reports), in one read, which is the cost of a click, not of each visit.
"""

from __future__ import annotations

from dataclasses import dataclass

from rinkside.services import queries
from rinkside.services.base import ServiceBase
from rinkside.services.queries.games import GameRow
from rinkside.store import chain


@dataclass(frozen=True, slots=True)
class Broken:
    """A game whose chain is broken, and its first break."""

    game: GameRow
    broken: chain.Break


@dataclass(frozen=True, slots=True)
class ChainReport:
    """A tournament's games checked: how many, and the broken ones."""

    checked: int
    broken: list[Broken]


def check_tournament(service: ServiceBase, tournament_id: int) -> ChainReport:
    """Every game of the tournament's chain checked, in schedule order."""
    rows = queries.games(service, tournament_id=tournament_id)
    broken: list[Broken] = []
    with service.read() as s:
        for row in rows:
            checked = chain.verify(s, row.game_id)
            if checked is not None and checked.broken is not None:
                broken.append(Broken(row, checked.broken))
    return ChainReport(len(rows), broken)
