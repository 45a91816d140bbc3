"""One player row of a roster file read: each cell checked with its rule
(Rules 201(c), 202(a)-(b), 203(a)-(b), 307(c)) into a :class:`ParsedPlayer`,
or the problems of every bad cell."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final, Literal

from rinkside.tournament.model import Letter, RosterPlayer
from rinkside.tournament.roster_file import Cell, blank_cell, starts_formula
from rinkside.tournament.roster_problems import ImportProblem
from rinkside.tournament.rosters import number_allowed

__all__ = ["FIELDS", "ParsedPlayer", "cell_of", "cell_text", "parse_row"]

Field = Literal["number", "name", "goalie", "captain", "playing_coach", "birth_date", "team"]
FIELDS: Final[tuple[Field, ...]] = (
    "number", "name", "goalie", "captain", "playing_coach", "birth_date", "team")


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


# --------------------------------------------------------------------------- cells


class _Bad(Exception):
    """A cell that cannot be read: the reason and the rule."""

    def __init__(self, message: str, rule: str | None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


def cell_text(cell: Cell) -> str:
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
    if blank_cell(cell):
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


def _not_a_formula(text: str) -> str:
    """Text a spreadsheet would run as a formula is refused, never stored: the
    file's own leading spaces or tab, stripped, must not make one either
    (``"\\t=1+1"`` is not read as ``=1+1``)."""
    if starts_formula(text):
        raise _Bad(f"begins with {text[0]!r}, which a spreadsheet runs as a formula; "
                   "write it without that first character", "203(b)")
    return text


def _name(cell: Cell) -> str:
    name = " ".join(cell_text(cell).split())
    if not name:
        raise _Bad("a name is required", "203(b)")
    return _not_a_formula(name)


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
        text = cell_text(cell).lower()
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
    text = cell_text(cell).lower().strip(" .")
    if text in _GOALIE_POSITIONS:
        return True
    if text in _SKATER_POSITIONS:
        return False
    raise _Bad("is not a position (G for a goaltender; F, D, C, W or blank for a skater)",
               "203(a)")


def _captain(cell: Cell) -> Letter | None:
    """Rules 202(a)-(b): C for the captain, A for an alternate, blank otherwise."""
    text = cell_text(cell).lower().strip(" ()[].")
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
    if blank_cell(cell):
        return None
    if isinstance(cell, datetime):
        return cell.date()
    if isinstance(cell, date):
        return cell
    text = cell_text(cell)
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
    team = " ".join(cell_text(cell).split())
    if not team:
        raise _Bad("a team name is required in a file of several teams", "203(a)")
    return _not_a_formula(team)


# --------------------------------------------------------------------------- rows


def _shown(cell: Cell) -> str:
    if isinstance(cell, datetime):
        return cell.isoformat(sep=" ")
    return str(cell) if cell is not None else ""


def cell_of(cells: list[Cell], columns: dict[str, int], key: str) -> Cell:
    index = columns.get(key)
    return cells[index] if index is not None and index < len(cells) else None


def parse_row(line: int, cells: list[Cell], columns: dict[str, int], *, team_required: bool
               ) -> tuple[ParsedPlayer | None, list[ImportProblem]]:
    def cell(key: str) -> Cell:
        return cell_of(cells, columns, key)

    problems: list[ImportProblem] = []

    def read(field: str, raw: Cell, reader: Callable[[Cell], object]) -> object:
        try:
            return reader(raw)
        except _Bad as bad:
            value = None if blank_cell(raw) else _shown(raw)
            problems.append(ImportProblem("row", bad.message, (line,), field, value, bad.rule))
            return None

    if "name" in columns:
        name_cell: Cell = cell("name")
    else:
        name_cell = f"{cell_text(cell('first_name'))} {cell_text(cell('last_name'))}"
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
    team = read("team", cell("team"), _team) if team_required else cell_text(cell("team"))
    if problems:
        return None, problems
    assert isinstance(number, int) and isinstance(name, str) and isinstance(goalie, bool)
    assert isinstance(coach, bool) and isinstance(team, str)
    assert captain in (None, "C", "A") and (born is None or isinstance(born, date))
    return ParsedPlayer(line, number, name, goalie, captain, coach, born, team), []
