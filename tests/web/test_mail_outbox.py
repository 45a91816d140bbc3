"""Mail against a real SMTP server in the test process (aiosmtpd on a free
loopback port, issue 28): the signed report arrives with its PDF attached
after the last signature locks the game (Rules 506(b), 616(a)), the PDF the
one that verifies; a game misconduct's suspension notice arrives at the
team's managers alone; a server that refuses twice gets the third attempt,
and a message taken is never sent again; a roster decision is told to the
manager; a write rolled back queues nothing; with no mail configured
nothing is queued and the desk says so. The worker is driven by an explicit
``deliver_due`` and an injected clock, no sleeps."""

from __future__ import annotations

import email
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from fastapi import FastAPI
from webkit import Demo, keys, logged_in, new_game, record, skaters

from rinkside.reports import signing
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, PeriodEnd, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import (
    desk_discipline,
    desk_mail,
    desk_reviews,
    mail,
    queries,
    roster_submissions,
    signed_reports,
    team_officials,
)
from rinkside.services.webhooks import BACKOFF, DeliveryLoop
from rinkside.store import models
from rinkside.web import auth
from rinkside.web.server import build_server

__all__ = ["keys"]  # the league's signing key: a fixture of webkit

SENDER = "scores@league.example"


@dataclass
class Inbox:
    """What the SMTP server took, and how many DATA commands it refuses first (451)."""

    refuse_first: int = 0
    tried: int = 0
    got: list[tuple[list[str], EmailMessage]] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)
    refuse_to: set[str] = field(default_factory=set)
    raw: list[bytes] = field(default_factory=list)  # each DATA's bytes, refused or taken

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address in self.refuse_to:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.tried += 1
        content = envelope.content
        assert isinstance(content, bytes)
        self.raw.append(content)
        if self.tried <= self.refuse_first:
            return "451 4.3.0 try again later"
        parsed = email.message_from_bytes(content, policy=default)
        assert isinstance(parsed, EmailMessage)
        self.got.append((list(envelope.rcpt_tos), parsed))
        self.arrived.set()
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


@pytest.fixture
def inbox(smtp: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch) -> Inbox:
    """Mail configured to the test's server, its inbox empty."""
    box, port = smtp
    box.got.clear()
    box.raw.clear()
    box.arrived.clear()
    box.refuse_to = set()
    box.refuse_first = box.tried = 0
    for name, value in (("RINKSIDE_SMTP_HOST", "127.0.0.1"), ("RINKSIDE_SMTP_PORT", str(port)),
                        ("RINKSIDE_SMTP_TLS", "none"), ("RINKSIDE_MAIL_FROM", SENDER)):
        monkeypatch.setenv(name, value)
    return box


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)  # after every message made

    def __call__(self) -> datetime:
        return self.now


def deliver(demo: Demo, clock: Clock | None = None) -> int:
    found = mail.settings()
    assert found is not None
    return mail.deliver_due(demo.service, mail.smtp_send(found), found.sender,
                            clock or Clock())


def official(demo: Demo, username: str, role: str, address: str, teams: list[int]) -> None:
    """A manager, coach or director with an e-mail address (as the desk makes them)."""
    auth.create_user(demo.service, username, "password-mail-7", role, teams=teams, email=address)


@pytest.fixture(scope="module")
def officials(demo: Demo) -> dict[str, Any]:
    """Managers of two teams of the first division, a coach, a manager with
    no address, a manager of another team, and the director."""
    game = queries.game(demo.service, new_game(demo))
    home, away = game.home_team_id, game.away_team_id
    official(demo, "hanna", "manager", "hanna@home.example", [home])
    official(demo, "carl", "coach", "carl@home.example", [home])
    official(demo, "nomail", "manager", "", [home])
    official(demo, "abby", "manager", "abby@away.example", [away])
    with demo.service.read() as s:
        other = s.query(models.Team.id).filter(models.Team.id.not_in([home, away])).first()
    assert other is not None
    official(demo, "olga", "manager", "olga@other.example", [other.id])
    official(demo, "dora", "director", "dora@league.example", [])
    return {"home": home, "away": away}


def _final_game(demo: Demo) -> int:
    """A new game between the officials' two teams, played to its end."""
    game_id = new_game(demo)
    scorer = skaters(demo.service, game_id, "home")[0]
    record(demo.service, game_id, FaceOff(GameTime(1, 7200)),
           Goal(GameTime(1, 6000), "home", scorer), FaceOff(GameTime(1, 6000)),
           PeriodEnd(GameTime(1, 0)), FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0)))
    return game_id


def test_the_signed_report_arrives_with_its_pdf_after_the_last_signature(
        demo: Demo, app: FastAPI, inbox: Inbox, keys: Path, officials: dict[str, Any]) -> None:
    game_id = _final_game(demo)
    auth.create_user(demo.service, "vera", "whistle-mail-7", "referee", games=[game_id])
    for referee, token in logged_in(app, "vera", "whistle-mail-7"):
        signed = referee.post(f"/api/games/{game_id}/sign", json={"confirm": "yes"},
                              headers={auth.CSRF_HEADER: token})
    assert signed.status_code == 200 and signed.json()["locked"], signed.text
    assert inbox.got == []  # queued by the signing, sent by the worker, off the request
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert sorted(to) == ["abby@away.example", "carl@home.example", "dora@league.example",
                          "hanna@home.example"]  # both teams' managers and the director
    assert message["From"] == SENDER and f"game {game_id}" in message["Subject"]
    [attached] = list(message.iter_attachments())
    assert attached.get_content_type() == "application/pdf"
    pdf = attached.get_content()
    [kept] = signed_reports.of_game(demo.service, game_id)
    assert pdf == signed_reports.pdf(demo.service, kept.id)
    checked = signing.check_report(pdf, signing.league_certificate(keys))
    assert checked.ok and checked.game_id == game_id
    assert deliver(demo) == 0 and len(inbox.got) == 1  # nothing sent twice


def _misconduct(demo: Demo) -> tuple[int, int]:
    """A game misconduct to the away team's first skater: the game and the player's number."""
    game_id = new_game(demo)
    culprit = skaters(demo.service, game_id, "away")[0]
    record(demo.service, game_id, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 5000)),
           Penalty(GameTime(1, 5000), "away", culprit, PenaltyClass.GAME_MISCONDUCT,
                   "Abuse of officials", "601(c)"))
    return game_id, culprit


def test_a_game_misconduct_sends_the_suspension_notice_to_its_team(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    game_id, culprit = _misconduct(demo)
    _, state = demo.service.game_state(game_id)
    [suspension] = state.suspensions()
    assert suspension.games == 1
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert to == ["abby@away.example"]  # the away team's manager only
    text = message.get_body(("plain",)).get_content()
    assert f"#{culprit} " in message["Subject"] and f"Rule {suspension.rule}" in text
    assert "1 game" in message["Subject"] and f"a penalty in game {game_id}:" in text
    assert deliver(demo) == 0


def test_a_notice_names_the_games_the_suspension_covers(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    """The away team's next game after the misconduct is the one it covers
    (one game); the one after that is not named."""
    row = queries.game(demo.service, new_game(demo))
    away, home = row.away_team_id, row.home_team_id
    later = [demo.service.add_game(row.division_id, away, home) for _ in range(2)]
    culprit = skaters(demo.service, row.game_id, "away")[0]
    record(demo.service, row.game_id, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 5000)),
           Penalty(GameTime(1, 5000), "away", culprit, PenaltyClass.GAME_MISCONDUCT,
                   "Abuse of officials", "601(c)"))
    assert deliver(demo) == 1
    [(_, message)] = inbox.got
    text = message.get_body(("plain",)).get_content()
    assert f"  - game {later[0]}: " in text and f"game {later[1]}:" not in text


def test_a_server_refusing_twice_gets_the_third_and_nothing_after(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    _misconduct(demo)
    inbox.refuse_first = 2
    clock = Clock()
    assert deliver(demo, clock) == 1
    assert deliver(demo, clock) == 0  # not due again yet
    clock.now += BACKOFF[0]
    assert deliver(demo, clock) == 1
    clock.now += BACKOFF[1] - timedelta(seconds=1)
    assert deliver(demo, clock) == 0
    clock.now += timedelta(seconds=1)
    assert deliver(demo, clock) == 1  # the third: taken
    clock.now += timedelta(days=2)
    assert deliver(demo, clock) == 0  # never again
    assert inbox.tried == 3 and len(inbox.got) == 1
    [row, *_] = desk_mail.outbox(demo.service, demo.tournament_id)
    assert (row.state, row.attempts, row.last_error) == ("sent", 3, None)
    with pytest.raises(ValueError, match="not sent twice"):
        desk_mail.resend(demo.service, row.message_id, by="dora")


def test_a_message_given_up_is_sent_again_from_the_desk(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    _misconduct(demo)
    inbox.refuse_first = len(BACKOFF) + 1
    clock = Clock()
    for wait in (timedelta(0), *BACKOFF):
        clock.now += wait
        assert deliver(demo, clock) == 1
    [row, *_] = desk_mail.outbox(demo.service, demo.tournament_id)
    assert row.state == "failed (given up)" and row.attempts == len(BACKOFF) + 1
    assert row.last_error is not None and "451" in row.last_error
    clock.now += timedelta(days=1)
    assert deliver(demo, clock) == 0 and inbox.got == []
    desk_mail.resend(demo.service, row.message_id, by="dora")
    assert deliver(demo, clock) == 1 and len(inbox.got) == 1
    [row, *_] = desk_mail.outbox(demo.service, demo.tournament_id)
    assert row.state == "sent"


def test_a_suspension_made_on_the_desk_is_told_to_the_team(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    with demo.service.read() as s:
        player = s.query(models.Player).filter_by(team_id=officials["home"], active=True).first()
        assert player is not None
        player_id, name = player.id, player.name
    desk_discipline.add_supplementary(demo.service, player_id, "2", "spat at an official",
                                      after_game_id=None, by="dora")
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert to == ["carl@home.example", "hanna@home.example"]
    text = message.get_body(("plain",)).get_content()
    assert name in text and "2 games" in text and "Rule 410(a)" in text
    assert "spat at an official" in text


def test_a_roster_decision_is_told_to_the_manager(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    """The director returns the list the away team's manager submitted
    (roster_submissions.decide, the one place a decision is committed)."""
    with demo.service.read() as s:
        team = s.get(models.Team, officials["away"])
        assert team is not None
        players = [{"number": p.number, "name": p.name, "goalie": p.goalie,
                    "captain": p.captain, "league_number": f"L-{p.id}"}
                   for p in team.players if p.active]
    submitted = roster_submissions.submit(demo.service, officials["away"], players, by="abby")
    roster_submissions.decide(demo.service, submitted.submission_id, approve=False,
                              reason="two players wear 9 (Rule 307(c))", by="dora")
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert to == ["abby@away.example"] and message["Subject"].startswith("Roster returned")
    assert "two players wear 9 (Rule 307(c))" in message.get_body(("plain",)).get_content()


def test_a_write_refused_queues_no_mail(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    game_id = new_game(demo)
    culprit = skaters(demo.service, game_id, "away")[0]
    before = len(desk_mail.outbox(demo.service, demo.tournament_id))
    with pytest.raises(RuleViolation):  # the misconduct, then a face-off in play: refused whole
        demo.service.record(game_id, 0, [
            FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 5000)),
            Penalty(GameTime(1, 5000), "away", culprit, PenaltyClass.GAME_MISCONDUCT,
                    "Abuse of officials", "601(c)"),
            FaceOff(GameTime(1, 5000)), FaceOff(GameTime(1, 4000))], by="test")
    assert len(desk_mail.outbox(demo.service, demo.tournament_id)) == before
    assert deliver(demo) == 0


def test_with_no_mail_configured_nothing_is_queued_and_the_desk_says_so(
        demo: Demo, app: FastAPI, officials: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in mail.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    before = len(desk_mail.outbox(demo.service, demo.tournament_id))
    _misconduct(demo)
    with demo.service.write() as s:
        assert mail.mail_roster_decision(s, officials["home"], approved=True, reason="",
                                         by="dora", now=demo.service.now()) is None
    assert len(desk_mail.outbox(demo.service, demo.tournament_id)) == before
    assert mail.deliverer(demo.service, Clock()) is None  # the loop sends no mail
    for director, _ in logged_in(app, "dora", "password-mail-7"):
        page = director.get(f"/desk/tournaments/{demo.tournament_id}/mail")
    assert page.status_code == 200
    assert "Mail is not configured" in page.text


def test_a_bad_setting_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"RINKSIDE_SMTP_HOST": "mail.example", "RINKSIDE_MAIL_FROM": SENDER}
    assert mail.settings(env) == mail.MailSettings("mail.example", 587, "starttls", "", "",
                                                   SENDER)
    with pytest.raises(mail.MailProblem, match="RINKSIDE_SMTP_PORT"):
        mail.settings({**env, "RINKSIDE_SMTP_PORT": "smtp"})
    with pytest.raises(mail.MailProblem, match="RINKSIDE_SMTP_TLS"):
        mail.settings({**env, "RINKSIDE_SMTP_TLS": "maybe"})
    assert not mail.status({**env, "RINKSIDE_SMTP_TLS": "maybe"}).configured
    assert mail.status(env).configured


def test_the_desk_lists_the_outbox_and_sends_a_failed_one_again(
        demo: Demo, app: FastAPI, inbox: Inbox, officials: dict[str, Any]) -> None:
    _misconduct(demo)
    inbox.refuse_first = len(BACKOFF) + 1
    clock = Clock()
    for wait in (timedelta(0), *BACKOFF):
        clock.now += wait
        deliver(demo, clock)
    [row, *_] = desk_mail.outbox(demo.service, demo.tournament_id)
    url = f"/desk/tournaments/{demo.tournament_id}/mail"
    for director, token in logged_in(app, "dora", "password-mail-7"):
        page = director.get(url)
        assert page.status_code == 200 and "Mail is sent from " + SENDER in page.text
        listed = page.text[page.text.index(f"<td>{row.message_id}</td>"):]
        listed = listed[:listed.index("</tr>")]
        assert "abby@away.example" in listed and "failed (given up)" in listed
        assert f"<td>{len(BACKOFF) + 1}</td>" in listed and "451" in listed
        again = director.post(f"/desk/mail/{row.message_id}/resend",
                              data={"csrf_token": token}, follow_redirects=False)
        assert again.status_code == 303
        assert deliver(demo, clock) == 1 and len(inbox.got) == 1
        listed = director.get(url).text
        listed = listed[listed.index(f"<td>{row.message_id}</td>"):]
        assert "<td>sent " in listed[:listed.index("</tr>")]
        twice = director.post(f"/desk/mail/{row.message_id}/resend",
                              data={"csrf_token": token}, follow_redirects=False)
        assert twice.status_code == 422 and "not sent twice" in twice.text
    assert len(inbox.got) == 1


def test_the_delivery_loop_sends_the_mail_when_a_write_wakes_it(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    """The server's loop (webhooks and mail, one thread off the writes) sends
    the notice the game's write queued, woken by that write."""
    sending = mail.deliverer(demo.service, Clock())
    assert sending is not None
    loop = DeliveryLoop(demo.service, tick_seconds=60, more=(sending,)).start()
    before = demo.service.on_change
    demo.service.on_change = lambda change: loop.wake()
    try:
        _misconduct(demo)
        assert inbox.arrived.wait(10)
    finally:
        demo.service.on_change = before
        loop.stop()
    [(to, message)] = inbox.got
    assert to == ["abby@away.example"] and message["Subject"].startswith("Suspension: ")


def test_a_recipient_refused_is_said_and_the_others_get_it_once(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    inbox.refuse_to = {"carl@home.example"}
    with demo.service.write() as s:
        mail.mail_roster_decision(s, officials["home"], approved=True, reason="", by="dora",
                                  now=demo.service.now())
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert to == ["hanna@home.example"] and message["Subject"].startswith("Roster approved")
    [row, *_] = desk_mail.outbox(demo.service, demo.tournament_id)
    assert row.state == "sent" and row.last_error is not None
    assert "carl@home.example (550" in row.last_error
    assert deliver(demo, Clock()) == 0


def test_a_suspension_lengthened_on_the_desk_is_told_to_the_team(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    with demo.service.read() as s:
        player = s.query(models.Player).filter_by(team_id=officials["away"], active=True,
                                                  goalie=False).first()
        assert player is not None
        player_id, number = player.id, player.number
    desk_discipline.add_supplementary(demo.service, player_id, "1", "left the bench",
                                      after_game_id=None, by="dora")
    desk_reviews.change(demo.service, player_id, "+1", "kept arguing in the corridor",
                        by="dora")
    assert deliver(demo) == 2  # the suspension, then its change
    (to, message) = inbox.got[-1]
    assert to == ["abby@away.example"]
    assert message["Subject"].startswith(f"Suspension lengthened: #{number} ")
    text = message.get_body(("plain",)).get_content()
    assert "by 1 game (Rule 410(a)): kept arguing in the corridor" in text


def test_the_running_server_sends_the_mail_a_write_made(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    """``serve``'s server, mail configured, sends from its delivery loop the
    notice its own write queued."""
    built = build_server("127.0.0.1", _free_port(), f"sqlite:///{demo.path}",
                         log_level="warning")
    assert built.deliveries is not None and len(built.deliveries.more) == 1
    thread = threading.Thread(target=built.run, daemon=True)
    thread.start()
    try:
        assert built.ready.wait(10)
        service = built.config.app.state.service  # type: ignore[attr-defined]
        _misconduct(Demo(service, demo.tournament_id, demo.path))
        assert inbox.arrived.wait(10)
    finally:
        built.should_exit = True
        thread.join(10)
    [(to, message)] = inbox.got
    assert to == ["abby@away.example"] and message["Subject"].startswith("Suspension: ")


def test_a_server_without_mail_configured_sends_none(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in mail.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    built = build_server("127.0.0.1", _free_port(), f"sqlite:///{demo.path}",
                         log_level="warning")
    assert built.deliveries is not None and built.deliveries.more == ()


def test_an_invitation_goes_to_the_address_the_director_gave(
        demo: Demo, inbox: Inbox, officials: dict[str, Any]) -> None:
    invited = team_officials.invite(demo.service, "ines", "coach", [officials["home"]],
                                    by="dora", email="ines@home.example",
                                    base_url="https://rink.example.org/")
    assert deliver(demo) == 1
    [(to, message)] = inbox.got
    assert to == ["ines@home.example"] and "coach" in message["Subject"]
    link = team_officials.invitation_link("https://rink.example.org", invited.token)
    assert link in message.get_body(("plain",)).get_content()


@pytest.fixture
def refused_once(demo: Demo, inbox: Inbox) -> Callable[[int], None]:
    """A roster decision mailed to a team's officials (``refused_once(team)``),
    the server refusing the first attempt and taking the retry (each
    delivered once, BACKOFF[0] apart)."""
    def mailed(team_id: int) -> None:
        with demo.service.write() as s:
            mail.mail_roster_decision(s, team_id, approved=True, reason="", by="dora",
                                      now=demo.service.now())
        inbox.refuse_first = 1
        clock = Clock()
        assert deliver(demo, clock) == 1
        clock.now += BACKOFF[0]
        assert deliver(demo, clock) == 1

    return mailed


def test_no_recipient_sees_another_recipients_address(
        inbox: Inbox, officials: dict[str, Any], refused_once: Callable[[int], None]) -> None:
    """A roster decision goes to the team's manager and coach: each address
    is in the SMTP envelope alone, none in what a recipient reads (the To
    names an empty group), on the first attempt as on the retry."""
    refused_once(officials["home"])
    [(to, message)] = inbox.got
    assert {"carl@home.example", "hanna@home.example"} <= set(to)  # each in the envelope
    assert message["To"] == "undisclosed-recipients:;" and message["To"].addresses == ()
    assert message["Cc"] is None and message["Bcc"] is None
    assert len(inbox.raw) == 2  # the refused attempt and the one taken
    for sent in inbox.raw:
        assert [a for a in to if a.encode() in sent] == []


def test_a_retry_sends_the_same_message_id(
        inbox: Inbox, officials: dict[str, Any], refused_once: Callable[[int], None]) -> None:
    """The attempt the server refused and the retry it took are one message:
    the same Message-ID (made of the outbox row, not drawn anew)."""
    refused_once(officials["away"])
    [(_, message)] = inbox.got
    first, second = (email.message_from_bytes(sent, policy=default) for sent in inbox.raw)
    assert first["Message-ID"] == second["Message-ID"] == message["Message-ID"]
    assert message["Message-ID"].endswith("@league.example>")
