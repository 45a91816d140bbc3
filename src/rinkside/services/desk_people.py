"""People on the director's desk: who officiates each game (the scorekeeper
who scores it, the referees who sign it, Rule 616(a), the timekeepers and the
official scorer, Rules 501-507), never one person in two games at once; the
users, their roles and games, and password resets. Every change recorded
(a password never: only that it was reset)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session

from rinkside.services import desk_schedule, officiating, users
from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.tournaments import NotFound
from rinkside.store import models

OTHER_ROLES = models.TABLE_ROLES  # Rules 505-507: named on the report, logins if users


class PersonBusy(ValueError):
    """Someone named to a game is in another game at that time."""


@dataclass(frozen=True, slots=True)
class Staff:
    """Who works one game."""

    game_id: int
    scorekeepers: tuple[str, ...]  # users who may score it
    referees: tuple[str, ...]
    others: dict[str, list[str]]


def _logins_of(game_ids: Collection[int], roles: Sequence[str]) -> Select[models.User]:
    """The users of ``roles`` who work any of ``game_ids``, found through the
    games' keys in ``user_games`` (issue 30: never every user of the season)."""
    return (select(models.User)
            .join(models.UserGame, models.UserGame.user_id == models.User.id)
            .where(models.UserGame.game_id.in_(sorted(game_ids)),
                   models.User.role.in_(list(roles))))


def staff(service: ServiceBase, game_id: int) -> Staff:
    with service.read() as s:
        if s.get(models.Game, game_id) is None:
            raise NotFound(f"no game {game_id}")
        return _staff_in(s, game_id)


def _staff_in(s: Session, game_id: int) -> Staff:
    """:func:`staff`, read in ``s``."""
    named: dict[str, list[str]] = {role: [] for role in officiating.OFFICIAL_ROLES}
    for role, name in s.execute(select(models.GameOfficial.role, models.GameOfficial.name)
                                .where(models.GameOfficial.game_id == game_id)
                                .order_by(models.GameOfficial.role,
                                          models.GameOfficial.position)):
        named[role].append(name)
    keepers = tuple(s.scalars(_logins_of([game_id], ["scorekeeper"])
                              .with_only_columns(models.User.username)
                              .order_by(models.User.username)))
    return Staff(game_id, keepers, tuple(named["referee"]),
                 {role: named[role] for role in OTHER_ROLES})


def staffs(service: ServiceBase, game_ids: Sequence[int]) -> dict[int, Staff]:
    """:func:`staff` of each of the games, read together (the people page's
    day: two queries, not two a game)."""
    wanted = set(game_ids)
    with service.read() as s:
        named: dict[int, dict[str, list[str]]] = {
            g: {role: [] for role in officiating.OFFICIAL_ROLES} for g in wanted}
        for row in s.scalars(select(models.GameOfficial)
                             .where(models.GameOfficial.game_id.in_(wanted))
                             .order_by(models.GameOfficial.role, models.GameOfficial.position)):
            named[row.game_id][row.role].append(row.name)
        keepers: dict[int, list[str]] = {g: [] for g in wanted}
        for g, username in s.execute(_logins_of(wanted, ["scorekeeper"]).with_only_columns(
                models.UserGame.game_id, models.User.username).order_by(models.User.username)):
            keepers[g].append(username)
    return {g: Staff(g, tuple(keepers[g]), tuple(named[g]["referee"]),
                     {role: named[g][role] for role in OTHER_ROLES}) for g in wanted}


PER_PAGE = 50  # users a page of the desk's list
FOUND_MOST = 20  # logins a search answers with


@dataclass(frozen=True, slots=True)
class UserPage:
    """One page of the users a search finds (all of them when it is empty),
    by username: the desk never lists every user of a season at once."""

    users: list[users.UserRow]
    found: int  # how many the search finds in all
    page: int  # from 1
    pages: int


def _row(u: models.User) -> users.UserRow:
    return users.UserRow(u.id, u.username, u.role, tuple(u.games or ()), u.active,
                         u.full_name or "", tuple(u.teams or ()), u.email or "")


def _matching(text: str, roles: Sequence[str] = ()) -> Select[models.User]:
    """Users whose username or full name holds ``text`` (any case), of ``roles``."""
    query = select(models.User)
    needle = text.strip().lower()
    if needle:
        query = query.where(or_(
            func.lower(models.User.username).contains(needle, autoescape=True),
            func.lower(models.User.full_name).contains(needle, autoescape=True)))
    if roles:
        query = query.where(models.User.role.in_(list(roles)))
    return query


def user_page(service: ServiceBase, text: str = "", page: int = 1) -> UserPage:
    """The users whose username or full name holds ``text``, :data:`PER_PAGE`
    a page (a page past the last: the last)."""
    query = _matching(text)
    with service.read() as s:
        found = s.scalar(select(func.count()).select_from(query.subquery())) or 0
        pages = max(1, -(-found // PER_PAGE))
        page = min(max(page, 1), pages)
        rows = [_row(u) for u in s.scalars(query.order_by(models.User.username)
                                            .offset((page - 1) * PER_PAGE).limit(PER_PAGE))]
    return UserPage(rows, found, page, pages)


def find_logins(service: ServiceBase, role: str, text: str) -> list[users.UserRow]:
    """The first :data:`FOUND_MOST` active users of ``role`` whose username or
    full name holds ``text``: what a staff field offers as it is typed."""
    with service.read() as s:
        return [_row(u) for u in s.scalars(
            _matching(text, [role]).where(models.User.active.is_(True))
            .order_by(models.User.username).limit(FOUND_MOST))]


def shown_names(service: ServiceBase, logins: Collection[str]) -> dict[str, str]:
    """What the page prints for each of ``logins`` that is a user: the full
    name, else the username."""
    if not logins:
        return {}
    with service.read() as s:
        return {username: full or username for username, full in s.execute(
            select(models.User.username, models.User.full_name)
            .where(models.User.username.in_(sorted(logins))))}


def _busy_elsewhere(s: Session, game: models.Game, people: set[str]) -> list[str]:
    """Each of ``people`` already working a game that overlaps ``game``, each
    game on the rink for its own length (desk_schedule.overlapping: the
    grid's judgement, not one length for both)."""
    if game.start is None or not people:
        return []
    others = desk_schedule.overlapping(s, game)  # with their officials
    found: list[str] = []
    working: dict[int, set[str]] = {other.key: set(other.officials) for other in others}
    if working:  # the overlapping games' logins, read together (issue 30)
        for other_id, name in s.execute(
                _logins_of(working, [r for r in users.ROLES if r != "director"])
                .with_only_columns(models.UserGame.game_id, models.User.username)):
            working[other_id].add(name)
    for other in others:
        names = working[other.key]
        for person in sorted(people & names):
            found.append(f"{person} works game {other.key} at "
                         f"{other.start.astimezone():%a %H:%M}, which overlaps this one")
    return found


def set_staff(service: ServiceBase, game_id: int, *, scorekeeper: str | None,
              referees: Sequence[str], others: Mapping[str, Sequence[str]] | None = None,
              by: str) -> Staff:
    """Name who works the game: the scorekeeper user who scores it, the
    referee users who officiate and sign it (at most two, Rule 501(a)), the
    other officials by name; an official named by the login of a user with
    that role (a game timekeeper, penalty timekeeper or official scorer:
    Rules 505-507) is assigned the game, to work it at their screen, and a
    user of that role no longer named loses it. Refused if anyone would be
    in two places at once. Two saves of the game at once end as the later
    one whole: the game is held first (:meth:`ServiceBase.hold_game`), and
    the checks, the officials and the logins are read and written after."""
    refs = [r.strip() for r in referees if r.strip()]
    if len(refs) > officiating.MOST["referee"]:
        raise ValueError("a game has at most two referees (Rule 501(a))")
    if len(set(refs)) != len(refs):
        raise ValueError("the same referee is named twice")
    extra = {role: [n.strip() for n in (others or {}).get(role, ()) if n.strip()]
             for role in OTHER_ROLES}
    people = {p for p in [scorekeeper, *refs] if p} | {n for v in extra.values() for n in v}
    with service.write() as s:  # the officials, the logins, the record: one commit
        game = service.hold_game(s, game_id)
        roles = {name: role for name, role in s.execute(
            select(models.User.username, models.User.role)
            .where(models.User.username.in_(sorted(people))))}
        if scorekeeper and roles.get(scorekeeper) != "scorekeeper":
            raise ValueError(f"{scorekeeper!r} is not a scorekeeper's login")
        for ref in refs:
            if roles.get(ref) != "referee":
                raise ValueError(f"{ref!r} is not a referee's login (add the user first)")
        busy = _busy_elsewhere(s, game, people)
        if busy:
            raise PersonBusy("no one is in two places at once: " + "; ".join(busy))
        before = _staff_in(s, game_id)
        officiating.set_officials(service.within(s), game_id, {"referee": refs, **extra})
        # Each login's row held while its games change: a save of another
        # game naming the same person waits, and keeps this game in the list.
        # Of the logins, those who work the game and those named alone (issue 30).
        for user in s.scalars(select(models.User).where(
                models.User.role.in_(("scorekeeper", "referee", *OTHER_ROLES)),
                or_(models.User.username.in_(sorted(people)), models.User.id.in_(
                    select(models.UserGame.user_id).where(models.UserGame.game_id == game_id))))
                .order_by(models.User.id).with_for_update()
                .execution_options(populate_existing=True)):
            if user.role == "scorekeeper":
                wanted = user.username == scorekeeper
            elif user.role == "referee":
                wanted = user.username in refs
            else:  # a table official named by their login works the game at its screen
                wanted = user.username in extra[user.role]
            games = [g for g in (user.games or []) if g != game_id]
            users.set_games(s, user, games + [game_id] if wanted else games)
        after = Staff(game_id, (scorekeeper,) if scorekeeper else (), tuple(refs), extra)
        record(s, game.division.tournament_id, f"game {game_id} officials", "assigned",
               _shown(before), _shown(after), by=by, clock=service.now)
    return after


def _shown(st: Staff) -> dict[str, object]:
    return {"scorekeepers": list(st.scorekeepers), "referees": list(st.referees),
            **{k: v for k, v in st.others.items() if v}}


def add_user(service: ServiceBase, username: str, password: str, role: str, *, by: str,
             full_name: str = "", teams: Sequence[int] = (), email: str = "") -> int:
    """A new user, the username and password by the one rule of
    :func:`users.new_username` and :func:`users.new_password`, with the
    full name the report prints for them (:func:`users.new_full_name`)."""
    username = users.new_username(username)
    password = users.new_password(password)
    full_name = users.new_full_name(full_name)
    with service.write() as s:  # the user and its record: one commit
        user_id = users.create_user(service.within(s), username, password, role,
                                    full_name=full_name, teams=teams, email=email)
        record(s, None, f"user {username}", "added", None,
               {"role": role, **({"full_name": full_name} if full_name else {}),
                **({"teams": sorted(set(teams))} if teams else {})}, by=by,
               clock=service.now)
    return user_id


def _named(service: ServiceBase, username: str) -> users.UserRow:
    """The user ``username``, read by the username's key (not out of every
    user); ValueError when there is none."""
    with service.read() as s:
        row = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        if row is None:
            raise ValueError(f"there is no user {username!r}")
        return _row(row)


def set_full_name(service: ServiceBase, username: str, full_name: str, *, by: str) -> None:
    """A user's full name, which the report and the sign-off print; recorded."""
    before = _named(service, username).full_name
    with service.write() as s:  # the name and its record: one commit
        after = users.set_full_name(service.within(s), username, full_name).full_name
        record(s, None, f"user {username}", "named", {"full_name": before},
               {"full_name": after}, by=by, clock=service.now)


def reset_password(service: ServiceBase, username: str, password: str, *, by: str) -> None:
    password = users.new_password(password)
    with service.write() as s:  # the password and its record: one commit
        users.set_password(service.within(s), username, password)
        record(s, None, f"user {username}", "password reset", None, None, by=by, clock=service.now)


def set_active(service: ServiceBase, username: str, active: bool, *, by: str) -> None:
    """Disable a user (they can no longer log in and every session of theirs
    ends at once) or enable them again; recorded. A director does not
    disable themselves (no one would be left to undo it)."""
    if not active and username == by:
        raise ValueError("a director does not disable their own account")
    before = _named(service, username).active
    with service.write() as s:  # the change and its record: one commit
        users.set_active(service.within(s), username, active)
        record(s, None, f"user {username}", "enabled" if active else "disabled",
               {"active": before}, {"active": active}, by=by, clock=service.now)
