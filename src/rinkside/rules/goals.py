"""Goals, penalty shots and shots on goal (Rules 406, 616).

``refuse_*`` functions only read the state and raise :class:`RuleViolation`;
the changes refuse nothing. Whether a goal ends the game (mercy 630(a),
sudden death 639) is settled in :mod:`rinkside.rules.ending`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rinkside.rules import clock
from rinkside.rules.box import Box, counting, finish, first_releasable
from rinkside.rules.eligibility import refuse_not_playing, refuse_unlisted
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Goal, PenaltyShot, PenaltySignal, Shot, Team, other
from rinkside.rules.penalties import MINOR_CLASSES, refuse_assessing, stop_play
from rinkside.rules.play import refuse_whistle
from rinkside.rules.records import Chain, GoalRecord, PenaltyShotRecord, ShotRecord, Strength

if TYPE_CHECKING:
    from rinkside.rules.state import GameState


def refuse_goal(s: GameState, event: Goal) -> None:
    """Rule 616: a goal is scored during the game, by a player on the floor
    (629(k)), with at most one assist (616(c), 616(k)); the delayed
    penalties it brings must be assessable (409(b))."""
    if s.phase not in ("in_play", "stopped"):
        raise RuleViolation("616(b)", f"a goal can only be scored during the game, not while "
                            f"the game is {s.phase.replace('_', ' ')}")
    if event.own_goal and event.assist is not None:
        raise RuleViolation("616(c)", "no assist is awarded on a goal put in by a defending "
                            "player")
    if event.assist is not None and event.assist == event.scorer:
        raise RuleViolation("616(k)", f"#{event.scorer} cannot assist on his own goal")
    clock.refuse_moment(s, event.at)
    refuse_not_playing(s, event.at, event.team, event.scorer, "scorer")
    if event.assist is not None:
        refuse_not_playing(s, event.at, event.team, event.assist, "assist")
    if s.phase == "in_play" and s.signals:
        against = other(event.team)
        box = clock.box_at(s, event.at)
        kept, _ = signals_after_goal(s, against, _short(s, box, against, event.team))
        refuse_assessing(s, kept)


def _short(s: GameState, box: Box, team: Team, than: Team) -> bool:
    """``team`` has fewer players on the floor than ``than`` (casebook 1-3:
    only counting penalties differ, up to the 401(c) minimum)."""
    cap = s.setup.settings.max_counting_penalties
    return min(counting(box, team), cap) > min(counting(box, than), cap)


def goal(s: GameState, event: Goal) -> None:
    """A goal (616): credited, tagged PP/SH/EN, releasing a minor of a team
    that was short (402(d)); the delayed penalties of the scored-on team
    follow 409(c) and 402(e)."""
    scorer_team, against = event.team, other(event.team)
    mine, theirs = s.players_on_floor(scorer_team), s.players_on_floor(against)
    strength: Strength = "PP" if mine > theirs else "SH" if mine < theirs else "EV"
    goalie_against = s.goalie(against)
    short = theirs < mine
    if s.phase == "in_play" and s.signals:
        s.signals, warnings = signals_after_goal(s, against, short)
        s.warnings += warnings
    if short:
        released = first_releasable(s.units, against)
        if released is not None:
            s.units = finish(s.units, released, s.elapsed, s.clock_rules(), released=True)
    if s.phase == "in_play":
        stop_play(s)
    score(s, GoalRecord(event.at, scorer_team, event.scorer, event.assist, strength,
                        empty_net=goalie_against is None, own_goal=event.own_goal,
                        goalie_against=goalie_against))


def signals_after_goal(s: GameState, against: Team, short: bool
                       ) -> tuple[tuple[PenaltySignal, ...], tuple[str, ...]]:
    """Rule 409(c), casebook 10: a goal against the offending team cancels its
    signalled minors, unless it was already short (402(e), 409(c) note 3);
    majors and match penalties are imposed regardless. The signals kept, and
    a warning for each cancelled."""
    kept: list[PenaltySignal] = []
    warnings: list[str] = []
    for signal in s.signals:
        if signal.team == against and signal.penalty_class in MINOR_CLASSES and not short:
            warnings.append(f"Rule 409(c): the delayed {signal.penalty_class.value} to "
                            f"{_who(signal.player)} is not imposed: the other team scored.")
            continue
        kept.append(signal)
    return tuple(kept), tuple(warnings)


def _who(player: int | None) -> str:
    return "the bench" if player is None else f"#{player}"


def score(s: GameState, record: GoalRecord) -> None:
    if record.team == "home":
        s.home_score += 1
    else:
        s.away_score += 1
    s.goal_chain = Chain.push(s.goal_chain, record)


def refuse_penalty_shot(s: GameState, event: PenaltyShot) -> None:
    """Rule 406: taken during the game (or as the period's time runs out,
    406(i)) by a player still in the game (406(d))."""
    if s.phase not in ("in_play", "stopped", "intermission"):
        raise RuleViolation("406(a)", f"no penalty shot while the game is "
                            f"{s.phase.replace('_', ' ')}")
    if s.phase != "intermission":
        clock.refuse_moment(s, event.at)
    if s.phase == "in_play":
        refuse_whistle(s)
    refuse_unlisted(s, event.team, event.shooter, "penalty shot shooter")
    if s.is_ejected(event.team, event.shooter):
        raise RuleViolation("406(d)", f"#{event.shooter} was removed from the game and cannot "
                            "take the penalty shot")


def penalty_shot(s: GameState, event: PenaltyShot) -> None:
    """Rule 406: a goal counts as a goal but releases no penalty (402(d) note 1)."""
    if s.phase == "in_play":
        stop_play(s)
    s.penalty_shots = (*s.penalty_shots, PenaltyShotRecord(
        event.at, event.team, event.shooter, event.scored, s.stoppage))
    if event.scored:
        score(s, GoalRecord(event.at, event.team, event.shooter, None, "EV", empty_net=False,
                            penalty_shot=True, goalie_against=s.goalie(other(event.team))))


def refuse_shot(s: GameState, event: Shot) -> None:
    if s.phase != "in_play":
        raise RuleViolation("616(b)", "a shot is taken during play")
    clock.refuse_moment(s, event.at)
    if event.shooter is not None:
        refuse_unlisted(s, event.team, event.shooter, "shooter")


def shot(s: GameState, event: Shot) -> None:
    s.shot_chain = Chain.push(s.shot_chain, ShotRecord(event.at, event.team, event.shooter,
                                                       s.goalie(other(event.team))))
