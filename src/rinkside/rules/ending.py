"""How a game ends: settled in this one place, after the event's change.

In the order :func:`rinkside.rules.game.apply` asks:

- after a goal: the mercy differential ends the game (630(a)); a goal in
  overtime ends it (sudden death, 639(b)3, 639(c)3);
- after a penalty shot: as a goal, and a shot awarded as time ran out
  decides the game it completes (406(i));
- at the end of a period: the next period, or at the end of regulation the
  leader wins, a tie stands (639(a)), a shootout (639(b)) or overtime
  (639(b)2, 639(c)) follows;
- after a shootout attempt: the shootout's winner (639(b));
- a forfeit: 1-0 (or the event's forfeit goals) for the other team (634(d)).

Nothing follows a mercy or forfeit ending; after any other ending only a
penalty may still be recorded (:func:`refuse_after_end`, casebook 16-17),
and at the buzzer a penalty shot (406(i)) and the goaltender's return for
it (406(e)).
"""

from __future__ import annotations

from rinkside.rules import clock, shootout, timing
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Forfeit, GoalieChange, Penalty, PenaltyShot, Team, other
from rinkside.rules.goaltenders import close_stints
from rinkside.rules.notices import warn
from rinkside.rules.records import Chain, GoalRecord
from rinkside.rules.state import DecidedBy, GameState, Result
from rinkside.rules.times import GameTime


def refuse_after_end(s: GameState, event: Event) -> None:
    """Casebook 16-17: nothing follows a mercy or forfeit ending; after any
    other ending only a penalty (for the records) may still be assessed."""
    refusal = after_end_refusal(s, type(event), event.at)
    if refusal is not None:
        raise refusal


def after_end_refusal(s: GameState, kind: type[Event], at: GameTime | None
                      ) -> RuleViolation | None:
    """Why the game, over, takes no event of type ``kind`` at ``at`` (None:
    it still may): :func:`refuse_after_end`'s answer, also asked by
    :mod:`rinkside.rules.accepts` for each kind the console can record."""
    if s.result is None:
        return None
    if s.result.decided_by == "mercy":
        return RuleViolation("630(a)", "the game ended on the mercy rule; nothing more can be "
                             "recorded")
    if s.result.decided_by == "forfeit":
        return RuleViolation("634(d)", "the game was forfeited; nothing more can be recorded")
    rule = ended_by(s)
    if kind in (PenaltyShot, GoalieChange) and s.result.decided_by in (
            DecidedBy.REGULATION, DecidedBy.OVERTIME, DecidedBy.TIE) and at == s.clock:
        if s.left > 0:  # the game ended on an overtime goal, not at the buzzer
            what = "a penalty shot is taken" if kind is PenaltyShot else \
                "a goaltender returns for a penalty shot (406(e))"
            return RuleViolation(rule, "the overtime goal ended the game (sudden death); "
                                 f"{what} after the game only when the period's time ran "
                                 "out (406(i))")
        # 406(i), casebook 43: the shot is taken after the buzzer, and it can tie
        # or win the game; 406(e): the penalized team's goaltender, removed for
        # an extra skater, is permitted to return to the floor before it.
        return None
    if kind is not Penalty:
        return RuleViolation(rule, f"the game is over ({_ENDED[s.result.decided_by]}); only "
                             "a penalty for the records, or a penalty shot for a foul in "
                             "playing time (406(i)) with the goaltender back in goal for it "
                             "(406(e)), can still be entered")
    return None


_ENDED: dict[DecidedBy, str] = {
    DecidedBy.REGULATION: "won in regulation", DecidedBy.TIE: "a tie, with no overtime",
    DecidedBy.OVERTIME: "the overtime goal ended it, sudden death",
    DecidedBy.SHOOTOUT: "the shootout is decided", DecidedBy.MERCY: "the mercy rule",
    DecidedBy.FORFEIT: "forfeited",
}


def ended_by(s: GameState) -> str:
    """Casebook 51: the rule that ended the game, which a later event's
    refusal cites: 640(a) a regulation win, 639(a) a tie with no overtime,
    639(b) 3 or 639(c) 3 an overtime goal (the single overtime of a shootout
    format, or unlimited overtime), 639(b) 4 a decided shootout, 630(a)
    mercy, 634(d) a forfeit."""
    decided = s.result.decided_by if s.result is not None else DecidedBy.REGULATION
    if decided == DecidedBy.OVERTIME:
        return "639(c) 3" if s.setup.settings.overtime == "unlimited" else "639(b) 3"
    if decided == DecidedBy.SHOOTOUT:
        return "639(b) 4"
    return {DecidedBy.TIE: "639(a)", DecidedBy.MERCY: "630(a)",
            DecidedBy.FORFEIT: "634(d)"}.get(decided, "640(a)")


def final(s: GameState, winner: Team | None, decided_by: DecidedBy) -> None:
    """The game is over: points by the event's table (639; a forfeiting team
    takes none, 634(d)1), the penalties still in the box end with it, and the
    goaltenders' time is kept."""
    points = s.setup.settings.points
    awarded: dict[Team, float]
    if winner is None:
        awarded = {"home": points.tie, "away": points.tie}
    elif decided_by == DecidedBy.FORFEIT:
        # 634(d)1, casebook 17: the forfeiting team is awarded zero points,
        # whatever the event gives a loss.
        awarded = {winner: points.win, other(winner): 0}
    else:
        awarded = {winner: points.win, other(winner): points.loss}
    s.phase = "final"
    s.result = Result(winner, decided_by, awarded, s.score)
    if s.units:
        timing.note_game_over(s)
    close_stints(s)


def _leader(s: GameState) -> Team | None:
    if s.home_score == s.away_score:
        return None
    return "home" if s.home_score > s.away_score else "away"


def after_goal(s: GameState) -> None:
    """Rule 630(a): a goal that makes the mercy differential ends the game;
    639(b)3, 639(c)3: an overtime goal ends it (sudden death)."""
    mercy = s.setup.settings.mercy
    if mercy is not None and abs(s.home_score - s.away_score) >= mercy:
        final(s, _leader(s), DecidedBy.MERCY)
    elif s.period > s.geometry[0]:  # in overtime (s.in_overtime, without the property's call)
        final(s, _leader(s), DecidedBy.OVERTIME)


def reopen_for_penalty_shot(s: GameState) -> bool:
    """Rule 406(i), casebook 43: a penalty shot after the final buzzer is
    taken as at the end of the period; the result waits for it."""
    if s.result is None or s.result.decided_by == DecidedBy.SHOOTOUT:
        return False
    s.result = None
    s.phase = "intermission"
    return True


def after_penalty_shot(s: GameState, event: PenaltyShot, *, reopened: bool = False) -> None:
    """A scored penalty shot is a goal (:func:`after_goal`); 406(i): one
    awarded as time ran out decides the game it completes (a shot after the
    final buzzer can tie or win it, casebook 43)."""
    if reopened:
        if event.scored and s.setup.settings.mercy is not None and \
                abs(s.home_score - s.away_score) >= s.setup.settings.mercy:
            final(s, _leader(s), DecidedBy.MERCY)
        else:
            after_period(s)
        return
    if not event.scored:
        return
    after_goal(s)
    # 406(i): the shot taken after the last buzzer completes the game before
    # any overtime, or before the shootout that would follow a tie (639(b)
    # note 1): a goal decides it.
    before_more = s.phase == "intermission" or (s.phase == "shootout" and not s.shootout_shots)
    if before_more and s.period >= s.setup.settings.periods and s.result is None:
        leader = _leader(s)
        if leader is not None:
            final(s, leader, DecidedBy.OVERTIME if s.in_overtime else DecidedBy.REGULATION)


def after_period(s: GameState) -> None:
    """The clock reached 0:00 (640(a)); the end of regulation settles ties (639)."""
    st = s.setup.settings
    if s.period < st.periods:
        s.phase = "intermission"
        return
    leader = _leader(s)
    if leader is not None:
        final(s, leader, DecidedBy.OVERTIME if s.in_overtime else DecidedBy.REGULATION)
    elif st.overtime == "none":
        final(s, None, DecidedBy.TIE)  # 639(a)
    elif st.overtime == "shootout_only" or (st.overtime == "shootout" and s.in_overtime):
        s.phase = "shootout"  # 639(b) note 1, 639(b)4
        close_stints(s)
    else:
        s.phase = "intermission"  # overtime follows (639(b)2, 639(c))


def after_shootout_attempt(s: GameState) -> None:
    """Rule 639(b): the shootout ends as soon as it is decided."""
    winner = shootout.winner(s.shootout_shots, s.setup.settings.shootout_shooters)
    if winner is not None:
        final(s, winner, DecidedBy.SHOOTOUT)


def refuse_forfeit(s: GameState, event: Forfeit) -> None:
    if s.phase not in ("not_started", "intermission", "shootout", "suspended"):
        clock.refuse_moment(s, event.at)


def forfeit(s: GameState, event: Forfeit) -> None:
    """Rule 634(d), casebook 17: recorded 1-0 for the other team, its captain
    credited with the goal and no assist."""
    winner = other(event.team)
    goals = s.setup.settings.forfeit_goals
    captain = s.setup.roster(winner).captain
    s.home_score, s.away_score = (goals, 0) if winner == "home" else (0, goals)
    s.goal_chain = None
    if captain is not None:
        for _ in range(goals):
            s.goal_chain = Chain.push(s.goal_chain, GoalRecord(
                event.at, winner, captain, None, "EV", empty_net=False))
    else:
        warn(s, "634(d)", f"{winner} has no captain on its roster to credit the forfeit goal "
             "to.")


def after_forfeit(s: GameState, event: Forfeit) -> None:
    """The forfeit ends the game (634(d)): nobody is left in the box."""
    final(s, other(event.team), DecidedBy.FORFEIT)
    s.units = ()
    s.signals = ()
