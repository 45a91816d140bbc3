"""Rosters and games for the tests of who a suspension bars (Rules 404(d),
410(c), casebook 27): a player who is one person on two teams, and a game
a player leaves with a game misconduct."""

from __future__ import annotations

from typing import Literal

from rinkside.rules.events import Event, FaceOff, Penalty, PenaltyClass, PeriodEnd, Stoppage
from rinkside.rules.times import GameTime


def at(period: int, minutes: int) -> GameTime:
    """``minutes`` left on the clock of ``period``."""
    return GameTime(period, minutes * 600)


def roster(prefix: str, twin: int | None = None) -> list[dict[str, object]]:
    """A keeper and skaters #2-#9; ``twin``: that number is Pat Twin (the
    same person as on another team, Rule 410(c))."""
    players: list[dict[str, object]] = [{"number": 1, "name": f"{prefix} Keeper",
                                         "goalie": True}]
    players += [{"number": n, "name": "Pat Twin" if n == twin else f"{prefix} {n}",
                 "captain": "C" if n == 2 else None} for n in range(2, 10)]
    return players


def misconduct(side: Literal["home", "away"], number: int) -> list[Event]:
    """A game ``side``'s ``number`` leaves with a game misconduct (615(c)):
    a one-game suspension (404(d))."""
    return [FaceOff(at(1, 12)), Stoppage(at(1, 11)),
            Penalty(at(1, 11), side, number, PenaltyClass.GAME_MISCONDUCT, "fighting", "615(c)"),
            FaceOff(at(1, 11)), PeriodEnd(at(1, 0)), FaceOff(at(2, 12)), PeriodEnd(at(2, 0))]
