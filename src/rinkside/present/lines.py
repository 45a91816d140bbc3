"""A game's record as lines for a person: each goal, penalty, goaltender,
penalty shot, shootout attempt and suspension of a :class:`GameState` as
one small frozen value, built once by :func:`game_lines` from the state and
the names of its rosters.

The game page, the scoreboard's between-periods summary, the live state's
goals and the official report (HTML and PDF) all show these values; none of
them reads the engine's records itself. Every value is the engine's (a
goal's strength, the minutes charged, casebook 12, when a penalty's time
began and ended, Rule 507, time in goal, the suspensions); only the words
are said here. Times are given twice where the pages differ: ``time`` in
minutes and seconds as the official report writes it (Rule 507(d)),
``clock`` as the boards show the clock (tenths in the last minute).
"""

from __future__ import annotations

from dataclasses import dataclass

from rinkside.present.clock import clock_text, timer_text
from rinkside.present.names import class_text, goal_tags, roster_player_name
from rinkside.present.periods import period_label
from rinkside.rules.events import TEAMS, PenaltyClass, Team
from rinkside.rules.records import (
    GoalRecord,
    PenaltyEnd,
    PenaltyRecord,
    Suspension,
    charged_tenths,
)
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime, format_duration, minutes_value

__all__ = ["GameLines", "GoalLine", "GoalieLine", "PenaltyLine", "PenaltyShotLine", "RosterLine",
           "ShotLine", "SuspensionLine", "game_lines", "goal_lines", "penalty_shot_lines",
           "shootout_lines", "suspension_text"]


@dataclass(frozen=True, slots=True)
class RosterLine:
    """A dressed player, with his game: goals and assists (616(k)), penalty
    minutes charged (casebook 12)."""

    number: int
    name: str
    goalie: bool
    letter: str | None  # "C" or "A" (Rule 202)
    goals: int
    assists: int
    pim: int | float


@dataclass(frozen=True, slots=True)
class GoalLine:
    """A goal (Rule 506(a): scorer and assist), with the score after it."""

    period: str
    time: str  # minutes and seconds (Rule 507(d))
    clock: str  # as the boards show the clock
    team: Team
    team_name: str
    scorer: int
    scorer_name: str
    assist: int | None
    assist_name: str | None
    strength: str  # EV, PP or SH as the engine classed the goal
    tags: tuple[str, ...]  # PP / SH, EN, PS, and OG for a defender's goal (616(c))
    board_tags: tuple[str, ...]  # the same without OG, as the live boards show them
    score: str  # home-away after the goal
    # The penalties the goal ended (Rule 402(d)): who comes back on, in words.
    released: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    """A penalty as the official scorer records it (Rule 506(a)), with the
    times its time began and ended (Rule 507) and who served it (402(c),
    404(e), 405(a), 407(a))."""

    period: str
    time: str  # when assessed, minutes and seconds (Rules 506(a), 507(d))
    clock: str  # the same moment as the boards show the clock
    team: Team
    team_name: str
    player: int | None  # None: a bench penalty (402(c))
    player_name: str  # "bench" for a bench penalty
    infraction: str  # with the official who called it, where one did (Rule 503)
    recorded_infraction: str  # as entered, without the 503 note
    rule: str | None
    penalty_class: PenaltyClass
    class_text: str
    minutes: int | float  # charged in the records (casebook 12)
    off: str | None  # when its time began ("period M:SS"); None: no time to serve
    on: str | None  # when the player came back; None: not served out by the end
    served_by: int | None
    served_by_name: str | None
    goalie: bool

    @property
    def who(self) -> str:
        """``Bench`` for a bench penalty (402(c)), else the player: ``#7 Alex Kim``."""
        return "Bench" if self.player is None else self.player_name


@dataclass(frozen=True, slots=True)
class GoalieLine:
    """A goaltender's game: time in goal, goals against (casebook 28), shots
    and saves where shots were recorded (None where they were not)."""

    team: Team
    team_name: str
    number: int
    name: str
    time: str
    tenths: int
    goals_against: int
    shots_against: int | None
    saves: int | None
    decision: str  # W, L, T or "" (most time in goal for the team; no rule sets it)


@dataclass(frozen=True, slots=True)
class PenaltyShotLine:
    """A penalty shot taken (Rule 406), scored or not (in the live state's order)."""

    team: Team
    team_name: str
    shooter: int
    shooter_name: str
    scored: bool
    period: str
    time: str  # minutes and seconds (Rule 507(d))
    clock: str  # as the boards show the clock

    @property
    def label(self) -> str:
        """When it was taken: ``2 8:00``."""
        return f"{self.period} {self.time}"


@dataclass(frozen=True, slots=True)
class ShotLine:
    """A shootout attempt (639(b))."""

    label: str  # its round: R1, then SD1, SD2 in sudden death (639(b)4D-E)
    team: Team
    team_name: str
    shooter: int
    shooter_name: str
    scored: bool


@dataclass(frozen=True, slots=True)
class SuspensionLine:
    """Games a player must sit out after this game (casebook 13)."""

    team_name: str
    player_name: str
    games: str
    rule: str


@dataclass(frozen=True, slots=True)
class GameLines:
    """Every line of a game's record, in the order of the game."""

    periods: tuple[str, ...]  # the labels of the periods played (at least regulation's)
    by_period: dict[Team, tuple[int, ...]]  # each team's goals in each of them
    players: dict[Team, tuple[RosterLine, ...]]  # each team's dressed players, roster order
    bench_pim: dict[Team, int | float]  # minutes charged to each bench (402(c))
    goals: tuple[GoalLine, ...]
    penalties: tuple[PenaltyLine, ...]
    goalies: tuple[GoalieLine, ...]  # every goaltender who was in goal, home first
    penalty_shots: tuple[PenaltyShotLine, ...]
    shootout: tuple[ShotLine, ...]
    suspensions: tuple[SuspensionLine, ...]


def game_lines(state: GameState) -> GameLines:
    """THE one place a state's records become lines for a person."""
    pim = state.pim()
    played = range(1, max(state.setup.settings.periods, state.period) + 1)
    return GameLines(
        periods=tuple(_period(state, p) for p in played),
        by_period={t: tuple(sum(1 for g in state.goals if g.team == t and g.at.period == p)
                            for p in played) for t in TEAMS},
        players={t: _players(state, t, pim[t]) for t in TEAMS},
        bench_pim={t: pim[t].get("bench", 0) for t in TEAMS}, goals=goal_lines(state),
        penalties=tuple(_penalty(state, p) for p in state.penalties),
        goalies=_goalies(state), penalty_shots=penalty_shot_lines(state),
        shootout=shootout_lines(state), suspensions=_suspensions(state))


def _period(state: GameState, period: int) -> str:
    return period_label(period, state.setup.settings)


def _moment(state: GameState, at: GameTime) -> str:
    return f"{_period(state, at.period)} {timer_text(at.left)}"


def _name(state: GameState, team: Team, number: int | None) -> str:
    return roster_player_name(state.setup.roster(team), number)


def _players(state: GameState, team: Team, pim: dict[str, int | float]
             ) -> tuple[RosterLine, ...]:
    scoring = state.scoring()[team]
    return tuple(RosterLine(p.number, p.name, p.goalie, p.captain,
                            *scoring.get(p.number, (0, 0)), pim.get(str(p.number), 0))
                 for p in state.setup.roster(team).players)


def goal_lines(state: GameState) -> tuple[GoalLine, ...]:
    """The goals alone (the live state's, sent at every event)."""
    lines = []
    score = {"home": 0, "away": 0}
    for goal in state.goals:
        score[goal.team] += 1
        lines.append(_goal(state, goal, f"{score['home']}-{score['away']}"))
    return tuple(lines)


def _goal(state: GameState, goal: GoalRecord, score: str) -> GoalLine:
    return GoalLine(
        period=_period(state, goal.at.period), time=timer_text(goal.at.left),
        clock=clock_text(goal.at.left), team=goal.team,
        team_name=state.setup.roster(goal.team).name, scorer=goal.scorer,
        scorer_name=_name(state, goal.team, goal.scorer), assist=goal.assist,
        assist_name=None if goal.assist is None else _name(state, goal.team, goal.assist),
        strength=goal.strength, tags=tuple(goal_tags(goal, own_goal=True)),
        board_tags=tuple(goal_tags(goal)), score=score, released=_released(state, goal))


def _released(state: GameState, goal: GoalRecord) -> tuple[str, ...]:
    """Rule 402(d): the penalty the goal ended (the engine's
    ``PenaltyEnd.RELEASED`` at the goal's time), as the penalty timekeeper
    lets its player back on: "#7 Alex Kim (Storm) comes back on: minor,
    a goal against the short-handed team ended it (Rule 402(d))"."""
    end = PenaltyEnd.RELEASED
    return tuple(
        f"{_name(state, p.team, p.served_by or p.player)} "
        f"({state.setup.roster(p.team).name}) comes back on: {class_text(p.penalty_class)}, "
        f"{end.text} (Rule {end.rule})"
        for p in state.penalties
        if p.end is end and p.ended == goal.at and p.team != goal.team)


def _penalty(state: GameState, record: PenaltyRecord) -> PenaltyLine:
    off, on = record.started, record.returned  # the engine's times (Rule 507)
    called = f" (called by {record.called_by}, Rule 503)" if record.called_by else ""
    return PenaltyLine(
        period=_period(state, record.at.period), time=timer_text(record.at.left),
        clock=clock_text(record.at.left), team=record.team,
        team_name=state.setup.roster(record.team).name, player=record.player,
        player_name=_name(state, record.team, record.player),
        infraction=record.infraction + called, recorded_infraction=record.infraction,
        rule=record.rule, penalty_class=record.penalty_class,
        class_text=class_text(record.penalty_class),
        minutes=minutes_value(charged_tenths(record, state.setup.settings)),
        off=None if off is None else _moment(state, off),
        on=None if on is None else _moment(state, on),
        served_by=record.served_by,
        served_by_name=None if record.served_by is None
        else _name(state, record.team, record.served_by),
        goalie=record.goalie)


def _goalies(state: GameState) -> tuple[GoalieLine, ...]:
    """Each team's goaltenders, most time in goal first; the decision (W, L,
    T) goes to the one with the most time: a scoresheet convention, not a
    rule of the book."""
    result = state.result
    found = sorted(state.goaltending(), key=lambda g: (g.team != "home", -g.tenths))
    lines = []
    for team in TEAMS:
        for i, g in enumerate(g for g in found if g.team == team):
            decision = ""
            if result is not None and i == 0:
                decision = ("T" if result.winner is None
                            else "W" if result.winner == team else "L")
            lines.append(GoalieLine(
                team, state.setup.roster(team).name, g.goalie, _name(state, team, g.goalie),
                format_duration(g.tenths, show_tenths=False), g.tenths, g.goals_against,
                g.shots_against, g.saves, decision))
    return tuple(lines)


def penalty_shot_lines(state: GameState) -> tuple[PenaltyShotLine, ...]:
    """Rule 406: every penalty shot taken, scored or not (the engine's record)."""
    return tuple(PenaltyShotLine(
        s.team, state.setup.roster(s.team).name, s.shooter, _name(state, s.team, s.shooter),
        s.scored, _period(state, s.at.period), timer_text(s.at.left), clock_text(s.at.left))
        for s in state.penalty_shots)


def shootout_lines(state: GameState) -> tuple[ShotLine, ...]:
    """Rule 639(b)4D-E: the first round of ``shootout_shooters`` shots a team,
    then sudden death one shooter a team; labelled ``R1`` and ``SD1``, ``SD2``..."""
    per_round = state.setup.settings.shootout_shooters
    taken = {"home": 0, "away": 0}
    lines = []
    for shot in state.shootout_shots:
        n = taken[shot.team]
        taken[shot.team] += 1
        label = "R1" if n < per_round else f"SD{n - per_round + 1}"
        lines.append(ShotLine(label, shot.team, state.setup.roster(shot.team).name,
                              shot.shooter, _name(state, shot.team, shot.shooter), shot.scored))
    return tuple(lines)


def suspension_text(suspension: Suspension) -> str:
    """``2 games``, ``rest of the tournament`` (405(e)), ``until the Event
    Directors have dealt with the case`` (404(h), 405(b))."""
    games = suspension.games
    if games == "rest_of_tournament":
        return "rest of the tournament"
    if games == "pending_review":
        return "until the Event Directors have dealt with the case"
    return f"{games} game{'s' if games != 1 else ''}"


def _suspensions(state: GameState) -> tuple[SuspensionLine, ...]:
    """Each suspension the game produced, a team official's too (casebook 59)."""
    return tuple(
        SuspensionLine(state.setup.roster(s.team).name,
                       _name(state, s.team, s.player) if s.official is None
                       else f"{s.official} (team official)", suspension_text(s), s.rule)
        for s in sorted(state.suspensions(),
                        key=lambda s: (s.team != "home", s.official or "", s.player)))
