"""How the scoreboards show each team: its colour and its logo (set per
team; a team with none is shown plainly)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from sqlalchemy import select

from rinkside.formats.text import ADDRESS, TextError, check_text
from rinkside.services.base import ServiceBase
from rinkside.store import models

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
OWN_FILES = "/static/"
Style = tuple[str | None, str | None]  # (colour, logo)


def logo_problem(logo: str) -> str | None:
    """Why ``logo`` is not an address a page may load a team's logo from, or
    None: this server's own file (a path under ``/static/``) or an https URL
    as the director typed it. Not a protocol-relative ``//host/x.png`` (nor
    ``/\\host``, which browsers read the same), which every page of the
    team would fetch from another host while it looks like a path here; not
    plain http, nor a URL with a user name in front of its host."""
    try:
        check_text(logo, "logo", ADDRESS)
    except TextError as exc:
        return exc.problem
    if any(ch.isspace() or ch == "\\" for ch in logo):
        return "an address holds no spaces or backslashes"
    parts = urlsplit(logo)
    if logo.startswith(OWN_FILES) and not parts.scheme and not parts.netloc \
            and "//" not in logo:
        return None
    if parts.scheme == "https" and parts.hostname and not parts.username \
            and logo.lower().startswith("https://"):
        return None
    return "a logo is this server's file (a /static/ path) or an https:// URL"


def logo_host(logo: str | None) -> str | None:
    """The other site a logo is loaded from (None: this server's own file),
    for the desk to say so beside it."""
    return urlsplit(logo).hostname if logo and logo.startswith("https://") else None


def shown_logo(stored: str | None) -> str | None:
    """A stored logo as the pages may load it: None when it is no longer an
    address they may (set before :func:`logo_problem` was checked)."""
    return stored if stored and logo_problem(stored) is None else None


class TeamStyles(ServiceBase):
    """Team colours and logos."""

    def set_team_style(self, team_id: int, *, colour: str | None = None,
                       logo: str | None = None) -> Style:
        """Set the team's colour (``#1e40af``) and logo (an https URL or a
        /static/ path, :func:`logo_problem`); an empty string clears one,
        None leaves it."""
        if colour and not COLOUR.match(colour):
            raise ValueError(f"{colour!r} is not a colour: #rrggbb, e.g. #1e40af")
        problem = logo_problem(logo) if logo else None
        if problem is not None:
            raise ValueError(f"{logo!r} is not a logo address: {problem}")
        with self.write() as s:
            self.hold_team(s, team_id)  # a style set at once waits: one row, the last
            row = s.get(models.TeamStyle, team_id) or models.TeamStyle(team_id=team_id)
            if colour is not None:
                row.colour = colour.lower() or None
            if logo is not None:
                row.logo = logo or None
            s.add(row)
            return row.colour, row.logo

    def team_styles(self, team_ids: Sequence[int]) -> dict[int, Style]:
        """Each styled team's (colour, logo), by team id."""
        with self.write() as s:
            rows = s.scalars(select(models.TeamStyle)
                             .where(models.TeamStyle.team_id.in_(team_ids))).all()
            return {r.team_id: (r.colour, shown_logo(r.logo)) for r in rows}
