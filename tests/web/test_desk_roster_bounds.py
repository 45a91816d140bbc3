"""A roster file too large to be a roster is refused before it is parsed,
saying why, and nothing is imported: an XLSX "zip bomb" (a small upload
unpacking to tens of MB of rows), a workbook or CSV of more rows than any
roster, a row wider than any roster's. Through the desk's upload, as a
director sends it."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import openpyxl  # type: ignore[import-untyped]
from deskkit import dora, new_tournament, people, post, rick, skip
from webkit import Client, Demo

from rinkside.services import queries
from rinkside.tournament.roster_file import MAX_COLUMNS, MAX_ROWS, MAX_UNPACKED_BYTES
from rinkside.web.limits import MAX_BODY_BYTES

__all__ = ["dora", "people", "rick", "skip"]

HEADER = ["team", "number", "name", "goalie", "captain"]
SHEET = "xl/worksheets/sheet1.xml"


def workbook(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def bomb() -> bytes:
    """A valid workbook whose sheet is replaced by one of a header and
    repeated identical rows: deflated to a few hundred KB, unpacked to more
    than the bound."""
    row = ('<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>Owls</t></is></c>'
           '<c r="B{n}"><v>7</v></c><c r="C{n}" t="inlineStr"><is><t>Owl</t></is></c></row>')
    size = 0
    rows = []
    n = 2
    while size <= MAX_UNPACKED_BYTES:
        text = row.format(n=n)
        rows.append(text)
        size += len(text)
        n += 1
    sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             '<sheetData><row r="1">' + "".join(
                 f'<c r="{c}1" t="inlineStr"><is><t>{h}</t></is></c>'
                 for c, h in zip("ABCDE", HEADER, strict=True))
             + "</row>" + "".join(rows) + "</sheetData></worksheet>")
    source = zipfile.ZipFile(io.BytesIO(workbook([HEADER])))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for part in source.infolist():
            data = sheet.encode() if part.filename == SHEET else source.read(part)
            target.writestr(part.filename, data)
    return out.getvalue()


def upload(who: Client, division: int, content: bytes, name: str) -> Any:
    client, token = who
    return client.post(f"/desk/divisions/{division}/import", data={"csrf_token": token},
                       files={"file": (name, content, "application/octet-stream")},
                       follow_redirects=False)


def division_of(demo: Demo, dora: Client, name: str) -> int:
    tid = new_tournament(dora, name)
    assert post(dora, f"/desk/tournaments/{tid}/divisions", {"name": "Open"}
                ).status_code == 303
    return queries.divisions(demo.service, tid)[0].division_id


def teams_of(demo: Demo, division: int) -> list[str]:
    return [team.name for tree in queries.tournament_trees(demo.service)
            for d in tree.divisions if d.division_id == division for team in d.teams]


def test_a_zip_bomb_is_refused_before_it_is_parsed(demo: Demo, dora: Client) -> None:
    division = division_of(demo, dora, "Bomb Cup")
    content = bomb()
    assert len(content) < MAX_BODY_BYTES  # it passes the upload's limit
    answer = upload(dora, division, content, "rosters.xlsx")
    assert answer.status_code == 422
    assert "the workbook unpacks to" in answer.text and "nothing was imported" in answer.text
    assert teams_of(demo, division) == []


def test_more_rows_or_columns_than_a_roster_are_refused(demo: Demo, dora: Client) -> None:
    division = division_of(demo, dora, "Long Cup")
    many = [HEADER] + [["Owls", n % 100, f"Owl {n}", "no", ""] for n in range(MAX_ROWS + 1)]
    answer = upload(dora, division, workbook(many), "rosters.xlsx")
    assert answer.status_code == 422 and f"more than {MAX_ROWS:,} rows" in answer.text
    lines = "\n".join(",".join(str(c) for c in row) for row in many).encode()
    answer = upload(dora, division, lines, "rosters.csv")
    assert answer.status_code == 422 and f"more than {MAX_ROWS:,} rows" in answer.text
    wide = [HEADER + [f"x{i}" for i in range(MAX_COLUMNS)], ["Owls", 7, "Owl 7", "no", ""]]
    answer = upload(dora, division, workbook(wide), "rosters.xlsx")
    assert answer.status_code == 422
    assert f"row 1 has more than {MAX_COLUMNS} columns" in answer.text
    assert teams_of(demo, division) == []
    good = [HEADER, *([["Owls", n, f"Owl {n}", "yes" if n == 1 else "no", "C" if n == 9 else ""]
                       for n in (1, 9, 10, 11, 12)])]
    assert upload(dora, division, workbook(good), "rosters.xlsx").status_code == 303
    assert teams_of(demo, division) == ["Owls"]
