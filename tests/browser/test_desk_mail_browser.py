"""In the browser, the director's Mail page (issue 28): it says whether mail
is configured, lists a message the server refused until it was given up
(its recipients, subject, attempts, last error), refuses to send it again
while mail is not configured, and sends it again once it is.
Screenshots in test-output/browser/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browserkit import LiveServer, log_in
from playwright.sync_api import Page, expect

from rinkside.services import mail
from rinkside.store import models


def test_the_director_sees_the_outbox_and_sends_a_failed_message_again(
        page: Page, live_server: LiveServer, output_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in mail.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    service = live_server.service
    tid = live_server.tournament_id
    with service.write() as s:  # a notice queued while mail was configured, then given up
        row = models.MailMessage(
            tournament_id=tid, kind="suspension", recipients=["manager@club.example"],
            subject="Suspension: #9 Sam Reed (Outlaws), 1 game, Rule 404(e)",
            body="Sam Reed is suspended.", created_at=service.now(), attempts=7,
            next_at=None, last_error="SMTPDataError: (451, b'4.3.0 try again later')")
        s.add(row)
        s.flush()
        message_id = row.id
    log_in(page, "dana", "director-pass-1")
    page.goto(f"/desk/tournaments/{tid}/mail")
    expect(page.get_by_label("mail settings")).to_contain_text("Mail is not configured")
    listed = page.locator(f"table.mail-outbox tr:has(td:text-is('{message_id}'))")
    expect(listed).to_contain_text("manager@club.example")
    expect(listed).to_contain_text("failed (given up)")
    expect(listed).to_contain_text("451")
    page.screenshot(path=str(output_dir / "desk-mail-given-up.png"), full_page=True)
    listed.get_by_role("button", name="Send again").click()
    expect(page.get_by_role("alert")).to_contain_text("mail is not configured")
    monkeypatch.setenv("RINKSIDE_SMTP_HOST", "127.0.0.1")  # the server is in this process
    monkeypatch.setenv("RINKSIDE_MAIL_FROM", "scores@league.example")
    page.goto(f"/desk/tournaments/{tid}/mail")
    expect(page.get_by_label("mail settings")).to_contain_text(
        "Mail is sent from scores@league.example through 127.0.0.1:587")
    listed = page.locator(f"table.mail-outbox tr:has(td:text-is('{message_id}'))")
    listed.get_by_role("button", name="Send again").click()
    expect(page.locator("p.done")).to_contain_text("resent")
    listed = page.locator(f"table.mail-outbox tr:has(td:text-is('{message_id}'))")
    expect(listed).to_contain_text("waiting")
    page.screenshot(path=str(output_dir / "desk-mail-resent.png"), full_page=True)
