"""Reading a roster file: its rows as a spreadsheet numbers them (CSV in
UTF-8 or Excel's cp1252, or the first sheet of an XLSX workbook; blank rows
dropped but counted), and its header row mapped to the fields, common
variants accepted (Rule 203(b): a number and a name column).

The work is bounded before it is done: an XLSX workbook (a zip) whose
parts would unpack to more than :data:`MAX_UNPACKED_BYTES` is refused
before any of it is parsed (a "zip bomb": a few hundred KB holding hundreds
of MB of rows), and a file of more than :data:`MAX_ROWS` rows or a row of
more than :data:`MAX_COLUMNS` cells is refused as soon as it is met."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

from rinkside.tournament.roster_problems import ImportProblem, RosterImportError

__all__ = ["FORMULA_STARTS", "MAX_COLUMNS", "MAX_ROWS", "MAX_UNPACKED_BYTES", "Cell", "Row",
           "blank_cell", "map_headers", "read_rows", "starts_formula"]

CSV_SUFFIXES: Final = frozenset({".csv", ".tsv", ".txt"})
XLSX_SUFFIXES: Final = frozenset({".xlsx", ".xlsm"})

# A division's rosters in one workbook are a few hundred rows of a dozen
# columns, tens of KB unpacked: these bounds are far above any real one.
MAX_UNPACKED_BYTES: Final = 8 * 1024 * 1024
MAX_ROWS: Final = 5000
MAX_COLUMNS: Final = 64


# --------------------------------------------------------------------------- reading the file

Cell = object  # str, int, float, bool, date, datetime or None
Row = tuple[int, list[Cell]]  # (line, cells)


def blank_cell(cell: Cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


# What a spreadsheet reads as the start of a formula (OWASP, CSV injection):
# text beginning so is neutralized on export and refused on import.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def starts_formula(text: str) -> bool:
    """Would a spreadsheet opening ``text`` in a cell run it as a formula?"""
    return text.startswith(FORMULA_STARTS)


def _read_csv(path: Path) -> list[Row]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")  # Excel's "CSV" on Windows
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    # strict: a quote left open would otherwise swallow the rest of the file
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        return _bounded(path, enumerate(reader, start=1))
    except csv.Error as e:
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"cannot be read as CSV (line {reader.line_num}: {e})")]) from e


def _too_large(path: Path, what: str) -> RosterImportError:
    return RosterImportError(path.name, [ImportProblem(
        "file", f"{what}: more than a roster file holds, so it is not read (split it, or "
        "save only the roster's sheet as .xlsx or .csv)")])


def _bounded(path: Path, rows: Iterable[tuple[int, Sequence[Cell]]]) -> list[Row]:
    """The rows read one by one, refused at the first past :data:`MAX_ROWS`
    or wider than :data:`MAX_COLUMNS` (trailing blank cells not counted)."""
    kept: list[Row] = []
    for line, cells in rows:
        if line > MAX_ROWS:
            raise _too_large(path, f"more than {MAX_ROWS:,} rows")
        width = next((i + 1 for i in range(len(cells) - 1, -1, -1)
                      if not blank_cell(cells[i])), 0)
        if width > MAX_COLUMNS:
            raise _too_large(path, f"row {line} has more than {MAX_COLUMNS} columns")
        kept.append((line, list(cells)))
    return kept


def _check_unpacked_size(path: Path) -> None:
    """Refuse a workbook whose parts unpack to more than
    :data:`MAX_UNPACKED_BYTES`, from the sizes its zip directory declares
    (the zip reader unpacks no part past its declared size)."""
    try:
        with zipfile.ZipFile(path) as workbook:
            unpacked = sum(part.file_size for part in workbook.infolist())
    except (zipfile.BadZipFile, OSError) as e:
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"cannot be read as an XLSX workbook ({e})")]) from e
    if unpacked > MAX_UNPACKED_BYTES:
        raise _too_large(path, f"the workbook unpacks to {unpacked:,} bytes (at most "
                         f"{MAX_UNPACKED_BYTES:,})")


def _read_xlsx(path: Path) -> list[Row]:
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    _check_unpacked_size(path)
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError) as e:
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"cannot be read as an XLSX workbook ({e})")]) from e
    try:
        sheet = book.worksheets[0]
        if hasattr(sheet, "reset_dimensions"):
            sheet.reset_dimensions()  # some writers record a wrong sheet size
        return _bounded(path, enumerate(sheet.iter_rows(min_row=1, values_only=True), start=1))
    finally:
        book.close()


def read_rows(path: Path) -> list[Row]:
    suffix = path.suffix.lower()
    if suffix in CSV_SUFFIXES:
        rows = _read_csv(path)
    elif suffix in XLSX_SUFFIXES:
        rows = _read_xlsx(path)
    else:
        hint = " (old .xls workbooks: save as .xlsx or .csv)" if suffix == ".xls" else ""
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"unknown file type '{suffix or path.name}'; a roster is a .csv or .xlsx "
            f"file{hint}")])
    return [(line, cells) for line, cells in rows if not all(blank_cell(c) for c in cells)]


# --------------------------------------------------------------------------- headers

_HEADERS: Final[dict[str, str]] = {
    **dict.fromkeys(("number", "#", "no", "no #", "nr", "num", "jersey", "jersey #",
                     "jersey no", "jersey number", "jersey num", "player #", "player no",
                     "sweater", "sweater #", "uniform", "uniform #", "uniform number"), "number"),
    **dict.fromkeys(("name", "player", "player name", "players", "full name"), "name"),
    **dict.fromkeys(("first", "first name", "given name", "firstname"), "first_name"),
    **dict.fromkeys(("last", "last name", "surname", "family name", "lastname"), "last_name"),
    **dict.fromkeys(("goalie", "goaltender", "goalkeeper", "gk", "g", "keeper",
                     "is goalie", "goalie?"), "goalie"),
    **dict.fromkeys(("pos", "position"), "position"),
    **dict.fromkeys(("captain", "capt", "c a", "c or a", "letter", "captain letter"),
                    "captain"),
    **dict.fromkeys(("playing coach", "player coach", "playingcoach", "playercoach",
                     "coach", "playing coach?", "player coach?"), "playing_coach"),
    **dict.fromkeys(("birth date", "birthdate", "date of birth", "dob", "born", "birthday",
                     "birth"), "birth_date"),
    **dict.fromkeys(("team", "team name", "teamname", "club"), "team"),
}


def _header_key(cell: Cell) -> str:
    text = str(cell).strip().lower() if cell is not None else ""
    text = re.sub(r"[^a-z0-9#?]+", " ", text).strip()
    return re.sub(r"\s*\?$", "?", text)


def _column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def map_headers(line: int, header: list[Cell]) -> tuple[dict[str, int], list[ImportProblem]]:
    columns: dict[str, int] = {}
    problems: list[ImportProblem] = []
    for index, cell in enumerate(header):
        key = _HEADERS.get(_header_key(cell))
        if key is None:
            continue
        if key in columns:
            problems.append(ImportProblem(
                "row", f"columns {_column_letter(columns[key])} and {_column_letter(index)} "
                f"both read as {key}; keep one", (line,), key, str(cell)))
            continue
        columns[key] = index
    if "number" not in columns:
        problems.append(ImportProblem("row", "no number column (a header such as 'number', "
                                      "'#' or 'Jersey')", (line,), "number", rule="203(b)"))
    if "name" not in columns and not {"first_name", "last_name"} <= columns.keys():
        problems.append(ImportProblem("row", "no name column (a header such as 'name' or "
                                      "'player', or 'first name' and 'last name')", (line,),
                                      "name", rule="203(b)"))
    return columns, problems
