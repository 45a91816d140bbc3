"""How the scoreboards show each team: its colour and its logo (set per
team; a team with none is shown plainly)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlalchemy import select

from rinkside.services.base import ServiceBase
from rinkside.store import models as m

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
Style = tuple[str | None, str | None]  # (colour, logo)


class TeamStyles(ServiceBase):
    """Team colours and logos."""

    def set_team_style(self, team_id: int, *, colour: str | None = None,
                       logo: str | None = None) -> Style:
        """Set the team's colour (``#1e40af``) and logo (an http(s) URL or a
        /static path); an empty string clears one, None leaves it."""
        if colour and not COLOUR.match(colour):
            raise ValueError(f"{colour!r} is not a colour: #rrggbb, e.g. #1e40af")
        if logo and not (logo.startswith(("http://", "https://", "/")) and len(logo) <= 500):
            raise ValueError(f"{logo!r} is not a logo address: an http(s) URL or a /static "
                             "path, at most 500 characters")
        with self._sessions.begin() as s:
            self._get(s, m.Team, team_id)
            row = s.get(m.TeamStyle, team_id) or m.TeamStyle(team_id=team_id)
            if colour is not None:
                row.colour = colour.lower() or None
            if logo is not None:
                row.logo = logo or None
            s.add(row)
            return row.colour, row.logo

    def team_styles(self, team_ids: Sequence[int]) -> dict[int, Style]:
        """Each styled team's (colour, logo), by team id."""
        with self._sessions.begin() as s:
            rows = s.scalars(select(m.TeamStyle).where(m.TeamStyle.team_id.in_(team_ids))).all()
            return {r.team_id: (r.colour, r.logo) for r in rows}
