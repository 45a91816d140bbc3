"""A rink's tournament as rows, and the rows written into a laptop's store.

The league server hands out the rows of the tables a rink's games need, as
JSON (moments and dates as ISO text); the laptop writes them with the league
server's own ids, so that a game, a team or a player is the same number in
both stores and a pushed revision means the same thing there. Rows already
in the laptop's store are brought up to the league's (the league server is
the truth for the setup); a game's log is only ever extended
(:mod:`rinkside.services.sync_local`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any, Final

from sqlalchemy import Date, DateTime, Table, insert, select, update
from sqlalchemy.orm import Session

from rinkside.store import models
from rinkside.store.types import UTCDateTime

# The setup's tables, parents first (each row's foreign keys are in the ones before).
SETUP_TABLES: Final = ("tournaments", "rinks", "divisions", "teams", "players", "games",
                       "lineup_entries", "game_officials")
LOG_TABLE: Final = "event_revisions"
# A game's sign-off log: the laptop adds to it too (its ids are its own), so it
# is taken game by game rather than by id (:mod:`rinkside.services.sync_local`).
SIGNOFF_TABLE: Final = "signoff_entries"
# What the laptop keeps of its own, and what a new row starts with: a game's
# version and length follow its log (0003's trigger), its chain head and length
# its own entries (the league's are taken only while nothing waits here,
# :mod:`rinkside.services.sync_local`; issue 29).
KEPT_COLUMNS: Final[dict[str, dict[str, Any]]] = {
    "games": {"version": 0, "event_count": 0, "chain_head": "", "chain_length": 0}}


def _table(name: str) -> Table:
    return models.Base.metadata.tables[name]


def _encoded(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date | datetime) else value


def _decoded(table: Table, row: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for column in table.columns:
        if column.name not in row:
            continue
        value = row[column.name]
        if isinstance(value, str) and isinstance(column.type, UTCDateTime | DateTime):
            value = datetime.fromisoformat(value)
        elif isinstance(value, str) and isinstance(column.type, Date):
            value = date.fromisoformat(value)
        out[column.name] = value
    return out


def _rows(s: Session, table: Table, where: Any) -> list[dict[str, Any]]:
    primary = list(table.primary_key.columns)
    return [{k: _encoded(v) for k, v in row._mapping.items()}
            for row in s.execute(select(table).where(where).order_by(*primary))]


def export_rows(s: Session, tournament_id: int, rink_id: int, games: Sequence[int]
                ) -> dict[str, list[dict[str, Any]]]:
    """The rows of the setup's tables a rink's laptop needs, and its games' logs."""
    t = {name: _table(name) for name in (*SETUP_TABLES, SIGNOFF_TABLE, LOG_TABLE)}
    divisions = list(s.scalars(select(models.Division.id).where(
        models.Division.tournament_id == tournament_id)))
    teams = list(s.scalars(select(models.Team.id).where(models.Team.division_id.in_(divisions))))
    return {
        "tournaments": _rows(s, t["tournaments"], t["tournaments"].c.id == tournament_id),
        "rinks": _rows(s, t["rinks"], t["rinks"].c.id == rink_id),
        "divisions": _rows(s, t["divisions"], t["divisions"].c.id.in_(divisions)),
        "teams": _rows(s, t["teams"], t["teams"].c.id.in_(teams)),
        "players": _rows(s, t["players"], t["players"].c.team_id.in_(teams)),
        "games": _rows(s, t["games"], t["games"].c.id.in_(games)),
        **{name: _rows(s, t[name], t[name].c.game_id.in_(games))
           for name in ("lineup_entries", "game_officials", SIGNOFF_TABLE, LOG_TABLE)},
    }


def upsert(s: Session, name: str, rows: Sequence[Mapping[str, Any]]) -> int:
    """Write ``rows`` into table ``name`` by their ids: new ones inserted,
    existing ones brought up to these values. How many were new."""
    table = _table(name)
    keys = [c.name for c in table.primary_key.columns]
    kept = KEPT_COLUMNS.get(name, {})
    new = 0
    for raw in rows:
        row = _decoded(table, raw)
        match = [table.c[k] == row[k] for k in keys]
        if s.execute(select(*[table.c[k] for k in keys]).where(*match)).first() is None:
            s.execute(insert(table).values({k: kept.get(k, v) for k, v in row.items()}))
            new += 1
        else:
            values = {k: v for k, v in row.items() if k not in keys and k not in kept}
            if values:
                s.execute(update(table).where(*match).values(values))
    return new


def decoded_revision(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A log row as the store takes it (its moment read back)."""
    return _decoded(_table(LOG_TABLE), raw)


def decoded_signoff(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A sign-off entry as the store takes it, without its league id."""
    return {k: v for k, v in _decoded(_table(SIGNOFF_TABLE), raw).items() if k != "id"}
