"""What the desk stores from a form shows safely everywhere: names in an
iCalendar feed escaped as RFC 5545 TEXT, logos from this server or typed
https URLs only, and text checked at the edge as the console checks it."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlencode

from deskkit import RINK, dora, new_tournament, people, post, rick, skip
from openpyxl import load_workbook  # type: ignore[import-untyped]
from webkit import Client, Demo, new_game

from rinkside.services import desk_rinks, desk_teams, queries
from rinkside.store import models
from rinkside.web import auth

__all__ = ["dora", "people", "rick", "skip"]


def _unescaped(value: str) -> str:
    """An RFC 5545 TEXT value read back (3.3.11): each escape undone once."""
    return re.sub(r"\\([\\;,nN])", lambda match: "\n" if match[1] in "nN" else match[1], value)


def _lines(ics: str) -> list[str]:
    return ics.replace("\r\n ", "").split("\r\n")  # unfolded (3.1)


def _a_team(demo: Demo) -> queries.TeamCount:
    return queries.tournament_trees(demo.service)[0].divisions[0].teams[0]


def test_a_team_name_with_ical_separators_is_escaped_in_its_feeds(
        demo: Demo, dora: Client) -> None:
    team = _a_team(demo)
    name = "Evil; X, Y\\N"
    assert post(dora, f"/desk/teams/{team.team_id}/rename", {"name": name}).status_code == 303
    division = queries.team(demo.service, team.team_id).division
    for url, calendar in ((f"/teams/{team.team_id}/schedule.ics", f"{name} ({division.name})"),
                          (f"/divisions/{division.division_id}/schedule.ics", None)):
        response = dora[0].get(url)
        assert response.status_code == 200
        lines = _lines(response.text)
        if calendar is not None:
            for prop in ("NAME", "X-WR-CALNAME"):
                (value,) = [line.split(":", 1)[1] for line in lines
                            if line.startswith(f"{prop}:")]
                assert re.search(r"(?<!\\)[;,]", value) is None  # every separator escaped
                assert _unescaped(value) == calendar
        summaries = [_unescaped(line.split(":", 1)[1]) for line in lines
                     if line.startswith("SUMMARY:")]
        assert summaries and all(name in s for s in summaries if "Evil" in s)
        assert any(s.startswith(f"{name} vs ") or s.endswith(f" vs {name}") for s in summaries)


def test_a_logo_is_this_servers_file_or_a_typed_https_url_and_nothing_else(
        demo: Demo, dora: Client) -> None:
    team = _a_team(demo)
    game = next(g for g in queries.games(demo.service)
                if team.team_id in (g.home_team_id, g.away_team_id))
    side = "home" if game.home_team_id == team.team_id else "away"
    url = f"/desk/teams/{team.team_id}/style"
    for other_host in ("//evil.example/x.png", "/\\evil.example/x.png", "\\\\evil.example/x",
                       "http://evil.example/x.png", "https://me@evil.example/x.png",
                       "javascript:alert(1)", "/static//evil.example/x.png",
                       " //evil.example/x.png", "https://evil.example/x y.png"):
        refused = post(dora, url, {"colour": "", "logo": other_host})
        assert refused.status_code == 422, other_host
        assert "not a logo address" in refused.text
        assert demo.service.team_styles([team.team_id]).get(team.team_id, (None, None))[1] \
            is None
    assert post(dora, url, {"colour": "", "logo": "https://cdn.example/owls.png"}
                ).status_code == 303
    page = dora[0].get(f"/desk/teams/{team.team_id}").text
    assert "from another site: cdn.example" in page
    state = dora[0].get(f"/api/games/{game.game_id}/state").json()
    assert state["teams"][side]["logo"] == "https://cdn.example/owls.png"
    assert post(dora, url, {"colour": "", "logo": "/static/owls.png"}).status_code == 303
    assert "another site" not in dora[0].get(f"/desk/teams/{team.team_id}").text


def test_a_logo_stored_before_the_check_from_another_host_is_not_loaded(
        demo: Demo, dora: Client) -> None:
    styled = _a_team(demo).team_id  # its games' pages were read by the tests above
    game = next(g for g in queries.games(demo.service)
                if styled not in (g.home_team_id, g.away_team_id))
    team = queries.team(demo.service, game.home_team_id)
    side = "home"
    with demo.service.write() as s:  # as an older rinkside stored it
        s.merge(models.TeamStyle(team_id=team.team_id, colour="#112233",
                            logo="//evil.example/x.png"))
    state = dora[0].get(f"/api/games/{game.game_id}/state").json()
    assert state["teams"][side] == state["teams"][side] | {"colour": "#112233", "logo": None}
    assert "evil.example" not in dora[0].get(f"/desk/teams/{team.team_id}").text
    assert "evil.example" not in dora[0].get(f"/scoreboard/{game.game_id}").text


BAD_NAMES = ["Blades\x0e\xc2\x86", "Blades\x00", "B" * 5000, "Bla\r\ndes", "Blades\x1b[2J"]


def test_a_desk_form_refuses_what_the_console_refuses_and_changes_nothing(
        demo: Demo, dora: Client) -> None:
    team = queries.tournament_trees(demo.service)[0].divisions[0].teams[1]
    division = queries.team(demo.service, team.team_id).division.division_id
    client, token = dora
    for bad in BAD_NAMES:
        body = urlencode({"name": bad, "csrf_token": token})  # as a browser sends it
        response = client.post(f"/desk/teams/{team.team_id}/rename", content=body,
                               headers={"content-type": "application/x-www-form-urlencoded"},
                               follow_redirects=False)
        assert response.status_code == 422, repr(bad[:20])
        assert "name: " in response.text
        assert queries.team(demo.service, team.team_id).name == team.name
    assert client.get(f"/divisions/{division}/standings.xlsx").status_code == 200
    long_reason = post(dora, f"/desk/teams/{team.team_id}/withdraw", {"reason": "r" * 501})
    assert long_reason.status_code == 422 and "at most 500" in long_reason.text


def test_the_desks_json_refuses_the_same_text(demo: Demo, dora: Client) -> None:
    tid = queries.tournament_trees(demo.service)[0].tournament_id
    game = queries.game(demo.service, new_game(demo))
    client, token = dora
    headers = {auth.CSRF_HEADER: token, "content-type": "application/json"}
    for body in ({"tiebreaks": ["\x00"], "reason": ""}, {"tiebreaks": ["\ud800"]},
                 {"tiebreaks": ["points"], "reason": "x" * 200_000}):
        response = client.put(f"/api/desk/tournaments/{tid}/tiebreaks",
                              content=json.dumps(body), headers=headers)  # escapes as sent
        assert response.status_code == 422
    for body in ({"start": "9999-12-31T08:00:00+00:00", "rink": "Rink 1"},
                 {"start": "2026-12-05T08:00:00+00:00", "rink": "Rink\x00 1"}):
        response = client.put(f"/api/desk/games/{game.game_id}/place",
                              content=json.dumps(body), headers=headers)
        assert response.status_code == 422, body
    assert queries.game(demo.service, game.game_id).start == game.start


def test_a_name_stored_with_control_characters_before_the_check_still_exports(
        demo: Demo, dora: Client) -> None:
    team = queries.tournament_trees(demo.service)[0].divisions[0].teams[2]
    division = queries.team(demo.service, team.team_id).division.division_id
    with demo.service.write() as s:  # as an older rinkside stored it
        row = s.get(models.Team, team.team_id)
        assert row is not None
        row.name = "Blades\x0e\xc2\x86"
    for export in ("standings", "stats"):
        response = dora[0].get(f"/divisions/{division}/{export}.xlsx")
        assert response.status_code == 200, export
    sheet = load_workbook(io.BytesIO(dora[0].get(
        f"/divisions/{division}/standings.xlsx").content)).active
    names = [cell.value for row in sheet.iter_rows() for cell in row]
    assert "Blades\ufffd\xc2\ufffd" in names


def test_a_textareas_lines_as_a_browser_sends_them_pass_the_check(
        demo: Demo, dora: Client) -> None:
    tid = new_tournament(dora, "Window Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for name in ("Owls", "Hawks"):
        desk_teams.add_team(demo.service, did, name, by="dora")
    desk_rinks.add(demo.service, tid, "Main", RINK, by="dora")
    url = f"/desk/tournaments/{tid}/schedule/generate"
    form = {"game_minutes": "40", "rest_minutes": "0"}
    bad = post(dora, url, {**form, "windows": "2026-12-12 08:00-12:00\x00"})
    assert bad.status_code == 422 and "windows: character" in bad.text
    good = post(dora, url, {**form, "windows": "2026-12-12 08:00-12:00\r\n"
                                               "2026-12-13 08:00-12:00"})
    assert good.status_code == 303
    assert len(queries.games(demo.service, did)) == 1
