"""The public read API's answers (``/api/v1``) as Pydantic models: the
router returns them, so ``/openapi.json`` says exactly what is sent. Each
is read from the application layer's values
(:mod:`rinkside.services.api_reads`) attribute by attribute."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict, Field

from rinkside.present.state import LiveState


class _Read(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class Named(_Read):
    id: int
    name: str


class Tournament(_Read):
    id: int
    name: str
    starts_on: date | None
    ends_on: date | None
    divisions: list[Named]


class Division(_Read):
    id: int
    name: str
    tournament: Named
    teams: list[Named]


class Score(_Read):
    home: int
    away: int


class Game(_Read):
    """A game of the schedule: its teams, time and rink, its state in a word
    and its score once begun (a forfeit's recorded score, 634(d))."""

    id: int
    tournament: Named
    division: Named
    home: Named
    away: Named
    start: datetime | None
    rink: str | None
    stage: str = Field(description="pool or playoff")
    round_name: str
    status: str = Field(description="not_started, in_play, stopped, intermission, "
                        "shootout, final, suspended")
    status_text: str = Field(description="P2 11:42, End of P1, Final (SO)")
    score: Score | None
    version: int = Field(description="the game log's version: it grows with each change")


class LiveGame(_Read):
    """A game and its live state, the one the scoreboard and the live pages
    are sent (``/live/games/{id}`` streams the same state as it changes)."""

    game: Game
    live: LiveState


class Standing(_Read):
    place: int
    team: Named
    gp: int
    w: int
    l: int  # noqa: E741 (the standings column)
    t: int
    gf: int
    ga: int
    gd: int
    pts: float
    pim: float = Field(description="penalty minutes (1.5 for a 1:30 minor)")
    decided_by: str | None = Field(description="what put the team above the next: points "
                                   "or a tiebreak criterion")
    explanation: str


class Skater(_Read):
    player: Named
    number: int
    team: Named
    gp: int
    goals: int
    assists: int
    points: int = Field(description="616(k): a goal or an assist is one point")
    pim: float = Field(description="penalty minutes (1.5 for a 1:30 minor)")
    ppg: int
    shg: int


class Goaltender(_Read):
    player: Named
    number: int
    team: Named
    gp: int
    minutes: float
    goals_against: int
    shots_against: int | None
    saves: int | None
    gaa: float | None = Field(description="goals against per regulation game")


class TeamStats(_Read):
    team: Named
    games: int
    pp_opportunities: int
    pp_goals: int
    pp_pct: float | None
    times_short: int
    pp_goals_against: int
    pk_pct: float | None


class Statistics(_Read):
    division: Named
    skaters: list[Skater]
    goaltenders: list[Goaltender]
    teams: list[TeamStats]


class RosterEntry(_Read):
    id: int
    number: int
    name: str
    goaltender: bool
    captain: str | None = Field(description="C or A (Rule 201)")


class Team(_Read):
    id: int
    name: str
    division: Named
    tournament: Named
    players: list[RosterEntry]


class Player(_Read):
    id: int
    name: str
    number: int
    goaltender: bool
    active: bool
    team: Named
    division: Named
    tournament: Named
    skating: Skater | None
    goaltending: Goaltender | None
