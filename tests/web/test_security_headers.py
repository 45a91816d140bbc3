"""Every answer carries the security headers, pages and downloads alike: a
Content-Security-Policy that runs no inline script (so no page may hold
one: each page is read here for inline scripts, event handlers and style
attributes), framed only by the server's own pages except the scoreboard's
stream layouts and the embeds, ``nosniff`` and a Referrer-Policy."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, first_division, game_in_play, logged_in

from rinkside.web import auth

HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy")
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.IGNORECASE)


def _checked(answer_headers: dict[str, str], path: str, framed: str) -> None:
    missing = [h for h in HEADERS if h not in answer_headers]
    assert not missing, f"{path} lacks {missing}"
    csp = answer_headers["content-security-policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp, path
    assert f"frame-ancestors {framed}" in csp, path
    # images from here or https only: the desk takes no other logo (issue 23 item 13)
    assert "img-src 'self' data: https:;" in csp, path
    assert answer_headers["x-content-type-options"] == "nosniff"
    assert answer_headers["referrer-policy"] == "same-origin"


@pytest.fixture(scope="module")
def paths(demo: Demo) -> dict[str, list[str]]:
    game = game_in_play(demo)
    division = first_division(demo.service, demo)
    team = demo.service.standings(division)[0].team_id
    demo.service.set_team_style(team, colour="#1e40af")  # its page shows a swatch
    pages = ["/", "/login", "/schedule", f"/games/{game}", f"/games/{game}/report",
             f"/games/{game}/signoff", f"/scoreboard/{game}",
             f"/scoreboard/{game}?horn=1",
             f"/divisions/{division}/standings", f"/divisions/{division}/stats",
             f"/teams/{team}", "/suspensions", "/rules", "/console", "/desk",
             "/desk/changes", f"/desk/teams/{team}",
             *(f"/desk/tournaments/{demo.tournament_id}{part}" for part in (
                 "", "/schedule", "/people", "/teams", "/rinks", "/discipline", "/api")),
             f"/desk/divisions/{division}/playoffs", "/developers"]
    downloads = [f"/divisions/{division}/standings.csv", f"/divisions/{division}/stats.xlsx",
                 f"/teams/{team}/roster.csv", f"/divisions/{division}/schedule.ics",
                 f"/games/{game}/log.json", f"/games/{game}/report.pdf", "/static/live.js",
                 "/desk/roster-template.csv", "/no-such-page"]
    embeds = [f"/embed/scores?team={team}", f"/embed/schedule?division={division}&theme=dark",
              f"/embed/standings/{division}?theme=light"]
    return {"pages": pages, "downloads": downloads, "game": [str(game)], "embeds": embeds}


def test_pages_and_downloads_carry_the_headers_and_no_page_runs_inline_script(
        demo: Demo, app: FastAPI, paths: dict[str, list[str]]) -> None:
    auth.create_user(demo.service, "head-director", "director-pass-9", "director")
    for client, _ in logged_in(app, "head-director", "director-pass-9"):
        for path in paths["pages"]:
            answer = client.get(path)
            assert answer.status_code == 200, path
            _checked(dict(answer.headers), path, "'self'")
            page = answer.text
            assert not INLINE_SCRIPT.search(page), f"{path}: {INLINE_SCRIPT.search(page)}"
            assert not INLINE_HANDLER.search(page), f"{path}: {INLINE_HANDLER.search(page)}"
            assert not STYLE_ATTRIBUTE.search(page), f"{path}: {STYLE_ATTRIBUTE.search(page)}"
        for path in paths["downloads"]:
            answer = client.get(path)
            assert answer.status_code == (404 if path == "/no-such-page" else 200), path
            _checked(dict(answer.headers), path, "'self'")


def test_the_scoreboards_stream_layouts_may_be_framed_anywhere(
        client: TestClient, paths: dict[str, list[str]]) -> None:
    game = paths["game"][0]
    for layout in ("overlay", "intermission"):
        answer = client.get(f"/scoreboard/{game}?layout={layout}")
        assert answer.status_code == 200
        _checked(dict(answer.headers), layout, "*")
    _checked(dict(client.get(f"/scoreboard/{game}?layout=tv").headers), "tv", "'self'")


def test_the_embeds_and_only_they_may_be_framed_anywhere(
        client: TestClient, paths: dict[str, list[str]]) -> None:
    """Issue 27: a club's site frames /embed/...; the page it embeds runs no
    inline script either. The public page of the same standings refuses."""
    for path in paths["embeds"]:
        answer = client.get(path)
        assert answer.status_code == 200, path
        _checked(dict(answer.headers), path, "*")
        assert not INLINE_SCRIPT.search(answer.text), path
        assert not STYLE_ATTRIBUTE.search(answer.text), path
    division = paths["embeds"][-1].split("/")[-1].split("?")[0]
    _checked(dict(client.get(f"/divisions/{division}/standings").headers), "page", "'self'")
    _checked(dict(client.get("/embedded").headers), "/embedded", "'self'")


def test_every_page_names_its_icon_so_no_browser_asks_for_a_missing_one(
        demo: Demo, app: FastAPI, paths: dict[str, list[str]]) -> None:
    """A page without an icon of its own makes the browser ask for
    /favicon.ico, a 404 in the console of every page, a table official's
    screen and the scoreboard among them; each names an empty one (data:,
    which the policy's img-src allows)."""
    assert "data:" in dict(TestClient(app).get("/").headers)["content-security-policy"]
    auth.create_user(demo.service, "icon-director", "director-pass-8", "director")
    for client, _ in logged_in(app, "icon-director", "director-pass-8"):
        for path in [*paths["pages"], *paths["embeds"]]:
            page = client.get(path).text
            assert '<link rel="icon" href="data:,">' in page, path
