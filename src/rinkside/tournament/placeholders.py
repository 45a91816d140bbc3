"""What fills each place of a playoff bracket, and what the place says until then.

A parent reads the bracket before its teams are known, and the desk
schedules its games then; each place says where its team will come from,
and fills in by the tournament's rule:

- a first-round place is its seed's team once the pool is final: every pool
  game of the division decided (below); until then it says "2nd of 16U";
- a later place is the winner of the game before it once that game is
  decided; until then it says "Winner of SF1";
- a game is decided when its result stands: its referees have signed its
  report (Rule 616(a): a signed game is locked, its score no longer changes)
  or it was forfeited (Rule 634: the forfeit is the result, no report to
  sign). A result not yet signed fills nothing, so a correction before the
  signature never shows a team in the wrong place;
- a bye's place is its seed's (it advances at once, casebook 25's bracket);
- a pool game a removed team has not played (Rule 634(e)4: a team removed
  plays no more) does not hold the pool open.

The bracket itself, its seeds and its winners are
:mod:`rinkside.tournament.playoffs`'.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rinkside.tournament.model import PlayedGame, ScheduledGame
from rinkside.tournament.playoffs import Bracket, BracketGame, Entrant

__all__ = ["Place", "PlacedGame", "decided", "filled", "game_code", "ordinal", "places",
           "pool_final"]

# Short names of the rounds from the last: the final, semi-finals, quarter-finals.
_SHORT = {1: "F", 2: "SF", 4: "QF"}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def game_code(games_in_round: int, index: int) -> str:
    """A bracket game's short name: "F", "SF1", "QF3", "R16-5" (``index``
    from 0, top to bottom)."""
    short = _SHORT.get(games_in_round)
    if short == "F":
        return "F"
    if short is not None:
        return f"{short}{index + 1}"
    return f"R{2 * games_in_round}-{index + 1}"


def decided(played: Collection[PlayedGame], signed: Collection[int]) -> set[int]:
    """The stored games whose result stands: signed (616(a)) or forfeited (634)."""
    return {p.game.game_id for p in played if p.state.result is not None
            and (p.game.game_id in signed or p.state.result.decided_by == "forfeit")}


def pool_final(schedule: Collection[ScheduledGame], decided_games: Collection[int],
               removed: Collection[int]) -> bool:
    """Every pool game decided, but those of a removed team it will not play
    (634(e)4); a division with no pool game has no pool to wait for."""
    return all(g.game_id in decided_games or {g.home_team_id, g.away_team_id} & set(removed)
               for g in schedule if g.stage == "pool")


@dataclass(frozen=True, slots=True)
class Place:
    """One side of a bracket game: its team once known, else what it waits for."""

    team_id: int | None
    seed: int | None
    waiting_for: str  # "2nd of 16U", "Winner of SF1"; what the place said before it filled


@dataclass(frozen=True, slots=True)
class PlacedGame:
    """A bracket game as the public and the schedule show it."""

    code: str
    round_name: str
    bracket_game: int | None  # None: a bye
    top: Place
    bottom: Place | None  # None: a bye
    winner: int | None  # a team id, once the game is decided

    @property
    def ready(self) -> bool:
        """Both teams known and no winner yet: the game can be played."""
        return (self.bottom is not None and self.top.team_id is not None
                and self.bottom.team_id is not None and self.winner is None)


def _seed_place(entrant: Entrant | None, pool_final: bool, pool: str) -> Place:
    assert entrant is not None  # a first-round game has its top; only a bye lacks a bottom
    label = f"{ordinal(entrant.seed)} of {pool}"
    return Place(entrant.team_id if pool_final else None, entrant.seed, label)


def places(bracket: Bracket, *, pool: str, pool_final: bool,
           decided: Collection[int]) -> list[list[PlacedGame]]:
    """Each round's games with their places filled by the rule above:
    ``pool_final`` whether every pool game is decided, ``decided`` the
    bracket games (their ids) whose result stands. The bracket's winners
    count only for games decided."""
    rounds: list[list[PlacedGame]] = []
    advancing: list[Place] = []  # the place each game of the round before sends on
    for r, bracket_round in enumerate(bracket.rounds):
        placed: list[PlacedGame] = []
        sending: list[Place] = []
        count = len(bracket_round.games)
        for g in bracket_round.games:
            code = game_code(count, g.index)
            if r == 0:
                top = _seed_place(g.top, pool_final, pool)
                bottom = None if g.bye else _seed_place(g.bottom, pool_final, pool)
            else:
                top, bottom = advancing[2 * g.index], advancing[2 * g.index + 1]
            winner = _winner(g, top, bottom, decided)
            placed.append(PlacedGame(code, bracket_round.name, g.game_id, top, bottom, winner))
            if bottom is None:
                sending.append(top)
            else:
                sending.append(Place(winner, _seed_of(winner, top, bottom), f"Winner of {code}"))
        rounds.append(placed)
        advancing = sending
    return rounds


def _winner(g: BracketGame, top: Place, bottom: Place | None,
            decided: Collection[int]) -> int | None:
    if (bottom is None or g.winner is None or g.game_id not in decided
            or top.team_id is None or bottom.team_id is None):
        return None
    return g.winner.team_id


def _seed_of(team_id: int | None, *sides: Place) -> int | None:
    return next((p.seed for p in sides if team_id is not None and p.team_id == team_id), None)


def filled(rounds: list[list[PlacedGame]]) -> Mapping[int, tuple[int, int]]:
    """Bracket game -> (home, away) team ids for every game whose two places
    are filled, the upper place at home (as the desk schedules a ready game)."""
    return {g.bracket_game: (g.top.team_id, g.bottom.team_id) for games in rounds for g in games
            if g.bracket_game is not None and g.bottom is not None
            and g.top.team_id is not None and g.bottom.team_id is not None}
