"""Standings, statistics and rosters as tables, written as CSV or XLSX.

A table is a list of rows, the header row first; each cell is text, a
number, a date or None (an empty cell). The builders only arrange what the
service computed (nothing here decides a rule): the standings of casebook
23-24 with points by 639(a) and 634(d), the scoring lines of 616(k) and the
minutes of casebook 12. A roster table uses the column names that
:mod:`rinkside.tournament.roster_import` reads (Rule 203(a)-(b): names,
numbers, goaltenders identified), so an exported roster imports back as it
was.

:func:`to_csv` writes RFC 4180 CSV; :func:`csv_bytes` adds the UTF-8 byte
order mark that spreadsheet programs need to read accented names.
:func:`to_xlsx` writes one sheet per table with openpyxl: the header bold
and frozen, the columns as wide as their longest cell.

Both are safe to open (OWASP, CSV injection): text beginning with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return would run as a formula, so
in CSV it gets a leading single quote, and in XLSX every text cell is
written as a string (quote-prefixed), never a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from rinkside.formats.text import readable
from rinkside.rules.times import minutes_value
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.tournament.model import RosterPlayer
from rinkside.tournament.roster_file import starts_formula
from rinkside.tournament.standings import Standing
from rinkside.tournament.stats import GoaltenderLine, SkaterLine, TeamLine

__all__ = [
    "GOALTENDER_HEADER",
    "ROSTER_HEADER",
    "SKATER_HEADER",
    "STANDINGS_HEADER",
    "STATS_SHEETS",
    "TEAM_HEADER",
    "Cell",
    "Rows",
    "csv_bytes",
    "division_rosters",
    "division_standings",
    "division_statistics",
    "goaltender_rows",
    "roster_rows",
    "skater_rows",
    "standings_rows",
    "statistics_workbook",
    "team_roster",
    "team_rows",
    "to_csv",
    "to_xlsx",
]

Cell = str | int | float | date | None
Rows = list[list[Cell]]

STANDINGS_HEADER: Final = ("Place", "Team", "GP", "W", "L", "T", "GF", "GA", "GD", "PTS",
                           "PIM", "Placed by")
SKATER_HEADER: Final = ("Team", "#", "Player", "GP", "G", "A", "PTS", "PIM", "PPG", "SHG")
GOALTENDER_HEADER: Final = ("Team", "#", "Goaltender", "GP", "MIN", "GA", "GAA", "SA", "SV",
                            "SV%")
TEAM_HEADER: Final = ("Team", "GP", "PP opportunities", "PPG", "PP%", "Times short",
                      "PPG against", "PK%", "SHG", "SHG against")
# Headers roster_import reads (roster_file._HEADERS): team, number, name, goalie, captain,
# playing coach, birth date.
ROSTER_HEADER: Final = ("Team", "Number", "Name", "Goalie", "Captain", "Playing coach",
                        "Birth date")

# The statistics tables and their sheet names in a workbook.
STATS_SHEETS: Final = {"skaters": "Skaters", "goaltenders": "Goaltenders",
                       "teams": "Special teams"}

XLSX_MEDIA_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_MEDIA_TYPE: Final = "text/csv; charset=utf-8"


@dataclass(frozen=True, slots=True)
class PlayerLabel:
    """What a table shows of a player: jersey number and name."""

    number: int
    name: str


def _number(value: float) -> int | float:
    """2.0 -> 2: points and minutes read as people write them."""
    return int(value) if float(value).is_integer() else value


def _rounded(value: float | None, places: int) -> float | None:
    return None if value is None else round(value, places)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


# --------------------------------------------------------------------------- tables


def standings_rows(table: Sequence[Standing], team_names: Mapping[int, str]) -> Rows:
    """The standings in place order (casebook 23-24); "Placed by" says what put
    a team above the one below it."""
    rows: Rows = [list(STANDINGS_HEADER)]
    for s in table:
        rows.append([s.place, team_names.get(s.team_id, str(s.team_id)), s.gp, s.w, s.l, s.t,
                     s.gf, s.ga, s.gd, _number(s.pts), _number(s.pim), s.explanation])
    return rows


def skater_rows(lines: Mapping[int, SkaterLine], players: Mapping[int, PlayerLabel],
                team_names: Mapping[int, str]) -> Rows:
    """Scoring lines (616(k): a point per goal and per assist), leaders first."""

    def label(pid: int) -> PlayerLabel:
        return players.get(pid, PlayerLabel(0, f"player {pid}"))

    ordered = sorted(lines.values(), key=lambda s: (
        -s.points, -s.goals, team_names.get(s.team_id, ""), label(s.player_id).number))
    rows: Rows = [list(SKATER_HEADER)]
    for s in ordered:
        who = label(s.player_id)
        rows.append([team_names.get(s.team_id, str(s.team_id)), who.number, who.name, s.gp,
                     s.goals, s.assists, s.points, _number(s.pim), s.ppg, s.shg])
    return rows


def goaltender_rows(lines: Mapping[int, GoaltenderLine], players: Mapping[int, PlayerLabel],
                    team_names: Mapping[int, str]) -> Rows:
    """Goaltenders by team and number: minutes in goal, goals against, GAA
    (two places) and save percentage (three places, as .917), empty where
    no shots were recorded."""

    def label(pid: int) -> PlayerLabel:
        return players.get(pid, PlayerLabel(0, f"player {pid}"))

    ordered = sorted(lines.values(), key=lambda g: (team_names.get(g.team_id, ""),
                                                     label(g.player_id).number))
    rows: Rows = [list(GOALTENDER_HEADER)]
    for g in ordered:
        who = label(g.player_id)
        rows.append([team_names.get(g.team_id, str(g.team_id)), who.number, who.name, g.gp,
                     _number(round(minutes_value(g.tenths), 1)), g.goals_against,
                     _rounded(g.gaa, 2), g.shots_against, g.saves, _rounded(g.save_pct, 3)])
    return rows


def team_rows(lines: Mapping[int, TeamLine], team_names: Mapping[int, str]) -> Rows:
    """Special teams per team (percentages with one decimal)."""
    ordered = sorted(lines.values(), key=lambda t: team_names.get(t.team_id, ""))
    rows: Rows = [list(TEAM_HEADER)]
    for t in ordered:
        rows.append([team_names.get(t.team_id, str(t.team_id)), t.games, t.pp_opportunities,
                     t.pp_goals, _rounded(t.pp_pct, 1), t.times_short, t.pp_goals_against,
                     _rounded(t.pk_pct, 1), t.sh_goals, t.sh_goals_against])
    return rows


def roster_rows(players: Sequence[RosterPlayer], team_names: Mapping[int, str]) -> Rows:
    """Rosters by team and number in the columns roster import reads (Rule
    203(a): goaltenders identified; 202: C and A; 201(c): playing coaches
    and their birth dates)."""
    ordered = sorted(players, key=lambda p: (team_names.get(p.team_id, ""), p.number))
    rows: Rows = [list(ROSTER_HEADER)]
    for p in ordered:
        rows.append([team_names.get(p.team_id, str(p.team_id)), p.number, p.name,
                     _yes(p.goalie), p.captain or "", _yes(p.playing_coach), p.birth_date])
    return rows


# --------------------------------------------------------------------------- from the store


def _player_labels(service: Tournaments, team_ids: Sequence[int]) -> dict[int, PlayerLabel]:
    """Every player of the teams, removed ones too (their records stay, 203(b))."""
    return {pid: PlayerLabel(number, name)
            for pid, (number, name) in queries.player_labels(service, team_ids).items()}


def division_standings(service: Tournaments, division_id: int) -> Rows:
    """The division's standings table."""
    names = queries.team_names(service, division_id)
    return standings_rows(service.standings(division_id), names)


def division_statistics(service: Tournaments, division_id: int) -> dict[str, Rows]:
    """The division's statistics: ``skaters``, ``goaltenders`` and ``teams``."""
    names = queries.team_names(service, division_id)
    skaters, goalies, teams = service.statistics(division_id)
    labels = _player_labels(service, list(names))
    return {"skaters": skater_rows(skaters, labels, names),
            "goaltenders": goaltender_rows(goalies, labels, names),
            "teams": team_rows(teams, names)}


def statistics_workbook(tables: Mapping[str, Rows]) -> dict[str, Rows]:
    """The statistics tables under their sheet names (:data:`STATS_SHEETS`)."""
    return {sheet: tables[key] for key, sheet in STATS_SHEETS.items()}


def division_rosters(service: Tournaments, division_id: int) -> Rows:
    """Every team's active roster in one table with a team column (the form
    ``rinkside roster import --division`` reads)."""
    names = queries.team_names(service, division_id)
    return roster_rows(queries.active_players(service, names), names)


def team_roster(service: Tournaments, team_id: int) -> tuple[str, Rows]:
    """One team's name and active roster (the form ``--team`` import reads)."""
    team = queries.team_roster(service, team_id)
    return team.name, roster_rows(team.players, {team_id: team.name})


# --------------------------------------------------------------------------- writers


def _csv_cell(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, date):
        return cell.isoformat()
    if isinstance(cell, str) and starts_formula(cell):
        return "'" + cell  # shown as text, never run (OWASP CSV injection)
    return str(cell)


def to_csv(rows: Sequence[Sequence[Cell]]) -> str:
    """RFC 4180 CSV (CRLF line ends, quotes where needed); dates as
    YYYY-MM-DD, empty cells empty."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerows([_csv_cell(c) for c in row] for row in rows)
    return out.getvalue()


def csv_bytes(rows: Sequence[Sequence[Cell]]) -> bytes:
    """:func:`to_csv` as UTF-8 with a byte order mark (Excel then reads
    accented names right; Python reads it with ``utf-8-sig``)."""
    return to_csv(rows).encode("utf-8-sig")


_MAX_WIDTH: Final = 60


def _width(cell: Cell) -> int:
    return len(_csv_cell(cell)) if not isinstance(cell, float) else len(f"{cell:g}")


def to_xlsx(sheets: Mapping[str, Sequence[Sequence[Cell]]]) -> bytes:
    """An XLSX workbook with one sheet per table (sheet names cut to Excel's
    31 characters): header row bold and frozen, columns sized to fit."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    if not sheets:
        raise ValueError("a workbook needs at least one sheet")
    book = Workbook()
    book.remove(book.active)
    bold = Font(bold=True)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title=title[:31])
        widths: dict[int, int] = {}
        for r, row in enumerate(rows, start=1):
            for c, raw in enumerate(row, start=1):
                # Text stored before the edges checked it is shown with U+FFFD,
                # not a workbook that fails on a control character.
                cell = readable(raw) if isinstance(raw, str) else raw
                target = sheet.cell(row=r, column=c, value=cell)
                if isinstance(cell, str):
                    target.data_type = "s"  # text, even "=1+1": never a formula
                    target.quotePrefix = starts_formula(cell)  # and stays text when edited
                elif isinstance(cell, date):
                    target.number_format = "yyyy-mm-dd"
                if r == 1:
                    target.font = bold
                widths[c] = max(widths.get(c, 0), _width(cell))
        for c, width in widths.items():
            sheet.column_dimensions[get_column_letter(c)].width = min(width + 2, _MAX_WIDTH)
        sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
