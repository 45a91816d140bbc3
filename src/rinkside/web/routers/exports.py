"""Downloads for the public (no login): standings, statistics and rosters as
CSV or XLSX, the schedule as an iCalendar feed, a game's log as JSON.

    /divisions/{id}/standings.csv|.xlsx
    /divisions/{id}/stats.csv|.xlsx          (CSV: skaters; XLSX: all three tables)
    /divisions/{id}/goaltenders.csv
    /divisions/{id}/special-teams.csv
    /divisions/{id}/rosters.csv|.xlsx        (every team, with a team column)
    /teams/{id}/roster.csv|.xlsx
    /divisions/{id}/schedule.ics
    /teams/{id}/schedule.ics
    /games/{id}/log.json                     (FORMAT.md game log)

Each answer names its file (Content-Disposition) after the division, team
or game; an unknown id is the service's NotFound, a 404 page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

from rinkside.reports import calendar, exports, game_log
from rinkside.services import queries
from rinkside.web import documented
from rinkside.web.deps import Service

router = APIRouter(tags=["exports"], default_response_class=Response,
                   responses=documented.page(404))

TABLES = documented.body(exports.CSV_MEDIA_TYPE, exports.XLSX_MEDIA_TYPE)
CSV = documented.body(exports.CSV_MEDIA_TYPE)

Spreadsheet = Literal["csv", "xlsx"]
ICS_MEDIA_TYPE = "text/calendar; charset=utf-8"
JSON_MEDIA_TYPE = "application/json"


def _slug(*parts: str) -> str:
    """``"Division 1", "standings"`` -> ``division-1-standings`` (ASCII, for filenames)."""
    text = "-".join(parts).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "export"


def _download(content: bytes, media_type: str, filename: str) -> Response:
    return Response(content, media_type=media_type, headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})


def _tables(sheets: dict[str, exports.Rows], fmt: Spreadsheet, csv_sheet: str,
            stem: str) -> Response:
    if fmt == "xlsx":
        return _download(exports.to_xlsx(sheets), exports.XLSX_MEDIA_TYPE, f"{stem}.xlsx")
    return _download(exports.csv_bytes(sheets[csv_sheet]), exports.CSV_MEDIA_TYPE, f"{stem}.csv")


@router.get("/divisions/{division_id:id}/standings.{fmt}", responses=TABLES)
def standings(division_id: int, fmt: Spreadsheet, service: Service) -> Response:
    return _division_sheet(service, division_id, fmt, "Standings",
                           lambda: exports.division_standings(service, division_id))


@router.get("/divisions/{division_id:id}/stats.{fmt}", responses=TABLES)
def stats(division_id: int, fmt: Spreadsheet, service: Service) -> Response:
    division = queries.division(service, division_id)
    tables = exports.division_statistics(service, division_id)
    return _tables(exports.statistics_workbook(tables), fmt, exports.STATS_SHEETS["skaters"],
                   _slug(division.name, "stats"))


@router.get("/divisions/{division_id:id}/goaltenders.csv", responses=CSV)
def goaltenders(division_id: int, service: Service) -> Response:
    return _division_sheet(service, division_id, "csv", "Goaltenders", lambda: exports
                           .division_statistics(service, division_id)["goaltenders"])


@router.get("/divisions/{division_id:id}/special-teams.csv", responses=CSV)
def special_teams(division_id: int, service: Service) -> Response:
    return _division_sheet(service, division_id, "csv", "Special teams", lambda: exports
                           .division_statistics(service, division_id)["teams"])


def _division_sheet(service: Service, division_id: int, fmt: Spreadsheet, sheet: str,
                    rows: Callable[[], exports.Rows]) -> Response:
    """One sheet of a division's (an unknown division: NotFound, a 404), the file
    named after the division and the sheet (``division-1-special-teams.csv``)."""
    division = queries.division(service, division_id)
    return _tables({sheet: rows()}, fmt, sheet, _slug(division.name, sheet))


@router.get("/divisions/{division_id:id}/rosters.{fmt}", responses=TABLES)
def division_rosters(division_id: int, fmt: Spreadsheet, service: Service) -> Response:
    return _division_sheet(service, division_id, fmt, "Rosters",
                           lambda: exports.division_rosters(service, division_id))


@router.get("/teams/{team_id:id}/roster.{fmt}", responses=TABLES)
def team_roster(team_id: int, fmt: Spreadsheet, service: Service) -> Response:
    name, rows = exports.team_roster(service, team_id)
    return _tables({"Roster": rows}, fmt, "Roster", _slug(name, "roster"))


@router.get("/divisions/{division_id:id}/schedule.ics", responses=documented.body(ICS_MEDIA_TYPE))
def division_schedule(division_id: int, service: Service) -> Response:
    division = queries.division(service, division_id)
    feed = calendar.division_calendar(service, division_id)
    return _download(feed.ical, ICS_MEDIA_TYPE, f"{_slug(division.name, 'schedule')}.ics")


@router.get("/teams/{team_id:id}/schedule.ics", responses=documented.body(ICS_MEDIA_TYPE))
def team_schedule(team_id: int, service: Service) -> Response:
    team = queries.team(service, team_id)
    feed = calendar.team_calendar(service, team_id)
    return _download(feed.ical, ICS_MEDIA_TYPE, f"{_slug(team.name, 'schedule')}.ics")


@router.get("/games/{game_id:id}/log.json", responses=documented.body(JSON_MEDIA_TYPE))
def game_log_json(game_id: int, service: Service) -> Response:
    game = queries.game(service, game_id)
    try:
        text = game_log.export_game_json(service, game_id)
    except ValueError as exc:  # nothing recorded yet: no log to give
        raise HTTPException(status_code=404, detail=str(exc)) from None
    return _download(text.encode("utf-8"), JSON_MEDIA_TYPE,
                     f"{_slug('game', str(game_id), game.home, 'vs', game.away)}.json")
