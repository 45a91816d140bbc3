"""A team's officials (Section II, Rules 201-206): the manager or coach a
director invites or creates for a team. They act for their own teams only:
their roster (203(a), (b): :mod:`rinkside.services.roster_submissions`),
each game's lineup (202(c), 204) and its signature.

An invitation is such a user with no password anyone knows and a one-time
token: :func:`invitation_link` is the address that sets their password
(shown on the desk; mailed where mail is configured). Only the token's
SHA-256 is stored; using it (:func:`accept_invitation`) ends it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Literal

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from rinkside.services import mail, users
from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.queries import GameRow, games
from rinkside.services.tournaments import Tournaments
from rinkside.store import models, signoffs

INVITATION_PREFIX: Final = "invitation:"
INVITATION_DAYS: Final = 14


@dataclass(frozen=True)
class Invitation:
    """A user invited: their id, username, the one-time token and until when it serves."""

    user_id: int
    username: str
    token: str
    until: datetime


def _key(token: str) -> str:
    return INVITATION_PREFIX + hashlib.sha256(token.encode()).hexdigest()


def invite(service: ServiceBase, username: str, role: str, teams: Iterable[int], *, by: str,
           email: str = "", full_name: str = "", base_url: str = "") -> Invitation:
    """A team's manager or coach (``role``) for ``teams``, who sets their own
    password by the link of the invitation (:func:`invitation_link`); the
    user and the invitation recorded in the desk's change log. With an
    ``email`` and the site's ``base_url``, the link goes by mail in the same
    commit (services/mail.py; nothing when mail is not configured)."""
    if role not in users.TEAM_ROLES:
        raise ValueError(f"an invitation is for a team's manager or coach, not a {role!r}")
    username = users.new_username(username)
    token = secrets.token_urlsafe(32)
    until = service.now() + timedelta(days=INVITATION_DAYS)
    wanted = sorted(set(teams))
    with service.write() as s:  # the user, the invitation and its record: one commit
        user_id = users.create_user(service.within(s), username, secrets.token_urlsafe(32),
                                    role, teams=wanted, email=email, full_name=full_name)
        s.add(models.StoreMeta(name=_key(token), value=json.dumps(
            {"user_id": user_id, "until": until.isoformat()})))
        record(s, None, f"user {username}", "invited", None,
               {"role": role, "teams": wanted, **({"email": email.strip()} if email else {})},
               by=by, clock=service.now)
        if email.strip() and base_url and wanted:
            mail.mail_invitation(s, wanted[0], email.strip(), role=role,
                                 link=invitation_link(base_url, token), by=by, until=until,
                                 now=service.now())
    return Invitation(user_id, username, token, until)


def invitation_link(base_url: str, token: str) -> str:
    """The address of an invitation (``base_url`` the site's, e.g.
    ``https://rink.example.org``): the page where the invited sets their password."""
    return f"{base_url.rstrip('/')}/invitations/{token}"


def invited(service: ServiceBase, token: str) -> users.UserRow | None:
    """The user an invitation token is for, while it serves (None: unknown,
    used or expired)."""
    with service.read() as s:
        row = s.get(models.StoreMeta, _key(token))
        if row is None:
            return None
        value = json.loads(row.value)
        if datetime.fromisoformat(value["until"]) < service.now():
            return None
        user_id = int(value["user_id"])
    return users.user(service, user_id)


def accept_invitation(service: ServiceBase, token: str, password: str) -> users.UserRow:
    """The invited user's password set (:func:`users.new_password`) and the
    invitation ended; ValueError when the token serves no more."""
    password = users.new_password(password)
    found = invited(service, token)
    if found is None:
        raise ValueError("this invitation has been used or has expired: ask the tournament "
                         "director for a new one")
    with service.write() as s:
        s.execute(delete(models.StoreMeta).where(models.StoreMeta.name == _key(token)))
        users.set_password(service.within(s), found.username, password)
    return found


def team_games(service: ServiceBase, team_id: int) -> list[GameRow]:
    """The team's games, in order of start."""
    return sorted(games(service, team_id=team_id),
                  key=lambda g: (g.start is None, g.start or datetime.min, g.game_id))


def officials_of(service: ServiceBase, team_id: int) -> list[users.UserRow]:
    """The managers and coaches who act for ``team_id``: found through the
    team's rows of ``user_teams`` (migration 0038), never by reading every
    manager and coach of the store (issue 30)."""
    with service.read() as s:
        ids = list(s.scalars(select(models.User.id)
                             .join(models.UserTeam, models.UserTeam.user_id == models.User.id)
                             .where(models.UserTeam.team_id == team_id,
                                    models.User.role.in_(users.TEAM_ROLES))
                             .order_by(models.User.username)))
    return [u for u in (users.user(service, i) for i in ids) if u is not None]


# --------------------------------------------------------------------------- signatures


@dataclass(frozen=True)
class TeamSigned:
    """A team official's signature as the report prints it."""

    team_id: int
    team: str
    kind: str  # "lineup", "report" or "decline"
    username: str
    shown: str  # the full name, else the username
    remark: str
    at: datetime
    in_play: bool = False  # a void made once the game had begun

    @property
    def text(self) -> str:
        """What the team's page says of it: who, for which team, what they did."""
        if self.kind == "void" and self.in_play:
            return (f"the lineup of {self.team} was changed by {self.shown} after the game "
                    "began: the signature before covers the lineup as it was handed in; "
                    "the book asks no signature for a change once play has begun "
                    "(Rule 202(c): before the start)")
        if self.kind == "void":
            return (f"the lineup of {self.team} was changed by {self.shown} after it was "
                    "signed: the signature before it no longer covers it (Rule 202(c))")
        what = {"lineup": "signed the lineup", "report": "signed the report",
                "decline": "declined to sign the report"}.get(self.kind, self.kind)
        return f"{self.shown} for {self.team} {what}" + (f": {self.remark}" if self.remark
                                                         else "")


def sign(service: Tournaments, game_id: int, team_id: int, kind: str, *, username: str,
         remark: str = "") -> TeamSigned:
    """A team official signs for ``team_id``: the lineup before the game
    (202(c): handed in, the game not begun), or the report after it, or
    declines to sign it with a written remark (506(b): the game final, and
    not yet locked by the referees' signatures, 616(a), so that the report
    signed at the lock carries it).
    Linked in the game's hash chain beside the officials' sign-off."""
    remark = " ".join(remark.split())
    if kind not in models.TEAM_SIGNED_KINDS:
        raise ValueError(f"a team official signs the lineup or the report, or declines: "
                         f"not {kind!r}")
    if kind == "decline" and not remark:
        raise ValueError("declining to sign the report needs a written remark (Rule 506(b))")
    _, state = service.game_state(game_id)
    with service.write() as s:
        game = service.existing_row(s, models.Game, game_id)
        if team_id not in (game.home_team_id, game.away_team_id):
            raise ValueError(f"team {team_id} does not play game {game_id}")
        if kind == "lineup":
            if game.version > 0:
                raise ValueError("the game has begun: the lineup is signed before it "
                                 "(Rule 202(c)); a change once play has begun needs no "
                                 "signature")
            if not any(e.team_id == team_id for e in game.lineup):
                raise ValueError("hand in the lineup first: the signature is on it "
                                 "(Rule 202(c))")
        elif state.status != "final":
            raise ValueError("the report is signed (or declined) once the game is over "
                             "(Rule 506(b))")
        elif signoffs.is_locked(s, game_id):
            raise ValueError("the referees have signed: the report is locked (Rule 616(a)); "
                             "a team official signs it before they do")
        _refuse_twice(s, game, team_id, kind)
        row = signoffs.add_team(s, game_id, team_id, kind, username, remark, service.now())
        return _signed(s, row)


def _refuse_twice(s: Session, game: models.Game, team_id: int, kind: str) -> None:
    """A team's signature is not made twice over: its lineup as it stands
    (202(c): a change voids the signature, and then it signs again), and
    the report once its newest answer since the director last reopened the
    game is a signature (506(b), as a referee signs once: 616(a); a team
    that declined may still sign). A second press of the button added a
    second signature line to the report."""
    team = game.home_team if team_id == game.home_team_id else game.away_team
    if kind == "lineup":
        if signoffs.standing_lineup_signature(s, game.id, team_id) is not None:
            raise ValueError(f"{team.name}'s lineup as it stands is signed already "
                             "(Rule 202(c)); a change to it needs a new signature")
        return
    if kind == "report" and _report_answer(s, game.id, team_id) == "report":
        raise ValueError(f"{team.name} has signed the report already (Rule 506(b)): once, "
                         "unless the director reopens the game")


def _report_answer(s: Session, game_id: int, team_id: int) -> str | None:
    """The team's newest answer to the report since the director last
    reopened the game: "report" (signed), "decline", or None."""
    reopened = max((e.chain_seq or 0 for e in signoffs.entries(s, game_id) if e.kind == "reopen"),
                   default=0)
    newest = next((t for t in reversed(signoffs.team_entries(s, game_id))
                   if t.team_id == team_id and t.kind in ("report", "decline")
                   and (t.chain_seq or 0) > reopened), None)
    return newest.kind if newest is not None else None


def report_answer(service: ServiceBase, game_id: int, team_id: int) -> str | None:
    """What the team last answered to the report since it was last reopened
    (Rule 506(b)): "report" (signed: not signed again), "decline", or None."""
    with service.read() as s:
        return _report_answer(s, game_id, team_id)


class WrongPin(ValueError):
    """A PIN (a password) that is not the user's: nothing was signed."""


def sign_at_table(service: Tournaments, game_id: int, username: str, pin: str, kind: str, *,
                  remark: str = "") -> TeamSigned:
    """A team official signs on the scorer's tablet: their username and
    their own password as the PIN (checked as a login checks it), for the
    one of the game's teams they act for (:func:`sign`). ValueError when
    the PIN is wrong or they act for neither team."""
    user_id = users.authenticate(service, username, pin)
    found = users.user(service, user_id) if user_id is not None else None
    if found is None:
        raise WrongPin("wrong username or PIN: nothing was signed")
    with service.read() as s:
        game = service.existing_row(s, models.Game, game_id)
        teams = [t for t in (game.home_team_id, game.away_team_id) if t in found.teams]
    if found.role not in users.TEAM_ROLES or not teams:
        raise ValueError(f"{username} is no manager or coach of a team of game {game_id}: "
                         "nothing was signed")
    return sign(service, game_id, teams[0], kind, username=found.username, remark=remark)


def team_signatures(service: ServiceBase, game_id: int) -> list[TeamSigned]:
    """The team officials' signatures of the game, oldest first."""
    with service.read() as s:
        return [_signed(s, row) for row in signoffs.team_entries(s, game_id)]


LineupSigning = Literal["unsigned", "signed", "changed", "changed_in_play",
                        "changed_unsigned"]


def lineup_signing(service: ServiceBase, game_id: int, team_id: int) -> LineupSigning:
    """Whether the team's lineup is signed (202(c)): ``signed``; ``unsigned``
    when never signed; when it was changed after its last signature (which
    no longer covers it): ``changed`` while the game has not begun (it
    needs signing again, and can be), ``changed_in_play`` when the change
    came once the game had begun (the book asks nothing signed then: Rule
    202(c) has the captain and alternates told before the start, and no
    rule asks a signature for a player added or a number corrected in
    play), ``changed_unsigned`` when it was changed before the start and the
    game began before it was signed again (it can be signed no more)."""
    with service.read() as s:
        game = service.existing_row(s, models.Game, game_id)
        last = next((r for r in reversed(signoffs.team_entries(s, game_id))
                     if r.team_id == team_id and r.kind in ("lineup", "void")), None)
        if last is None:
            return "unsigned"
        if last.kind == "lineup":
            return "signed"
        if _in_play(s, last):
            return "changed_in_play"
        return "changed_unsigned" if game.version > 0 else "changed"


@dataclass(frozen=True)
class LineupSigningNote:
    """What the team's page and the scorer's console say of the lineup's
    signature (Rule 202(c)), and whether a team official can sign it now."""

    state: LineupSigning
    words: str  # empty: nothing to say
    can_sign: bool


SIGNING_WORDS: Final[dict[str, str]] = {
    "unsigned": "",
    "signed": "The lineup as it stands is signed by the team official (Rule 202(c)).",
    "changed": ("The lineup was changed after the team official signed it: it needs "
                "signing again (Rule 202(c)), before the game begins: on the team's page "
                "or on the scorer's tablet."),
    "changed_in_play": (
        "The lineup was changed after the game began: the team official's signature "
        "covers the lineup as it was handed in before the start. Nothing more is to be "
        "signed: the book has the captain and alternates told before the start (Rule "
        "202(c)) and asks no signature for a change once play has begun; the change is in "
        "the game's record."),
    "changed_unsigned": (
        "The lineup was changed after the team official signed it and the game began "
        "before it was signed again: it can be signed no more (Rule 202(c): before the "
        "start). The signature covers the lineup as it was when signed."),
}


def lineup_signing_note(service: ServiceBase, game_id: int, team_id: int
                        ) -> LineupSigningNote:
    """:func:`lineup_signing` with the words both pages show, and whether the
    lineup can be signed now (:func:`sign`: handed in, the game not begun,
    not signed as it stands)."""
    state = lineup_signing(service, game_id, team_id)
    with service.read() as s:
        game = service.existing_row(s, models.Game, game_id)
        handed_in = any(e.team_id == team_id for e in game.lineup)
        begun = game.version > 0
    return LineupSigningNote(state, SIGNING_WORDS[state] if handed_in else "",
                             handed_in and not begun and state in ("unsigned", "changed"))


def _in_play(s: Session, row: models.TeamSignature) -> bool:
    """Whether the entry was made once the game had begun: after its first
    event's revision in the game's hash chain (by time where an old row has
    no place in it)."""
    first = s.execute(select(models.EventRevision.chain_seq, models.EventRevision.at).where(
        models.EventRevision.game_id == row.game_id, models.EventRevision.revision == 1)
    ).first()
    if first is None:
        return False
    if first.chain_seq is not None and row.chain_seq is not None:
        return bool(first.chain_seq < row.chain_seq)
    return bool(first.at <= row.at)


def _signed(s: Session, row: models.TeamSignature) -> TeamSigned:
    team = s.get(models.Team, row.team_id)
    full = users.shown_names(s, [row.username])  # the signer alone (issue 30)
    return TeamSigned(row.team_id, team.name if team is not None else str(row.team_id),
                      row.kind, row.username, full.get(row.username, row.username),
                      row.remark, row.at, in_play=row.kind == "void" and _in_play(s, row))
