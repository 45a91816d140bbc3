"""The tournament's plain values, shared by the store, the services and the
pure computations (standings, statistics, suspensions, playoffs).

Ids are the store's integer ids; nothing here touches the database. A game
that was played is a :class:`PlayedGame`: its schedule entry, the engine's
final state of its event log and the lineups that dressed for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Final, Literal, get_args

from rinkside.rules.events import Team
from rinkside.rules.state import GameState

Stage = Literal["pool", "playoff"]
Letter = Literal["C", "A"]
LETTERS: Final[tuple[Letter, ...]] = get_args(Letter)  # captain, alternate (Rule 202)


@dataclass(frozen=True, slots=True)
class DivisionInfo:
    division_id: int
    name: str
    player_coaches_allowed: bool = False  # Rule 201(c)


@dataclass(frozen=True, slots=True)
class TeamInfo:
    team_id: int
    name: str
    division_id: int


@dataclass(frozen=True, slots=True)
class RosterPlayer:
    """A player on a team's tournament roster (Rule 203(a))."""

    player_id: int
    team_id: int
    number: int
    name: str
    goalie: bool = False
    captain: Letter | None = None
    playing_coach: bool = False
    birth_date: date | None = None
    person_key: str = ""  # the same person on two teams (410(c)); defaults to the name


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    game_id: int
    division_id: int
    stage: Stage
    home_team_id: int
    away_team_id: int
    start: datetime | None = None
    rink: str | None = None
    order: int = 0  # position in the schedule (breaks ties of equal start times)
    round_name: str = ""  # playoff round, e.g. "semi-final"


@dataclass(frozen=True, slots=True)
class Lineup:
    """The players dressed for one game by one team (Rule 204, 202(c))."""

    team_id: int
    players: tuple[int, ...]  # player ids
    captain: int | None = None  # 202(c): named before the game
    alternates: tuple[int, ...] = ()

    def has(self, player_id: int) -> bool:
        return player_id in self.players

    def letter(self, player_id: int) -> Letter | None:
        if player_id == self.captain:
            return "C"
        return "A" if player_id in self.alternates else None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game with a final (or forfeited) state."""

    game: ScheduledGame
    state: GameState
    lineups: dict[Team, Lineup] = field(default_factory=dict)
    number_to_player: dict[Team, dict[int, int]] = field(default_factory=dict)

    def team_id(self, side: Team) -> int:
        return self.game.home_team_id if side == "home" else self.game.away_team_id

    def side_of(self, team_id: int) -> Team:
        return "home" if team_id == self.game.home_team_id else "away"


@dataclass(frozen=True, slots=True)
class SupplementaryDiscipline:
    """Games added by the tournament director or event directors (Rule 410(a))."""

    player_id: int
    games: int | Literal["rest_of_tournament", "pending_review"]
    reason: str
    after_game_id: int | None = None  # served from the next game after this one
    organisation: str | None = None  # Rule 410(d): handed down by another organisation


@dataclass(frozen=True, slots=True)
class SuspensionChange:
    """A player's suspension shortened (``games`` below 0) or lengthened by
    the directors, with the reason (Rule 410(a))."""

    player_id: int
    games: int
    reason: str
