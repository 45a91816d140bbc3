"""Mail (issue 28): the signed official report to both teams' managers and
the director once the last signature locked the game (Rules 616(a), 506(b):
the official scorer forwards the signed report), a suspension notice to the
team's managers when a game or the desk makes or changes one (410(a),
404(h), 405(b)), a roster approved or returned to its manager (203(a), (b)).

Each message is a row of the outbox (``mail_outbox``) written in the
transaction of the change that makes it (:func:`queue`), so a change rolled
back sends nothing and a committed one is told once. The worker
(:func:`deliver_due`, run beside the webhooks' by their
:class:`~rinkside.services.webhooks.DeliveryLoop`, off the request path)
sends each due message with :mod:`smtplib` and keeps each attempt; one the
server refused is retried after :data:`rinkside.services.webhooks.BACKOFF`,
then given up (the desk shows it and can send it again). A message the
server took is never sent again. Its recipients are in the SMTP envelope
alone, its To an empty group: no recipient sees another's address.

The SMTP settings are the environment's (:func:`settings`):
``RINKSIDE_SMTP_HOST``, ``RINKSIDE_SMTP_PORT``, ``RINKSIDE_SMTP_TLS``
(``starttls``, ``ssl`` or ``none``), ``RINKSIDE_SMTP_USER``,
``RINKSIDE_SMTP_PASSWORD`` and ``RINKSIDE_MAIL_FROM``. Without a host and a
sender mail is not configured: nothing is queued, nothing sent, and the
desk's Mail page says so.
"""

from __future__ import annotations

import logging
import os
import smtplib
import ssl
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate
from typing import Final

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rinkside.rules.records import Suspension
from rinkside.services.base import ServiceBase
from rinkside.services.webhooks import BACKOFF, BATCH, LEASE
from rinkside.store import models

TLS_MODES: Final = ("starttls", "ssl", "none")
DEFAULT_PORTS: Final = {"starttls": 587, "ssl": 465, "none": 25}
ERROR_KEPT: Final = 500
SUBJECT_MAX: Final = 200
KIND_WORDS: Final = {"report": "signed report (506(b), 616(a))",
                     "suspension": "suspension notice",
                     "roster": "roster decision (203)"}
VARIABLES: Final = ("RINKSIDE_SMTP_HOST", "RINKSIDE_SMTP_PORT", "RINKSIDE_SMTP_TLS",
                    "RINKSIDE_SMTP_USER", "RINKSIDE_SMTP_PASSWORD", "RINKSIDE_MAIL_FROM")

log = logging.getLogger("rinkside.mail")

Clock = Callable[[], datetime]


class MailProblem(ValueError):
    """The mail settings cannot be used: what is wrong, and which variable."""


@dataclass(frozen=True, slots=True)
class MailSettings:
    host: str
    port: int
    tls: str  # one of TLS_MODES
    user: str
    password: str
    sender: str


def settings(environ: Mapping[str, str] | None = None) -> MailSettings | None:
    """The SMTP settings from the environment; ``None`` when mail is not
    configured (no host or no sender); :class:`MailProblem` when a value
    cannot be used (a port that is not a number, a TLS mode not known)."""
    env = os.environ if environ is None else environ
    host = env.get("RINKSIDE_SMTP_HOST", "").strip()
    sender = env.get("RINKSIDE_MAIL_FROM", "").strip()
    if not host or not sender:
        return None
    tls = env.get("RINKSIDE_SMTP_TLS", "starttls").strip().lower() or "starttls"
    if tls not in TLS_MODES:
        raise MailProblem(f"RINKSIDE_SMTP_TLS is {tls!r}: it is one of {', '.join(TLS_MODES)}")
    port_text = env.get("RINKSIDE_SMTP_PORT", "").strip()
    if port_text and not (port_text.isdigit() and 0 < int(port_text) < 65536):
        raise MailProblem(f"RINKSIDE_SMTP_PORT is {port_text!r}: a port number (1-65535)")
    port = int(port_text) if port_text else DEFAULT_PORTS[tls]
    return MailSettings(host, port, tls, env.get("RINKSIDE_SMTP_USER", ""),
                        env.get("RINKSIDE_SMTP_PASSWORD", ""), sender)


def usable_settings(environ: Mapping[str, str] | None = None) -> MailSettings | None:
    """:func:`settings`, a problem with them said in the log and taken as not configured."""
    try:
        return settings(environ)
    except MailProblem as exc:
        log.warning("rinkside: mail is not sent: %s", exc)
        return None


@dataclass(frozen=True, slots=True)
class MailStatus:
    """What the desk says of the mail settings."""

    configured: bool
    words: str


def status(environ: Mapping[str, str] | None = None) -> MailStatus:
    try:
        found = settings(environ)
    except MailProblem as exc:
        return MailStatus(False, f"Mail is not configured: {exc}. Nothing is sent.")
    if found is None:
        return MailStatus(False, "Mail is not configured (RINKSIDE_SMTP_HOST and "
                          "RINKSIDE_MAIL_FROM are not both set): nothing is queued or sent; "
                          "managers and the director are not told of reports, suspensions "
                          "or roster decisions by mail.")
    login = f" as {found.user}" if found.user else ""
    return MailStatus(True, f"Mail is sent from {found.sender} through {found.host}:"
                            f"{found.port} ({found.tls}){login}.")


# --------------------------------------------------------------------------- recipients


def team_officials(s: Session, team_id: int) -> list[str]:
    """The addresses of the team's managers and coaches (users acting for it
    with an e-mail address), sorted, each once: found through the team's rows
    of ``user_teams`` (migration 0038), never by reading every manager and
    coach of the store (issue 30)."""
    rows = s.scalars(select(models.User.email)
                     .join(models.UserTeam, models.UserTeam.user_id == models.User.id)
                     .where(models.UserTeam.team_id == team_id,
                            models.User.role.in_(models.TEAM_ROLES),
                            models.User.active.is_(True))).all()
    return sorted({e for e in rows if e})


def directors(s: Session) -> list[str]:
    """The addresses of the tournament directors who have one."""
    rows = s.scalars(select(models.User.email).where(
        models.User.role == "director", models.User.active.is_(True))).all()
    return sorted({e for e in rows if e})


# --------------------------------------------------------------------------- the outbox


def queue(s: Session, tournament_id: int, kind: str, recipients: Iterable[str], subject: str,
          body: str, now: datetime, *, game_id: int | None = None,
          signed_report_id: int | None = None) -> int | None:
    """In the transaction of the change that makes it: the message in the
    outbox, due at once. Nothing (``None``) when mail is not configured or
    nobody is to receive it; else its id."""
    to = sorted(set(recipients))
    if not to or usable_settings() is None:
        return None
    row = models.MailMessage(tournament_id=tournament_id, kind=kind, game_id=game_id,
                             signed_report_id=signed_report_id, recipients=to,
                             subject=subject[:SUBJECT_MAX], body=body, created_at=now,
                             attempts=0, next_at=now)
    s.add(row)
    s.flush()
    return row.id


def _game_words(game: models.Game) -> str:
    when = f", {game.start:%a %d %b %H:%M} UTC" if game.start is not None else ""
    rink = f", {game.rink}" if game.rink else ""
    return f"game {game.id}: {game.home_team.name} v {game.away_team.name}{when}{rink}"


def mail_report(s: Session, report: models.SignedReport, now: datetime) -> int | None:
    """Rules 506(b), 616(a): the signed report, kept as the last signature
    locked the game, to both teams' managers and the directors, its PDF attached."""
    game = ServiceBase.existing_row(s, models.Game, report.game_id)
    to = [*team_officials(s, game.home_team_id), *team_officials(s, game.away_team_id),
          *directors(s)]
    words = _game_words(game)
    body = (f"The official report of {words}, signed by its referees (Rules 506(b), "
            "616(a)), is attached: the PDF as signed with the league's key (SHA-256 "
            f"{report.digest}).\n\nAnyone can check it at /verify on "
            "the league's rinkside. The game is locked: only the tournament director can "
            "reopen it, with a reason its report then shows.\n")
    return queue(s, game.division.tournament_id, "report", to,
                 f"Signed report, {words}", body, now, game_id=game.id,
                 signed_report_id=report.id)


def _length_words(games: int | str | None) -> str:
    if games == 0:
        return "no further game"
    if isinstance(games, int):
        return f"{games} game{'s' if games != 1 else ''}"
    return {"rest_of_tournament": "the rest of the tournament",
            "pending_review": "pending the Event Directors' review",
            None: "a length the Event Directors decide"}.get(games, str(games))


def games_covered(s: Session, team_id: int, after: models.Game | None,
                  games: int | str | None) -> list[models.Game]:
    """The team's scheduled games a suspension of ``games`` covers: the next
    ones after ``after`` (None: the next not begun), in schedule order; all
    of them for the rest of the tournament; none listed for an open length."""
    if not isinstance(games, int) and games != "rest_of_tournament":
        return []
    division_id = after.division_id if after is not None else s.scalar(
        select(models.Team.division_id).where(models.Team.id == team_id))
    schedule = s.scalars(select(models.Game).where(
        models.Game.division_id == division_id,
        (models.Game.home_team_id == team_id) | (models.Game.away_team_id == team_id))).all()

    def key(g: models.Game) -> tuple[bool, float, int, int]:
        return (g.start is None, g.start.timestamp() if g.start else 0.0, g.schedule_order,
                g.id)

    ordered = sorted(schedule, key=key)
    ids = [g.id for g in ordered]
    if after is not None:
        later = ordered[ids.index(after.id) + 1:] if after.id in ids else ordered
    else:
        later = [g for g in ordered if g.version == 0]
    return later if not isinstance(games, int) else later[:games]


def _covers_words(covered: list[models.Game], games: int | str | None) -> str:
    if not covered:
        if games == 0:
            return "It covers no game."
        if isinstance(games, int) or games == "rest_of_tournament":
            return ("It covers no game scheduled now: the games the team plays next "
                    "(the desk's discipline page shows what is served).")
        return "The games it covers are decided later (the desk's discipline page shows them)."
    lines = "\n".join(f"  - {_game_words(g)}" for g in covered)
    short = isinstance(games, int) and len(covered) < games
    more = ("\n  and the team's next games once scheduled (playoffs)." if short else "")
    return f"It covers, as the schedule stands now:\n{lines}{more}"


def notice_text(who: str, team: str, rule: str, games: int | str | None, cause: str,
                covered: list[models.Game]) -> tuple[str, str]:
    """A suspension notice's subject and body."""
    # The rule after a comma, not in parentheses: "(Rule 410(a))" would be
    # folded by the email package onto a line of its own, read back with a space.
    subject = f"Suspension: {who} ({team}), {_length_words(games)}, Rule {rule}"
    body = (f"{who} of {team} is suspended for {_length_words(games)} under Rule {rule}: "
            f"{cause}.\n\n{_covers_words(covered, games)}\n\nA suspended player cannot be "
            "dressed for these games. The tournament director decides any change "
            "(Rule 410(a)).\n")
    return subject, body


def mail_game_suspensions(s: Session, game: models.Game, suspensions: Iterable[Suspension],
                          now: datetime) -> list[int]:
    """In a game write's transaction: a notice to the team's managers for each
    suspension the write made (a game misconduct and the like: who, which
    rule, how many games, which games it covers)."""
    made = []
    for suspension in suspensions:
        team = game.home_team if suspension.team == "home" else game.away_team
        if suspension.official:
            who = f"Team official {suspension.official}"
        else:
            player = s.scalars(select(models.Player).where(
                models.Player.team_id == team.id, models.Player.number == suspension.player,
                models.Player.active.is_(True))).first()
            who = f"#{suspension.player} {player.name}" if player else f"#{suspension.player}"
        length = suspension.games if isinstance(suspension.games, int) else str(
            suspension.games)
        subject, body = notice_text(who, team.name, suspension.rule, length,
                                    f"a penalty in {_game_words(game)}",
                                    games_covered(s, team.id, game, length))
        made_id = queue(s, game.division.tournament_id, "suspension", team_officials(s, team.id),
                        subject, body, now, game_id=game.id)
        if made_id is not None:
            made.append(made_id)
    return made


def mail_desk_suspension(s: Session, player_id: int, games: int | str | None, rule: str,
                         cause: str, now: datetime, *, after_game_id: int | None = None
                         ) -> int | None:
    """In the desk's write: the notice of a suspension made or changed on the
    desk (410(a) supplementary discipline or a change of length, 404(h) or
    405(b) the Event Directors' decision) to the player's team's managers."""
    player = ServiceBase.existing_row(s, models.Player, player_id)
    after = s.get(models.Game, after_game_id) if after_game_id is not None else None
    subject, body = notice_text(f"#{player.number} {player.name}", player.team.name, rule,
                                games, cause, games_covered(s, player.team_id, after, games))
    return queue(s, player.team.division.tournament_id, "suspension",
                 team_officials(s, player.team_id), subject, body, now)


def mail_suspension_change(s: Session, player_id: int, games: int, reason: str,
                           now: datetime) -> int | None:
    """Rule 410(a): the directors shortened (``games`` below 0) or lengthened
    the player's suspension; told to the team's managers in that write."""
    player = ServiceBase.existing_row(s, models.Player, player_id)
    how = "lengthened" if games > 0 else "shortened"
    count = f"{abs(games)} game{'s' if abs(games) != 1 else ''}"
    subject = (f"Suspension {how}: #{player.number} {player.name} ({player.team.name}), "
               f"{count}, Rule 410(a)")
    body = (f"The tournament directors {how} the suspension of #{player.number} "
            f"{player.name} of {player.team.name} by {count} (Rule 410(a)): {reason}.\n\n"
            "The desk's discipline page shows the games it now covers and what is served.\n")
    return queue(s, player.team.division.tournament_id, "suspension",
                 team_officials(s, player.team_id), subject, body, now)


def mail_roster_decision(s: Session, team_id: int, *, approved: bool, reason: str,
                         by: str, now: datetime) -> int | None:
    """In the transaction that records the director's decision on a submitted
    roster (Rule 203(a), (b)): approved, or returned with its reason, told to
    the team's managers."""
    team = ServiceBase.existing_row(s, models.Team, team_id)
    if approved:
        subject = f"Roster approved: {team.name}"
        body = (f"The tournament director ({by}) approved the roster of {team.name} "
                "(Rule 203(a)). From now on a change to it is a request the director "
                "approves (Rule 203(b)).\n")
    else:
        subject = f"Roster returned: {team.name}"
        body = (f"The tournament director ({by}) returned the roster of {team.name} "
                f"(Rule 203(a)): {reason.strip() or 'no reason given'}.\n\nCorrect it and "
                "submit it again before the deadline.\n")
    return queue(s, team.division.tournament_id, "roster", team_officials(s, team_id),
                 subject, body, now)


def mail_invitation(s: Session, team_id: int, address: str, *, role: str, link: str,
                    by: str, until: datetime, now: datetime) -> int | None:
    """In the transaction that makes the invited team official (Section II: the
    manager or coach who hands in the roster, 203(a)): the one-time link where
    they set their password, to the address the director gave."""
    team = ServiceBase.existing_row(s, models.Team, team_id)
    subject = f"You are invited as the {role} of {team.name}"
    body = (f"The tournament director ({by}) invited you as the {role} of {team.name}.\n\n"
            f"Set your password here (the link serves once, until {until:%Y-%m-%d %H:%M} UTC):\n"
            f"{link}\n\nThen hand in your roster (Rule 203(a)) and each game's lineup "
            "(Rules 202(c), 204(a)) from the My team page.\n")
    return queue(s, team.division.tournament_id, "invitation", [address] if address else [],
                 subject, body, now)


# --------------------------------------------------------------------------- the worker


@dataclass(frozen=True, slots=True)
class _Due:
    message_id: int
    recipients: tuple[str, ...]
    subject: str
    body: str
    created_at: datetime
    attempts: int
    attachment: tuple[str, bytes] | None  # (file name, PDF)


# Sends a message to the envelope's recipients (the second argument: the
# message's own headers name none of them): raises smtplib.SMTPException or
# OSError when it is refused whole; else what it says of the recipients
# refused (None: every one took it).
Send = Callable[[EmailMessage, Sequence[str]], str | None]

# The To header of every message: no recipient sees another's address (a
# parent following a team, a manager, a director); the addresses are only in
# the SMTP envelope (RFC 5322 3.4: a group with no address).
UNDISCLOSED: Final = "undisclosed-recipients:;"


def _claim(service: ServiceBase, now: datetime) -> list[_Due]:
    """The due messages, each leased (its next attempt moved past this one)
    so that a second worker leaves it, as the webhooks' deliveries are."""
    claimed = []
    with service.write() as s:
        rows = s.scalars(select(models.MailMessage).where(
            models.MailMessage.next_at <= now, models.MailMessage.sent_at.is_(None))
            .order_by(models.MailMessage.next_at, models.MailMessage.id).limit(BATCH)).all()
        for row in rows:
            taken = s.execute(update(models.MailMessage).where(
                models.MailMessage.id == row.id, models.MailMessage.next_at == row.next_at,
                models.MailMessage.sent_at.is_(None)).values(next_at=now + LEASE))
            if getattr(taken, "rowcount", 0) != 1:
                continue
            attachment = None
            if row.signed_report_id is not None:
                pdf = s.scalar(select(models.SignedReport.pdf).where(
                    models.SignedReport.id == row.signed_report_id))
                if pdf is not None:
                    attachment = (f"game-{row.game_id}-report-signed.pdf", pdf)
            claimed.append(_Due(row.id, tuple(row.recipients), row.subject, row.body,
                                row.created_at, row.attempts, attachment))
    return claimed


def message(due: _Due, sender: str) -> EmailMessage:
    """The message as sent: the same Message-ID on every attempt; its To
    names no recipient (:data:`UNDISCLOSED`): they are the envelope's alone
    (:func:`deliver_due` hands them to :data:`Send`), so that no recipient
    sees another's address."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = UNDISCLOSED
    mail["Subject"] = due.subject
    mail["Date"] = formatdate(due.created_at.timestamp(), usegmt=True)
    domain = sender.rpartition("@")[2] or "rinkside"
    # Made of the outbox row, not drawn at random: a retry is the same message
    # (a reader's mail program shows one where a server took it twice).
    mail["Message-ID"] = (f"<rinkside.{due.message_id}."
                          f"{due.created_at:%Y%m%d%H%M%S%f}@{domain}>")
    mail.set_content(due.body)
    if due.attachment is not None:
        name, data = due.attachment
        mail.add_attachment(data, maintype="application", subtype="pdf", filename=name)
    return mail


def deliver_due(service: ServiceBase, send: Send, sender: str, clock: Clock) -> int:
    """Send every message due at ``clock()`` (outside any transaction: a slow
    server holds no row), and keep each attempt; how many were tried."""
    now = clock()
    claimed = _claim(service, now)
    for due in claimed:
        error: str | None = None
        note: str | None = None  # taken, but not by every recipient: said, not retried
        try:
            note = send(message(due, sender), due.recipients)
        except (smtplib.SMTPException, OSError) as exc:
            error = f"{type(exc).__name__}: {exc}"
        attempts = due.attempts + 1
        later = (None if error is None or attempts > len(BACKOFF)
                 else clock() + BACKOFF[attempts - 1])
        with service.write() as s:
            s.execute(update(models.MailMessage).where(
                models.MailMessage.id == due.message_id).values(
                attempts=attempts, last_error=(error or note or "")[:ERROR_KEPT] or None,
                last_at=now, sent_at=clock() if error is None else None, next_at=later))
    return len(claimed)


def smtp_send(found: MailSettings, timeout: float = 20.0) -> Send:
    """The default :data:`Send`: :mod:`smtplib` with the settings' TLS and login."""

    def send(mail: EmailMessage, recipients: Sequence[str]) -> str | None:
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if found.tls == "ssl":
            smtp = smtplib.SMTP_SSL(found.host, found.port, timeout=timeout, context=context)
        else:
            smtp = smtplib.SMTP(found.host, found.port, timeout=timeout)
        with smtp:
            if found.tls == "starttls":
                smtp.starttls(context=context)
            if found.user:
                smtp.login(found.user, found.password)
            refused = smtp.send_message(mail, to_addrs=list(recipients))
        if not refused:
            return None
        return "refused for " + "; ".join(  # the others took it: said, not sent again
            f"{to} ({code} {answer.decode('utf-8', 'replace')})"
            for to, (code, answer) in sorted(refused.items()))

    return send


def deliverer(service: ServiceBase, clock: Clock,
              environ: Mapping[str, str] | None = None) -> Callable[[], int] | None:
    """What the delivery loop runs for mail (``None``: mail is not configured)."""
    found = usable_settings(environ)
    if found is None:
        return None
    send = smtp_send(found)
    return lambda: deliver_due(service, send, found.sender, clock)
