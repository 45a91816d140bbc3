"""API & webhooks on the desk: a read token shown once (its hash kept, the
record without it) and revoked; a webhook registered with its events (its
secret shown once), its deliveries listed with the answers, one resent, the
webhook removed; the director's alone."""

from __future__ import annotations

import re

import pytest
from deskkit import dora, people, post, rick, skip
from webkit import Client, Demo, game_in_play

from rinkside.services import api_tokens, changes, desk_api, webhooks

__all__ = ["dora", "people", "rick", "skip"]


def test_a_read_token_is_shown_once_and_revoked(demo: Demo, dora: Client) -> None:
    tid = demo.tournament_id
    issued = post(dora, f"/desk/tournaments/{tid}/api-tokens", {"label": "Blades' site"})
    assert issued.status_code == 200
    found = re.search(r"<code>(rk_[A-Za-z0-9_-]{20,})</code>", issued.text)
    assert found is not None
    token = found.group(1)
    row = api_tokens.holder(demo.service, token)
    again = dora[0].get(f"/desk/tournaments/{tid}/api")
    assert token not in again.text and "Blades&#39; site" in again.text
    assert dora[0].get("/api/v1/tournaments",
                       headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert token not in str([(c.before, c.after) for c in changes.changes(demo.service, tid)])
    revoked = post(dora, f"/desk/tournaments/{tid}/api-tokens/{row.token_id}/revoke", {})
    assert revoked.status_code == 303
    with pytest.raises(api_tokens.TokenRefused):
        api_tokens.holder(demo.service, token)
    twice = post(dora, f"/desk/tournaments/{tid}/api-tokens/{row.token_id}/revoke", {})
    assert twice.status_code == 422 and "revoked already" in twice.text
    blank = post(dora, f"/desk/tournaments/{tid}/api-tokens", {"label": "  "})
    assert blank.status_code == 422 and "needs a label" in blank.text


def test_a_webhook_is_registered_its_deliveries_shown_and_resent(
        demo: Demo, dora: Client) -> None:
    tid = demo.tournament_id
    made = post(dora, f"/desk/tournaments/{tid}/webhooks",
                {"url": "http://127.0.0.1:9/hook", "events": ["goal", "penalty"]})
    assert made.status_code == 200
    secret = re.search(r"<code>(whsec_[A-Za-z0-9_-]{20,})</code>", made.text)
    assert secret is not None
    [hook] = desk_api.webhooks(demo.service, tid)
    assert hook.events == ("goal", "penalty") and hook.url == "http://127.0.0.1:9/hook"
    assert secret.group(1) not in dora[0].get(f"/desk/tournaments/{tid}/api").text
    game_in_play(demo)  # its away minor: a penalty
    webhooks.deliver_due(demo.service, lambda url, body, headers: (503, "busy"),
                         demo.service.now)
    page = dora[0].get(f"/desk/tournaments/{tid}/api").text
    assert "503 busy" in page and "pending" in page
    [delivery] = desk_api.webhooks(demo.service, tid)[0].deliveries
    assert post(dora, f"/desk/webhook-deliveries/{delivery.delivery_id}/resend",
                {}).status_code == 303
    [resent] = desk_api.webhooks(demo.service, tid)[0].deliveries
    assert resent.next_at is not None and resent.next_at <= demo.service.now()
    bad = post(dora, f"/desk/tournaments/{tid}/webhooks", {"url": "ftp://x", "events": "goal"})
    assert bad.status_code == 422 and "not a web address" in bad.text
    none = post(dora, f"/desk/tournaments/{tid}/webhooks", {"url": "https://x.example/h"})
    assert none.status_code == 422 and "at least one event" in none.text
    assert post(dora, f"/desk/webhooks/{hook.webhook_id}/remove", {}).status_code == 303
    assert desk_api.webhooks(demo.service, tid) == []
    actions = [c.action for c in changes.changes(demo.service, tid)][:3]
    assert actions == ["removed", "resent", "registered"]


def test_only_the_director_uses_them(demo: Demo, skip: Client, rick: Client) -> None:
    tid = demo.tournament_id
    for who in (skip, rick):
        assert who[0].get(f"/desk/tournaments/{tid}/api").status_code == 403
        assert post(who, f"/desk/tournaments/{tid}/api-tokens",
                    {"label": "x"}).status_code == 403
        assert post(who, f"/desk/tournaments/{tid}/webhooks",
                    {"url": "https://x.example", "events": "goal"}).status_code == 403
