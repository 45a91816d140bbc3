"""Recording a goal: appended during play, or in the place of its own whistle
(Rule 616; 402(e), 409(c); 507(a)).

A goal counts only before the whistle, and the whistle that follows a goal
is the goal's own: the engine refuses a goal recorded while play is stopped
(616(b)). Which whistle is a goal's, and when the goal takes its place, is
the rules' (:func:`rinkside.rules.goal_whistle.whistle_taken_by`); here the
write is made:

- :func:`record_goal`, the console's Goal: appended as any event where the
  engine takes it, during play (merged on the newest version when officials
  write at once,
  :meth:`~rinkside.services.tournaments.Tournaments.record_merging`); where
  the engine refuses it as after the whistle (616(b)), it takes the place
  of the log's last event if that is its own whistle (a correction carrying
  the rule's reason, judged by the engine, written with the store's version
  check and hash chain in one transaction), and is refused naming the
  whistle otherwise;
- :func:`record_events`, a plain append: a goal refused (616(b)) after a
  whistle that was its own is refused with the correction that records it
  in the whistle's place (:class:`WhistlesPlaceOffered`), which a client
  only carries out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from rinkside.present.corrections import event_words
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Goal
from rinkside.rules.goal_whistle import WhistlePlace, after_another_whistle, whistle_taken_by
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.rules.times import format_game_time
from rinkside.services import logs, merge
from rinkside.services.tournaments import Tournaments

__all__ = ["GoalRecorded", "WhistlesPlaceOffered", "record_events", "record_goal"]

Events = Iterable[Event] | Callable[[Settings], Iterable[Event]]


@dataclass(frozen=True, slots=True)
class GoalRecorded:
    """A goal written: the new version and state, how it was merged on a
    newer version than it was made on (None: it was not), and the whistle it
    took the place of (None: it was appended)."""

    version: int
    state: GameState
    rebased: merge.Rebased | None
    place: WhistlePlace | None


class WhistlesPlaceOffered(RuleViolation):
    """Rule 616(b): a goal appended after a whistle that was its own, refused
    as every goal while play is stopped, with the correction that records it
    in the whistle's place: ``offer``, the body of the console API's
    correction (``version``, ``op``, ``position``, ``event`` in FORMAT.md,
    ``reason``)."""

    def __init__(
        self, refused: RuleViolation, place: WhistlePlace, when: str, offer: dict[str, Any]
    ) -> None:
        whose = (
            "blown by the Goal key, 507(a)"
            if place.why == "goal_key"
            else "blown at the goal's own moment"
        )
        super().__init__(
            refused.rule,
            f"play is stopped by the whistle at {when} (event "
            f"{place.position + 1}), and a goal is scored only before the whistle "
            f"(402(e), 409(c)); that whistle was this goal's own ({whose}): "
            "record the goal in its place (Rule 616)",
        )
        self.place = place
        self.offer = offer


def record_goal(
    service: Tournaments,
    game_id: int,
    version: int,
    goal: Goal | Callable[[Settings], Goal],
    *,
    by: str,
) -> GoalRecorded:
    """Record ``goal``, made on ``version``: in the place of the log's last
    event where that is the goal's whistle (Rule 616), else appended.
    ``goal`` may be a function of the game's settings (the time read with
    its periods). RuleViolation where the engine refuses it (616(b) after
    another whistle), StaleWrite for a version the game never had,
    :class:`~rinkside.services.merge.ConflictingWrite` (409) when the same
    goal landed since. A write landing between this one's read and its
    write is read again, and decided again (:func:`merge.retried`)."""
    return merge.retried(lambda: _record_goal(service, game_id, version, goal, by))


def _record_goal(
    service: Tournaments,
    game_id: int,
    version: int,
    goal: Goal | Callable[[Settings], Goal],
    by: str,
) -> GoalRecorded:
    # During play the goal is appended as any event, and the log is not read.
    # Only a goal the engine refuses while play is stopped (616(b): every goal
    # then) is looked at again, against the log as it now stands.
    try:
        written, state, rebased = service.record_merging(
            game_id, version, lambda settings: [goal(settings) if callable(goal) else goal], by=by
        )
        return GoalRecorded(written, state, rebased, None)
    except RuleViolation as exc:
        if exc.rule != "616(b)":
            raise
        refused = exc
    record = logs.game_record(service, game_id)  # NotFound
    scored = goal(record.setup.settings) if callable(goal) else goal
    periods = record.setup.settings.periods
    place = whistle_taken_by(record.events, scored, periods)
    if place is None:  # after a whistle that is not the goal's: that whistle named
        raise (after_another_whistle(record.events, scored, periods) or refused) from None
    # Decided on the newest log: the whistle is its last event whatever landed
    # since ``version`` (a same-moment whistle is the same whistle heard at two
    # screens, merge's reading); the write is checked against that newest
    # version, so a write landing meanwhile makes this one read and decide again.
    rebased = None
    if version < record.version:
        words = partial(event_words, record.setup)
        rebased = merge.Rebased(
            version,
            record.version,
            tuple(merge.landed_words(r, words) for r in record.revisions[version:]),
        )
    try:
        written, state = service.correct(
            game_id, record.version, "replace", place.position, scored, by=by, reason=place.reason
        )
    except RuleViolation as exc:
        # The whistle is the last event: the goal alone was judged; its own refusal.
        cause = exc.__cause__
        raise (cause if isinstance(cause, RuleViolation) else exc) from None
    return GoalRecorded(written, state, rebased, place)


def record_events(
    service: Tournaments, game_id: int, version: int, events: Events, *, by: str
) -> tuple[int, GameState, merge.Rebased | None]:
    """:meth:`~rinkside.services.tournaments.Tournaments.record_merging`; a
    lone goal refused while play is stopped (616(b)) after a whistle that was
    its own is refused as :class:`WhistlesPlaceOffered`, with the correction
    that records it in the whistle's place."""
    if not callable(events):
        events = list(events)  # read again to offer the correction
    try:
        return service.record_merging(game_id, version, events, by=by)
    except RuleViolation as exc:
        if exc.rule != "616(b)":
            raise
        offered = _offered(service, game_id, events, exc)
        if offered is None:
            raise
        raise offered from None


def _offered(
    service: Tournaments, game_id: int, events: Events, refused: RuleViolation
) -> WhistlesPlaceOffered | None:
    record = logs.game_record(service, game_id)
    batch = list(events(record.setup.settings) if callable(events) else events)
    if len(batch) != 1 or not isinstance(batch[0], Goal):
        return None
    goal = batch[0]
    place = whistle_taken_by(record.events, goal, record.setup.settings.periods)
    if place is None:
        return None
    when = format_game_time(place.whistle.at, record.setup.settings.periods)
    return WhistlesPlaceOffered(
        refused,
        place,
        when,
        {
            "version": record.version,
            "op": "replace",
            "position": place.position,
            "event": logs.format_event(record.setup, goal),
            "reason": place.reason,
        },
    )
