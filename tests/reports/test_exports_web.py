"""The public downloads: content types, file names and bodies equal to what
the report modules produce; unknown ids and formats are 404 pages."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from exportkit import Demo, build, game_teams, played_games, read_csv, read_xlsx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from icalendar import Calendar

from rinkside.reports import calendar, exports, game_log
from rinkside.web.app import create_app

XLSX = exports.XLSX_MEDIA_TYPE


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return build(tmp_path_factory.mktemp("web-exports") / "demo.sqlite")


@pytest.fixture(scope="module")
def client(demo: Demo) -> Iterator[TestClient]:
    app: FastAPI = create_app(demo.service)
    with TestClient(app) as client:
        yield client


def _attachment(response: object, filename: str) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    assert headers["content-disposition"] == f'attachment; filename="{filename}"'


class TestSpreadsheets:
    def test_standings_csv_and_xlsx(self, demo: Demo, client: TestClient) -> None:
        division = demo.divisions()[0]
        want = exports.division_standings(demo.service, division)
        r = client.get(f"/divisions/{division}/standings.csv")
        assert r.status_code == 200
        assert r.headers["content-type"] == "text/csv; charset=utf-8"
        _attachment(r, "division-1-standings.csv")
        assert read_csv(r.content) == read_csv(exports.to_csv(want))
        r = client.get(f"/divisions/{division}/standings.xlsx")
        assert r.status_code == 200 and r.headers["content-type"] == XLSX
        _attachment(r, "division-1-standings.xlsx")
        assert read_xlsx(r.content)["Standings"] == [
            [None if c == "" else c for c in row] for row in want]

    def test_statistics(self, demo: Demo, client: TestClient) -> None:
        division = demo.divisions()[1]
        tables = exports.division_statistics(demo.service, division)
        r = client.get(f"/divisions/{division}/stats.csv")
        _attachment(r, "14u-stats.csv")
        assert read_csv(r.content) == read_csv(exports.to_csv(tables["skaters"]))
        r = client.get(f"/divisions/{division}/goaltenders.csv")
        assert read_csv(r.content) == read_csv(exports.to_csv(tables["goaltenders"]))
        r = client.get(f"/divisions/{division}/special-teams.csv")
        assert read_csv(r.content) == read_csv(exports.to_csv(tables["teams"]))
        r = client.get(f"/divisions/{division}/stats.xlsx")
        assert r.headers["content-type"] == XLSX
        assert list(read_xlsx(r.content)) == ["Skaters", "Goaltenders", "Special teams"]

    def test_rosters(self, demo: Demo, client: TestClient) -> None:
        division = demo.divisions()[0]
        team = demo.service.division_view(division).teams[0]
        name, rows = exports.team_roster(demo.service, team.team_id)
        r = client.get(f"/teams/{team.team_id}/roster.csv")
        _attachment(r, f"{name.lower()}-roster.csv")
        assert read_csv(r.content) == read_csv(exports.to_csv(rows))
        r = client.get(f"/teams/{team.team_id}/roster.xlsx")
        assert read_xlsx(r.content)["Roster"][0] == list(exports.ROSTER_HEADER)
        r = client.get(f"/divisions/{division}/rosters.csv")
        assert len(read_csv(r.content)) == len(exports.division_rosters(demo.service,
                                                                        division)) - 1


class TestCalendars:
    def test_division_and_team_schedules(self, demo: Demo, client: TestClient) -> None:
        division = demo.divisions()[0]
        view = demo.service.division_view(division)
        r = client.get(f"/divisions/{division}/schedule.ics")
        assert r.status_code == 200
        assert r.headers["content-type"] == "text/calendar; charset=utf-8"
        _attachment(r, "division-1-schedule.ics")
        events = Calendar.from_ical(r.content).events
        assert {str(e.uid) for e in events} == {calendar.game_uid(g.game_id)
                                                for g in view.schedule}
        team = view.teams[1]
        r = client.get(f"/teams/{team.team_id}/schedule.ics")
        _attachment(r, f"{team.name.lower()}-schedule.ics")
        summaries = [str(e.get("summary")) for e in Calendar.from_ical(r.content).events]
        assert summaries and all(team.name in s for s in summaries)


class TestGameLog:
    def test_log_json(self, demo: Demo, client: TestClient) -> None:
        game_id = played_games(demo)[0]
        r = client.get(f"/games/{game_id}/log.json")
        assert r.status_code == 200 and r.headers["content-type"] == "application/json"
        document = json.loads(r.content)
        assert document == game_log.export_game(demo.service, game_id)
        home, away = document["home"]["name"].lower(), document["away"]["name"].lower()
        _attachment(r, f"game-{game_id}-{home}-vs-{away}.json")

    def test_unplayed_game_has_no_log(self, demo: Demo, client: TestClient) -> None:
        division, home, away = game_teams(demo.service, played_games(demo)[0])
        fresh = demo.service.add_game(division, home, away)
        r = client.get(f"/games/{fresh}/log.json")
        assert r.status_code == 404 and "no event recorded yet" in r.text


class TestNotFound:
    @pytest.mark.parametrize("path", [
        "/divisions/999/standings.csv", "/divisions/1/standings.pdf", "/divisions/999/stats.xlsx",
        "/teams/999/roster.csv", "/divisions/999/schedule.ics", "/teams/999/schedule.ics",
        "/games/9999/log.json", "/divisions/999/goaltenders.csv",
    ])
    def test_unknown_is_404(self, client: TestClient, path: str) -> None:
        r = client.get(path)
        assert r.status_code == 404
        assert "content-disposition" not in r.headers
