"""``rinkside export`` and ``rinkside import``: tables, calendars and game logs.

    rinkside export standings DIVISION [--format csv|xlsx] -o FILE
    rinkside export stats DIVISION [--format csv|xlsx] [--table skaters|goaltenders|teams] -o FILE
    rinkside export rosters DIVISION [--format csv|xlsx] -o FILE
    rinkside export calendar (--division ID | --team ID) -o FILE.ics
    rinkside export game GAME_ID -o FILE.json
    rinkside import game GAME_ID FILE.json

The format defaults to the output file's suffix. Every command works on the
store at ``--db`` through the service layer; a refusal is printed with its
reason and the exit status is 1 for an event the rules refuse, 2 for bad
input (nothing is written in either case).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from rinkside.cli.common import REFUSED, DbOption, open_service, refusals, text
from rinkside.formats import ScenarioError
from rinkside.formats.text import USERNAME
from rinkside.present.counts import counted
from rinkside.reports import calendar, exports, game_log
from rinkside.rules.errors import MalformedEvent, SettingsError
from rinkside.services.tournaments import NotFound

OutOption = Annotated[Path, typer.Option("--output", "-o", help="The file to write.")]
FormatOption = Annotated[str | None, typer.Option(
    "--format", "-f", help="csv or xlsx (default: from the output file's suffix, else csv).")]

export_app = typer.Typer(help="Write standings, statistics, rosters, calendars and game logs.",
                         no_args_is_help=True)
import_app = typer.Typer(help="Read a game log into a scheduled game.", no_args_is_help=True)


# A refused event exits 1, bad input 2, each with its reason; nothing is
# written then (an import is one transaction, a file is written last).
_refusals = refusals(
    (game_log.GameLogRefused, *REFUSED),
    (NotFound, ScenarioError, MalformedEvent, SettingsError, game_log.GameLogError,
     ValueError, OSError))


def _format(chosen: str | None, output: Path) -> Literal["csv", "xlsx"]:
    value = (chosen or output.suffix.lstrip(".") or "csv").lower()
    if value not in ("csv", "xlsx"):
        raise ValueError(f"--format: {value!r} is not csv or xlsx")
    return "xlsx" if value == "xlsx" else "csv"


def _write_tables(output: Path, fmt: Literal["csv", "xlsx"],
                  sheets: dict[str, exports.Rows], csv_sheet: str) -> None:
    if fmt == "xlsx":
        output.write_bytes(exports.to_xlsx(sheets))
    else:
        output.write_bytes(exports.csv_bytes(sheets[csv_sheet]))


def _wrote(output: Path, what: str) -> None:
    typer.echo(f"wrote {what} to {output}")


@export_app.command("standings")
@_refusals
def export_standings(division: int, output: OutOption, fmt: FormatOption = None,
                     db: DbOption = None) -> None:
    """A division's standings (casebook 23-24)."""
    rows = exports.division_standings(open_service(db), division)
    _write_tables(output, _format(fmt, output), {"Standings": rows}, "Standings")
    _wrote(output, f"{len(rows) - 1} teams' standings")


@export_app.command("stats")
@_refusals
def export_stats(division: int, output: OutOption, fmt: FormatOption = None,
                 table: Annotated[str, typer.Option(
                     help="The table a CSV file holds: skaters, goaltenders or teams "
                     "(an XLSX workbook holds all three).")] = "skaters",
                 db: DbOption = None) -> None:
    """A division's statistics: skaters, goaltenders and special teams."""
    if table not in ("skaters", "goaltenders", "teams"):
        raise ValueError(f"--table: {table!r} is not skaters, goaltenders or teams")
    tables = exports.division_statistics(open_service(db), division)
    fmt_ = _format(fmt, output)
    _write_tables(output, fmt_, exports.statistics_workbook(tables),
                  exports.STATS_SHEETS[table])
    what = ("skaters, goaltenders and teams" if fmt_ == "xlsx"
            else f"{len(tables[table]) - 1} {table}")
    _wrote(output, f"statistics ({what})")


@export_app.command("rosters")
@_refusals
def export_rosters(division: int, output: OutOption, fmt: FormatOption = None,
                   db: DbOption = None) -> None:
    """Every team's roster of a division, as `rinkside roster import` reads it.

    Rule 203(a)-(b): numbers, names, goaltenders identified; 202: C and A."""
    rows = exports.division_rosters(open_service(db), division)
    _write_tables(output, _format(fmt, output), {"Rosters": rows}, "Rosters")
    _wrote(output, f"{len(rows) - 1} players")


@export_app.command("calendar")
@_refusals
def export_calendar(output: OutOption,
                    division: Annotated[int | None, typer.Option(help="Division id.")] = None,
                    team: Annotated[int | None, typer.Option(help="Team id.")] = None,
                    db: DbOption = None) -> None:
    """The schedule as an iCalendar file (.ics) for a division or a team."""
    if (division is None) == (team is None):
        raise ValueError("give either --division or --team")
    service = open_service(db)
    feed = (calendar.division_calendar(service, division) if division is not None
            else calendar.team_calendar(service, team) if team is not None else None)
    assert feed is not None
    output.write_bytes(feed.ical)
    unscheduled = (f"; {counted(feed.unscheduled, 'game')} without a start time left out"
                   if feed.unscheduled else "")
    _wrote(output, f"'{feed.name}': {counted(feed.events, 'game')}{unscheduled}")


@export_app.command("game")
@_refusals
def export_game(game: int, output: OutOption, db: DbOption = None) -> None:
    """A stored game as a FORMAT.md game log (JSON).

    The file holds the settings in force, both rosters as dressed and the events."""
    text = game_log.export_game_json(open_service(db), game)
    output.write_text(text, encoding="utf-8")
    _wrote(output, f"game {game}")


@import_app.command("game")
@_refusals
def import_game(game: int, log: Annotated[Path, typer.Argument(help="A FORMAT.md game log.")],
                by: Annotated[str, typer.Option(help="Who records.")] = "scorekeeper",
                db: DbOption = None) -> None:
    """Record a FORMAT.md game log into a scheduled game with no event yet.

    The file's teams and settings must be the game's, and the engine checks
    every event; on any problem nothing is recorded."""
    version, state = game_log.import_game(open_service(db), game, log,
                                          by=text(by, "--by", USERNAME))
    typer.echo(f"game {game}: {state.setup.home.name} {state.home_score} - "
               f"{state.away_score} {state.setup.away.name}, "
               f"{state.status.replace('_', ' ')} (version {version})")


def register(app: typer.Typer) -> None:
    """Add ``export`` and ``import`` to the ``rinkside`` app."""
    app.add_typer(export_app, name="export")
    app.add_typer(import_app, name="import")
