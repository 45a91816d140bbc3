"""The state of a game at one moment, and what can be asked of it.

A :class:`GameState` a caller holds is never changed: :func:`rinkside.rules.game.apply`
copies it and lets one handler change the copy (:func:`~rinkside.rules.game.replay`
changes only the one state it built, until it hands it back). Everything a person asks
(score, clock, strength, the box, the result, the records) is answered here.

The values it answers with live beside it and are re-exported here, as the
rules core's public surface: :class:`DecidedBy` and :class:`Result`
(:mod:`rinkside.rules.outcome`), :class:`BoxEntry` (:mod:`rinkside.rules.box`)
and :class:`ShootoutShot` (:mod:`rinkside.rules.records`).
"""

from __future__ import annotations

from typing import Final, Literal

from rinkside.rules.box import (
    Box,
    BoxEntry,
    Clock,
    ServerKey,
    Unit,
    counting,
    prune,
    reasons,
    run_until,
    units_of,
)
from rinkside.rules.events import TEAMS, PenaltySignal, Team
from rinkside.rules.notices import RuleWarning
from rinkside.rules.outcome import DecidedBy, Result
from rinkside.rules.records import (
    CautionRecord,
    Chain,
    GoalieLine,
    GoalRecord,
    MeasurementRecord,
    PenaltyRecord,
    PenaltyShotRecord,
    ShootoutShot,
    ShotRecord,
    Suspension,
    goaltending,
    items,
    penalty_minutes,
    scoring,
    suspensions,
)
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime
from rinkside.rules.timing import PenaltyTime, timed

__all__ = [
    "REPLACEMENT_GOALIE",
    "BoxEntry",
    "DecidedBy",
    "GameState",
    "Result",
    "ShootoutShot",
    "Status",
    "period_length",
    "team_index",
]

Status = Literal["not_started", "in_play", "stopped", "intermission", "shootout", "final",
                 "suspended"]
REPLACEMENT_GOALIE = 0  # a goaltender took the ejected one's place, not yet named (407(b))


_new: Final = object.__new__  # a module name: a class's ``__new__`` is read unspecialized


def team_index(team: Team) -> int:
    return 0 if team == "home" else 1


def period_length(settings: Settings, period: int) -> int:
    """Regulation periods, then overtime: 639(b)2 or 639(c)2."""
    if period <= settings.periods:
        return settings.period_length
    return settings.overtime_length if settings.overtime == "shootout" else settings.period_length


class GameState:
    """One moment of a game. Build new ones with :func:`rinkside.rules.game.apply`."""

    __slots__ = (
        "setup", "phase", "period", "left", "units", "home_score", "away_score",
        "goalies", "timeouts_used", "signals", "ejected", "stoppage", "clock_held",
        "penalty_chain", "goal_chain", "shot_chain", "result", "shootout_shots",
        "warnings", "next_id", "stint_chain", "stint_start", "geometry",
        "advantage", "power_play_chain", "measurements", "penalty_shots",
        "penalty_time_chain", "clocks", "event_count", "held_for", "penalty_shot_due",
        "resume_phase", "cautions", "out_of_box", "goalie_out", "auto_added", "shot_stoppages",
        "ejected_officials", "shot_due_rule", "more_shots_due", "back_at_stoppage",
        "timeouts_here", "elapsed",
    )

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
    period: int
    left: int
    units: Box
    goalies: tuple[int | None, int | None]
    signals: tuple[PenaltySignal, ...]
    clock_held: bool
    shootout_shots: tuple[ShootoutShot, ...]
    next_id: int
    stint_chain: Chain[tuple[Team, int, int]] | None  # (team, goalie, tenths in goal)
    stint_start: tuple[int, int]
    geometry: tuple[int, int, int]  # regulation periods, their length, overtime length
    advantage: Team | None  # the team with more players on the floor, if any
    measurements: tuple[MeasurementRecord, ...]  # equipment measurements asked for
    penalty_time_chain: Chain[PenaltyTime] | None  # when penalties began and ended (507)
    clocks: tuple[Clock, Clock]  # what expiry needs: with play stopped, with play on
    held_for: str  # why the clock is held (clock_held), as the warning of 640(a) says it
    penalty_shot_due: Team | None  # 205 note 3, 610(e), casebook 43: the team that takes it
    resume_phase: Status  # while suspended: the phase the game resumes in (634(b), 640(d))
    cautions: tuple[CautionRecord, ...]  # the referees' warnings, as events (casebook 46)
    out_of_box: frozenset[tuple[Team, int, bool]]  # left the box early (629(e)); True: no
    # additional minor (the timekeeper's error, 629(f); his time already over, casebook 56)
    goalie_out: tuple[tuple[Team, int, int], ...]  # replaced regular goaltenders (206(c))
    auto_added: frozenset[int]  # ids of the penalties the engine added (casebook 42, 44)
    shot_stoppages: tuple[tuple[Team, int], ...]  # penalty shots taken: (team, stoppage)
    ejected_officials: frozenset[tuple[Team, str]]  # team officials sent off (404(d))
    shot_due_rule: str  # the rule that made the penalty shot due (205 note 3, 610(e))
    more_shots_due: tuple[tuple[Team, str], ...]  # further shots due at once: (team, rule)
    back_at_stoppage: tuple[tuple[Team, int, int], ...]  # out of the box at a whistle (406(c))
    timeouts_here: tuple[Team, ...]  # teams that called a time-out at this stoppage (641)
    elapsed: int
    """Tenths the game clock has run since the opening face-off: kept with
    ``period`` and ``left`` where the clock moves (:mod:`rinkside.rules.clock`,
    :meth:`advance_to`), not worked out again at each of the fold's many reads."""

    @classmethod
    def initial(cls, setup: GameSetup) -> GameState:
        s = cls.__new__(cls)
        s.setup = setup
        st = setup.settings
        s.geometry = (st.periods, st.period_length, period_length(st, st.periods + 1))
        s.phase = "not_started"
        s.period = 1
        s.left = setup.settings.period_length
        s.units = ()
        s.home_score = s.away_score = 0
        s.goalies = (setup.home.starting_goalie, setup.away.starting_goalie)
        s.timeouts_used = (0, 0)
        s.signals = ()
        s.ejected = frozenset()
        s.stoppage = 0
        s.clock_held = False
        s.penalty_chain = s.goal_chain = s.shot_chain = None
        s.result = None
        s.shootout_shots = ()
        s.warnings = ()
        s.next_id = 1
        s.stint_chain = None
        s.stint_start = (0, 0)
        s.advantage = None
        s.power_play_chain = None
        s.measurements = ()
        s.penalty_shots = ()
        s.penalty_time_chain = None
        s.clocks = (Clock(False, st.clock == "running", st.max_counting_penalties),
                    Clock(True, st.clock == "running", st.max_counting_penalties))
        s.event_count = 0
        s.held_for = ""
        s.penalty_shot_due = None
        s.resume_phase = "not_started"
        s.cautions = ()
        s.out_of_box = frozenset()
        s.goalie_out = ()
        s.auto_added = frozenset()
        s.shot_stoppages = ()
        s.ejected_officials = frozenset()
        s.shot_due_rule = ""
        s.more_shots_due = ()
        s.back_at_stoppage = ()
        s.timeouts_here = ()
        s.elapsed = 0
        return s

    def copy(self) -> GameState:
        """A shallow copy: every field holds an immutable value."""
        s: GameState = _new(GameState)
        s.setup = self.setup
        s.phase = self.phase
        s.period = self.period
        s.left = self.left
        s.units = self.units
        s.home_score = self.home_score
        s.away_score = self.away_score
        s.goalies = self.goalies
        s.timeouts_used = self.timeouts_used
        s.signals = self.signals
        s.ejected = self.ejected
        s.stoppage = self.stoppage
        s.clock_held = self.clock_held
        s.penalty_chain = self.penalty_chain
        s.goal_chain = self.goal_chain
        s.shot_chain = self.shot_chain
        s.result = self.result
        s.shootout_shots = self.shootout_shots
        s.warnings = self.warnings
        s.next_id = self.next_id
        s.stint_chain = self.stint_chain
        s.stint_start = self.stint_start
        s.geometry = self.geometry
        s.advantage = self.advantage
        s.power_play_chain = self.power_play_chain
        s.measurements = self.measurements
        s.penalty_shots = self.penalty_shots
        s.penalty_time_chain = self.penalty_time_chain
        s.clocks = self.clocks
        s.event_count = self.event_count
        s.held_for = self.held_for
        s.penalty_shot_due = self.penalty_shot_due
        s.resume_phase = self.resume_phase
        s.cautions = self.cautions
        s.out_of_box = self.out_of_box
        s.goalie_out = self.goalie_out
        s.auto_added = self.auto_added
        s.shot_stoppages = self.shot_stoppages
        s.ejected_officials = self.ejected_officials
        s.shot_due_rule = self.shot_due_rule
        s.more_shots_due = self.more_shots_due
        s.back_at_stoppage = self.back_at_stoppage
        s.timeouts_here = self.timeouts_here
        s.elapsed = self.elapsed
        return s

    # -- the clock ---------------------------------------------------------

    def period_length(self, period: int) -> int:
        periods, regular, overtime = self.geometry
        return regular if period <= periods else overtime

    def period_offset(self, period: int) -> int:
        """Clock tenths in the periods before ``period``."""
        periods, regular, overtime = self.geometry
        if period <= periods:
            return (period - 1) * regular
        return periods * regular + (period - 1 - periods) * overtime

    def elapsed_at(self, moment: GameTime) -> int:
        return self.period_offset(moment.period + 1) - moment.left

    @property
    def clock(self) -> GameTime:
        return GameTime(self.period, self.left)

    @property
    def status(self) -> Status:
        return self.phase

    @property
    def in_overtime(self) -> bool:
        return self.period > self.setup.settings.periods

    def late_stop_clock(self) -> bool:
        """Rule 640(a), casebook 22: under running time the clock stops in the
        last minutes of the final regulation period while the score is close."""
        st = self.setup.settings
        return (st.late_stop_clock is not None and self.period == st.periods
                and self.left <= st.late_stop_clock
                and abs(self.home_score - self.away_score) <= st.late_stop_clock_margin)

    @property
    def running(self) -> bool:
        """Whether the game clock is running now (Rule 640(a))."""
        if self.phase == "in_play":
            return True
        if self.phase != "stopped" or self.setup.settings.clock != "running":
            return False
        return not self.clock_held and not self.late_stop_clock()

    def clock_rules(self) -> Clock:
        if self.phase == "in_play":  # an if, not a bool index: both specialize (issue 30)
            return self.clocks[1]
        return self.clocks[0]

    def advance_to(self, moment: GameTime) -> GameState:
        """The state at ``moment`` with nothing else happening: the clock runs
        only if it is running now, and not past the period's end."""
        if moment.is_before(self.clock):
            raise ValueError(f"{moment} is earlier than the clock ({self.clock})")
        if not self.running or moment.period != self.period:
            return self
        target_left = moment.left
        if self.phase == "stopped" and self.setup.settings.late_stop_clock is not None:
            st = self.setup.settings
            close = abs(self.home_score - self.away_score) <= st.late_stop_clock_margin
            if close and self.period == st.periods and st.late_stop_clock is not None:
                target_left = max(target_left, st.late_stop_clock)
        s = self.copy()
        s.left, s.elapsed = target_left, self.elapsed + self.left - target_left
        s.units = prune(run_until(self.units, self.elapsed, s.elapsed, self.clock_rules()))
        return s

    # -- the floor ---------------------------------------------------------

    def counting(self, team: Team) -> int:
        return counting(self.units, team)

    def goalie(self, team: Team) -> int | None:
        return self.goalies[0 if team == "home" else 1]

    def has_goalie(self, team: Team) -> bool:
        return self.goalie(team) is not None

    def is_goaltender(self, team: Team, number: int | None) -> bool:
        """Whether ``number`` is the team's goaltender in goal, or one its
        roster lists (203(a)): a backup on the bench is a goaltender too."""
        if number is None:
            return False
        return number == self.goalie(team) or self.setup.roster(team).lists_goalie(number)

    def skaters(self, team: Team) -> int:
        """Skaters the team may have on the floor (casebook 1-3): full strength
        less its counting penalties, never below the 401(c) minimum, and one
        more with the net empty."""
        st = self.setup.settings
        short = min(counting(self.units, team), self.clocks[0].max_counting)
        return st.full_strength - short + (0 if self.has_goalie(team) else 1)

    def players_on_floor(self, team: Team) -> int:
        return self.skaters(team) + (1 if self.has_goalie(team) else 0)

    def strength(self) -> str:
        return f"{self.skaters('home')} on {self.skaters('away')}"

    # -- the box -----------------------------------------------------------

    def box_units(self, team: Team) -> list[Unit]:
        return sorted(units_of(self.units, team), key=Unit.order_key)

    def box(self, team: Team) -> list[BoxEntry]:
        """The penalties not yet over for ``team``; a double minor served by one
        player is one entry counting both halves (FORMAT.md)."""
        now = self.elapsed
        entries: list[BoxEntry] = []
        units = self.box_units(team)
        merged: dict[tuple[int, ServerKey], list[Unit]] = {}
        for u in units:
            merged.setdefault((u.penalty_id, u.server), []).append(u)
        for group in merged.values():
            group.sort(key=lambda u: (u.half, u.uid))
            active = next((u for u in group if u.status != "expired"), group[-1])
            state = active.status if active.status != "done" else "expired"
            assert state in ("pending", "running", "expired")
            entries.append(BoxEntry(
                player=active.player, served_by=active.served_by, state=state,
                left=sum(u.left(now) for u in group), penalty_class=active.penalty_class,
                infraction=active.infraction, may_return=state == "expired",
                why=reasons(active, units, self.clocks[0].max_counting),
            ))
        return entries

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

    def saves(self) -> dict[Team, int]:
        """Saves by each team's goaltenders: the other team's shots stopped by
        a goaltender in goal (as :meth:`goaltending` counts them); none after
        a forfeit (634(d) 3: no shot, save or goal against for either goalie)."""
        out: dict[Team, int] = {"home": 0, "away": 0}
        if self.result is not None and self.result.decided_by == "forfeit":
            return out
        for shot in self.shots:
            if shot.goalie_against is not None:
                out["away" if shot.team == "home" else "home"] += 1
        return out

    # -- the records, with the clock -------------------------------------

    @property
    def penalties(self) -> tuple[PenaltyRecord, ...]:
        """Every penalty assessed, with when its time began and ended (507)."""
        return timed(self, items(self.penalty_chain))

    def goaltending(self) -> list[GoalieLine]:
        """Each goaltender's game; after a forfeit only his time in goal
        (634(d) 3: no shot, save or goal against for either goalie)."""
        if self.result is not None and self.result.decided_by == "forfeit":
            return goaltending((), (), self.goalie_minutes())
        return goaltending(self.goals, self.shots, self.goalie_minutes())

    def goalie_minutes(self) -> dict[Team, dict[int, int]]:
        """Tenths each goaltender spent in goal."""
        out: dict[Team, dict[int, int]] = {"home": {}, "away": {}}
        for team, goalie, tenths in items(self.stint_chain):
            out[team][goalie] = out[team].get(goalie, 0) + tenths
        if self.phase != "not_started":
            for team in TEAMS:
                g = self.goalie(team)
                if g is not None:
                    spent = self.elapsed - self.stint_start[team_index(team)]
                    out[team][g] = out[team].get(g, 0) + spent
        return out

    def snapshot(self) -> dict[str, object]:
        """Everything a person can see of this state, as plain values: two
        states with equal snapshots are the same game moment."""
        return {
            "clock": (self.period, self.left),
            "status": self.phase,
            "running": self.running,
            "score": self.score,
            "skaters": {t: self.skaters(t) for t in TEAMS},
            "goalies": self.goalies,
            "box": {t: self.box(t) for t in TEAMS},
            "timeouts_left": self.timeouts_left,
            "result": self.result,
            "pim": self.pim(),
            "scoring": self.scoring(),
            "suspensions": sorted(self.suspensions(), key=repr),
            "goals": self.goals,
            "signals": self.signals,
            "shootout": self.shootout_shots,
        }
