"""Goals, penalty shots and shots on goal (Rules 406, 616).

``refuse_*`` functions only read the state and raise :class:`RuleViolation`;
the changes refuse nothing. Whether a goal ends the game (mercy 630(a),
sudden death 639) is settled in :mod:`rinkside.rules.ending`.
"""

from __future__ import annotations

from rinkside.rules import clock
from rinkside.rules.box import MINOR_TIME, Box, counting, finish, first_releasable
from rinkside.rules.eligibility import refuse_not_playing, refuse_unlisted
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Goal,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    Shot,
    Team,
    other,
)
from rinkside.rules.notices import warn
from rinkside.rules.penalties import MINOR_CLASSES, offender, refuse_assessing, stop_play
from rinkside.rules.play import refuse_whistle
from rinkside.rules.records import (
    Chain,
    GoalRecord,
    PenaltyShotRecord,
    ShotRecord,
    Strength,
    goal_record,
    items,
)
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime


def refuse_goal(s: GameState, event: Goal) -> None:
    """Rule 616: a goal is scored during play, before the whistle (402(e),
    409(c)), by a player on the floor (629(k)), with at most one assist
    (616(c), 616(k)); the delayed penalties it brings must be assessable
    (409(b))."""
    if s.phase not in ("in_play", "stopped"):
        raise RuleViolation("616(b)", f"a goal can only be scored during the game, not while "
                            f"the game is {s.phase.replace('_', ' ')}")
    if s.phase == "stopped":
        # A goal stops play itself: the whistle that follows it is the goal's,
        # and only a goal before the whistle counts (402(e), 409(c) "before the
        # whistle is blown"; 601(b) a shot after it is a penalty). A goal read
        # after a recorded whistle would also miss 409(c): the signalled minors
        # were assessed at that whistle. The goal takes the whistle's place.
        raise RuleViolation("616(b)", "play is stopped: a goal is scored only while the puck "
                            "is in play, before the whistle (402(e), 409(c)); if this goal "
                            "caused the stoppage, record the goal in the whistle's place")
    if event.own_goal and event.assist is not None:
        raise RuleViolation("616(c)", "no assist is awarded on a goal put in by a defending "
                            "player")
    if event.assist is not None and event.assist == event.scorer:
        raise RuleViolation("616(k)", f"#{event.scorer} cannot assist on his own goal")
    clock.refuse_moment(s, event.at)
    # 203(a), 404-405, 629(k): with nobody out of the game nor in the box (most
    # goals) one roster read answers for both; the calls only where one may refuse.
    numbers = (s.setup.home if event.team == "home" else s.setup.away).numbers
    if s.ejected or s.units or event.scorer not in numbers or (
            event.assist is not None and event.assist not in numbers):
        refuse_not_playing(s, event.at, event.team, event.scorer, "scorer")
        if event.assist is not None:
            refuse_not_playing(s, event.at, event.team, event.assist, "assist")
    if s.out_of_box:
        refuse_left_early(s, event.team)
    if s.units and _any_substituted_for(s.units, event.team):
        refuse_injured(s, event.at, event.team, {event.scorer, event.assist})
    if s.phase == "in_play" and s.signals and not event.own_goal:
        refuse_offending_goal(s, event.team)
    if s.phase == "in_play" and s.signals:
        against = other(event.team)
        box = clock.box_at(s, event.at)
        kept, _ = signals_after_goal(s, against, short_by_minor(s, box, against, event.team))
        refuse_assessing(s, kept)


def refuse_left_early(s: GameState, team: Team) -> None:
    """Rule 629(k): a player who left the penalty bench early is illegally on
    the floor, and his team's goal is refused (apart from :func:`refuse_goal`:
    its comprehensions would make a cell there at every goal, issue 30)."""
    if any(t == team for t, _, _ in s.out_of_box):
        who = ", ".join(f"#{n}" for t, n, _ in sorted(s.out_of_box) if t == team)
        raise RuleViolation("629(k)", f"{who} ({team}) left the penalty bench early and "
                            "is illegally on the floor: his team's goal is refused")


def refuse_offending_goal(s: GameState, team: Team) -> None:
    """Rule 409(b), 409(c) note 2 (casebook 11): while a penalty is signalled
    against ``team``, the whistle goes as soon as it gains possession, and a
    puck that goes into the other team's net off one of its players does not
    count; only a goal that a player of the other team puts into his own net
    (an own goal) counts for it."""
    for signal in s.signals:
        if signal.team == team:
            raise RuleViolation(
                "409(c) note 2",
                f"a penalty to {offender(signal)} ({team}) is signalled: play stops as soon "
                f"as {team} gains possession (409(b)) and a goal off a {team} player does not "
                "count; only a goal that a defending player puts into his own net counts "
                "(record it as an own goal)")


def _any_substituted_for(box: Box, team: Team) -> bool:
    """Whether :func:`_substituted_for` finds any (asked first, by one plain
    pass with no set built: most boxes have none, 206(d))."""
    for u in box:
        if u.served_by is not None and u.team == team and (
                u.status in ("pending", "running")):
            return True
    return False


def _substituted_for(box: Box, team: Team) -> set[int]:
    """The penalties of ``team`` in ``box`` whose time another player serves
    and that have not ended (206(d))."""
    return {u.penalty_id for u in box if u.team == team and u.served_by is not None
            and u.status in ("pending", "running")}


def refuse_injured(s: GameState, at: GameTime, team: Team, named: set[int | None]) -> None:
    """Rule 206(d), casebook 45: an injured player whose penalty a substitute
    serves may not score, assist or shoot until that penalty's time has ended."""
    # Running the clock to ``at`` only ends such time or starts what was
    # pending: with none in the box now, none is at ``at`` either.
    if not _substituted_for(s.units, team):
        return
    waiting = _substituted_for(clock.box_at(s, at), team)
    if not waiting:
        return
    records = items(s.penalty_chain)
    for r in records:
        if r.penalty_id not in waiting or r.player not in named or r.goalie or \
                r.served_by == r.player or r.penalty_class not in INJURY_CLASSES:
            continue
        if any(o.player == r.player and o.team == r.team and o.stoppage == r.stoppage
               and o.penalty_class in WITH_SUBSTITUTE for o in records):
            continue  # served by a substitute under 404(b), 404(e), not for an injury
        raise RuleViolation("206(d)", f"#{r.player} ({r.team}) is replaced on the penalty bench "
                            "and is not eligible to play until his penalty has expired")


INJURY_CLASSES = frozenset({PenaltyClass.MINOR, PenaltyClass.DOUBLE_MINOR, PenaltyClass.MAJOR})
WITH_SUBSTITUTE = frozenset({PenaltyClass.MISCONDUCT, PenaltyClass.GAME_EJECTION,
                             PenaltyClass.GAME_MISCONDUCT, PenaltyClass.GROSS_MISCONDUCT,
                             PenaltyClass.MATCH})


def short_by_minor(s: GameState, box: Box, team: Team, than: Team) -> bool:
    """Casebook 36: ``team`` is "already short-handed because of a minor"
    (402(e), 409(c) note 3): fewer players on the floor than ``than``
    (casebook 1-3) and at least one of its counting penalties a minor or
    bench minor. Short only by majors, or at equal strength, it is not."""
    cap = s.setup.settings.max_counting_penalties
    if not min(counting(box, team), cap) > min(counting(box, than), cap):
        return False
    return any(u.team == team and u.counts and u.kind == MINOR_TIME for u in box)


def goal(s: GameState, event: Goal) -> None:
    """A goal (616): credited, tagged PP/SH/EN, releasing a minor of a team
    that was short (402(d)); the delayed penalties of the scored-on team
    follow 409(c) and 402(e)."""
    scorer_team = event.team
    against: Team = "away" if scorer_team == "home" else "home"  # other(), inline
    # Casebook 1-3: players on the floor are full strength less the counting
    # penalties (capped, 401(c)), plus one, goaltender or extra skater alike:
    # the box alone decides the strength, and an empty box is even.
    mine = theirs = 0
    if s.units:
        cap = s.clocks[0].max_counting  # the settings' max_counting_penalties, kept (401(c))
        mine, theirs = counting(s.units, scorer_team), counting(s.units, against)
        mine, theirs = (mine if mine < cap else cap), (theirs if theirs < cap else cap)  # min()
    strength: Strength = "PP" if mine < theirs else "SH" if mine > theirs else "EV"
    i = 0 if scorer_team == "home" else 1  # s.goalie(team), inline
    goalie_for, goalie_against = s.goalies[i], s.goalies[1 - i]
    short = theirs > mine
    if s.phase == "in_play" and s.signals:
        s.signals, warnings = signals_after_goal(
            s, against, short_by_minor(s, s.units, against, scorer_team))
        for text in warnings:
            warn(s, "409(c)", text)
    if short:
        released = first_releasable(s.units, against)
        if released is not None:
            s.units = finish(s.units, released, s.elapsed, s.clock_rules(), released=True)
    if s.phase == "in_play":
        stop_play(s)
    score(s, goal_record(event.at, scorer_team, event.scorer, event.assist, strength,
                         goalie_against is None, False, event.own_goal, goalie_against,
                         goalie_for))


def signals_after_goal(s: GameState, against: Team, short: bool
                       ) -> tuple[tuple[PenaltySignal, ...], tuple[str, ...]]:
    """Rule 409(c), casebook 10 and 52: a goal against the offending team
    wipes out one signalled minor, the one signalled first (of a double
    minor its first half, casebook 37), unless the team was already short
    by a minor (402(e), 409(c) note 3); the other minors, majors and match
    penalties are imposed. The signals kept, and a warning for the one
    wiped out."""
    kept: list[PenaltySignal] = []
    warnings: list[str] = []
    wiped = short
    for signal in s.signals:
        if wiped or signal.team != against or signal.penalty_class not in MINOR_CLASSES:
            kept.append(signal)
            continue
        wiped = True
        if signal.penalty_class == PenaltyClass.DOUBLE_MINOR:
            warnings.append(f"the goal wipes out the first minor of the delayed double minor "
                            f"to {offender(signal)}; the second is imposed (casebook 37).")
            kept.append(PenaltySignal(signal.at, signal.team, signal.player, PenaltyClass.MINOR,
                                      signal.infraction, signal.rule, signal.served_by,
                                      signal.suspension, signal.official, signal.called_by,
                                      signal.penalty_shot))
            continue
        others = sum(1 for o in s.signals
                     if o.team == against and o.penalty_class in MINOR_CLASSES) > 1
        warnings.append(f"the delayed {signal.penalty_class.text} to {offender(signal)} is not "
                        "imposed: the other team scored"
                        + ("; it wipes out only the minor signalled first (casebook 52)."
                           if others else "."))
    return tuple(kept), tuple(warnings)


def score(s: GameState, record: GoalRecord) -> None:
    if record.team == "home":
        s.home_score += 1
    else:
        s.away_score += 1
    s.goal_chain = Chain.push(s.goal_chain, record)


def refuse_penalty_shot(s: GameState, event: PenaltyShot) -> None:
    """Rule 406: taken during the game (or as the period's time runs out,
    406(i)) by a player still in the game (406(d)) and eligible to play: not
    an injured player whose penalty a substitute serves (206(d), casebook 45)."""
    after_buzzer = s.phase == "final" or (s.phase == "shootout" and not s.shootout_shots)
    if s.phase not in ("in_play", "stopped", "intermission") and not after_buzzer:
        raise RuleViolation("406(a)", f"no penalty shot while the game is "
                            f"{s.phase.replace('_', ' ')}")
    if s.phase not in ("intermission", "final", "shootout"):
        clock.refuse_moment(s, event.at)
    if s.phase == "in_play":
        refuse_whistle(s)
    refuse_unlisted(s, event.team, event.shooter, "penalty shot shooter")
    if s.units:  # 206(d), casebook 45: not the injured player replaced on the bench
        refuse_injured(s, event.at, event.team, {event.shooter})
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
                            penalty_shot=True, goalie_against=s.goalie(other(event.team)),
                            goalie_for=s.goalie(event.team)))


def refuse_shot(s: GameState, event: Shot) -> None:
    """A shot on goal is taken during play (506); the save that stopped play
    may be recorded just after the whistle, at its moment. Its shooter is on
    the floor, as a goal's scorer is: not in the penalty box (629(k)) nor
    removed from the game (404(c), 404(d), 404(g), 405(a))."""
    if s.phase != "in_play" and not (s.phase == "stopped" and event.at == s.clock):
        raise RuleViolation("616(b)", "a shot is taken during play")
    clock.refuse_moment(s, event.at)
    if event.shooter is not None:
        refuse_not_playing(s, event.at, event.team, event.shooter, "shooter")
        if s.units and _any_substituted_for(s.units, event.team):
            refuse_injured(s, event.at, event.team, {event.shooter})


def shot(s: GameState, event: Shot) -> None:
    """A shot on goal is the goaltender's save (506). At an empty net there is
    none: the shot is accepted but not counted, and no save is credited
    (FORMAT: "a shot at an empty net that misses is no shot on goal";
    casebook 58)."""
    goalie = s.goalie(other(event.team))
    if goalie is None:
        warn(s, "506", f"{other(event.team)}'s net is empty: a shot that does not score there is "
             "no save and no shot on goal; it is not counted (casebook 58).")
        return
    s.shot_chain = Chain.push(s.shot_chain, ShotRecord(event.at, event.team, event.shooter,
                                                       goalie))
