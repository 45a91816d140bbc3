"""The whistle a goal takes the place of (Rule 616; 402(e), 409(c); 507(a)).

A goal scored during play stops play itself: the whistle that follows a
goal is the goal's own, and the book counts a goal only "before the
whistle is blown" (402(e), 409(c) note 3; 601(b): a shot after it is a
penalty). So the engine refuses a goal recorded while play is stopped
(616(b), :func:`rinkside.rules.goals.refuse_goal`), and a signalled minor
assessed at a whistle stands against a goal recorded after it.

Yet a goal's own whistle often reaches the log before the goal does: the
console stops the clock the instant a stopping key is pressed (507(a)), so
the Goal key records a whistle first (reason :data:`GOAL_KEY`), the goal
following when the scorer has named the scorer; and the game timekeeper who
hears the referee blow for the goal stops the clock at the goal's own
reading. That whistle is not a stoppage before the goal: the goal takes its
place in the log (a correction carrying :attr:`WhistlePlace.reason`), and
the engine then reads the goal as scored during play (409(c), casebook 10).

:func:`whistle_taken_by` says when: the log's last event is a whistle, at
the goal's own moment or blown by the Goal key. Any other whistle (at
another time, or one followed by anything recorded at the stoppage: a
penalty, a time-out) is a stoppage before the goal, which is refused
(616(b)); :func:`after_another_whistle` says so naming that whistle. Pure:
the events are values the caller read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Goal, Stoppage
from rinkside.rules.times import format_game_time

__all__ = ["GOAL_KEY", "WhistlePlace", "after_another_whistle", "whistle_taken_by"]

GOAL_KEY: Final = "goal"
"""The reason of the whistle the console's Goal key blows when pressed
during play (507(a): the clock stops the moment a stopping key is pressed)."""


@dataclass(frozen=True, slots=True)
class WhistlePlace:
    """The whistle a goal takes the place of: its position in the log (the
    last), the whistle, why it is the goal's (``"same_moment"``: blown at
    the goal's own clock reading; ``"goal_key"``: blown by the Goal key),
    and the correction's reason, citing Rule 616."""

    position: int
    whistle: Stoppage
    why: Literal["same_moment", "goal_key"]
    reason: str


def whistle_taken_by(
    events: Sequence[Event], goal: Goal, regulation_periods: int
) -> WhistlePlace | None:
    """The whistle ``goal`` takes the place of in the log of ``events``, or
    None: the last event is not a whistle, or a whistle that is not this
    goal's (Rule 616(b): the goal is then refused as after the whistle).
    ``regulation_periods`` names the moments in the reason (``OT 3:00``)."""
    if not events:
        return None
    position = len(events) - 1
    last = events[position]
    if not isinstance(last, Stoppage):
        return None
    if last.reason == GOAL_KEY:
        when = format_game_time(last.at, regulation_periods)
        return WhistlePlace(
            position,
            last,
            "goal_key",
            f"Rule 616: the goal stopped play at {when}; it takes the place of "
            "the whistle sent when Goal was pressed (507(a))",
        )
    if last.at == goal.at:
        when = format_game_time(goal.at, regulation_periods)
        return WhistlePlace(
            position,
            last,
            "same_moment",
            f"Rule 616: the goal stopped play at {when}; it takes the place of "
            "the whistle recorded for it (402(e), 409(c): a goal counts before "
            "the whistle)",
        )
    return None


def after_another_whistle(
    events: Sequence[Event], goal: Goal, regulation_periods: int
) -> RuleViolation | None:
    """Rule 616(b), naming the whistle: the refusal of ``goal`` after the
    log's last event, a whistle at another moment that is not the goal's
    (:func:`whistle_taken_by` finds none); None when the last event is no
    whistle, or is the goal's."""
    if not events or not isinstance(events[-1], Stoppage):
        return None
    if whistle_taken_by(events, goal, regulation_periods) is not None:
        return None
    whistle = format_game_time(events[-1].at, regulation_periods)
    scored = format_game_time(goal.at, regulation_periods)
    return RuleViolation(
        "616(b)",
        f"play is stopped by the whistle at {whistle} (event "
        f"{len(events)}), and a goal is scored only before the whistle "
        f"(402(e), 409(c)); a goal at {scored} is not that whistle's. If the "
        f"goal caused the stoppage, record it at {whistle}, in the whistle's "
        "place",
    )
