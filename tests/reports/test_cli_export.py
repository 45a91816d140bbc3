"""``rinkside export`` and ``rinkside import`` end to end on a SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from exportkit import Demo, build, game_teams, played_games, read_csv, read_xlsx
from icalendar import Calendar
from typer.testing import CliRunner

from rinkside.cli.export import register
from rinkside.reports import calendar, exports, game_log

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


APP = _app()


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return build(tmp_path_factory.mktemp("cli") / "demo.sqlite")


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(APP, list(args))
    return result.exit_code, result.stdout, result.stderr


def _ok(*args: str) -> str:
    code, out, err = _run(*args)
    assert code == 0, out + err
    return out


class TestTables:
    def test_standings_csv_and_xlsx(self, demo: Demo, tmp_path: Path) -> None:
        division = demo.divisions()[0]
        want = exports.division_standings(demo.service, division)
        csv_file, xlsx_file = tmp_path / "standings.csv", tmp_path / "standings.xlsx"
        out = _ok("export", "standings", str(division), "-o", str(csv_file), "--db", demo.url)
        assert f"wrote {len(want) - 1} teams' standings to {csv_file}" in out
        assert read_csv(csv_file.read_bytes()) == read_csv(exports.to_csv(want))
        assert csv_file.read_bytes().startswith(b"\xef\xbb\xbf")  # for spreadsheet programs
        _ok("export", "standings", str(division), "-o", str(xlsx_file), "--db", demo.url)
        assert read_xlsx(xlsx_file.read_bytes())["Standings"][1][1] == want[1][1]

    def test_stats_csv_table_and_xlsx_workbook(self, demo: Demo, tmp_path: Path) -> None:
        division = demo.divisions()[1]
        tables = exports.division_statistics(demo.service, division)
        goalies = tmp_path / "goalies.csv"
        _ok("export", "stats", str(division), "--table", "goaltenders", "-o", str(goalies),
            "--db", demo.url)
        assert read_csv(goalies.read_bytes()) == read_csv(exports.to_csv(tables["goaltenders"]))
        book = tmp_path / "stats.xlsx"
        out = _ok("export", "stats", str(division), "-o", str(book), "--db", demo.url)
        assert "skaters, goaltenders and teams" in out
        sheets = read_xlsx(book.read_bytes())
        assert list(sheets) == ["Skaters", "Goaltenders", "Special teams"]
        assert len(sheets["Skaters"]) == len(tables["skaters"])

    def test_rosters_with_the_format_option(self, demo: Demo, tmp_path: Path) -> None:
        division = demo.divisions()[0]
        path = tmp_path / "rosters.data"
        _ok("export", "rosters", str(division), "--format", "xlsx", "-o", str(path),
            "--db", demo.url)
        rows = read_xlsx(path.read_bytes())["Rosters"]
        assert tuple(rows[0]) == exports.ROSTER_HEADER
        assert len(rows) == len(exports.division_rosters(demo.service, division))

    def test_bad_input_exits_2_and_writes_nothing(self, demo: Demo, tmp_path: Path) -> None:
        path = tmp_path / "x.pdf"
        code, _, err = _run("export", "standings", "1", "-o", str(path), "--db", demo.url)
        assert code == 2 and "--format: 'pdf' is not csv or xlsx" in err
        code, _, err = _run("export", "standings", "999", "-o", str(tmp_path / "s.csv"),
                            "--db", demo.url)
        assert code == 2 and "no division 999" in err
        code, _, err = _run("export", "stats", "1", "--table", "refs", "-o",
                            str(tmp_path / "s.csv"), "--db", demo.url)
        assert code == 2 and "--table: 'refs'" in err
        assert list(tmp_path.iterdir()) == []


class TestCalendar:
    def test_division_and_team_feeds(self, demo: Demo, tmp_path: Path) -> None:
        division = demo.divisions()[0]
        view = demo.service.division_view(division)
        path = tmp_path / "division.ics"
        out = _ok("export", "calendar", "--division", str(division), "-o", str(path),
                  "--db", demo.url)
        assert f"{len(view.schedule)} games" in out
        assert len(Calendar.from_ical(path.read_bytes()).events) == len(view.schedule)
        team = view.teams[0].team_id
        path = tmp_path / "team.ics"
        _ok("export", "calendar", "--team", str(team), "-o", str(path), "--db", demo.url)
        uids = {str(e.uid) for e in Calendar.from_ical(path.read_bytes()).events}
        assert uids == {calendar.game_uid(g.game_id) for g in view.schedule
                        if team in (g.home_team_id, g.away_team_id)}

    def test_one_of_division_or_team(self, demo: Demo, tmp_path: Path) -> None:
        for extra in ([], ["--division", "1", "--team", "1"]):
            code, _, err = _run("export", "calendar", *extra, "-o", str(tmp_path / "c.ics"),
                                "--db", demo.url)
            assert code == 2 and "either --division or --team" in err


def _replayable(demo: Demo) -> tuple[int, int]:
    """A played game and a new game of the same teams in which none of the
    players it names is suspended (203(a): a suspended player is not dressed)."""
    suspended = demo.service.suspensions(demo.tournament_id).values()
    for source in played_games(demo):
        division, home, away = game_teams(demo.service, source)
        fresh = demo.service.add_game(division, home, away)
        if not any(s.team_id in (home, away) and s.rule_for(fresh) for s in suspended):
            return source, fresh
    raise AssertionError("every played game of the demo has a suspended player")


class TestGameLogs:
    def test_export_then_import_into_a_new_game(self, demo: Demo, tmp_path: Path) -> None:
        source, fresh = _replayable(demo)
        path = tmp_path / "game.json"
        _ok("export", "game", str(source), "-o", str(path), "--db", demo.url)
        assert json.loads(path.read_text(encoding="utf-8")) == \
            game_log.export_game(demo.service, source)
        out = _ok("import", "game", str(fresh), str(path), "--by", "cli test",
                  "--db", demo.url)
        _, original = demo.service.game_state(source)
        _, state = demo.service.game_state(fresh)
        assert state.snapshot() == original.snapshot()
        assert f"{state.setup.home.name} {state.home_score} - {state.away_score}" in out
        assert "final" in out

    def test_corrupted_file_exits_2_and_records_nothing(
            self, demo: Demo, tmp_path: Path) -> None:
        division, home, away = game_teams(demo.service, played_games(demo)[0])
        fresh = demo.service.add_game(division, home, away)
        path = tmp_path / "broken.json"
        path.write_text('{"events": [{"type": "faceoff", "at": "1 12:00"}', encoding="utf-8")
        code, _, err = _run("import", "game", str(fresh), str(path), "--db", demo.url)
        assert code == 2
        assert "broken.json: not valid JSON" in err
        assert demo.service.game_state(fresh)[0] == 0

    def test_refused_event_exits_1_with_its_rule(self, demo: Demo, tmp_path: Path) -> None:
        division, home, away = game_teams(demo.service, played_games(demo)[0])
        fresh = demo.service.add_game(division, home, away)
        path = tmp_path / "refused.json"
        path.write_text(json.dumps({"events": [
            {"type": "faceoff", "at": "1 12:00"},
            {"type": "timeout", "at": "1 11:00", "team": "home"}]}), encoding="utf-8")
        code, _, err = _run("import", "game", str(fresh), str(path), "--db", demo.url)
        assert code == 1
        assert "refused:" in err and "events[1] (timeout at 1 11:00)" in err
        assert "Rule 641(a)" in err
        assert demo.service.game_state(fresh)[0] == 0

    def test_export_of_an_unplayed_game_exits_2(self, demo: Demo, tmp_path: Path) -> None:
        division, home, away = game_teams(demo.service, played_games(demo)[0])
        fresh = demo.service.add_game(division, home, away)
        code, _, err = _run("export", "game", str(fresh), "-o", str(tmp_path / "g.json"),
                            "--db", demo.url)
        assert code == 2 and "no event recorded yet" in err
        assert not (tmp_path / "g.json").exists()
