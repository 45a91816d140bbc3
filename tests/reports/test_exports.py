"""Standings, statistics and rosters as CSV and XLSX, read back and compared
with what the service computes; rosters imported back by roster_import."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from exportkit import Demo, build, read_csv, read_xlsx

from rinkside.reports import exports
from rinkside.services import records
from rinkside.services.tournaments import NotFound
from rinkside.store import models
from rinkside.tournament.roster_import import import_roster, import_rosters


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return build(tmp_path_factory.mktemp("exports") / "demo.sqlite")


def _names(demo: Demo) -> dict[int, str]:
    with demo.service.read() as s:
        return {t.id: t.name for t in s.query(models.Team)}


def _labels(demo: Demo) -> dict[int, tuple[int, str]]:
    with demo.service.read() as s:
        return {p.id: (p.number, p.name) for p in s.query(models.Player)}


def _num(text: str) -> float:
    return float(text)


class TestStandings:
    def test_csv_reads_back_as_the_standings(self, demo: Demo) -> None:
        names = _names(demo)
        for division in demo.divisions():
            table = demo.service.standings(division)
            rows = read_csv(exports.csv_bytes(exports.division_standings(demo.service,
                                                                         division)))
            assert [r["Team"] for r in rows] == [names[s.team_id] for s in table]
            for row, s in zip(rows, table, strict=True):
                assert int(row["Place"]) == s.place
                assert [int(row[k]) for k in ("GP", "W", "L", "T", "GF", "GA", "GD")] == \
                    [s.gp, s.w, s.l, s.t, s.gf, s.ga, s.gd]
                assert _num(row["PTS"]) == s.pts and _num(row["PIM"]) == s.pim
                assert row["Placed by"] == s.explanation

    def test_xlsx_reads_back_as_the_standings_with_a_bold_header(self, demo: Demo) -> None:
        import io

        from openpyxl import load_workbook  # type: ignore[import-untyped]

        division = demo.divisions()[0]
        data = exports.to_xlsx({"Standings": exports.division_standings(demo.service, division)})
        sheet = read_xlsx(data)["Standings"]
        assert tuple(sheet[0]) == exports.STANDINGS_HEADER
        names = _names(demo)
        table = demo.service.standings(division)
        assert [(r[1], r[2], r[3], r[9]) for r in sheet[1:]] == \
            [(names[s.team_id], s.gp, s.w, s.pts) for s in table]
        book = load_workbook(io.BytesIO(data))
        ws = book["Standings"]
        assert all(cell.font.bold for cell in ws[1])
        assert not ws["A2"].font.bold
        assert ws.freeze_panes == "A2"
        explanation_width = ws.column_dimensions["L"].width
        assert explanation_width > ws.column_dimensions["C"].width  # sized to the text


class TestStatistics:
    def test_skaters_csv_reads_back_as_the_scoring_lines(self, demo: Demo) -> None:
        labels, names = _labels(demo), _names(demo)
        for division in demo.divisions():
            skaters, _, _ = demo.service.statistics(division)
            tables = exports.division_statistics(demo.service, division)
            rows = read_csv(exports.to_csv(tables["skaters"]))
            assert len(rows) == len(skaters)
            by_player = {(names[s.team_id], labels[s.player_id][0]): s for s in skaters.values()}
            for row in rows:
                line = by_player[(row["Team"], int(row["#"]))]
                assert row["Player"] == labels[line.player_id][1]
                assert [int(row[k]) for k in ("GP", "G", "A", "PTS", "PPG", "SHG")] == \
                    [line.gp, line.goals, line.assists, line.points, line.ppg, line.shg]
                assert _num(row["PIM"]) == line.pim
            points = [int(r["PTS"]) for r in rows]
            assert points == sorted(points, reverse=True)  # leaders first

    def test_xlsx_holds_skaters_goaltenders_and_teams(self, demo: Demo) -> None:
        labels, names = _labels(demo), _names(demo)
        division = demo.divisions()[0]
        _, goalies, teams = demo.service.statistics(division)
        tables = exports.division_statistics(demo.service, division)
        book = read_xlsx(exports.to_xlsx(tables))
        assert set(book) == {"skaters", "goaltenders", "teams"}
        sheet = book["goaltenders"]
        assert tuple(sheet[0]) == exports.GOALTENDER_HEADER
        assert len(sheet) - 1 == len(goalies)
        by_goalie = {(names[g.team_id], labels[g.player_id][0]): g for g in goalies.values()}
        for row in sheet[1:]:
            line = by_goalie[(row[0], row[1])]
            assert (row[3], row[5]) == (line.gp, line.goals_against)
            assert row[6] == pytest.approx(line.gaa, abs=0.005)
        team_sheet = book["teams"]
        assert {r[0]: (r[2], r[3]) for r in team_sheet[1:]} == {
            names[t.team_id]: (t.pp_opportunities, t.pp_goals) for t in teams.values()}


class TestRosters:
    def test_division_roster_csv_imports_back_as_the_same_players(
            self, demo: Demo, tmp_path: Path) -> None:
        division = demo.divisions()[0]
        path = tmp_path / "rosters.csv"
        path.write_bytes(exports.csv_bytes(exports.division_rosters(demo.service, division)))
        with demo.service.read() as s:
            row = s.get(models.Division, division)
            assert row is not None
            info = records.division_info(row)
            players = records.players_of(s, [t.id for t in row.teams])
            names = {t.id: t.name for t in row.teams}
        parsed = import_rosters(path, info, date.today())
        assert set(parsed) == set(names.values())
        for team_id, team in names.items():
            want = sorted((p.number, p.name, p.goalie, p.captain, p.playing_coach, p.birth_date)
                          for p in players if p.team_id == team_id)
            got = sorted((p.number, p.name, p.goalie, p.captain, p.playing_coach, p.birth_date)
                         for p in parsed[team])
            assert got == want

    def test_team_roster_xlsx_with_a_playing_coach_imports_back(
            self, demo: Demo, tmp_path: Path) -> None:
        """Rule 201(c): a playing coach and his birth date travel too."""
        division = demo.divisions()[0]  # "Division 1" allows playing coaches (201(c))
        team = demo.service.add_team(division, "Zoë's Team")
        roster = [{"number": 1, "name": "Renée Dubé", "goalie": True},
                  {"number": 8, "name": "O'Neil, Jr.", "captain": "C"},
                  {"number": 9, "name": 'Sam "Ace" Park', "playing_coach": True,
                   "birth_date": date(1990, 4, 5)}] + \
            [{"number": n, "name": f"Player {n}"} for n in range(10, 15)]
        demo.service.set_roster(team, roster, reason="late entry")
        name, rows = exports.team_roster(demo.service, team)
        assert name == "Zoë's Team"
        with demo.service.read() as s:
            d = s.get(models.Division, division)
            assert d is not None
            info = records.division_info(d)
        for suffix, data in ((".xlsx", exports.to_xlsx({"Roster": rows})),
                             (".csv", exports.csv_bytes(rows))):
            path = tmp_path / f"team{suffix}"
            path.write_bytes(data)
            parsed = import_roster(path, info, date(2026, 6, 1))
            got = sorted((p.number, p.name, p.goalie, p.captain, p.playing_coach, p.birth_date)
                         for p in parsed)
            want = sorted((p["number"], p["name"], bool(p.get("goalie")), p.get("captain"),
                           bool(p.get("playing_coach")), p.get("birth_date")) for p in roster)
            assert got == want, suffix

    def test_unknown_ids_are_not_found(self, demo: Demo) -> None:
        with pytest.raises(NotFound, match="no division 999"):
            exports.division_standings(demo.service, 999)
        with pytest.raises(NotFound, match="no team 999"):
            exports.team_roster(demo.service, 999)


class TestWriters:
    def test_csv_quotes_what_needs_quoting_and_writes_dates_iso(self) -> None:
        rows: exports.Rows = [["name", "born", "pts", "none"],
                              ['Sam "Ace", Jr.', date(2001, 2, 3), 1.5, None],
                              ["line\nbreak", None, 2, ""]]
        back = read_csv(exports.to_csv(rows))
        assert back == [{"name": 'Sam "Ace", Jr.', "born": "2001-02-03", "pts": "1.5",
                         "none": ""},
                        {"name": "line\nbreak", "born": "", "pts": "2", "none": ""}]
        assert exports.csv_bytes(rows).startswith(b"\xef\xbb\xbf")

    def test_xlsx_keeps_types_and_refuses_an_empty_workbook(self) -> None:
        rows: exports.Rows = [["n", "when", "x"], [3, date(2001, 2, 3), 2.25]]
        sheet = read_xlsx(exports.to_xlsx({"A very long sheet name beyond 31 chars": rows}))
        (title, values), = sheet.items()
        assert len(title) == 31
        assert values[1][0] == 3 and values[1][1].date() == date(2001, 2, 3)
        assert values[1][2] == 2.25
        with pytest.raises(ValueError, match="at least one sheet"):
            exports.to_xlsx({})
