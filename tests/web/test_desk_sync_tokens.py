"""A rink laptop's sync token on the desk (issue 14): issued with the token
shown once and only its hash kept, then revoked so the laptop can no longer
pull or push; recorded without the token; the director's alone."""

from __future__ import annotations

import re

import pytest
from deskkit import RINK, dora, new_tournament, people, post, rick, skip
from webkit import Client, Demo

from rinkside.services import changes, desk_rinks, sync

__all__ = ["dora", "people", "rick", "skip"]



@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> int:
    tid = new_tournament(dora, "Token Cup")
    desk_rinks.add(demo.service, tid, "North", RINK, by="dora")
    return tid


def test_a_sync_token_is_shown_once_works_and_is_revoked(
        demo: Demo, dora: Client, cup: int) -> None:
    url = f"/desk/tournaments/{cup}/sync-tokens"
    issued = post(dora, url, {"rink": "North", "action": "issue"})
    assert issued.status_code == 200
    found = re.search(r"<code>([A-Za-z0-9_-]{20,})</code>", issued.text)
    assert found is not None
    token = found.group(1)
    assert sync.rink_of(demo.service, token).name == "North"
    again = dora[0].get(f"/desk/tournaments/{cup}/rinks")
    assert token not in again.text and "North: issued" in again.text and "live" in again.text
    assert token not in str([(c.before, c.after) for c in changes.changes(demo.service, cup)])
    assert post(dora, url, {"rink": "North", "action": "revoke"}).status_code == 303
    with pytest.raises(sync.SyncRefused) as refused:
        sync.rink_of(demo.service, token)
    assert refused.value.status == 401
    nothing_live = post(dora, url, {"rink": "North", "action": "revoke"})
    assert nothing_live.status_code == 422 and "no live sync token" in nothing_live.text
    unknown = post(dora, url, {"rink": "South", "action": "issue"})
    assert unknown.status_code == 422 and "no rink named" in unknown.text
    actions = [c.action for c in changes.changes(demo.service, cup)][:2]
    assert actions == ["sync tokens revoked", "sync token issued"]


def test_only_the_director_issues_and_revokes_sync_tokens(
        demo: Demo, dora: Client, skip: Client, rick: Client, cup: int) -> None:
    url = f"/desk/tournaments/{cup}/sync-tokens"
    before = sync.tokens(demo.service, cup)
    for who in (skip, rick):
        for action in ("issue", "revoke"):
            assert post(who, url, {"rink": "North", "action": action}).status_code == 403
    assert dora[0].post(url, data={"rink": "North"}).status_code == 403  # no CSRF token
    assert sync.tokens(demo.service, cup) == before
