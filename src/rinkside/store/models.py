"""The stored tournament: SQLAlchemy 2 declarative tables.

What is stored is what was decided or recorded: the tournament and its
divisions, teams, rosters and their changes, the schedule, lineups, each
game's event log as revisions, supplementary discipline and coin tosses.
Nothing the engine computes (score, box, standings, suspensions) has a
column: it is recomputed from the event log (ARCHITECTURE.md).

Settings amendments are stored as the edge strings of FORMAT.md's settings
(``{"minor": "1:30", "mercy": null}``) and read through
:func:`rinkside.rules.settings.settings_from_mapping`. Moments are UTC
(:class:`~rinkside.store.types.UTCDateTime`). Every enumerated column is a
string with a CHECK constraint (no PostgreSQL enum types to migrate).

These classes describe the tables for queries; the tables themselves are
created only by the migrations (``migrations/versions``), and a test keeps
the two in step.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Final, Literal

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from rinkside.store.types import UTCDateTime, json_document

__all__ = [
    "Base",
    "ClockAnchor",
    "CoinToss",
    "DeskChange",
    "Division",
    "EventRevision",
    "Game",
    "GameOfficial",
    "LineupEntry",
    "LoginFailure",
    "Player",
    "Rink",
    "RosterChange",
    "SessionRow",
    "SignOffEntry",
    "StoreMeta",
    "SupplementaryDiscipline",
    "SyncGame",
    "SyncLink",
    "SyncToken",
    "Team",
    "TeamStyle",
    "Tournament",
    "User",
    "WrittenReport",
]

# Constraint names are fixed by convention so that migrations can name them
# (SQLite's batch mode and PostgreSQL both need a name to drop one).
NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME: Final = 200  # length of names (tournaments, teams, players, rinks)
WHO: Final = 100  # length of "by": the user or console that recorded something

RevisionOp = Literal["append", "replace", "insert", "delete"]
REVISION_OPS: Final[tuple[RevisionOp, ...]] = ("append", "replace", "insert", "delete")
OpenEndedSuspension = Literal["rest_of_tournament", "pending_review"]


def _one_of(column: str, values: tuple[str, ...]) -> str:
    listed = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({listed})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# --------------------------------------------------------------------------- tournament


class Tournament(Base):
    """An event: its own settings amendments and its tiebreak chain."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME))
    starts_on: Mapped[date | None] = mapped_column(Date)
    # FORMAT.md settings as edge strings, e.g. {"clock": "running", "minor": "1:30"}.
    settings: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)
    # Casebook 24: the chain, written in advance, e.g. ["head_to_head", "goal_difference"].
    tiebreaks: Mapped[list[str]] = mapped_column(json_document(), default=list)
    # Once play has started, settings and the chain are fixed.
    started: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    ends_on: Mapped[date | None] = mapped_column(Date)
    # Rule 639: the amendments playoff games play under, over the pool's (null: none).
    playoff_settings: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    # Rule 634(c) note 1: dressed this many minutes before the game (null: 30).
    dress_minutes: Mapped[int | None] = mapped_column(Integer)
    # The schedule's game length and a team's least rest between games (minutes).
    game_minutes: Mapped[int | None] = mapped_column(Integer)
    rest_minutes: Mapped[int | None] = mapped_column(Integer)

    divisions: Mapped[list[Division]] = relationship(back_populates="tournament")


class Division(Base):
    """A division of a tournament; its amendments apply over the tournament's."""

    __tablename__ = "divisions"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    name: Mapped[str] = mapped_column(String(NAME))
    settings: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)
    # Rule 201(c): whether a player may also be the team's coach.
    player_coaches_allowed: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )

    tournament: Mapped[Tournament] = relationship(back_populates="divisions")
    teams: Mapped[list[Team]] = relationship(back_populates="division")


class Team(Base):
    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("division_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    name: Mapped[str] = mapped_column(String(NAME))

    division: Mapped[Division] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(back_populates="team")


# --------------------------------------------------------------------------- rosters


class Player(Base):
    """A player on a team's tournament roster (Rule 203(a)).

    A player taken off the roster (203(b)) keeps the row, with ``active``
    false, so the games they played and their roster change stay readable;
    a number is unique among a team's active players only (Rule 307(c)),
    so it can be given to the player who replaces them.
    """

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint("number BETWEEN 1 AND 99", name="number_range"),
        CheckConstraint("captain IS NULL OR captain IN ('C', 'A')", name="captain_letter"),
        Index(
            "uq_players_team_id_number_active", "team_id", "number", unique=True,
            sqlite_where=text("active"), postgresql_where=text("active"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME))
    goalie: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    captain: Mapped[str | None] = mapped_column(String(1))  # Rule 202: "C", "A" or none
    playing_coach: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    birth_date: Mapped[date | None] = mapped_column(Date)
    # The same person on two teams (Rule 410(c)); empty means "the name".
    person_key: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())

    team: Mapped[Team] = relationship(back_populates="players")


class RosterChange(Base):
    """One change to a roster after it was submitted (Rule 203(b)): who, when,
    why, and the player's fields before and after (null when added / removed)."""

    __tablename__ = "roster_changes"
    __table_args__ = (
        CheckConstraint(_one_of("action", ("added", "removed", "changed")), name="action"),
        Index(None, "team_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    action: Mapped[str] = mapped_column(String(16))
    before: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    after: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


# --------------------------------------------------------------------------- games


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
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    stage: Mapped[str] = mapped_column(String(16), default="pool", server_default="pool")
    home_team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    away_team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    start: Mapped[datetime | None] = mapped_column(UTCDateTime())
    rink: Mapped[str | None] = mapped_column(String(NAME))
    # Position in the schedule: breaks ties of equal start times.
    schedule_order: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    round_name: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    event_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The settings the game began under, kept when the desk changed them since
    # (edge values, whole; null: the tournament's and division's as they are).
    settings: Mapped[dict[str, Any] | None] = mapped_column(json_document())

    division: Mapped[Division] = relationship()
    home_team: Mapped[Team] = relationship(foreign_keys=[home_team_id])
    away_team: Mapped[Team] = relationship(foreign_keys=[away_team_id])
    lineup: Mapped[list[LineupEntry]] = relationship(back_populates="game")


class LineupEntry(Base):
    """A player dressed for a game (Rules 204, 202(c))."""

    __tablename__ = "lineup_entries"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    letter: Mapped[str | None] = mapped_column(String(1))  # 202(c): "C", "A" or none

    game: Mapped[Game] = relationship(back_populates="lineup")


class EventRevision(Base):
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
        CheckConstraint(_one_of("op", REVISION_OPS), name="op"),
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
    op: Mapped[str] = mapped_column(String(16))
    position: Mapped[int] = mapped_column(Integer)
    payload: Mapped[list[Any] | None] = mapped_column(json_document())
    previous: Mapped[list[Any] | None] = mapped_column(json_document())
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")


# --------------------------------------------------------------------------- decisions


class SupplementaryDiscipline(Base):
    """Games added by the tournament director or event directors (Rule 410(a)).

    Exactly one of ``games`` (a number, 1 or more) and ``extent``
    (``rest_of_tournament`` or ``pending_review``) is set; :attr:`length`
    reads them as the one value of
    :class:`rinkside.tournament.model.SupplementaryDiscipline`.
    """

    __tablename__ = "supplementary_disciplines"
    __table_args__ = (
        CheckConstraint("games IS NULL OR games >= 1", name="games"),
        CheckConstraint(
            "extent IS NULL OR extent IN ('rest_of_tournament', 'pending_review')",
            name="extent",
        ),
        CheckConstraint("(games IS NULL) <> (extent IS NULL)", name="games_or_extent"),
        Index(None, "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    games: Mapped[int | None] = mapped_column(Integer)
    extent: Mapped[str | None] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(Text)
    # Served from the next game after this one (null: from the player's next game).
    after_game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
    # Rule 410(d): the organisation that handed the suspension down (null: this one's, 410(a)).
    organisation: Mapped[str | None] = mapped_column(String(100))

    @property
    def length(self) -> int | OpenEndedSuspension:
        """``games`` or ``extent``, whichever is set."""
        if self.games is not None:
            return self.games
        if self.extent == "rest_of_tournament":
            return "rest_of_tournament"
        if self.extent == "pending_review":
            return "pending_review"
        raise ValueError(
            f"supplementary discipline {self.id} has neither a number of games nor an extent"
        )


class CoinToss(Base):
    """A coin toss drawn to separate teams level on everything else (casebook 24):
    the teams tossed for, the order drawn (best first), who drew it and when."""

    __tablename__ = "coin_tosses"
    __table_args__ = (Index(None, "division_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    team_ids: Mapped[list[int]] = mapped_column(json_document())
    order: Mapped[list[int]] = mapped_column("drawn_order", json_document())
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


class DeskChange(Base):
    """One change made on the director's desk, append-only: what it was about
    (``subject``, e.g. "team 4"), what was done, the value before and after,
    the reason where one is needed, who and when."""

    __tablename__ = "desk_changes"
    __table_args__ = (Index(None, "tournament_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournaments.id"))
    subject: Mapped[str] = mapped_column(String(NAME))
    action: Mapped[str] = mapped_column(String(64))
    before: Mapped[Any] = mapped_column(json_document(), nullable=True)
    after: Mapped[Any] = mapped_column(json_document(), nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


class GameStateCache(Base):
    """The engine's state after a game's log at ``version`` (a cache, never the
    truth: any other version or engine fingerprint is recomputed)."""

    __tablename__ = "game_states"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    engine: Mapped[str] = mapped_column(String(64))
    state: Mapped[bytes] = mapped_column(LargeBinary)


# --------------------------------------------------------------------------- users

USER_ROLES: Final = ("director", "scorekeeper", "referee")


class User(Base):
    """Who may log in to the console: a director (everything), a scorekeeper
    (only the games listed in ``games``) or a referee (read, sign-off).
    ``password_hash`` is an argon2 hash (never the password)."""

    __tablename__ = "users"
    __table_args__ = (
        UniqueConstraint("username"),
        CheckConstraint(_one_of("role", USER_ROLES), name="role"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(WHO))
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16))
    # The game ids a scorekeeper may score (empty for the other roles).
    games: Mapped[list[int]] = mapped_column(json_document(), default=list)
    # A disabled user cannot log in, and their sessions are gone.
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its cookie's token (never the token),
    its CSRF token, when it began and was last seen (idle and absolute
    lifetimes). Deleted on logout, password change and when the user is disabled."""

    __tablename__ = "sessions"
    __table_args__ = (Index(None, "user_id"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime())


LOGIN_FAILURE_KINDS: Final = ("user", "address")


class LoginFailure(Base):
    """Failed logins in a row for one username or one client address (throttling)."""

    __tablename__ = "login_failures"
    __table_args__ = (CheckConstraint(_one_of("kind", LOGIN_FAILURE_KINDS), name="kind"),)

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    subject: Mapped[str] = mapped_column(String(WHO), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_at: Mapped[datetime] = mapped_column(UTCDateTime())


class StoreMeta(Base):
    """Facts of the store itself by name: the secret that signs session
    cookies, the demo tournament's id in a store built by ``rinkside demo``."""

    __tablename__ = "store_meta"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


# --------------------------------------------------------------------------- officiating

OFFICIAL_ROLES: Final = ("referee", "game_timekeeper", "penalty_timekeeper",
                         "official_scorer", "goal_judge")
SIGNOFF_KINDS: Final = ("sign", "reopen")


class GameOfficial(Base):
    """An official of a game as the report names them (Rules 501-507): two
    referees, the game and penalty timekeepers, the official scorer and the
    goal judges where used. ``position`` orders officials of one role."""

    __tablename__ = "game_officials"
    __table_args__ = (
        CheckConstraint(_one_of("role", OFFICIAL_ROLES), name="role"),
        UniqueConstraint("game_id", "role", "position"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    role: Mapped[str] = mapped_column(String(32))
    position: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    name: Mapped[str] = mapped_column(String(NAME))


class SignOffEntry(Base):
    """One step of a game's sign-off, append-only: a referee's signature or
    the director's reopening (with its reason). ``locks`` is true on the
    signature that completed the assigned referees' set: from then on, until
    a reopening, the game's events cannot change (Rule 616(a))."""

    __tablename__ = "signoff_entries"
    __table_args__ = (
        CheckConstraint(_one_of("kind", SIGNOFF_KINDS), name="kind"),
        CheckConstraint("kind <> 'reopen' OR reason <> ''", name="reopen_reason"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    username: Mapped[str] = mapped_column(String(WHO))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    locks: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


WRITTEN_KINDS: Final = ("report", "incident")


class WrittenReport(Base):
    """A referee's written report on a game, append-only: the report the
    book requires on game misconduct, gross misconduct and match penalties
    (502(l), 404(h), 405(b)), or an incident note; the report prints them."""

    __tablename__ = "written_reports"
    __table_args__ = (
        CheckConstraint(_one_of("kind", WRITTEN_KINDS), name="kind"),
        CheckConstraint("text <> ''", name="text"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    rule: Mapped[str | None] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    username: Mapped[str] = mapped_column(String(WHO))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class TeamStyle(Base):
    """How the scoreboard shows a team: its colour (``#1e40af``) and its logo
    (an image URL or a /static path); a team with no row is shown plainly."""

    __tablename__ = "team_styles"

    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    colour: Mapped[str | None] = mapped_column(String(7))
    logo: Mapped[str | None] = mapped_column(String(500))


ANCHOR_KINDS: Final = ("play", "timekeeper", "timeout", "intermission")


class ClockAnchor(Base):
    """Where a game's running clock stands in wall-clock time, append-only:
    the clock read ``left_tenths`` of ``period`` (its index, 1 first) at
    ``wall_ms`` (milliseconds since the epoch, UTC), so while it runs it reads
    ``left - (now - wall)``. ``play``: written when an event started the clock;
    ``timekeeper``: the game timekeeper set it to the rink's clock (Rule 507(a)),
    no event in the game's log; the newest of these is the running clock's
    anchor. ``timeout`` and ``intermission``: the countdown of a time-out
    (641, note 1) or of the rest between periods (640(a)) as it began."""

    __tablename__ = "clock_anchors"
    __table_args__ = (
        CheckConstraint(_one_of("kind", ANCHOR_KINDS), name="kind"),
        CheckConstraint("left_tenths >= 0", name="left_tenths"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    period: Mapped[int] = mapped_column(Integer)
    left_tenths: Mapped[int] = mapped_column(Integer)
    wall_ms: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16))
    username: Mapped[str] = mapped_column(String(WHO))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class Rink(Base):
    """A rink of a tournament, by name (the schedule's ``games.rink``), with
    its dimensions in feet as a JSON document (Rules 101-107; read through
    :class:`rinkside.rink.dimensions.RinkDimensions`)."""

    __tablename__ = "rinks"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    name: Mapped[str] = mapped_column(String(NAME))
    dimensions: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)


# --------------------------------------------------------------------------- offline sync


class SyncToken(Base):
    """A rink's token for the league server's sync API, issued by the
    director: only its SHA-256 hash is kept; revoked once ``revoked_at``."""

    __tablename__ = "sync_tokens"
    __table_args__ = (UniqueConstraint("token_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    rink_id: Mapped[int] = mapped_column(ForeignKey("rinks.id"))
    token_hash: Mapped[str] = mapped_column(String(64))
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class SyncLink(Base):
    """On a rink laptop: the league server it pulled its tournament from."""

    __tablename__ = "sync_links"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_url: Mapped[str] = mapped_column(String(500))
    token: Mapped[str] = mapped_column(String(100))  # the laptop's own credential
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    rink: Mapped[str] = mapped_column(String(NAME))
    pulled_at: Mapped[datetime] = mapped_column(UTCDateTime())


class SyncGame(Base):
    """On a rink laptop: a pulled game, the league server's version of it
    that the local log is known to equal (later events: not pushed yet), how
    much of its sign-off and written reports the league holds, and the league's
    refusal of its last push, if any."""

    __tablename__ = "sync_games"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    league_version: Mapped[int] = mapped_column(Integer)
    # How many of the game's sign-off entries, and of the written reports filed
    # here, the league server is known to hold (later ones: not pushed yet).
    league_signoffs: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    league_reports: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The league server's last refusal of the game's push, and the game as it
    # was then ("version/sign-offs/reports"): not sent again while unchanged.
    refused_state: Mapped[str | None] = mapped_column(String(64))
    refused_status: Mapped[int | None] = mapped_column(Integer)
    refused_message: Mapped[str | None] = mapped_column(Text)
    refused_rule: Mapped[str | None] = mapped_column(String(16))
    refused_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


REVIEWED_RULES: Final = ("404(h)", "405(b)")


class ReviewDecision(Base):
    """The Event Directors' decision on a case reported to them (404(h) gross
    misconduct, 405(b) match penalty): ``games`` the player sits out from that
    game on (0: none more) or ``extent`` ``rest_of_tournament``; exactly one
    is set. The newest decision on a case is the one that stands."""

    __tablename__ = "review_decisions"
    __table_args__ = (
        CheckConstraint(_one_of("rule", REVIEWED_RULES), name="rule"),
        CheckConstraint("games IS NULL OR games >= 0", name="games"),
        CheckConstraint("extent IS NULL OR extent = 'rest_of_tournament'", name="extent"),
        CheckConstraint("(games IS NULL) <> (extent IS NULL)", name="games_or_extent"),
        Index(None, "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    rule: Mapped[str] = mapped_column(String(8))
    games: Mapped[int | None] = mapped_column(Integer)
    extent: Mapped[str | None] = mapped_column(String(32))
    decision: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


class SuspensionChange(Base):
    """A player's suspension shortened (``games`` below 0) or lengthened by
    the directors, with the reason (Rule 410(a))."""

    __tablename__ = "suspension_changes"
    __table_args__ = (
        CheckConstraint("games <> 0", name="games"),
        CheckConstraint("reason <> ''", name="reason"),
        Index(None, "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    games: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
