"""The game clock between two events: how far it may run, and what running does.

- It never runs backwards (Rule 507(a)); a new period starts only with its
  face-off (637(a), 640(a)).
- Under stop time it does not run while play is stopped (640(a)); under
  running time it runs through stoppages, a team's time-out included
  (casebook 64), except where the late stop-clock (640(a), casebook 22), a
  205(d) warning or the referees' time-out (640(b)) holds it. Where the
  timekeeper's record says it ran anyway, the record is kept with a warning.
- While it runs, penalty time runs with it (409(d)): units end on time
  (402(b), 403(b)), the server's next unit starts behind them (402(f)) and a
  held third penalty starts when a place frees (408(a)); see
  :func:`rinkside.rules.box.run_until`.

Each step is in two parts, as :func:`rinkside.rules.game.apply` needs:
:func:`refuse_moment` says whether the clock may reach a moment and changes
nothing; :func:`run_to` runs it there.
"""

from __future__ import annotations

from rinkside.rules.box import Box, run_until
from rinkside.rules.errors import RuleViolation
from rinkside.rules.notices import warn
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime, format_game_time


def stops_at_whistle(s: GameState) -> bool:
    """Whether a whistle blown now stops the game clock: under stop time
    always during play; under running time only where the clock is held at
    a stoppage (the late stop-clock, 640(a), casebook 22; a 205(d) warning,
    the referees' time-out, 640(b)). The console stops its clock the moment
    the whistle is pressed only then (Rule 507(a): the game timekeeper stops
    the clock at each stoppage of play)."""
    if s.phase != "in_play":
        return False
    stopped = s.copy()
    stopped.phase = "stopped"
    return not stopped.running


def when(s: GameState, moment: GameTime) -> str:
    """``moment`` as a person reads it (``2 11:42``, ``OT 3:00``)."""
    st = s.setup.settings
    return format_game_time(moment, st.periods, numbered_overtime=st.overtime == "unlimited")


def refuse_moment(s: GameState, moment: GameTime) -> None:
    """Raise :class:`RuleViolation` if the clock cannot show ``moment`` next."""
    left = moment.left
    if moment.period == s.period and left <= s.left:  # the common case
        if s.phase != "in_play" and left < s.left and not runs_while_stopped(s):
            if s.phase in ("not_started", "intermission"):
                raise RuleViolation("637(a)", f"the clock does not run before the period "
                                    f"starts: {when(s, moment)} is after {when(s, s.clock)}")
            if s.setup.settings.clock == "stop":
                raise RuleViolation("640(a)", f"the stop clock does not run while play is "
                                    f"stopped: {when(s, moment)} is after the stoppage at "
                                    f"{when(s, s.clock)}")
        return
    if moment.period <= s.period:  # an earlier period, or this one with more time left
        raise RuleViolation("507(a)", f"the game clock cannot run backwards: {when(s, moment)} "
                            f"is before {when(s, s.clock)}")
    if starts_period(s, moment):
        return
    if moment.period != s.period:
        raise RuleViolation("640(a)", f"{when(s, moment)} is in another period: the "
                            f"period in progress must end first")
    raise RuleViolation("640(a)", f"{when(s, moment)} is longer than the period")


def starts_period(s: GameState, moment: GameTime) -> bool:
    """``moment`` is the full clock of the period that starts next (637(a))."""
    return (s.phase in ("intermission", "not_started")
            and moment.period == s.period + (0 if s.phase == "not_started" else 1)
            and moment.left == s.period_length(moment.period))


def keeps_clock(s: GameState, moment: GameTime) -> bool:
    """A penalty recorded after the final buzzer or in a shootout leaves the
    clock as it is (casebook 16-17)."""
    return s.phase in ("final", "shootout") and not moment.is_before(s.clock)


def runs_while_stopped(s: GameState) -> bool:
    """``s.running`` where play is not on (640(a)): one call, where the
    property is two (the fold asks at every face-off of running time)."""
    st = s.setup.settings
    if s.phase != "stopped" or st.clock != "running" or s.clock_held:
        return False
    late = st.late_stop_clock  # casebook 22: held in the last minutes, the score close
    if late is None or s.period != st.periods or s.left > late:  # an if: compared specialized
        return True
    return abs(s.home_score - s.away_score) > st.late_stop_clock_margin


def run_to(s: GameState, moment: GameTime) -> None:
    """Run the clock of ``s`` to ``moment`` (already past :func:`refuse_moment`)."""
    left, was = moment.left, s.left
    if left >= was or moment.period != s.period:
        return  # no time passes (or the next period starts: run_to_faceoff)
    if s.phase != "in_play":
        _ran_while_stopped(s, moment)
    before = s.elapsed
    s.left, s.elapsed = left, before + was - left
    if s.units:  # the penalty clock of play on or stopped (s.clock_rules(), inline)
        s.units = run_until(s.units, before, before + was - left,
                            s.clocks[1] if s.phase == "in_play" else s.clocks[0])


def _ran_while_stopped(s: GameState, moment: GameTime) -> None:
    """The clock ran to ``moment`` with play not on: kept, with a warning
    where it should have been stopped (640(a)): held (``s.running`` false),
    or a running-time stoppage that began before the late stop-clock's
    margin ran past it (casebook 32: it stops the clock there while the
    score is within one goal)."""
    st = s.setup.settings
    if s.phase == "stopped" and st.clock == "running" and not s.clock_held:
        late = st.late_stop_clock
        if late is None or s.period != st.periods \
                or abs(s.home_score - s.away_score) > st.late_stop_clock_margin:
            return  # running, with no late stop-clock to reach
        if s.left > late:  # running, the late stop-clock not reached before
            if moment.left < late:
                margin = GameTime(s.period, late)
                warn(s, "640(a)", f"the clock should have stopped at {when(s, margin)} for "
                     f"the late stop-clock (casebook 32); the recorded time "
                     f"{when(s, moment)} is kept.")
            return
    why = s.held_for if s.clock_held else "the late stop-clock"
    warn(s, "640(a)", f"the clock should have been stopped for {why}; the recorded time "
         f"{when(s, moment)} is kept.")


def run_to_faceoff(s: GameState, moment: GameTime) -> None:
    """The clock at a face-off: one that starts a period (637(a)) sets it to
    the period's full length, and the first one starts the goaltenders' time
    in goal; any other runs it as :func:`run_to` does (the fold does not ask
    where the face-off follows the whistle at its own moment: nothing runs)."""
    if s.phase == "stopped":
        run_to(s, moment)
    elif s.phase == "intermission":
        s.period, s.left = moment.period, moment.left
        s.elapsed = s.period_offset(moment.period + 1) - moment.left
    elif s.phase == "not_started":
        s.stint_start = (s.elapsed, s.elapsed)


def run_lenient(s: GameState, moment: GameTime) -> None:
    """:func:`run_to`, except where the clock is kept (:func:`keeps_clock`):
    after the final buzzer and in a shootout it stands (casebook 16-17; to a
    moment before it, :func:`run_to` would run nothing anyway)."""
    if s.phase not in ("final", "shootout"):
        run_to(s, moment)


def box_at(s: GameState, moment: GameTime) -> Box:
    """The box of ``s`` once the clock has run to ``moment`` (changing
    nothing): who is in it when the event happens."""
    if not s.units or moment.period != s.period or moment.left >= s.left:
        return s.units
    return run_until(s.units, s.elapsed, s.elapsed_at(moment), s.clock_rules())

