"""Issue 26: the sign-off page shows the official report itself (the
report page's partial, no frame around the whole site), and signing asks
for confirmation, saying in words whether this signature is the last and
locks the game (Rule 616(a)); the server refuses a signature sent without
the confirmation, signing nothing."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_signoff_web import finished_game
from webkit import Demo, logged_in

from rinkside.services import officiating
from rinkside.web import auth

LAST = "Your signature is the last: the game will be locked (Rule 616(a))."


def test_the_report_is_in_the_page_and_the_last_signature_is_confirmed(
        demo: Demo, app: FastAPI) -> None:
    game = finished_game(demo)
    auth.create_user(demo.service, "ref-one", "whistle-one-1", "referee", games=[game],
                     full_name="Ana Uno")
    auth.create_user(demo.service, "ref-two", "whistle-two-2", "referee", games=[game],
                     full_name="Bo Dos")
    officiating.set_officials(demo.service, game, {"referee": ["ref-one", "ref-two"]})
    for client, csrf in logged_in(app, "ref-one", "whistle-one-1"):
        page = client.get(f"/games/{game}/signoff").text
        assert "<iframe" not in page
        assert page.count('<article class="report">') == 1
        assert page.count('<header class="site">') == 1  # the site's navigation once
        assert "Official game report" in page and "<dd>Ana Uno, Bo Dos</dd>" in page
        assert "Your signature is not the last: the game is locked when Bo Dos signs" in page
        assert 'name="confirm" value="yes" required' in page
        refused = client.post(f"/games/{game}/sign", data={"csrf_token": csrf},
                              follow_redirects=False)
        assert refused.status_code == 422
        assert "confirm that you have read the report" in refused.text
        assert officiating.signoff(demo.service, game).signatures == []
        signed = client.post(f"/games/{game}/sign", data={"csrf_token": csrf, "confirm": "yes"},
                             follow_redirects=False)
        assert signed.status_code == 303
        assert client.post(f"/games/{game}/reports", data={
            "csrf_token": csrf, "text": "Bench cleared at 1 3:00."},
            follow_redirects=False).status_code == 303
        page = client.get(f"/games/{game}/signoff").text
        assert "</b>, Ana Uno " in page  # the written report by its filer's full name
        assert page.count("</b>, Ana Uno ") == 2  # in the list and in the report
    for client, csrf in logged_in(app, "ref-two", "whistle-two-2"):
        page = client.get(f"/games/{game}/signoff").text
        assert LAST in page
        refused = client.post(f"/games/{game}/sign", data={"csrf_token": csrf, "confirm": ""},
                              follow_redirects=False)
        assert refused.status_code == 422 and LAST in refused.text
        assert not officiating.signoff(demo.service, game).locked
        assert client.post(f"/games/{game}/sign", data={"csrf_token": csrf, "confirm": "yes"},
                           follow_redirects=False).status_code == 303
    assert officiating.signoff(demo.service, game).locked


def test_the_api_asks_the_same_confirmation_and_says_it_to_the_signer(
        demo: Demo, app: FastAPI) -> None:
    """POST /api/games/{id}/sign (the official scorer's screen signs with it)
    refuses a signature without ``{"confirm": "yes"}``, as the form does;
    the sign-off read gives a logged-in signer the words they confirm."""
    game = finished_game(demo)
    auth.create_user(demo.service, "ref-api", "whistle-api-1", "referee", games=[game],
                     full_name="Cy Tres")
    auth.create_user(demo.service, "os-api", "scores-api-1", "official_scorer", games=[game])
    officiating.set_officials(demo.service, game, {"referee": ["ref-api"]})
    for client, csrf in logged_in(app, "os-api", "scores-api-1"):
        headers = {auth.CSRF_HEADER: csrf}
        read = client.get(f"/api/games/{game}/signoff").json()
        assert read["signing"] == ("Your signature as the official scorer is not taken back "
                                   "and does not lock the game (Rule 506(b)): it is locked "
                                   "once the referees (Cy Tres) have signed (Rule 616(a)).")
        for body in (None, {}, {"confirm": "no"}):
            refused = client.post(f"/api/games/{game}/sign", json=body, headers=headers)
            assert refused.status_code == 422, body
            assert refused.json()["rule"] == "616(a)"
            assert "confirm that you have read the report" in refused.json()["detail"]
        assert officiating.signoff(demo.service, game).signatures == []
        signed = client.post(f"/api/games/{game}/sign", json={"confirm": "yes"},
                             headers=headers)
        assert signed.status_code == 200, signed.text
        assert [s["username"] for s in signed.json()["signatures"]] == ["os-api"]
    for client, csrf in logged_in(app, "ref-api", "whistle-api-1"):
        assert client.get(f"/api/games/{game}/signoff").json()["signing"].startswith(
            "Your signature is the last: the game will be locked (Rule 616(a)).")
        refused = client.post(f"/api/games/{game}/sign", headers={auth.CSRF_HEADER: csrf})
        assert refused.status_code == 422 and not officiating.signoff(demo.service, game).locked
        assert client.post(f"/api/games/{game}/sign", json={"confirm": "yes"},
                           headers={auth.CSRF_HEADER: csrf}).json()["locked"]
    with TestClient(app) as anonymous:
        assert "signing" not in anonymous.get(f"/api/games/{game}/signoff").json()
