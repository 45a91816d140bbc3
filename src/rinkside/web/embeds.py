"""What each embed (``/embed/...``) shows, gathered from the application
layer (:mod:`rinkside.services.api_reads`: the same values the read API
sends): a club's live scores, a division's standings, a team's or a
division's schedule. The pages are made for another site's iframe
(:mod:`rinkside.web.routers.embed`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rinkside.services import api_reads
from rinkside.services.api_reads import Game
from rinkside.services.tournaments import Tournaments

Theme = Literal["auto", "light", "dark"]
IN_PLAY: Final = frozenset({"in_play", "stopped", "intermission", "shootout"})
# Live scores: games in play first, then those to come, then the finished ones.
_RANK: Final = {"not_started": 1, "final": 2}


@dataclass(frozen=True, slots=True)
class Narrowed:
    """Whose games an embed shows, and its heading."""

    heading: str
    games: list[Game]


def narrowed(service: Tournaments, tournament: int | None, division: int | None,
             team: int | None) -> Narrowed:
    """The games of a team, else a division, else a tournament, else all
    (an id the store does not hold: NotFound, a 404), in start order."""
    games = api_reads.schedule(service, tournament_id=tournament, division_id=division,
                               team_id=team)
    if team is not None:
        heading = api_reads.team(service, team).name
    elif division is not None:
        info = api_reads.division(service, division)
        heading = f"{info.tournament.name} · {info.name}"
    elif tournament is not None:
        heading = api_reads.tournament(service, tournament).name
    else:
        heading = "All games"
    return Narrowed(heading, games)


def live_first(games: list[Game]) -> list[Game]:
    """Games in play first, then those to come, then the finished ones
    (each in start order)."""
    return sorted(games, key=lambda g: _RANK.get(g.status, 0))
