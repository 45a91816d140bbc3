"""Importing tournament rosters from CSV and XLSX (Rules 201-203, 307(c)).

Every file is written in ``tmp_path`` by the test itself (csv / openpyxl).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import ClassVar

import openpyxl  # type: ignore[import-untyped]
import pytest

from rinkside.tournament.model import DivisionInfo
from rinkside.tournament.roster_import import import_roster, import_rosters
from rinkside.tournament.roster_problems import RosterImportError
from rinkside.tournament.roster_rows import ParsedPlayer

STARTS = date(2026, 7, 10)
OPEN = DivisionInfo(1, "Division 1")
YOUTH = DivisionInfo(2, "16U")

HEADER = ["number", "name", "goalie", "captain", "playing_coach", "birth_date"]
GOOD_ROWS: list[list[object]] = [
    [1, "Ann Ito", "G", "", "", ""],
    [4, "Bo Park", "no", "C", "", ""],
    [7, "Cy Diaz", "false", "A", "", "2001-03-04"],
    [9, "Dee Ruiz", "0", "a", "", "4/5/1999"],
    [12, "Ed Shaw", "", "", "yes", "1985-11-30"],
    [30, "Fay Xu", "yes", "", "", ""],
]


def write_csv(path: Path, rows: Sequence[Sequence[object]], *, header: Sequence[str] = HEADER,
              delimiter: str = ",", encoding: str = "utf-8") -> Path:
    with path.open("w", newline="", encoding=encoding) as f:
        writer = csv.writer(f, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def write_xlsx(path: Path, rows: Sequence[Sequence[object]], *,
               header: Sequence[str] | None = HEADER) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    if header is not None:
        sheet.append(list(header))
    for row in rows:
        sheet.append([None if cell == "" else cell for cell in row])
    book.save(path)
    return path


def problems_of(raised: pytest.ExceptionInfo[RosterImportError]) -> list[str]:
    return [str(p) for p in raised.value.problems]


# Rows 2.. of a file: line 2 is the first player. Five bad cells on four lines.
BAD_ROWS: list[list[object]] = [
    [1, "Ann Ito", "G", "", "", ""],  # line 2
    [4, "Bo Park", "", "C", "", ""],  # line 3
    [5, "", "perhaps", "", "", ""],  # line 4: name, goalie
    [8, "Cy Diaz", "", "", "", "31/12/2001"],  # line 5: birth_date
    [9, "Dee Ruiz", "", "", "", ""],  # line 6
    ["1O", "Ed Shaw", "", "X", "", ""],  # line 7: number, captain
]
BAD_EXPECTED = [
    "line 4, name: a name is required (Rule 203(b))",
    ("line 4, goalie: 'perhaps' is not yes or no (yes, no, true, false, 1, 0 or G) "
     "(Rule 203(a))"),
    ("line 5, birth_date: '31/12/2001' is not a date (write YYYY-MM-DD or M/D/YYYY) "
     "(Rule 201(c))"),
    "line 7, number: '1O' is not a whole number between 1 and 99 (Rule 307(c))",
    "line 7, captain: 'X' is not C, A or blank (Rule 202(a)-(b))",
]


class TestEveryBadRowIsReported:
    def test_csv(self, tmp_path: Path) -> None:
        path = write_csv(tmp_path / "blades.csv", BAD_ROWS)
        with pytest.raises(RosterImportError) as raised:
            import_roster(path, OPEN, STARTS)
        assert problems_of(raised) == BAD_EXPECTED
        text = str(raised.value)
        assert text.startswith("blades.csv: 5 problems; nothing was imported")
        assert all(line in text for line in BAD_EXPECTED)

    def test_xlsx(self, tmp_path: Path) -> None:
        path = write_xlsx(tmp_path / "blades.xlsx", BAD_ROWS)
        with pytest.raises(RosterImportError) as raised:
            import_roster(path, OPEN, STARTS)
        assert problems_of(raised) == BAD_EXPECTED

    def test_numbers_out_of_range_and_decimals(self, tmp_path: Path) -> None:
        rows: list[list[object]] = [[0, "A", "G", "C", "", ""], [100, "B", "", "", "", ""],
                [7.5, "C", "", "", "", ""], ["", "D", "", "", "", ""]]
        with pytest.raises(RosterImportError) as raised:
            import_roster(write_xlsx(tmp_path / "r.xlsx", rows), OPEN, STARTS)
        assert problems_of(raised)[:4] == [
            "line 2, number: '0' is not a whole number between 1 and 99 (Rule 307(c))",
            "line 3, number: '100' is not a whole number between 1 and 99 (Rule 307(c))",
            "line 4, number: '7.5' is not a whole number between 1 and 99 (Rule 307(c))",
            "line 5, number: a number is required (Rule 307(c))",
        ]


class TestWholeRosterChecks:
    def test_a_number_worn_twice_names_both_lines(self, tmp_path: Path) -> None:
        rows = [*GOOD_ROWS, [7, "Gus Lee", "", "", "", ""]]
        with pytest.raises(RosterImportError) as raised:
            import_roster(write_csv(tmp_path / "r.csv", rows), OPEN, STARTS)
        assert problems_of(raised) == [
            "lines 4 and 8, number: number 7 is worn twice (Rule 307(c))"]

    def test_letters_goaltenders_and_player_coaches(self, tmp_path: Path) -> None:
        rows = [[1, "Ann Ito", "G", "C", "", ""],
                [4, "Bo Park", "", "C", "", ""],
                [12, "Ed Shaw", "", "", "yes", "2008-07-11"]]  # 17 on 2026-07-10
        with pytest.raises(RosterImportError) as raised:
            import_roster(write_csv(tmp_path / "r.csv", rows), OPEN, STARTS)
        assert problems_of(raised) == [
            "lines 2 and 3, captain: 2 captains; a team appoints one (#1, #4) (Rule 202(a))",
            ("line 2, captain: Ann Ito is a goaltender and cannot wear the captain's letter "
             "(Rule 202(d))"),
            ("line 4, birth_date: Ed Shaw is 17 on 2026-07-10, the tournament's first day; a "
             "player coach must have reached 18 (Rule 201(c))"),
        ]

    def test_player_coach_in_a_youth_division(self, tmp_path: Path) -> None:
        path = write_csv(tmp_path / "r.csv", GOOD_ROWS)
        with pytest.raises(RosterImportError) as raised:
            import_roster(path, YOUTH, STARTS)
        [problem] = raised.value.problems
        assert problem.rule == "201(c)" and problem.lines == (6,)
        assert problem.field == "playing_coach"

    def test_no_goaltender(self, tmp_path: Path) -> None:
        rows = [[4, "Bo Park", "", "C", "", ""], [7, "Cy Diaz", "", "", "", ""]]
        with pytest.raises(RosterImportError) as raised:
            import_roster(write_csv(tmp_path / "r.csv", rows), OPEN, STARTS)
        assert problems_of(raised) == [
            ("roster, goalie: no goaltender is identified; a roster names at least one "
             "(Rule 203(a))")]

    def test_201a_counts_the_bad_rows_too(self, tmp_path: Path) -> None:
        rows: list[list[object]] = [[1, "G", "G", "", "", ""], [2, "C", "", "C", "", ""]]
        rows += [[n, f"P{n}", "", "", "", ""] for n in range(3, 16)]
        rows.append(["x", "Extra", "", "", "", ""])  # 16th player row, unreadable number
        with pytest.raises(RosterImportError) as raised:
            import_roster(write_csv(tmp_path / "r.csv", rows), OPEN, STARTS)
        assert [p.rule for p in raised.value.problems] == ["307(c)", "201(a)"]
        assert "roster: 16 players; a team has at most 15 (Rule 201(a))" in problems_of(raised)


class TestGoodImport:
    def expected(self) -> list[ParsedPlayer]:
        return [
            ParsedPlayer(2, 1, "Ann Ito", goalie=True),
            ParsedPlayer(3, 4, "Bo Park", captain="C"),
            ParsedPlayer(4, 7, "Cy Diaz", captain="A", birth_date=date(2001, 3, 4)),
            ParsedPlayer(5, 9, "Dee Ruiz", captain="A", birth_date=date(1999, 4, 5)),
            ParsedPlayer(6, 12, "Ed Shaw", playing_coach=True, birth_date=date(1985, 11, 30)),
            ParsedPlayer(7, 30, "Fay Xu", goalie=True),
        ]

    def test_csv(self, tmp_path: Path) -> None:
        assert import_roster(write_csv(tmp_path / "r.csv", GOOD_ROWS), OPEN, STARTS) \
            == self.expected()

    def test_xlsx_with_typed_cells(self, tmp_path: Path) -> None:
        rows: list[list[object]] = [
            [1, "Ann Ito", True, "", "", ""],
            [4.0, "Bo Park", False, "C", "", ""],
            [7, "Cy Diaz", 0, "A", "", datetime(2001, 3, 4)],
            ["9", "Dee Ruiz", "n", "A", "", "1999-04-05"],
            [12, "Ed Shaw", "", "", 1, date(1985, 11, 30)],
            [30, "Fay Xu", "G", "", False, ""],
        ]
        assert import_roster(write_xlsx(tmp_path / "r.xlsx", rows), OPEN, STARTS) \
            == self.expected()

    def test_header_variants_and_a_position_column(self, tmp_path: Path) -> None:
        header = ["Jersey #", "First Name", "Last Name", "Pos", "C/A", "Email", "DOB"]
        rows = [["1", "Ann", "Ito", "G", "", "a@x.org", ""],
                ["#4", "Bo", "Park", "F", "C", "", ""],
                ["07", "Cy", "Diaz", "D", "(A)", "", "3/4/2001"]]
        players = import_roster(write_csv(tmp_path / "r.csv", rows, header=header), OPEN,
                                STARTS)
        assert [(p.number, p.name, p.goalie, p.captain) for p in players] == [
            (1, "Ann Ito", True, None), (4, "Bo Park", False, "C"), (7, "Cy Diaz", False, "A")]

    @pytest.mark.parametrize("number_header", ["#", "No.", "Jersey", "NUMBER"])
    def test_number_headers(self, tmp_path: Path, number_header: str) -> None:
        path = write_csv(tmp_path / "r.csv", GOOD_ROWS, header=[number_header, *HEADER[1:]])
        assert len(import_roster(path, OPEN, STARTS)) == 6

    def test_excel_csv_bom_semicolons_and_blank_lines(self, tmp_path: Path) -> None:
        rows: list[list[object]] = [*GOOD_ROWS[:3], ["", "", "", "", "", ""], *GOOD_ROWS[3:]]
        path = write_csv(tmp_path / "r.csv", rows, delimiter=";", encoding="utf-8-sig")
        players = import_roster(path, OPEN, STARTS)
        assert [p.line for p in players] == [2, 3, 4, 6, 7, 8]  # the blank line 5 counted

    def test_a_windows_csv(self, tmp_path: Path) -> None:
        rows = [[1, "Zoë Brûlé", "G", "", "", ""], [4, "Bo Park", "", "C", "", ""]]
        path = write_csv(tmp_path / "r.csv", rows, encoding="cp1252")
        assert import_roster(path, OPEN, STARTS)[0].name == "Zoë Brûlé"

    def test_to_roster_player(self) -> None:
        player = ParsedPlayer(5, 9, "Dee Ruiz", captain="A", birth_date=date(1999, 4, 5))
        rp = player.to_roster_player(player_id=41, team_id=3)
        assert (rp.player_id, rp.team_id, rp.number, rp.name, rp.captain, rp.birth_date) == (
            41, 3, 9, "Dee Ruiz", "A", date(1999, 4, 5))


class TestSeveralTeams:
    HEADER: ClassVar[list[str]] = ["team", *HEADER]

    def rows(self) -> list[list[object]]:
        blades = [["Blades", *r] for r in GOOD_ROWS[:3]]
        storm = [["Storm", 31, "Gus Lee", "G", "", "", ""],
                 ["storm ", 5, "Hal Kim", "", "C", "", ""]]
        return [blades[0], storm[0], blades[1], storm[1], blades[2]]

    def test_a_file_of_several_teams(self, tmp_path: Path) -> None:
        path = write_xlsx(tmp_path / "all.xlsx", self.rows(), header=self.HEADER)
        teams = import_rosters(path, OPEN, STARTS)
        assert list(teams) == ["Blades", "Storm"]
        assert [p.number for p in teams["Blades"]] == [1, 4, 7]
        assert [(p.line, p.number, p.team) for p in teams["Storm"]] == [
            (3, 31, "Storm"), (5, 5, "Storm")]  # the name as first written

    def test_one_bad_team_and_nothing_is_imported(self, tmp_path: Path) -> None:
        rows = [*self.rows(), ["Storm", 31, "Ivy Cole", "", "", "", ""],
                ["", 8, "Jo", "", "", "", ""]]
        path = write_csv(tmp_path / "all.csv", rows, header=self.HEADER)
        with pytest.raises(RosterImportError) as raised:
            import_rosters(path, OPEN, STARTS)
        assert problems_of(raised) == [
            "line 8, team: a team name is required in a file of several teams (Rule 203(a))",
            "team 'Storm', lines 3 and 7, number: number 31 is worn twice (Rule 307(c))",
        ]

    def test_one_team_import_refuses_several(self, tmp_path: Path) -> None:
        path = write_csv(tmp_path / "all.csv", self.rows(), header=self.HEADER)
        with pytest.raises(RosterImportError, match=r"holds 2 teams \(Blades, Storm\)"):
            import_roster(path, OPEN, STARTS)

    def test_one_team_with_a_team_column_is_fine(self, tmp_path: Path) -> None:
        rows = [["Blades", *r] for r in GOOD_ROWS]
        path = write_csv(tmp_path / "b.csv", rows, header=self.HEADER)
        assert len(import_roster(path, OPEN, STARTS)) == 6

    def test_several_teams_need_a_team_column(self, tmp_path: Path) -> None:
        with pytest.raises(RosterImportError, match="no team column"):
            import_rosters(write_csv(tmp_path / "r.csv", GOOD_ROWS), OPEN, STARTS)


class TestBadFiles:
    @pytest.mark.parametrize(("name", "hint"), [("r.pdf", "'.pdf'"), ("r.xls", "save as .xlsx"),
                                                ("roster", "'roster'")])
    def test_unknown_file_type(self, tmp_path: Path, name: str, hint: str) -> None:
        path = tmp_path / name
        path.write_bytes(b"whatever")
        with pytest.raises(RosterImportError, match="unknown file type") as raised:
            import_roster(path, OPEN, STARTS)
        assert hint in str(raised.value)

    def test_empty_csv(self, tmp_path: Path) -> None:
        path = tmp_path / "r.csv"
        path.write_text("\n \n")
        with pytest.raises(RosterImportError, match="the file is empty"):
            import_roster(path, OPEN, STARTS)

    def test_empty_xlsx(self, tmp_path: Path) -> None:
        path = write_xlsx(tmp_path / "r.xlsx", [], header=None)
        with pytest.raises(RosterImportError, match="the file is empty"):
            import_roster(path, OPEN, STARTS)

    def test_a_header_and_no_players(self, tmp_path: Path) -> None:
        with pytest.raises(RosterImportError, match=r"a header \(line 1\) but no players"):
            import_roster(write_csv(tmp_path / "r.csv", []), OPEN, STARTS)

    def test_missing_columns(self, tmp_path: Path) -> None:
        path = write_csv(tmp_path / "r.csv", [["x", "y"]], header=["shirt", "who"])
        with pytest.raises(RosterImportError) as raised:
            import_roster(path, OPEN, STARTS)
        assert [(p.lines, p.field) for p in raised.value.problems] == [
            ((1,), "number"), ((1,), "name")]

    def test_two_columns_for_one_field(self, tmp_path: Path) -> None:
        path = write_csv(tmp_path / "r.csv", GOOD_ROWS, header=[*HEADER[:5], "#"])
        with pytest.raises(RosterImportError, match="columns A and F both read as number"):
            import_roster(path, OPEN, STARTS)

    def test_not_a_workbook(self, tmp_path: Path) -> None:
        path = tmp_path / "r.xlsx"
        path.write_text("number,name\n")
        with pytest.raises(RosterImportError, match="cannot be read as an XLSX workbook"):
            import_roster(path, OPEN, STARTS)

    def test_not_a_csv(self, tmp_path: Path) -> None:
        path = tmp_path / "r.csv"
        path.write_text('number,name,goalie\n1,"Ann Ito,G\n2,Bo Park,\n')  # a quote left open
        with pytest.raises(RosterImportError, match="cannot be read as CSV"):
            import_roster(path, OPEN, STARTS)
