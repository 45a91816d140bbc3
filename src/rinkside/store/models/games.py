"""A scheduled game, its lineups, its event log as revisions, and the engine's
state cached after it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from rinkside.rules.log import OPS, Op
from rinkside.store.models.base import (
    NAME,
    WHO,
    Base,
    ChainEntry,
    FlagOff,
    Identity,
    Remark,
    Tally,
    _one_of,
)
from rinkside.store.models.tournament import Division, Team
from rinkside.store.types import UTCDateTime, json_document


class Game(Base):
    """A scheduled game and the head of its event log.

    ``version`` counts the log's revisions (0: nothing recorded) and is the
    optimistic lock every write names; ``event_count`` is the log's current
    length, so positions can be checked without replaying. Both are moved on
    only by the database, in a trigger on each insert of an
    :class:`EventRevision` (migration 0003); nothing else writes them.
    """

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint(_one_of("stage", ("pool", "playoff")), name="stage"),
        CheckConstraint("home_team_id <> away_team_id", name="two_teams"),
        CheckConstraint("version >= 0", name="version"),
        CheckConstraint("event_count >= 0", name="event_count"),
        Index(None, "division_id"),
        # A team's games, whatever its division's size (0034).
        Index(None, "home_team_id"),
        Index(None, "away_team_id"),
        Index(None, "start"),  # a day's games (migration 0035)
        # The public pages' day and a division's dates and rinks from the
        # index, not every game of the season (migration 0036).
        Index(None, "division_id", "start"),
        Index(None, "division_id", "rink"),
    )

    id: Mapped[Identity]
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    stage: Mapped[str] = mapped_column(String(16), default="pool", server_default="pool")
    home_team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    away_team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    start: Mapped[datetime | None]
    rink: Mapped[str | None] = mapped_column(String(NAME))
    # Position in the schedule: breaks ties of equal start times.
    schedule_order: Mapped[Tally]
    round_name: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
    version: Mapped[Tally]
    event_count: Mapped[Tally]
    # The head of the game's hash chain (rinkside.store.chain): the newest
    # entry's link ('' before the first) and how many entries it has; moved
    # on with each entry (an event revision's by the trigger of migration 0018).
    # (Defaults in the database only: inserts that name the columns of older
    # migrations still work.)
    chain_head: Mapped[str] = mapped_column(String(64), server_default="")
    chain_length: Mapped[int] = mapped_column(Integer, server_default="0")
    # The settings the game began under, kept when the desk changed them since
    # (edge values, whole; null: the tournament's and division's as they are).
    settings: Mapped[dict[str, Any] | None] = mapped_column(json_document())

    division: Mapped[Division] = relationship()
    home_team: Mapped[Team] = relationship(foreign_keys=[home_team_id])
    away_team: Mapped[Team] = relationship(foreign_keys=[away_team_id])
    lineup: Mapped[list[LineupEntry]] = relationship(back_populates="game")


class PlayoffPlace(Base):
    """A bracket game the desk put on a rink and a time before its teams were
    known; ``game_id`` is the game made for it once both its places filled
    (:mod:`rinkside.tournament.placeholders`), null until then (migration 0018)."""

    __tablename__ = "playoff_places"
    __table_args__ = (CheckConstraint("bracket_game >= 1", name="bracket_game"),)

    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"), primary_key=True)
    bracket_game: Mapped[int] = mapped_column(Integer, primary_key=True)
    start: Mapped[datetime | None]
    rink: Mapped[str | None] = mapped_column(String(NAME))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))


class LineupEntry(Base):
    """A player dressed for a game (Rules 204, 202(c))."""

    __tablename__ = "lineup_entries"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    letter: Mapped[str | None] = mapped_column(String(1))  # 202(c): "C", "A" or none
    # 204(a): the goaltender named to start (migration 0030); one per team at most.
    starts: Mapped[FlagOff]

    game: Mapped[Game] = relationship(back_populates="lineup")


class EventRevision(ChainEntry, Base):
    """One write to a game's event log; the log is the revisions replayed in order.

    ``op`` is what the write did at ``position`` of the log as it then was:
    ``append`` (at the end), ``replace``, ``insert`` (before the event there)
    or ``delete``. ``payload`` is the event written, in the store's own
    versioned form (:mod:`rinkside.store.codec`: integer tenths and a period
    index, migration 0007; a JSON array since migration 0014), null for a
    delete; ``previous`` is the event
    replaced or deleted, so nothing recorded is lost. ``recorded_by`` and
    ``recorded_at`` say who wrote it and when (UTC). Rows are only ever
    inserted.

    A revision is named by its game and its number (1, 2, ... per game, the
    game's ``version`` after the write): that pair is the primary key, so the
    one index that keeps revisions unique also reads a game's log in order.
    On SQLite the table is WITHOUT ROWID: the rows are stored in that order
    and an append writes one b-tree, not a table and an index.
    """

    __tablename__ = "event_revisions"
    __table_args__ = (
        CheckConstraint(_one_of("op", OPS), name="op"),
        CheckConstraint("revision >= 1", name="revision"),
        CheckConstraint("position >= 0", name="position"),
        CheckConstraint(
            "(op = 'delete' AND payload IS NULL) OR (op <> 'delete' AND payload IS NOT NULL)",
            name="payload",
        ),
        CheckConstraint(
            "(op IN ('replace', 'delete') AND previous IS NOT NULL)"
            " OR (op IN ('append', 'insert') AND previous IS NULL)",
            name="previous",
        ),
        {"sqlite_with_rowid": False},
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    op: Mapped[Op] = mapped_column(String(16))
    position: Mapped[int] = mapped_column(Integer)
    payload: Mapped[list[Any] | None] = mapped_column(json_document())
    previous: Mapped[list[Any] | None] = mapped_column(json_document())
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
    reason: Mapped[Remark]


# The states the index on game_states holds (0040): a query that asks for
# them says ``'final'`` in its text, not as a parameter, or the index is not used.
FINAL = "status = 'final'"


class GameStateCache(Base):
    """The engine's state after a game's log at ``version`` (a cache, never the
    truth: any other version or engine fingerprint is recomputed)."""

    __tablename__ = "game_states"
    # The finished games' states found in the index alone (migration 0036),
    # which holds theirs alone (0040): a write of a game in play, which moves
    # its version and most often its status, leaves it alone.
    __table_args__ = (Index(None, "status", "engine", "game_id", "version",
                            sqlite_where=text(FINAL), postgresql_where=text(FINAL)),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    engine: Mapped[str] = mapped_column(String(64))
    state: Mapped[bytes] = mapped_column(LargeBinary)
    # The game's status in ``state`` ('': not known, stored before
    # migration 0033): the games in play found without loading the states.
    status: Mapped[str] = mapped_column(String(16), server_default="")
