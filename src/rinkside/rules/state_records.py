"""What a game's records answer, with no clock needed: the score, the goals,
the penalties as assessed, the shots, the warnings, and what is counted from them.

:class:`GameRecords` is the base of :class:`rinkside.rules.state.GameState`
and holds no slot of its own (``__slots__ = ()``): the fields it reads are
declared (typed) below, once, and held in ``GameState``'s slots. What needs
the clock as well (the penalties with their times, time in goal, the
snapshot) is asked of ``GameState`` itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rinkside.rules.events import Team
from rinkside.rules.notices import RuleWarning
from rinkside.rules.outcome import Result
from rinkside.rules.records import (
    Chain,
    GoalRecord,
    PenaltyRecord,
    PenaltyShotRecord,
    ShotRecord,
    Suspension,
    items,
    penalty_minutes,
    scoring,
    suspensions,
)
from rinkside.rules.roster import GameSetup
from rinkside.rules.times import GameTime

if TYPE_CHECKING:
    from rinkside.rules.state import Status

__all__ = ["GameRecords"]


class GameRecords:
    """The questions about a game's records; see :class:`~rinkside.rules.state.GameState`."""

    __slots__ = ()

    # The fields read here, held in GameState's slots (declared here only).
    setup: GameSetup
    phase: Status
    home_score: int
    away_score: int
    timeouts_used: tuple[int, int]
    ejected: frozenset[tuple[Team, int]]
    stoppage: int
    penalty_chain: Chain[PenaltyRecord] | None
    goal_chain: Chain[GoalRecord] | None
    shot_chain: Chain[ShotRecord] | None
    result: Result | None
    warnings: tuple[RuleWarning, ...]  # every warning of the game, oldest first
    power_play_chain: Chain[tuple[Team, GameTime]] | None  # each man advantage as it began
    penalty_shots: tuple[PenaltyShotRecord, ...]  # every penalty shot taken (406)
    event_count: int  # events accepted so far: the index of the next one

    # -- score and result --------------------------------------------------

    @property
    def score(self) -> dict[Team, int]:
        return {"home": self.home_score, "away": self.away_score}

    @property
    def timeouts_left(self) -> dict[Team, int]:
        n = self.setup.settings.timeouts
        return {"home": n - self.timeouts_used[0], "away": n - self.timeouts_used[1]}

    @property
    def goals(self) -> tuple[GoalRecord, ...]:
        return items(self.goal_chain)

    @property
    def assessed(self) -> tuple[PenaltyRecord, ...]:
        """Every penalty assessed, as the scorer recorded it when it was called
        (506(a)): :attr:`penalties` without the penalty timekeeper's times,
        for what counts penalties and minutes (casebook 12, 13), at a
        fraction of the cost."""
        return items(self.penalty_chain)

    @property
    def power_plays(self) -> tuple[tuple[Team, GameTime], ...]:
        """Each time a team gained a man advantage, with the moment (for PP%, PK%)."""
        return items(self.power_play_chain)

    @property
    def shots(self) -> tuple[ShotRecord, ...]:
        return items(self.shot_chain)

    @property
    def penalty_shot_now(self) -> PenaltyShotRecord | None:
        """The penalty shot just taken, until play resumes (the scoreboard
        shows its result): the last one, if taken at this stoppage."""
        if not self.penalty_shots or self.phase == "in_play":
            return None
        last = self.penalty_shots[-1]
        return last if last.stoppage == self.stoppage else None

    def is_ejected(self, team: Team, player: int) -> bool:
        return (team, player) in self.ejected

    # -- records -----------------------------------------------------------

    def pim(self) -> dict[Team, dict[str, int | float]]:
        return penalty_minutes(items(self.penalty_chain), self.setup.settings)

    def scoring(self) -> dict[Team, dict[int, tuple[int, int]]]:
        return scoring(self.goals)

    def suspensions(self) -> list[Suspension]:
        """Every suspension the game produces: the players' (casebook 13) and
        the team officials' (casebook 59)."""
        return suspensions(items(self.penalty_chain))

    def official_suspensions(self) -> list[Suspension]:
        """The team officials' suspensions (casebook 47, 59: a game misconduct
        404(d), a gross misconduct pending review 404(h), a game ejection none
        404(c), unless the referee set games)."""
        return suspensions(items(self.penalty_chain), officials=True)

    @property
    def last_warnings(self) -> tuple[RuleWarning, ...]:
        """The warnings the engine gave for the last event it accepted."""
        last = self.event_count - 1
        out = []
        for w in reversed(self.warnings):
            if w.event_index != last:
                break
            out.append(w)
        return tuple(reversed(out))

    def shots_on_goal(self) -> dict[Team, int]:
        """Shots on goal in regulation and overtime (506): the saves recorded
        plus the goals, own goals and penalty-shot goals excluded; none after
        a forfeit (634(d) 3, casebook 49)."""
        out: dict[Team, int] = {"home": 0, "away": 0}
        if self.result is not None and self.result.decided_by == "forfeit":
            return out
        for shot in self.shots:
            out[shot.team] += 1
        for goal in self.goals:
            if not goal.own_goal and not goal.penalty_shot:
                out[goal.team] += 1
        return out
