"""Who may log in, their sessions, login throttling, and the store's own facts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import NAME, WHO, Author, Base, FlagOn, Identity, Tally, _one_of
from rinkside.store.types import json_document

# The book's three table officials (Rules 505-507) log in as themselves
# beside the scorekeeper, who may do all three at one console.
TABLE_ROLES: Final = ("game_timekeeper", "penalty_timekeeper", "official_scorer")
# A team's officials (Section II: Rules 201-206): the manager or coach who
# submits the roster (203), dresses each game's lineup (202(c), 204) and
# signs it, for the teams listed in ``teams``.
TEAM_ROLES: Final = ("manager", "coach")
USER_ROLES: Final = ("director", "scorekeeper", "referee", *TABLE_ROLES, *TEAM_ROLES)


class User(Base):
    """Who may log in to the console: a director (everything), a scorekeeper
    (only the games listed in ``games``), a referee (read, sign-off) or one
    of the table officials (game timekeeper 507, penalty timekeeper 505,
    official scorer 506: their own part of the games listed in ``games``), or a
    team official (manager or coach: the teams listed in ``teams``, Section II).
    ``email`` where mail reaches them ("" : none). ``password_hash`` is an
    argon2 hash (never the password); ``full_name`` the name the game report
    prints for them ("" : none given, the username stands for it)."""

    __tablename__ = "users"
    __table_args__ = (
        UniqueConstraint("username"),
        CheckConstraint(_one_of("role", USER_ROLES), name="role"),
    )

    id: Mapped[Identity]
    username: Mapped[Author]
    full_name: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
    email: Mapped[str] = mapped_column(String(254), default="", server_default="")
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(32))
    # The game ids a scorekeeper or table official works, a referee signs.
    games: Mapped[list[int]] = mapped_column(json_document(), default=list)
    # The team ids a manager or coach acts for (Section II).
    teams: Mapped[list[int]] = mapped_column(json_document(), default=list)
    # A disabled user cannot log in, and their sessions are gone.
    active: Mapped[FlagOn]


class UserTeam(Base):
    """A team a manager or coach acts for, one row a team of ``users.teams``
    (written with it, :func:`rinkside.services.users.create_user`): a
    tournament's team officials are found through their teams' keys, never
    by reading every manager and coach of the store (issue 30). A team
    withdrawn, or a user removed, takes its rows with it."""

    __tablename__ = "user_teams"

    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id", ondelete="CASCADE"),
                                         primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)


class UserGame(Base):
    """A game a scorekeeper, table official or referee works, one row a game
    of ``users.games`` (written with it, :func:`rinkside.services.users.set_games`):
    a game's logins (its scorekeeper, the referees who sign it, Rule 616(a))
    are found through its key, never by reading every user of the season
    (issue 30). A game removed, or a user, takes its rows with it."""

    __tablename__ = "user_games"
    __table_args__ = (Index(None, "user_id"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its cookie's token (never the token),
    its CSRF token, when it began and was last seen (idle and absolute
    lifetimes). Deleted on logout, password change and when the user is disabled."""

    __tablename__ = "sessions"
    __table_args__ = (Index(None, "user_id"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    seen_at: Mapped[datetime]


LOGIN_FAILURE_KINDS: Final = ("user", "address")


class LoginFailure(Base):
    """Failed logins in a row for one username or one client address (throttling)."""

    __tablename__ = "login_failures"
    __table_args__ = (CheckConstraint(_one_of("kind", LOGIN_FAILURE_KINDS), name="kind"),)

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    subject: Mapped[str] = mapped_column(String(WHO), primary_key=True)
    failures: Mapped[Tally]
    last_at: Mapped[datetime]


class StoreMeta(Base):
    """Facts of the store itself by name: the secret that signs session
    cookies, the demo tournament's id in a store built by ``rinkside demo``."""

    __tablename__ = "store_meta"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
