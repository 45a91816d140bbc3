"""Played games with lineups and number maps, for the statistics and
suspension tests. Every game is a real replay through the engine.

Teams use the engine's default roster (numbers 1-15, #1 the goaltender, #2
the captain); player ids are ``team_id * 100 + number`` (``pid(1, 7) == 107``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gamekit import end, faceoff, goal, t

from rinkside.rules import GameSetup, default_roster, replay
from rinkside.rules.events import Event, Forfeit, Team
from rinkside.rules.settings import settings_from_mapping
from rinkside.tournament.model import Lineup, PlayedGame, RosterPlayer, ScheduledGame, Stage

NUMBERS = tuple(range(1, 16))


def pid(team_id: int, number: int) -> int:
    return team_id * 100 + number


def name_of(team_id: int, number: int) -> str:
    return f"Player {team_id}-{number}"


def roster(team_id: int, *, names: Mapping[int, str] | None = None,
           person_keys: Mapping[int, str] | None = None) -> list[RosterPlayer]:
    """A team's tournament roster matching the engine's default roster."""
    names = names or {}
    keys = person_keys or {}
    return [RosterPlayer(pid(team_id, n), team_id, n, names.get(n, name_of(team_id, n)),
                         goalie=n == 1, captain="C" if n == 2 else None,
                         person_key=keys.get(n, ""))
            for n in NUMBERS]


def sched(game_id: int, home: int, away: int, *, stage: Stage = "pool",
          division_id: int = 1) -> ScheduledGame:
    return ScheduledGame(game_id, division_id, stage, home, away, order=game_id)


def played(game_id: int, home: int, away: int, events: Iterable[Event], *,
           stage: Stage = "pool", division_id: int = 1,
           dressed: Mapping[Team, Iterable[int]] | None = None,
           unmapped: Mapping[Team, Iterable[int]] | None = None,
           **settings: Any) -> PlayedGame:
    """Replay ``events`` for ``game_id``. ``dressed``: jerseys in each side's
    lineup (all 15 by default); ``unmapped``: jerseys left out of the number
    map (to test the error)."""
    setup = GameSetup(settings_from_mapping(settings), default_roster("Home"),
                      default_roster("Away"))
    state = replay(setup, events)
    assert state.result is not None, "the game did not end"
    dressed = dressed or {}
    unmapped = unmapped or {}
    team_ids: dict[Team, int] = {"home": home, "away": away}
    lineups = {side: Lineup(team_ids[side],
                            tuple(pid(team_ids[side], n) for n in dressed.get(side, NUMBERS)))
               for side in team_ids}
    maps = {side: {n: pid(team_ids[side], n) for n in NUMBERS
                   if n not in set(unmapped.get(side, ()))}
            for side in team_ids}
    return PlayedGame(sched(game_id, home, away, stage=stage, division_id=division_id),
                      state, lineups, maps)


def quiet(game_id: int, home: int, away: int, **kw: Any) -> PlayedGame:
    """A 0-0 tie with nothing in it (it still serves suspensions)."""
    return played(game_id, home, away, regulation(), **kw)


def forfeit(game_id: int, home: int, away: int, *, by: Team, **kw: Any) -> PlayedGame:
    """``by`` forfeits before play (Rule 634(c)): recorded 1-0 (634(d))."""
    return played(game_id, home, away, [Forfeit(t("1 12:00"), by, "no goaltender")], **kw)


def regulation(*second_period: Event) -> list[Event]:
    """Two 12:00 periods with ``second_period`` events in the second."""
    return [faceoff("1 12:00"), end("1 0:00"), faceoff("2 12:00"), *second_period,
            end("2 0:00")]


def goals(*scored: tuple[Team, int, int | None], start: int = 11) -> list[Event]:
    """Goals a minute apart from ``2 {start}:00``, each followed by its face-off:
    (side, scorer, assist)."""
    out: list[Event] = []
    for i, (side, scorer, assist) in enumerate(scored):
        at = f"2 {start - i}:00"
        out += [goal(at, side, scorer, assist), faceoff(at)]
    return out


def in_order(games: Sequence[PlayedGame]) -> list[ScheduledGame]:
    return [g.game for g in games]
