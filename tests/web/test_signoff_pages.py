"""The sign-off for referees: a referee who logs in lands on the games to
sign; the sign-off page shows the score sheet and the corrections in words
and takes the referees' written reports (502(l), 404(h), 405(b)), which the
official report prints."""

from __future__ import annotations

import io

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pypdf import PdfReader
from webkit import Demo, game_in_play, logged_in, record, skaters

from rinkside.reports.game_report import build_report
from rinkside.rules.events import Goal
from rinkside.rules.times import GameTime
from rinkside.web import auth


def test_a_referee_lands_on_the_games_to_sign(demo: Demo, app: FastAPI) -> None:
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "umpire", "whistle-pass-1", "referee", games=[game_id])
    with TestClient(app) as client:
        client.get("/login")
        answer = client.post("/login", data={
            "username": "umpire", "password": "whistle-pass-1",
            "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
        assert answer.headers["location"] == "/signoff"
        page = client.get("/signoff")
        assert page.status_code == 200 and f"/games/{game_id}/signoff" in page.text


def test_the_signoff_page_tells_the_corrections_and_takes_written_reports(
        demo: Demo, app: FastAPI) -> None:
    game_id = game_in_play(demo)
    scorer = skaters(demo.service, game_id, "home")[0]
    version = record(demo.service, game_id, Goal(GameTime(1, 5400), "home", scorer))
    demo.service.correct(game_id, version, "delete", version - 1, None, by="kim",
                         reason="no goal: off the crossbar")
    auth.create_user(demo.service, "writer", "whistle-pass-2", "referee", games=[game_id])
    for client, csrf in logged_in(app, "writer", "whistle-pass-2"):
        page = client.get(f"/games/{game_id}/signoff").text
        assert '<article class="report">' in page and "<iframe" not in page  # the sheet itself
        home = demo.service.game_state(game_id)[1].setup.home.name
        assert f"deleted (goal, {home} scorer #{scorer}, at P1 9:00), by kim" in page
        assert "no goal: off the crossbar" in page
        filed = client.post(f"/games/{game_id}/reports", data={
            "csrf_token": csrf, "rule": "405(b)", "text": "Spearing behind the play."},
            follow_redirects=False)
        assert filed.status_code == 303
        refused = client.post(f"/games/{game_id}/reports", data={
            "csrf_token": csrf, "rule": "641(a)", "text": "x"}, follow_redirects=False)
        assert refused.status_code == 422
        # the rule's column is 16 wide: a longer one is refused, not a 500 on PostgreSQL
        too_long = client.post(f"/games/{game_id}/reports", data={
            "csrf_token": csrf, "rule": "642(a) note 1 (x)", "text": "Tripping."},
            follow_redirects=False)
        assert too_long.status_code == 422 and "16" in too_long.text
    written = build_report(demo.service, game_id).written
    assert [(w.rule, w.text, w.by) for w in written] == [
        ("405(b)", "Spearing behind the play.", "writer")]
    html = TestClient(app).get(f"/games/{game_id}/report").text
    assert "Report (Rule 405(b))" in html and "Spearing behind the play." in html


def test_a_referee_not_assigned_to_the_game_files_no_written_report_on_it(
        demo: Demo, app: FastAPI) -> None:
    """Rule 502(l): the game's referees report on it; another referee's
    report is refused, nothing is stored and the official report prints none;
    the director may still file one."""
    game_id = game_in_play(demo)
    other = game_in_play(demo)
    auth.create_user(demo.service, "stranger", "whistle-pass-3", "referee", games=[other])
    auth.create_user(demo.service, "chief", "director-pass-3", "director")
    for client, csrf in logged_in(app, "stranger", "whistle-pass-3"):
        page = client.get(f"/games/{game_id}/signoff").text
        assert "File the written report" not in page  # no form to file it with
        refused = client.post(f"/games/{game_id}/reports", data={
            "csrf_token": csrf, "rule": "502(l)", "text": "I was not there."},
            follow_redirects=False)
        assert refused.status_code == 422
        assert "not a referee assigned to game" in refused.text and "502(l)" in refused.text
    assert build_report(demo.service, game_id).written == ()
    assert "I was not there." not in TestClient(app).get(f"/games/{game_id}/report").text
    for client, csrf in logged_in(app, "chief", "director-pass-3"):
        filed = client.post(f"/games/{game_id}/reports", data={
            "csrf_token": csrf, "rule": "502(l)", "text": "Filed by the director."},
            follow_redirects=False)
        assert filed.status_code == 303
    assert [w.by for w in build_report(demo.service, game_id).written] == ["chief"]


def test_ten_long_written_reports_leave_the_score_sheet_on_one_page_and_say_so(
        demo: Demo, app: FastAPI) -> None:
    """The issue: ten long written reports made the one-page PDF three pages
    with no word of it. The score sheet and its signatures stay on the first
    page with each report's start; the reports follow in full, and the first
    page says how many pages there are."""
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "longhand", "whistle-pass-4", "referee", games=[game_id])
    texts = [f"Report {n}: " + " ".join(f"word{n}x{i}" for i in range(170))
             for n in range(1, 11)]
    for client, csrf in logged_in(app, "longhand", "whistle-pass-4"):
        for text in texts:
            filed = client.post(f"/games/{game_id}/reports", data={
                "csrf_token": csrf, "rule": "502(l)", "text": text}, follow_redirects=False)
            assert filed.status_code == 303
    answer = TestClient(app).get(f"/games/{game_id}/report.pdf")
    assert answer.status_code == 200
    pages = [" ".join(page.extract_text().split())
             for page in PdfReader(io.BytesIO(answer.content)).pages]
    assert len(pages) > 1
    first = pages[0]
    assert f"This report runs to {len(pages)} pages" in first
    assert "Officials and signatures" in first and "Not signed" in first
    assert first.count("(in full after the signatures)") == 10
    assert f"page 1 of {len(pages)}" in first and f"page {len(pages)} of {len(pages)}" in pages[-1]
    rest = " ".join(pages[1:])
    for text in texts:
        assert text.split()[-1] in rest  # every report's end, in full after the first page
