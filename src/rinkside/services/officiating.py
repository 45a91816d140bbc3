"""A game's officials and its sign-off: who officiated, who signed, who reopened.

Rule 616(a): "Changes shall not be made on the scoring summary after the
Referees have signed the official score sheet." The referees assigned to a
game (referee users whose ``games`` list it) sign its report once it is
over; the signature that completes their set locks the game, and from then
on every write to it (an event, a correction, a lineup) is refused with
:class:`~rinkside.tournament.errors.GameLocked`, whichever path it takes
(the console, the API, the CLI, an import). Only the tournament director
reopens a locked game, and only with a reason, which the report shows.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from rinkside.services import playoff_places, webhooks
from rinkside.services.base import ServiceBase
from rinkside.services.schedule_requests import people_in
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.services.users import shown_names
from rinkside.store import models, signoffs
from rinkside.tournament.errors import GameLocked, TournamentRuleError

OFFICIAL_ROLES = models.OFFICIAL_ROLES
SIGNERS = ("referee", "official_scorer")  # Rules 616(a), 506(b)
# How many of each the report has room for (Rules 501-504: two referees, one
# game timekeeper, one penalty timekeeper, one official scorer, goal judges
# where used).
MOST: Mapping[str, int] = {"referee": 2, "game_timekeeper": 1, "penalty_timekeeper": 1,
                           "official_scorer": 1, "goal_judge": 2}


class _Signed:
    """Who signed or filed a line of the report (``full_name`` is "" when none is
    given), as the report names them."""

    username: str
    full_name: str

    @property
    def shown(self) -> str:
        """Their full name, else their username."""
        return self.full_name or self.username


@dataclass(frozen=True)
class Signature(_Signed):
    username: str
    role: str
    at: datetime
    full_name: str = ""


@dataclass(frozen=True)
class Reopening:
    by: str
    at: datetime
    reason: str
    by_shown: str = ""  # the director's full name, else their username


@dataclass(frozen=True)
class SignOff:
    """The game's sign-off as it stands: the signatures since the last
    reopening, whether they lock the game, the referees still to sign, and
    every reopening with its reason."""

    signatures: list[Signature]
    locked: bool
    awaiting: list[str]
    reopenings: list[Reopening]
    earlier_signatures: list[Signature]  # made before the last reopening
    awaiting_shown: list[str] = field(default_factory=list)  # ``awaiting`` by full name


class SignOffRefused(TournamentRuleError):
    """A signature or reopening the sign-off's rules do not allow (616(a)),
    or a written report that 502(l) does not call for as filed."""

    def __init__(self, message: str, rule: str = "616(a)") -> None:
        super().__init__(rule, message)


# --------------------------------------------------------------------------- officials


def set_officials(service: ServiceBase, game_id: int,
                  officials: Mapping[str, Sequence[str]]) -> None:
    """Name the game's officials, role by role (the roles given replace what
    was there; names are trimmed and blanks dropped). Saves of one game at
    once end as the last one whole (:meth:`ServiceBase.hold_game`)."""
    for role, names in officials.items():
        if role not in MOST:
            raise ValueError(f"{role!r} is not an official's role: {', '.join(OFFICIAL_ROLES)}")
        kept = [n.strip() for n in names if n.strip()]
        if len(kept) > MOST[role]:
            raise ValueError(f"a game has at most {MOST[role]} {role.replace('_', ' ')}"
                             f"{'s' if MOST[role] > 1 else ''} (Rules 501-504)")
    with service.write() as s:
        # Held first: two saves of the game at once queue here and the later
        # replaces the earlier whole (no duplicate position, no mix of both).
        game = service.hold_game(s, game_id)
        if signoffs.is_locked(s, game_id):
            raise GameLocked(game_id)
        _refuse_own_team(s, game, officials)
        if officials:
            s.execute(delete(models.GameOfficial).where(
                models.GameOfficial.game_id == game_id,
                models.GameOfficial.role.in_(list(officials))))
        s.add_all(models.GameOfficial(game_id=game_id, role=role, position=i, name=name)
                  for role, names in officials.items()
                  for i, name in enumerate(n.strip() for n in names if n.strip()))


class OwnTeamOfficial(ValueError):
    """An official named to a game of a team they play or coach for. The book
    says only that the Event Directors appoint the officials (Rule 501(a));
    that they appoint no one with a side in the game is the tournament's
    neutrality, which rinkside keeps. ``names`` are (official, team) as the
    refusal says them."""

    def __init__(self, names: Sequence[tuple[str, str]]) -> None:
        self.names = tuple(names)
        super().__init__("; ".join(
            f"{who} is with {team} (its roster or its team officials) and cannot officiate "
            f"its game" for who, team in self.names)
            + " (Rule 501(a): the Event Directors appoint the officials; one who plays or "
            "coaches for a team is not neutral in its game, so name another)")


def _refuse_own_team(s: Session, game: models.Game,
                     officials: Mapping[str, Sequence[str]]) -> None:
    """Rule 501(a): no one officiates a game of a team they play or coach for.
    A person is matched as the schedule's one-person-one-place does
    (:func:`~rinkside.services.schedule_requests.people_in`: a player's person
    key, else the name; a team official's full name, else the username); a
    user named by login is matched by their full name too."""
    named = sorted({n.strip() for names in officials.values() for n in names if n.strip()})
    if not named:
        return
    full = shown_names(s, named)
    aliases = {name: list(dict.fromkeys([name, full.get(name, name)])) for name in named}
    teams = (game.home_team_id, game.away_team_id)
    # the game's two teams and the names alone: an official is with one of
    # them only through its roster or its team officials' rows
    people = people_in(s, game.division.tournament_id, teams=teams,
                       officials=[a for both in aliases.values() for a in both])
    found: dict[tuple[str, int], None] = {}
    for name in named:
        for alias in aliases[name]:
            for _, team in people.own_team_referees(teams, [alias]):
                found[name if alias == name else f"{name} ({alias})", team] = None
    if found:
        team_names = dict(s.execute(select(models.Team.id, models.Team.name)
                                    .where(models.Team.id.in_(teams))).all())
        raise OwnTeamOfficial([(who, team_names.get(team, f"team {team}"))
                               for who, team in found])


def officials(service: ServiceBase, game_id: int) -> dict[str, list[str]]:
    """The game's officials by role (every role present, empty when unnamed)."""
    with service.read() as s:
        _game(s, game_id)
        named: dict[str, list[str]] = {role: [] for role in OFFICIAL_ROLES}
        for row in s.scalars(select(models.GameOfficial)
                             .where(models.GameOfficial.game_id == game_id)
                             .order_by(models.GameOfficial.role, models.GameOfficial.position)):
            named[row.role].append(row.name)
        return named


REFEREES_WANTED = 2  # Rule 501(a): "two Referees on the floor at all times"


def referee_shortfall(referees: Sequence[str]) -> str | None:
    """Rule 501(a)'s warning for a game named fewer than two referees (the
    names the report prints), else None. A warning, not a refusal: the book
    says "should", and a game may still be played and signed."""
    named = [r for r in referees if r.strip()]
    if len(named) >= REFEREES_WANTED:
        return None
    has = f"only one is named ({named[0]})" if named else "none is named"
    return f"Rule 501(a): two referees should be on the floor at all times; {has}."


def referees_warning(service: ServiceBase, game_id: int) -> str | None:
    """:func:`referee_shortfall` of the game's named referees (by full name)."""
    return referee_shortfall(officials_shown(service, game_id)["referee"])


def referees_unnamed(service: ServiceBase, game_id: int) -> str | None:
    """Rules 506(b), 616(a): the official scorer "has the Referees sign" the
    report, so its signers are the referees it names. Where the logins that
    sign (the referee users assigned the game, and any who signed since the
    last reopening) and the names the report prints part (a name typed on
    the sign-off page, a login assigned by hand), what parts, in words for
    the director and the signer; None where they agree or the report names
    no referee yet (:func:`referee_shortfall` says that). A login answers to
    a name by its username or its full name (case aside)."""
    with service.read() as s:
        _game(s, game_id)
        named = [row.name for row in s.scalars(
            select(models.GameOfficial).where(models.GameOfficial.game_id == game_id,
                                              models.GameOfficial.role == "referee")
            .order_by(models.GameOfficial.position))]
        if not named:
            return None
        status = _status(s, game_id)
        logins = list(dict.fromkeys([*assigned_in(s, game_id), *(
            sig.username for sig in status.signatures if sig.role == "referee")]))
        full = shown_names(s, {*named, *logins})
    keys = {name.strip().casefold() for name in named}

    def answers(login: str) -> set[str]:
        return {login.casefold(), full.get(login, login).casefold()}

    signed = {sig.username for sig in status.signatures}
    unnamed = [(f"{full[login]} ({login})" if login in full else login, login in signed)
               for login in logins if not answers(login) & keys]
    answered = set().union(*(answers(login) for login in logins)) if logins else set()
    orphans = [full.get(name, name) for name in named if name.strip().casefold() not in answered]
    if not unnamed and not orphans:
        return None
    parts = [f"the report names {' and '.join(full.get(n, n) for n in named)} as the referees"]
    parts += [f"{who} {'signed' if did else 'is assigned to sign'} it without being named on it"
              for who, did in unnamed]
    if orphans:
        parts.append(f"no referee login is assigned to sign as {' or '.join(orphans)}")
    return ("Rules 506(b), 616(a): the referees the report names sign it; "
            + "; ".join(parts) + ". Name the game's referees by their logins on the desk "
            "(People: the game's officials).")


def officials_shown(service: ServiceBase, game_id: int) -> dict[str, list[str]]:
    """The game's officials by role as the report and the sign-off print
    them: an official who is a user (a referee named on the desk) by their
    full name, the username only where none is given; a name typed for a
    table official as typed."""
    named = officials(service, game_id)
    with service.read() as s:  # the names given alone (issue 30)
        full = shown_names(s, {name for names in named.values() for name in names})
    return {role: [full.get(name, name) for name in names] for role, names in named.items()}


def times(service: ServiceBase, game_id: int) -> tuple[datetime | None, datetime | None]:
    """When the game's first and last events were recorded: its actual start
    and finish for the report (None before anything is recorded)."""
    with service.read() as s:
        _game(s, game_id)
        first, last = s.execute(
            select(func.min(models.EventRevision.at), func.max(models.EventRevision.at))
            .where(models.EventRevision.game_id == game_id)).one()
        return first, last


# --------------------------------------------------------------------------- sign-off


def assigned_referees(service: ServiceBase, game_id: int) -> list[str]:
    """The usernames of the referee users assigned to the game."""
    with service.read() as s:
        return assigned_in(s, game_id)


def signoff(service: ServiceBase, game_id: int) -> SignOff:
    with service.read() as s:
        _game(s, game_id)
        return _status(s, game_id)


def refuse_signature(user: models.User | None, username: str, game_id: int, *, final: bool,
                     locked: bool, signed: Collection[str]) -> None:
    """Rule 616(a): a signature is a referee's assigned to the game (or the
    official scorer's, who signs the report himself: 506(b)), once the
    game is over, not on a signed game, and once since the last reopening
    (:class:`SignOffRefused` saying which). Checked here and for a laptop's
    sign-off pushed to the league (:mod:`rinkside.services.sync_signoff`)."""
    if user is None or user.role not in SIGNERS or game_id not in user.games:
        raise SignOffRefused(f"{username} is not a referee or the official scorer assigned to "
                             f"game {game_id}: only they sign its report (Rules 506(b), 616(a))")
    if not final:
        raise SignOffRefused(f"game {game_id} is not over: the referees sign the "
                             "official score sheet after the game")
    if locked:
        raise SignOffRefused(f"game {game_id} is already signed")
    if username in signed:
        raise SignOffRefused(f"{username} has already signed game {game_id}")


def refuse_reopening(user: models.User | None, game_id: int, reason: str, *, locked: bool) -> None:
    """Only the tournament director reopens a signed game, with a reason
    (616(a)); :class:`SignOffRefused` saying which it lacks."""
    if user is None or user.role != "director":
        raise SignOffRefused("only the tournament director reopens a signed game")
    if not reason.strip():
        raise SignOffRefused("a signed game is reopened only with a reason, "
                             "which its report shows")
    if not locked:
        raise SignOffRefused(f"game {game_id} is not signed: there is nothing to reopen")


def signing_locks(status: SignOff, username: str) -> bool:
    """Would ``username``'s signature be the last of the assigned referees'
    and so lock the game (Rule 616(a))?"""
    return not status.locked and not [r for r in status.awaiting if r != username]


def signing_warning(status: SignOff, username: str, role: str = "referee") -> str:
    """What a referee confirms before signing (Rule 616(a)), in words: their
    signature locks the game, or whose signatures are still to come. The
    official scorer's never locks it (506(b): the referees' last one does)."""
    if role == "official_scorer":
        waiting = f" ({', '.join(status.awaiting_shown)})" if status.awaiting_shown else ""
        return ("Your signature as the official scorer is not taken back and does not lock "
                f"the game (Rule 506(b)): it is locked once the referees{waiting} have "
                "signed (Rule 616(a)).")
    if signing_locks(status, username):
        return ("Your signature is the last: the game will be locked (Rule 616(a)). No goal, "
                "assist, penalty or time can be changed after it; only the tournament "
                "director can reopen the game, with a reason the report shows.")
    others = [name for name, user in zip(status.awaiting_shown, status.awaiting, strict=False)
              if user != username]
    return (f"Your signature is not the last: the game is locked when {', '.join(others)} "
            "signs as well (Rule 616(a)).")


def sign(service: Tournaments, game_id: int, username: str) -> SignOff:
    """A referee signs the game's report (Rule 616(a), :func:`refuse_signature`).
    The last assigned referee to sign locks the game, and the playoff games
    waiting for its result are made (:func:`playoff_places.fill_after`)."""
    _, state = service.game_state(game_id)
    with service.write() as s:
        user = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        status = _status(s, game_id)
        refuse_signature(user, username, game_id, final=state.status == "final",
                         locked=status.locked,
                         signed={sig.username for sig in status.signatures})
        # 506(b): the official scorer signs and has the referees sign; the
        # last referee's signature locks the game (616(a)), never the scorer's.
        completes = (user is not None and user.role == "referee"
                     and not [r for r in status.awaiting if r != username])
        signoffs.add(s, game_id, "sign", username, locks=completes)
        if completes:  # 616(a): the report signed, the game locked; the outbox told
            webhooks.enqueue_signed(s, _game(s, game_id), service.now())
        signed = _status(s, game_id)
    if signed.locked:  # its result stands: a bracket place it decides fills in
        playoff_places.fill_after(service, game_id)
    return signed


def reopen(service: ServiceBase, game_id: int, username: str, reason: str) -> SignOff:
    """The tournament director reopens a signed game, giving the reason the
    report will show; the referees sign again once it is corrected."""
    reason = reason.strip()
    with service.write() as s:
        _game(s, game_id)
        user = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        refuse_reopening(user, game_id, reason, locked=signoffs.is_locked(s, game_id))
        signoffs.add(s, game_id, "reopen", username, reason=reason)
        return _status(s, game_id)


# --------------------------------------------------------------------------- written reports

# What a referee's written report is for: the penalties the book says are
# reported (502(l): game misconduct, gross misconduct, match; 404(h), 405(b)).
REPORT_RULES: Mapping[str, str] = {
    "502(l)": "game misconduct, gross misconduct and match penalties",
    "404(h)": "a gross misconduct penalty and its circumstances",
    "405(b)": "a match penalty and its circumstances",
}


@dataclass(frozen=True)
class WrittenReport(_Signed):
    kind: str  # "report" (a rule's report) or "incident" (a note)
    rule: str | None
    text: str
    username: str
    at: datetime
    full_name: str = ""


def refuse_report(user: models.User | None, game_id: int, text: str, rule: str | None) -> None:
    """A written report has its text, is one the book calls for (``rule``:
    502(l), 404(h), 405(b); None: an incident note) and is filed by one of
    the game's referees or the director (:class:`SignOffRefused` under
    502(l), saying which): 502(l) asks the referee of the game for it, and
    it prints on that game's official report, which its referees sign
    (616(a))."""
    if not text.strip():
        raise SignOffRefused("a written report needs its text", "502(l)")
    if rule is not None and rule not in REPORT_RULES:
        raise SignOffRefused(f"{rule!r} calls for no written report: "
                             + ", ".join(f"{r} ({what})" for r, what in REPORT_RULES.items()),
                             "502(l)")
    if user is None or user.role not in ("referee", "director"):
        raise SignOffRefused("only a referee or the tournament director files a written "
                             "report", "502(l)")
    if user.role == "referee" and game_id not in user.games:
        raise SignOffRefused(f"{user.username} is not a referee assigned to game {game_id}: "
                             "only its referees (or the director) file its written reports",
                             "502(l)")


def add_written_report(service: ServiceBase, game_id: int, username: str, text: str, *,
                       rule: str | None = None) -> WrittenReport:
    """A referee (or the director) files a written report on the game: with
    ``rule`` the report the book requires (502(l), 404(h), 405(b)), else an
    incident note. Kept after the signatures too (it is no part of the
    scoring summary that 616(a) locks)."""
    text = text.strip()
    with service.write() as s:
        _game(s, game_id)
        user = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        refuse_report(user, game_id, text, rule)
        at = datetime.fromtimestamp(service.now_ms() / 1000, UTC)
        row = signoffs.add_written(s, game_id, "incident" if rule is None else "report", rule,
                                   text, username, at)
        return WrittenReport(row.kind, rule, text, username, at)


def written_reports(service: ServiceBase, game_id: int) -> list[WrittenReport]:
    """The game's written reports and incident notes, in the order filed."""
    with service.read() as s:
        rows = s.scalars(select(models.WrittenReport).where(models.WrittenReport.game_id == game_id)
                         .order_by(models.WrittenReport.id)).all()
        full = shown_names(s, {r.username for r in rows})
        return [WrittenReport(r.kind, r.rule, r.text, r.username, r.at,
                              full.get(r.username, "")) for r in rows]


def reopened(service: ServiceBase, game_id: int) -> Reopening | None:
    """The reopening a game open again stands under (Rule 616(a): the
    director reopened the signed game, with a reason; its referees sign
    again once it is corrected): the last one, while the game is not signed
    again; else None. The officials' screens say it instead of simply taking
    writes again."""
    with service.read() as s:
        status = _status(s, game_id)
    return status.reopenings[-1] if status.reopenings and not status.locked else None


def is_locked(service: ServiceBase, game_id: int) -> bool:
    with service.read() as s:
        return signoffs.is_locked(s, game_id)


# --------------------------------------------------------------------------- inside


def _game(s: Session, game_id: int) -> models.Game:
    game = s.get(models.Game, game_id)
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def assigned_in(s: Session, game_id: int) -> list[str]:
    """The usernames of the game's referee users, found through the game's
    key (``user_games``), not by reading every referee (issue 30)."""
    return list(s.scalars(
        select(models.User.username)
        .join(models.UserGame, models.UserGame.user_id == models.User.id)
        .where(models.UserGame.game_id == game_id, models.User.role == "referee")
        .order_by(models.User.id)))


def _status(s: Session, game_id: int) -> SignOff:
    entries = signoffs.entries(s, game_id)
    assigned = assigned_in(s, game_id)
    # the signers and the assigned referees alone, by the username's key (issue 30)
    names = {entry.username for entry in entries} | set(assigned)
    roles = {name: role for name, role in s.execute(
        select(models.User.username, models.User.role)
        .where(models.User.username.in_(sorted(names))))}
    full = shown_names(s, names)
    current: list[Signature] = []
    earlier: list[Signature] = []
    reopenings: list[Reopening] = []
    for entry in entries:
        if entry.kind == "reopen":
            reopenings.append(Reopening(entry.username, entry.at, entry.reason,
                                        full.get(entry.username, "") or entry.username))
            earlier.extend(current)
            current = []
        else:
            current.append(Signature(entry.username, roles.get(entry.username, "referee"),
                                     entry.at, full.get(entry.username, "")))
    signed = {sig.username for sig in current}
    locked = bool(entries) and entries[-1].locks
    awaiting = [] if locked else [r for r in assigned if r not in signed]
    return SignOff(current, locked, awaiting, reopenings, earlier,
                   [full.get(r, r) for r in awaiting])
