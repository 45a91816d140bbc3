"""Import a team's tournament roster (Rule 203(a)-(b)) from CSV or XLSX.

Columns (headers matched case-insensitively, common variants accepted):

- number: "number", "#", "No.", "Jersey", "Jersey #", "Num": a whole number 1-99;
- name: "name", "player", "player name" (or "first name" + "last name"): required;
- goalie: "goalie", "goaltender", "GK", "G": yes/no/true/false/1/0/G; or a
  "pos" / "position" column: G for a goaltender, F, D, C, W or blank otherwise;
- captain: "captain", "C/A", "letter": C, A or blank;
- playing_coach: "playing coach", "player coach", "coach": yes/no/true/false/1/0;
- birth_date: "birth date", "DOB", "date of birth", "born": YYYY-MM-DD or
  M/D/YYYY (or a date cell);
- team: "team", "team name": in a file of several teams, required on every row.

Other columns are ignored. Lines are counted as a spreadsheet shows them:
1-based, the header on its own line (line 1 in a plain file); blank lines
are skipped but counted.

Every bad field of every row is reported with its line, field, value and
reason; then the whole-roster checks of :mod:`rinkside.tournament.rosters`
run on the rows that were read cleanly (the size of the roster, Rule 201(a),
counts every player row). If anything is wrong nothing is importable:
:class:`RosterImportError` lists every problem.
"""

from __future__ import annotations

import csv
import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Final, Literal

from rinkside.tournament.model import DivisionInfo, Letter, RosterPlayer
from rinkside.tournament.rosters import (
    ROSTER_MAX,
    RosterProblem,
    check_tournament_roster,
    number_allowed,
    roster_size_problem,
)

__all__ = [
    "FIELDS",
    "ImportProblem",
    "ParsedPlayer",
    "RosterImportError",
    "import_roster",
    "import_rosters",
]

Field = Literal["number", "name", "goalie", "captain", "playing_coach", "birth_date", "team"]
FIELDS: Final[tuple[Field, ...]] = (
    "number", "name", "goalie", "captain", "playing_coach", "birth_date", "team")

CSV_SUFFIXES: Final = frozenset({".csv", ".tsv", ".txt"})
XLSX_SUFFIXES: Final = frozenset({".xlsx", ".xlsm"})


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class ParsedPlayer:
    """One player row read from the file (``line`` as a spreadsheet shows it)."""

    line: int
    number: int
    name: str
    goalie: bool = False
    captain: Letter | None = None
    playing_coach: bool = False
    birth_date: date | None = None
    team: str = ""

    def to_roster_player(self, player_id: int, team_id: int) -> RosterPlayer:
        return RosterPlayer(player_id=player_id, team_id=team_id, number=self.number,
                            name=self.name, goalie=self.goalie, captain=self.captain,
                            playing_coach=self.playing_coach, birth_date=self.birth_date)


@dataclass(frozen=True, slots=True)
class ImportProblem:
    """One thing wrong with the file: where (``lines``, ``field``), the value
    as written, why, and the rule where one applies.

    ``kind`` is ``"file"`` (the file as a whole), ``"row"`` (one cell) or
    ``"roster"`` (a whole-roster check, naming the lines concerned).
    """

    kind: Literal["file", "row", "roster"]
    message: str
    lines: tuple[int, ...] = ()
    field: str | None = None
    value: str | None = None
    rule: str | None = None
    team: str | None = None

    def __str__(self) -> str:
        where: list[str] = []
        if self.team:
            where.append(f"team '{self.team}'")
        if self.lines:
            where.append(_lines(self.lines))
        elif self.kind == "roster":
            where.append("roster")
        if self.field:
            where.append(self.field)
        text = f"'{self.value}' {self.message}" if self.value is not None else self.message
        if self.rule:
            text += f" (Rule {self.rule})"
        return f"{', '.join(where)}: {text}" if where else text


def _lines(lines: Sequence[int]) -> str:
    if len(lines) == 1:
        return f"line {lines[0]}"
    shown = [str(n) for n in sorted(set(lines))]
    return "lines " + ", ".join(shown[:-1]) + " and " + shown[-1]


class RosterImportError(ValueError):
    """The file cannot be imported; ``problems`` lists every reason."""

    def __init__(self, source: str, problems: Iterable[ImportProblem]) -> None:
        self.source = source
        self.problems: tuple[ImportProblem, ...] = tuple(problems)
        count = len(self.problems)
        head = f"{source}: " + ("1 problem" if count == 1 else f"{count} problems")
        super().__init__(head + "; nothing was imported:\n"
                         + "\n".join(f"  {p}" for p in self.problems))


# --------------------------------------------------------------------------- reading the file

Cell = object  # str, int, float, bool, date, datetime or None
Row = tuple[int, list[Cell]]  # (line, cells)


def _blank(cell: Cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


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
        return [(line, list(cells)) for line, cells in enumerate(reader, start=1)]
    except csv.Error as e:
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"cannot be read as CSV (line {reader.line_num}: {e})")]) from e


def _read_xlsx(path: Path) -> list[Row]:
    import openpyxl  # type: ignore[import-untyped]
    from openpyxl.utils.exceptions import InvalidFileException  # type: ignore[import-untyped]

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError) as e:
        raise RosterImportError(path.name, [ImportProblem(
            "file", f"cannot be read as an XLSX workbook ({e})")]) from e
    try:
        sheet = book.worksheets[0]
        if hasattr(sheet, "reset_dimensions"):
            sheet.reset_dimensions()  # some writers record a wrong sheet size
        return [(line, list(cells)) for line, cells in
                enumerate(sheet.iter_rows(min_row=1, values_only=True), start=1)]
    finally:
        book.close()


def _read_rows(path: Path) -> list[Row]:
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
    return [(line, cells) for line, cells in rows if not all(_blank(c) for c in cells)]


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


def _map_headers(line: int, header: list[Cell]) -> tuple[dict[str, int], list[ImportProblem]]:
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


# --------------------------------------------------------------------------- cells

class _Bad(Exception):
    """A cell that cannot be read: the reason and the rule."""

    def __init__(self, message: str, rule: str | None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


def _text(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    if isinstance(cell, datetime) and cell.time() == datetime.min.time():
        return cell.date().isoformat()
    return str(cell).strip()


_WHOLE = re.compile(r"#?\s*(\d+)(?:\.0+)?")


def _number(cell: Cell) -> int:
    """Rule 307(c): a whole number between 1 and 99."""
    bad = _Bad("is not a whole number between 1 and 99", "307(c)")
    if _blank(cell):
        raise _Bad("a number is required", "307(c)")
    if isinstance(cell, bool):
        raise bad
    if isinstance(cell, int):
        value = cell
    elif isinstance(cell, float):
        if not cell.is_integer():
            raise bad
        value = int(cell)
    elif isinstance(cell, str) and (m := _WHOLE.fullmatch(cell.strip())):
        value = int(m.group(1))
    else:
        raise bad
    if not number_allowed(value):
        raise bad
    return value


def _name(cell: Cell) -> str:
    name = " ".join(_text(cell).split())
    if not name:
        raise _Bad("a name is required", "203(b)")
    return name


_YES: Final = frozenset({"yes", "y", "true", "t", "1", "x"})
_NO: Final = frozenset({"no", "n", "false", "f", "0", ""})
_GOALIE_YES: Final = _YES | {"g", "gk", "goalie", "goaltender", "goalkeeper"}
_GOALIE_POSITIONS: Final = frozenset({"g", "gk", "goalie", "goaltender", "goalkeeper",
                                      "keeper"})
_SKATER_POSITIONS: Final = frozenset({
    "", "f", "d", "c", "w", "lw", "rw", "fw", "fwd", "forward", "def", "defense", "defence",
    "defenseman", "defenceman", "defender", "center", "centre", "wing", "winger", "skater",
    "s", "player"})


def _flag(yes: frozenset[str], rule: str, allowed: str) -> Callable[[Cell], bool]:
    def read(cell: Cell) -> bool:
        if isinstance(cell, bool):
            return cell
        text = _text(cell).lower()
        if text in yes:
            return True
        if text in _NO:
            return False
        raise _Bad(f"is not {allowed}", rule)
    return read


_goalie_flag = _flag(_GOALIE_YES, "203(a)", "yes or no (yes, no, true, false, 1, 0 or G)")
_coach_flag = _flag(_YES, "201(c)", "yes or no (yes, no, true, false, 1 or 0)")


def _position(cell: Cell) -> bool:
    """A position column: G (goaltender, Rule 203(a)) or a skater's position."""
    text = _text(cell).lower().strip(" .")
    if text in _GOALIE_POSITIONS:
        return True
    if text in _SKATER_POSITIONS:
        return False
    raise _Bad("is not a position (G for a goaltender; F, D, C, W or blank for a skater)",
               "203(a)")


def _captain(cell: Cell) -> Letter | None:
    """Rules 202(a)-(b): C for the captain, A for an alternate, blank otherwise."""
    text = _text(cell).lower().strip(" ()[].")
    if text in ("", "-", "no", "n"):
        return None
    if text in ("c", "captain", "capt"):
        return "C"
    if text in ("a", "alt", "alternate", "alternate captain", "assistant"):
        return "A"
    raise _Bad("is not C, A or blank", "202(a)-(b)")


_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]00:00(?::00(?:\.0+)?)?)?")
_US = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def _birth_date(cell: Cell) -> date | None:
    """Rule 201(c) needs the age of a playing coach: ISO or M/D/YYYY dates."""
    if _blank(cell):
        return None
    if isinstance(cell, datetime):
        return cell.date()
    if isinstance(cell, date):
        return cell
    text = _text(cell)
    bad = _Bad("is not a date (write YYYY-MM-DD or M/D/YYYY)", "201(c)")
    if m := _ISO.fullmatch(text):
        y, mo, d = (int(g) for g in m.groups())
    elif m := _US.fullmatch(text):
        mo, d, y = (int(g) for g in m.groups())
    else:
        raise bad
    try:
        return date(y, mo, d)
    except ValueError:
        raise bad from None


def _team(cell: Cell) -> str:
    team = " ".join(_text(cell).split())
    if not team:
        raise _Bad("a team name is required in a file of several teams", "203(a)")
    return team


# --------------------------------------------------------------------------- rows


def _shown(cell: Cell) -> str:
    if isinstance(cell, datetime):
        return cell.isoformat(sep=" ")
    return str(cell) if cell is not None else ""


def _cell(cells: list[Cell], columns: dict[str, int], key: str) -> Cell:
    index = columns.get(key)
    return cells[index] if index is not None and index < len(cells) else None


def _parse_row(line: int, cells: list[Cell], columns: dict[str, int], *, team_required: bool
               ) -> tuple[ParsedPlayer | None, list[ImportProblem]]:
    def cell(key: str) -> Cell:
        return _cell(cells, columns, key)

    problems: list[ImportProblem] = []

    def read(field: str, raw: Cell, reader: Callable[[Cell], object]) -> object:
        try:
            return reader(raw)
        except _Bad as bad:
            value = None if _blank(raw) else _shown(raw)
            problems.append(ImportProblem("row", bad.message, (line,), field, value, bad.rule))
            return None

    if "name" in columns:
        name_cell: Cell = cell("name")
    else:
        name_cell = f"{_text(cell('first_name'))} {_text(cell('last_name'))}"
    number = read("number", cell("number"), _number)
    name = read("name", name_cell, _name)
    if "goalie" in columns:
        goalie = read("goalie", cell("goalie"), _goalie_flag)
    elif "position" in columns:
        goalie = read("goalie", cell("position"), _position)
    else:
        goalie = False
    captain = read("captain", cell("captain"), _captain)
    coach = read("playing_coach", cell("playing_coach"), _coach_flag)
    born = read("birth_date", cell("birth_date"), _birth_date)
    team = read("team", cell("team"), _team) if team_required else _text(cell("team"))
    if problems:
        return None, problems
    assert isinstance(number, int) and isinstance(name, str) and isinstance(goalie, bool)
    assert isinstance(coach, bool) and isinstance(team, str)
    assert captain in (None, "C", "A") and (born is None or isinstance(born, date))
    return ParsedPlayer(line, number, name, goalie, captain, coach, born, team), []


def _roster_problems(players: list[ParsedPlayer], rows: int, division: DivisionInfo,
                     starts_on: date, roster_max: int, team: str | None
                     ) -> list[ImportProblem]:
    """The whole-roster checks on the rows read cleanly (``rows`` counts all)."""
    roster = [p.to_roster_player(player_id=p.line, team_id=0) for p in players]
    found: list[RosterProblem] = [
        p for p in check_tournament_roster(division, roster, starts_on, roster_max=roster_max)
        if p.rule != "201(a)"]
    size = roster_size_problem(rows, roster_max)  # Rule 201(a) counts every player row
    if size is not None:
        found.insert(0, size)
    return [ImportProblem("roster", p.message, p.player_ids, p.field, None, p.rule, team)
            for p in found]


def _read(path: str | os.PathLike[str]) -> tuple[str, dict[str, int], list[Row]]:
    file = Path(path)
    rows = _read_rows(file)
    if not rows:
        raise RosterImportError(file.name, [ImportProblem(
            "file", "the file is empty: no header and no players")])
    (header_line, header), body = rows[0], rows[1:]
    columns, problems = _map_headers(header_line, header)
    if problems:
        raise RosterImportError(file.name, problems)
    if not body:
        raise RosterImportError(file.name, [ImportProblem(
            "file", f"the file has a header (line {header_line}) but no players")])
    return file.name, columns, body


def _parse_teams(path: str | os.PathLike[str], division: DivisionInfo, starts_on: date,
                 roster_max: int, *, several: bool) -> dict[str, list[ParsedPlayer]]:
    source, columns, body = _read(path)
    if several and "team" not in columns:
        raise RosterImportError(source, [ImportProblem(
            "file", "no team column: a file of several teams needs one (for one team's "
            "roster, import it on its own)")])
    problems: list[ImportProblem] = []
    teams: dict[str, list[ParsedPlayer]] = {}  # team key -> players read cleanly
    rows_of: dict[str, int] = {}  # team key -> player rows, read cleanly or not
    spelled: dict[str, str] = {}  # team key -> the name as first written
    for line, cells in body:
        player, bad = _parse_row(line, cells, columns, team_required=several)
        problems += bad
        written = " ".join(_text(_cell(cells, columns, "team")).split())
        if written and written.casefold() not in spelled:
            spelled[written.casefold()] = written
        key = written.casefold() if several else ""
        if several and not key:
            continue  # reported by the row: no team to check it with
        rows_of[key] = rows_of.get(key, 0) + 1
        if player is not None:
            teams.setdefault(key, []).append(player)
    if not several and len(spelled) > 1:
        problems.append(ImportProblem(
            "file", f"the file holds {len(spelled)} teams ({', '.join(spelled.values())}); "
            "import it as a file of several teams"))
    for key, count in rows_of.items():
        problems += _roster_problems(teams.get(key, []), count, division, starts_on,
                                     roster_max, spelled[key] if several else None)
    if problems:
        raise RosterImportError(source, problems)
    if not several:
        return {"": teams.get("", [])}
    return {spelled[key]: [replace(p, team=spelled[key]) for p in players]
            for key, players in teams.items()}


def import_roster(path: str | os.PathLike[str], division: DivisionInfo, starts_on: date, *,
                  roster_max: int = ROSTER_MAX) -> list[ParsedPlayer]:
    """One team's roster from a .csv or .xlsx file, checked row by row and as a
    whole (Rules 201, 202, 203, 307(c)); raises :class:`RosterImportError`
    listing every problem, in which case nothing is imported."""
    teams = _parse_teams(path, division, starts_on, roster_max, several=False)
    return [p for players in teams.values() for p in players]


def import_rosters(path: str | os.PathLike[str], division: DivisionInfo, starts_on: date, *,
                   roster_max: int = ROSTER_MAX) -> dict[str, list[ParsedPlayer]]:
    """Several teams' rosters from one file with a ``team`` column: team name
    (as first written) -> its players, each team checked as a whole; one
    problem anywhere and nothing is imported."""
    return _parse_teams(path, division, starts_on, roster_max, several=True)
