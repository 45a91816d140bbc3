"""Exports are safe to open in a spreadsheet (OWASP, CSV injection): a name
beginning with =, +, -, @, a tab or a carriage return is shown as text in
CSV (a leading single quote) and written as a string in XLSX, never a
formula; the roster importer never makes one (a leading tab stripped from
"\\t=1+1" must not leave "=1+1")."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date
from pathlib import Path

import openpyxl  # type: ignore[import-untyped]
import pytest

from rinkside.reports import exports
from rinkside.tournament.model import DivisionInfo, RosterPlayer
from rinkside.tournament.roster_import import import_roster, import_rosters
from rinkside.tournament.roster_problems import RosterImportError

DANGEROUS = ["=1+1", "+SUM(A1:A9)", "-2+3", "@cmd", "\t=1+1", "\r=HYPERLINK(\"x\")",
             "=cmd|' /C calc'!A0"]
SAFE = ["Ann Ito", "O'Neil", "Zoë = Zed", "1-2"]


def _rows() -> exports.Rows:
    players = [RosterPlayer(i, 1, i + 2, name) for i, name in enumerate(DANGEROUS + SAFE)]
    return exports.roster_rows(players, {1: "=Team+1"})


def test_csv_quotes_every_cell_a_spreadsheet_would_run() -> None:
    rows = list(csv.reader(io.StringIO(exports.to_csv(_rows()), newline="")))
    names = [row[2] for row in rows[1:]]
    assert names == ["'" + name for name in DANGEROUS] + SAFE
    assert {row[0] for row in rows[1:]} == {"'=Team+1"}
    # numbers stay numbers: a negative goal difference is not text
    standings = [["GD"], [-3]]
    assert exports.to_csv(standings).splitlines()[1] == "-3"


def test_xlsx_writes_text_as_strings_never_formulas() -> None:
    data = exports.to_xlsx({"Rosters": _rows()})
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        sheet_xml = book.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in sheet_xml and "<f " not in sheet_xml
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    cells = list(sheet.iter_rows(min_row=2))
    # the names exactly; a carriage return may come back as a line feed (XML
    # normalises it unless the writer escapes it: openpyxl does with lxml)
    def lines(text: str) -> str:
        return text.replace("\r", "\n")
    assert [lines(row[2].value) for row in cells] == [lines(n) for n in DANGEROUS + SAFE]
    assert {row[2].data_type for row in cells} == {"s"}
    assert all(row[2].quotePrefix for row in cells[:len(DANGEROUS)])
    assert sum(1 for row in sheet.iter_rows() for c in row if c.data_type == "f") == 0


def _csv(path: Path, names: list[str]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["number", "name"])
        writer.writerow([1, "Ann Ito"])
        writer.writerows([i + 2, name] for i, name in enumerate(names))
    return path


@pytest.mark.parametrize("name", DANGEROUS + [" =1+1", "\t\t@x"])
def test_the_roster_importer_never_stores_a_formula(tmp_path: Path, name: str) -> None:
    path = _csv(tmp_path / "roster.csv", [name])
    with pytest.raises(RosterImportError) as raised:
        import_roster(path, DivisionInfo(1, "Open"), date(2026, 7, 1))
    named = [str(p) for p in raised.value.problems if str(p).startswith("line 3, name")]
    assert len(named) == 1 and "runs as a formula" in named[0] and "203(b)" in named[0]


def test_the_roster_importer_refuses_a_formula_team_name_in_xlsx(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["team", "number", "name"])
    sheet.append(["Blades", 1, "Ann Ito"])
    cell = sheet.cell(row=3, column=1, value="@Storm")
    cell.data_type = "s"
    sheet.cell(row=3, column=2, value=2)
    sheet.cell(row=3, column=3, value="Bo Park")
    path = tmp_path / "rosters.xlsx"
    book.save(path)
    with pytest.raises(RosterImportError) as raised:
        import_rosters(path, DivisionInfo(1, "Open"), date(2026, 7, 1))
    assert any("team" in str(p) and "formula" in str(p) for p in raised.value.problems)

