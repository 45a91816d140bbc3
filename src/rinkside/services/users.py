"""The console's users: directors, scorekeepers, referees and the table
officials (game timekeeper 507, penalty timekeeper 505, official scorer 506).

A password is stored only as its argon2 hash. A scorekeeper's ``games`` are
the games they may score, a table official's the games they work; a
referee's are the games they officiate (and sign, Rule 616(a)). The web
layer logs users in; the CLI creates them. A password change and disabling
a user end every session of theirs; a disabled user cannot log in (nor
sign) until enabled again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rinkside.formats.text import NAME, USERNAME, TextError, check_text
from rinkside.services.base import ServiceBase
from rinkside.services.sessions import revoke_user
from rinkside.services.tournaments import NotFound
from rinkside.store import models

ROLES: Final = models.USER_ROLES
TABLE_ROLES: Final = models.TABLE_ROLES  # Rules 505-507
TEAM_ROLES: Final = models.TEAM_ROLES  # a team's manager or coach (Section II)

MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 1024  # argon2 hashes any length; a megabyte would only cost time
USERNAME_MARKS: Final = "._-@"

_hasher: Final = PasswordHasher()
_DUMMY_HASH: Final = _hasher.hash("not a password anyone has")


@dataclass(frozen=True)
class UserRow:
    id: int
    username: str
    role: str
    games: tuple[int, ...]
    active: bool = True
    full_name: str = ""  # "" when none is given
    teams: tuple[int, ...] = ()  # the teams a manager or coach acts for
    email: str = ""  # "" when none is given

    @property
    def shown(self) -> str:
        """The name pages and reports print: the full name, else the username."""
        return self.full_name or self.username


def new_username(text: str) -> str:
    """The one rule for a username a person chooses (the desk, ``rinkside user
    add``): 1-64 letters, digits and ``. _ - @``, so that it stands in a
    page's address (``/users/NAME/password``) and on one line; else
    ValueError saying why."""
    name = text.strip()
    if not name:
        raise ValueError("a user needs a username")
    try:
        check_text(name, "username", USERNAME)
    except TextError as exc:
        raise ValueError(str(exc)) from None
    bad = next((ch for ch in name if not (ch.isalnum() or ch in USERNAME_MARKS)), None)
    if bad is not None:
        raise ValueError(f"username: {bad!r} may not stand in a username (letters, digits "
                         f"and {' '.join(USERNAME_MARKS)} only)")
    return name


def new_full_name(text: str) -> str:
    """A person's full name as typed (any script: "Łukasz Żółć", "Иван
    Петров"), trimmed; "" for none (the username then stands for it); else
    ValueError saying why (a control character, over 200 characters)."""
    name = " ".join(text.split())
    try:
        return check_text(name, "full name", NAME)
    except TextError as exc:
        raise ValueError(str(exc)) from None


def new_password(password: str) -> str:
    """The one rule for a password a person sets (a new user, a reset, the
    command line's): at least 8 characters, at most 1,024; else ValueError."""
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise ValueError(f"a password has at most {MAX_PASSWORD} characters")
    return password


def new_email(text: str) -> str:
    """An e-mail address as typed, trimmed ("" for none); else ValueError
    saying why (no ``@`` with a name and a domain, a space, over 254 characters)."""
    email = text.strip()
    if not email:
        return ""
    local, at, domain = email.rpartition("@")
    if not at or not local or "." not in domain.strip(".") or any(ch.isspace() for ch in email):
        raise ValueError(f"{email!r} is not an e-mail address (name@domain)")
    if len(email) > 254:
        raise ValueError("an e-mail address has at most 254 characters")
    return email


def create_user(service: ServiceBase, username: str, password: str, role: str,
                games: Iterable[int] = (), *, full_name: str = "", teams: Iterable[int] = (),
                email: str = "") -> int:
    """A new user with ``password`` stored as its argon2 hash; ``games`` are
    the games a scorekeeper scores or a referee officiates; ``teams`` the
    teams a manager or coach acts for (at least one; only theirs); ``full_name``
    what the report prints for them (:func:`new_full_name`). Returns its id.
    The username by :func:`new_username` wherever a user is made (a password
    people type is checked by :func:`new_password` where they type it)."""
    if not role:
        raise ValueError(f"a user needs a role, none is given by default (the least power "
                         f"is no power): choose one of {', '.join(ROLES)}")
    if role not in ROLES:
        raise ValueError(f"{role!r} is not a role: {', '.join(ROLES)}")
    username = new_username(username)
    full_name = new_full_name(full_name)
    email = new_email(email)
    wanted = sorted(set(teams))
    if role in TEAM_ROLES and not wanted:
        raise ValueError(f"a {role} acts for a team: name the team (--team)")
    if role not in TEAM_ROLES and wanted:
        raise ValueError(f"only a manager or coach acts for a team, not a {role}")
    if not password:
        raise ValueError("a user needs a username and a password")
    try:
        with service.write() as s:
            missing = [t for t in wanted if s.get(models.Team, t) is None]
            if missing:
                raise NotFound(f"no team {', '.join(map(str, missing))}")
            user = models.User(username=username, password_hash=_hasher.hash(password), role=role,
                               games=[], full_name=full_name, teams=wanted, email=email)
            s.add(user)
            s.flush()
            # the same teams, one row each: found by the team (issue 30)
            s.add_all(models.UserTeam(team_id=t, user_id=user.id) for t in wanted)
            set_games(s, user, games)
            return user.id
    except IntegrityError as exc:
        raise ValueError(f"there is already a user named {username!r}") from exc


def hashed(secret: str) -> str:
    """The argon2 hash of ``secret`` (a password, or a laptop credential's
    secret: :mod:`rinkside.services.sync_proof`)."""
    return _hasher.hash(secret)


def assign(service: ServiceBase, username: str, games: Iterable[int]) -> UserRow:
    """Give a scorekeeper, table official or referee these games (replacing
    their list)."""
    with service.write() as s:
        # The login's row held: an assignment at once waits (set_games'
        # rows replaced at once were a duplicate key on PostgreSQL, a 500).
        user = _user(s, username, hold=True)
        if user.role == "director":
            raise ValueError("a director may score every game: there is nothing to assign")
        wanted = sorted(set(games))
        missing = [g for g in wanted if s.get(models.Game, g) is None]
        if missing:
            raise NotFound(f"no game {', '.join(map(str, missing))}")
        set_games(s, user, wanted)
        return _row(user)


def set_games(s: Session, user: models.User, games: Iterable[int]) -> None:
    """The user's games (``users.games``) and, written with them, their rows
    in ``user_games``, one a stored game: a game's logins are found by its
    key, not by reading every user (issue 30). Every writer of a user's
    games writes them here."""
    wanted = sorted(set(games))
    s.execute(delete(models.UserGame).where(models.UserGame.user_id == user.id))
    stored = s.scalars(select(models.Game.id).where(models.Game.id.in_(wanted))) if wanted else ()
    s.add_all(models.UserGame(game_id=g, user_id=user.id) for g in stored)
    user.games = wanted


def set_full_name(service: ServiceBase, username: str, full_name: str) -> UserRow:
    """The user's full name (:func:`new_full_name`; "" removes it)."""
    name = new_full_name(full_name)
    with service.write() as s:
        user = _user(s, username)
        user.full_name = name
        return _row(user)


def shown_names(s: Session, usernames: Collection[str]) -> dict[str, str]:
    """Each of ``usernames`` with a full name given, and that name: what the
    report and the sign-off print for a referee or table official who is a
    user. Read by the username's index, those alone: never every user of the
    season (issue 30)."""
    if not usernames:
        return {}
    return {username: full for username, full in s.execute(
        select(models.User.username, models.User.full_name)
        .where(models.User.username.in_(sorted(usernames)))) if full}


def set_password(service: ServiceBase, username: str, password: str) -> None:
    """A new password; every session of the user ends (log in again with it)."""
    if not password:
        raise ValueError("a password cannot be empty")
    with service.write() as s:
        user = _user(s, username)
        user.password_hash = _hasher.hash(password)
        revoke_user(s, user.id)


def set_active(service: ServiceBase, username: str, active: bool) -> UserRow:
    """Enable or disable a user: a disabled one cannot log in, and every
    session of theirs ends at once."""
    with service.write() as s:
        user = _user(s, username)
        user.active = active
        if not active:
            revoke_user(s, user.id)
        return _row(user)


def users(service: ServiceBase) -> list[UserRow]:
    with service.read() as s:
        return [_row(u) for u in s.scalars(select(models.User).order_by(models.User.username))]


def user(service: ServiceBase, user_id: int) -> UserRow | None:
    """The user with this id (None: no such user, e.g. removed since login)."""
    with service.read() as s:
        row = s.get(models.User, user_id)
        return None if row is None else _row(row)


def authenticate(service: ServiceBase, username: str, password: str) -> int | None:
    """The user's id if the password is theirs, else None (same work either way)."""
    with service.read() as s:
        user = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        stored = user.password_hash if user is not None else _DUMMY_HASH
        try:
            _hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return None
        return user.id if user is not None and user.active else None


def _user(s: Session, username: str, *, hold: bool = False) -> models.User:
    query = select(models.User).where(models.User.username == username)
    if hold:  # locked until the transaction ends (PostgreSQL; SQLite's writes queue anyway)
        query = query.with_for_update().execution_options(populate_existing=True)
    user = s.scalars(query).one_or_none()
    if user is None:
        raise NotFound(f"no user {username!r}")
    return user


def _row(u: models.User) -> UserRow:
    return UserRow(u.id, u.username, u.role, tuple(u.games or ()), u.active, u.full_name or "",
                   tuple(u.teams or ()), u.email or "")
