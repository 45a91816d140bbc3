"""Play and its stoppages: face-offs, whistles, the end of a period, time-outs.

``refuse_*`` functions only read the state and raise :class:`RuleViolation`;
the changes refuse nothing. What a period's end decides is settled in
:mod:`rinkside.rules.ending`.
"""

from __future__ import annotations

from rinkside.rules import clock
from rinkside.rules.box import release_waiting
from rinkside.rules.coincidence import resolve_faceoff
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, PenaltyClass, PeriodEnd, Stoppage, TimeOut
from rinkside.rules.penalties import refuse_assessing, stop_play
from rinkside.rules.state import GameState, team_index
from rinkside.rules.times import GameTime


def refuse_faceoff(s: GameState, event: FaceOff) -> None:
    """Rule 613(a): a face-off follows a stoppage; a period starts with one at
    its full clock (637(a)); there is none in a shootout (639(b))."""
    if s.phase == "stopped":  # most face-offs: the one after a whistle, asked first
        if event.at.left != s.left or event.at.period != s.period:  # most follow at once
            clock.refuse_moment(s, event.at)
        return
    if s.phase == "in_play":
        raise RuleViolation("613(a)", f"play is already on at {clock.when(s, event.at)}: record "
                            "the stoppage before the next face-off")
    if s.phase in ("shootout", "final"):
        raise RuleViolation("639(b)", "there is no face-off in a shootout")
    if s.phase not in ("not_started", "intermission"):
        if event.at.left != s.left or event.at.period != s.period:  # most follow at once
            clock.refuse_moment(s, event.at)
        return
    expected = s.period + (0 if s.phase == "not_started" else 1)
    full = s.period_length(expected)
    if event.at.period != expected:
        raise RuleViolation("637(a)", f"the next period to start is "
                            f"{clock.when(s, GameTime(expected, full))}")
    if event.at.left != full:
        raise RuleViolation("637(a)", f"a period starts with a face-off at "
                            f"{clock.when(s, GameTime(expected, full))}, "
                            f"not {clock.when(s, event.at)}")


def faceoff(s: GameState, event: FaceOff) -> None:
    """The puck is dropped: penalties assessed at the stoppage start (409(d))."""
    s.phase = "in_play"
    s.clock_held = False
    s.held_for = ""
    s.timeouts_here = ()
    if not s.units:  # most face-offs: nobody in the box
        return
    # One pass says what the face-off has to do (issue 30: three scans before):
    # players waiting for it come back (402(c) note 1, casebook 31), time of a
    # player who left the box early restarts (casebook 44), penalties of the
    # stoppage start (409(d)).
    back = left = new_home = new_away = False
    for u in s.units:
        if u.status == "expired" and u.wait == "faceoff":
            back = True  # released just below: no longer "left" (over() clears it)
        elif u.pending_reason == "left":
            left = True
        if u.status == "pending" and u.pending_reason == "faceoff":
            if u.team == "home":
                new_home = True
            else:
                new_away = True
    if back:
        s.units = release_waiting(s.units, "faceoff")
    if left:
        # Casebook 44: his unexpired time starts now, as it stood: it is no
        # new penalty, so nothing pairs it off or queues it (casebook 4, 40).
        now = s.elapsed
        restarted = []
        for x in s.units:  # a loop: a comprehension would make ``now`` a cell at each face-off
            restarted.append(x.running_from(now) if x.pending_reason == "left" else x)
        s.units = tuple(restarted)
    if not (new_home or new_away):
        return  # nothing assessed at the stoppage: the time already in the box runs on
    st = s.setup.settings
    window = s.period > st.periods or (s.period == st.periods and s.left < st.major)  # 403(e)
    # Play is on (s.clock_rules(), read directly); whether the stoppage's
    # penalties were all minors is asked only where both teams have new ones:
    # it decides only their pairing (402(d) note 1, casebook 67).
    s.units = resolve_faceoff(s.units, s.elapsed, s.clocks[1], major_window=window,
                              only_minors=new_home and new_away and _only_minors(s))


PLAIN_CLASSES = frozenset({PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR})


def _only_minors(s: GameState) -> bool:
    """Casebook 67: whether every penalty assessed at this stoppage is a minor
    or a bench minor, as the plain case of 402(d) note 1 (three a side, no
    substitutes) needs: a game misconduct beside the minors leaves nothing in
    the box, yet the sets are not plain."""
    node = s.penalty_chain
    while node is not None and node.head.stoppage == s.stoppage:
        if node.head.penalty_class not in PLAIN_CLASSES:
            return False
        node = node.tail
    return True


def refuse_whistle(s: GameState) -> None:
    """The delayed penalties the whistle assesses (409(b))."""
    if s.signals:
        refuse_assessing(s, s.signals)


def refuse_stoppage(s: GameState, event: Stoppage) -> None:
    if s.phase == "shootout":
        raise RuleViolation("639(b)", "play is not on during a shootout")
    clock.refuse_moment(s, event.at)
    if s.phase == "in_play" and s.signals:
        refuse_whistle(s)


def refuse_period_end(s: GameState, event: PeriodEnd) -> None:
    """Rule 640(a): a period ends when its clock reaches 0:00."""
    if s.phase in ("not_started", "intermission", "shootout"):
        raise RuleViolation("640(a)", f"no period is being played at {clock.when(s, event.at)}")
    if event.at.left != 0:
        raise RuleViolation("640(a)", f"a period ends when the clock reaches 0:00, not at "
                            f"{clock.when(s, event.at)}")
    clock.refuse_moment(s, event.at)
    if s.signals:
        refuse_whistle(s)


def period_end(s: GameState, event: PeriodEnd) -> None:
    """The buzzer stops play; :func:`rinkside.rules.ending.after_period` says
    what follows."""
    stop_play(s)


def refuse_timeout(s: GameState, event: TimeOut) -> None:
    """Rule 641: during a stoppage only, one per team (641(b) note 1, casebook 21)."""
    if s.phase != "stopped":
        state = "play is in progress" if s.phase == "in_play" else f"the game is {s.phase}"
        raise RuleViolation("641(a)", f"a time-out may be called only during a stoppage of "
                            f"play; {state.replace('_', ' ')}")
    if s.timeouts_used[team_index(event.team)] >= s.setup.settings.timeouts:
        raise RuleViolation("641(b) note 1", f"{event.team} has no time-out left: each team has "
                            f"{s.setup.settings.timeouts} a game (641 note 1, casebook 21)")
    if event.team in s.timeouts_here:
        # 641 note 1: the second time-out of a stoppage is the opposing
        # team's (casebook 21); a team with two a game takes them apart.
        raise RuleViolation("641(b) note 1", f"{event.team} has already called a time-out at "
                            "this stoppage: a second one at it may only be the opposing team's "
                            "(641 note 1, casebook 21)")
    clock.refuse_moment(s, event.at)


def timeout(s: GameState, event: TimeOut) -> None:
    """A team's time-out (641). It holds no clock (casebook 64): under stop
    time the clock is stopped anyway (640(a)); under running time it runs
    through the time-out as through any stoppage, penalty time with it
    (409(d)), unless the late stop-clock, a 205(d) warning or the referees'
    time-out holds it (640(a), 640(b)). Nothing waits for its thirty seconds
    (641 note 1) before the face-off."""
    used = list(s.timeouts_used)
    used[team_index(event.team)] += 1
    s.timeouts_used = (used[0], used[1])
    s.timeouts_here = (*s.timeouts_here, event.team)
