"""Short-hand for building games in tests: ``t("1 10:00")``, ``minor(...)``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rinkside.rules import GameSetup, GameState, GameTime, RuleViolation, apply, default_roster
from rinkside.rules.events import (
    Event,
    FaceOff,
    Goal,
    GoalieChange,
    Penalty,
    PenaltyClass,
    PenaltySignal,
    PeriodEnd,
    Stoppage,
    Team,
)
from rinkside.rules.game import start
from rinkside.rules.settings import settings_from_mapping
from rinkside.rules.times import format_duration, parse_game_time


def t(text: str, periods: int = 2) -> GameTime:
    return parse_game_time(text, periods)


def setup(**settings: Any) -> GameSetup:
    return GameSetup(settings_from_mapping(settings), default_roster("Home"),
                     default_roster("Away"))


def play(events: Iterable[Event], **settings: Any) -> GameState:
    """Fold ``events``; any refusal fails the test loudly."""
    state = start(setup(**settings))
    for event in events:
        state = apply(state, event)
    return state


def refused(state: GameState, event: Event) -> RuleViolation:
    """The violation ``event`` raises; asserts it raises and changes nothing."""
    before = state.snapshot()
    try:
        apply(state, event)
    except RuleViolation as exc:
        assert state.snapshot() == before
        return exc
    raise AssertionError(f"{event} was not refused")


def faceoff(at: str) -> FaceOff:
    return FaceOff(t(at))


def whistle(at: str) -> Stoppage:
    return Stoppage(t(at))


def goal(at: str, team: Team, scorer: int, assist: int | None = None, **kw: Any) -> Goal:
    return Goal(t(at), team, scorer, assist, **kw)


def pen(at: str, team: Team, player: int | None, cls: str, infraction: str = "tripping",
        rule: str | None = "642(a)", **kw: Any) -> Penalty:
    return Penalty(t(at), team, player, PenaltyClass(cls), infraction, rule, **kw)


def signal(at: str, team: Team, player: int | None, cls: str, infraction: str = "tripping",
           rule: str | None = "642(a)", **kw: Any) -> PenaltySignal:
    return PenaltySignal(t(at), team, player, PenaltyClass(cls), infraction, rule, **kw)


def called(at: str, team: Team, player: int | None, cls: str, **kw: Any) -> list[Event]:
    """Whistle, penalty, face-off at one moment."""
    return [whistle(at), pen(at, team, player, cls, **kw), faceoff(at)]


def pulled(at: str, team: Team) -> GoalieChange:
    return GoalieChange(t(at), team, None)


def end(at: str) -> PeriodEnd:
    return PeriodEnd(t(at))


def box(state: GameState, team: Team) -> list[tuple[int | None, str, str]]:
    """(player, state, time left) for each entry, sorted."""
    return sorted(((e.player, e.state, format_duration(e.left)) for e in state.box(team)),
                  key=repr)


def at(state: GameState, moment: str) -> GameState:
    return state.advance_to(t(moment))


def regulation(*events: Event, ends: tuple[str, str] = ("1 0:00", "2 0:00")) -> list[Event]:
    """A first period, a second with ``events`` in it, and the end."""
    return [faceoff("1 12:00"), end(ends[0]), faceoff("2 12:00"), *events, end(ends[1])]
