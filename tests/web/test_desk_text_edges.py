"""What the desk stores from a form shows safely everywhere: names in an
iCalendar feed escaped as RFC 5545 TEXT, logos from this server or typed
https URLs only, and text checked at the edge as the console checks it."""

from __future__ import annotations

import re

from deskkit import dora, people, post, rick, skip
from webkit import Client, Demo

from rinkside.services import queries

__all__ = ["dora", "people", "rick", "skip"]


def _unescaped(value: str) -> str:
    """An RFC 5545 TEXT value read back (3.3.11): each escape undone once."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m[1] in "nN" else m[1], value)


def _lines(ics: str) -> list[str]:
    return ics.replace("\r\n ", "").split("\r\n")  # unfolded (3.1)


def _a_team(demo: Demo) -> queries.TeamCount:
    return queries.tournament_trees(demo.service)[0].divisions[0].teams[0]


def test_a_team_name_with_ical_separators_is_escaped_in_its_feeds(
        demo: Demo, dora: Client) -> None:
    team = _a_team(demo)
    name = "Evil; X, Y\\N"
    assert post(dora, f"/desk/teams/{team.team_id}/rename", {"name": name}).status_code == 303
    division = queries.team(demo.service, team.team_id).division
    for url, calendar in ((f"/teams/{team.team_id}/schedule.ics", f"{name} ({division.name})"),
                          (f"/divisions/{division.division_id}/schedule.ics", None)):
        response = dora[0].get(url)
        assert response.status_code == 200
        lines = _lines(response.text)
        if calendar is not None:
            for prop in ("NAME", "X-WR-CALNAME"):
                (value,) = [line.split(":", 1)[1] for line in lines
                            if line.startswith(f"{prop}:")]
                assert re.search(r"(?<!\\)[;,]", value) is None  # every separator escaped
                assert _unescaped(value) == calendar
        summaries = [_unescaped(line.split(":", 1)[1]) for line in lines
                     if line.startswith("SUMMARY:")]
        assert summaries and all(name in s for s in summaries if "Evil" in s)
        assert any(s.startswith(f"{name} vs ") or s.endswith(f" vs {name}") for s in summaries)
