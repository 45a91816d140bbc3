"""Played games for tournament tests, built by replaying real events through
the engine (no hand-written results).

``won(1, home=1, away=2, score=(3, 1))`` is a pool game 3-1 in regulation;
``forfeited(2, home=1, away=3, by=3)`` a forfeit before play (Rule 634(c)2);
``overtime``/``shootout`` settle a tie after regulation; ``penalties`` add
called penalties to the second period.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from gamekit import called, end, faceoff, goal, t

from rinkside.rules import GameSetup, GameState, apply, default_roster, start
from rinkside.rules.events import Event, Forfeit, ShootoutAttempt, Team
from rinkside.rules.settings import settings_from_mapping
from rinkside.tournament.model import PlayedGame, ScheduledGame, Stage, TeamInfo

Pen = tuple[Team, int | None, str]  # ("home", 8, "minor"); ("away", None, "bench_minor")


def teams(*names: str, division_id: int = 1, first_id: int = 1) -> list[TeamInfo]:
    return [TeamInfo(first_id + i, name, division_id) for i, name in enumerate(names)]


def scheduled(game_id: int, home: int, away: int, *, stage: Stage = "pool",
              order: int | None = None, division_id: int = 1, round_name: str = "",
              start: datetime | None = None) -> ScheduledGame:
    return ScheduledGame(game_id, division_id, stage, home, away, start=start,
                         order=game_id if order is None else order, round_name=round_name)


def _setup(**settings: Any) -> GameSetup:
    return GameSetup(settings_from_mapping(settings), default_roster("Home"),
                     default_roster("Away"))


def _fold(setup: GameSetup, events: Iterable[Event]) -> GameState:
    state = start(setup)
    for event in events:
        state = apply(state, event)
    return state


def _goals(score: tuple[int, int]) -> list[Event]:
    """The goals in the first period, alternating so no lead reaches mercy early."""
    sides: list[Team] = []
    home, away = score
    while home or away:
        if home:
            sides.append("home")
            home -= 1
        if away:
            sides.append("away")
            away -= 1
    out: list[Event] = []
    for i, side in enumerate(sides):
        left = 11 * 60 + 30 - 30 * i  # seconds: 11:30, 11:00, 10:30, ...
        at = f"1 {left // 60}:{left % 60:02d}"
        out += [goal(at, side, 5 + i % 5), faceoff(at)]
    return out


def _penalties(penalties: Sequence[Pen]) -> list[Event]:
    out: list[Event] = []
    for i, (side, player, cls) in enumerate(penalties):
        out += called(f"2 {11 - i}:00", side, player, cls)
    return out


def game(game_id: int, home: int, away: int, score: tuple[int, int], *,
         penalties: Sequence[Pen] = (), overtime: Team | None = None,
         shootout: Team | None = None, stage: Stage = "pool", order: int | None = None,
         division_id: int = 1, **settings: Any) -> PlayedGame:
    """A game that ends ``score`` after regulation; if tied, ``overtime`` or
    ``shootout`` names the side that wins it (the settings then allow it)."""
    if overtime or shootout:
        settings.setdefault("overtime", "shootout")
    setup = _setup(**settings)
    events: list[Event] = [faceoff("1 12:00"), *_goals(score), end("1 0:00"),
                           faceoff("2 12:00"), *_penalties(penalties), end("2 0:00")]
    if overtime is not None:
        events += [faceoff("3 5:00"), goal("3 3:00", overtime, 9)]
    elif shootout is not None:
        events += [faceoff("3 5:00"), end("3 0:00")]
    state = _fold(setup, events)
    if shootout is not None:
        for shooter in (3, 4, 5, 6):
            for side in ("away", "home"):
                if state.result is None:
                    state = apply(state, ShootoutAttempt(side, shooter, side == shootout))
    assert state.result is not None, "the builder's game did not end"
    return PlayedGame(scheduled(game_id, home, away, stage=stage, order=order,
                                division_id=division_id), state)


def forfeited(game_id: int, home: int, away: int, *, by: int,
              score_before: tuple[int, int] | None = None, stage: Stage = "pool",
              order: int | None = None, division_id: int = 1, **settings: Any) -> PlayedGame:
    """Team ``by`` forfeits: before play, or during it after ``score_before``
    in the first period (Rule 634(c))."""
    side: Team = "home" if by == home else "away"
    assert by in (home, away)
    events: list[Event] = []
    at = "1 12:00"
    if score_before is not None:
        events = [faceoff("1 12:00"), *_goals(score_before)]
        at = "1 2:00"
    events.append(Forfeit(t(at), side, "could not field four skaters and a goaltender"))
    state = _fold(_setup(**settings), events)
    return PlayedGame(scheduled(game_id, home, away, stage=stage, order=order,
                                division_id=division_id), state)


def schedule_of(played: Iterable[PlayedGame]) -> list[ScheduledGame]:
    return [p.game for p in played]
