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

The file is read by :mod:`~rinkside.tournament.roster_file`, each row by
:mod:`~rinkside.tournament.roster_rows`; the problems are
:mod:`~rinkside.tournament.roster_problems`'s values.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import date
from pathlib import Path

from rinkside.tournament.model import DivisionInfo
from rinkside.tournament.roster_file import Row, map_headers, read_rows
from rinkside.tournament.roster_problems import ImportProblem, RosterImportError
from rinkside.tournament.roster_rows import ParsedPlayer, cell_of, cell_text, parse_row
from rinkside.tournament.rosters import (
    ROSTER_MAX,
    RosterProblem,
    check_tournament_roster,
    roster_size_problem,
)

__all__ = ["import_roster", "import_rosters"]


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
    rows = read_rows(file)
    if not rows:
        raise RosterImportError(file.name, [ImportProblem(
            "file", "the file is empty: no header and no players")])
    (header_line, header), body = rows[0], rows[1:]
    columns, problems = map_headers(header_line, header)
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
        player, bad = parse_row(line, cells, columns, team_required=several)
        problems += bad
        written = " ".join(cell_text(cell_of(cells, columns, "team")).split())
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
