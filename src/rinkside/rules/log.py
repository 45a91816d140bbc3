"""A game's event log with corrections.

A scorekeeper's most common need is to fix what was recorded: a goal
credited to the wrong number, a penalty entered at the wrong stoppage, a
forgotten whistle. A correction replaces, inserts or deletes one event and
everything after it is recomputed; the log keeps the state after every
event, so a correction at event ``i`` replays only from ``i``.

A correction that would make a later event illegal is refused as a whole,
naming that event and the rule: nothing already recorded is lost.

:data:`Op` names each write to a log, :data:`Correction` the three that
correct it: one type from the console's request through the application
layer to the store's revisions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

Correction = Literal["replace", "insert", "delete"]
"""A correction of the log: an event put in place of one, put before one
(or at the end), or taken out."""
Op = Literal["append", Correction]
"""A write to the log: an event recorded after the others, or a correction."""
CORRECTIONS: Final[tuple[Correction, ...]] = get_args(Correction)
OPS: Final[tuple[Op, ...]] = get_args(Op)


@dataclass(frozen=True, slots=True)
class GameLog:
    """The events of one game and the state after each of them."""

    setup: GameSetup
    events: tuple[Event, ...]
    states: tuple[GameState, ...]

    @classmethod
    def new(cls, setup: GameSetup, events: Iterable[Event] = ()) -> GameLog:
        log = cls(setup, (), ())
        return log._rebuilt(0, tuple(events), shift=0)

    @classmethod
    def corrected(cls, setup: GameSetup, events: Sequence[Event], op: Correction, index: int,
                  event: Event | None) -> GameLog:
        """The log of ``events`` with one correction at ``index`` (``op``,
        as :meth:`replace`, :meth:`insert` and :meth:`delete`), replayed
        once: the events before it, then the corrected rest. Judging the
        whole log first and the rest again would replay most of the game
        twice."""
        events = tuple(events)
        if op in ("replace", "insert") and event is None:
            raise ValueError(f"{op!r} needs an event")
        if op == "insert":
            if not 0 <= index <= len(events):
                raise IndexError(f"no place {index} in a log of {len(events)} events")
        elif not 0 <= index < len(events):
            raise IndexError(f"no event {index} in a log of {len(events)} events")
        head = cls.new(setup, events[:index])
        if op == "replace" and event is not None:
            return head._rebuilt(index, (event,) + events[index + 1:], shift=0)
        if op == "insert" and event is not None:
            return head._rebuilt(index, (event,) + events[index:], shift=1)
        if op == "delete":
            return head._rebuilt(index, events[index + 1:], shift=-1)
        raise ValueError(f"{op!r} is not a correction: replace, insert or delete")

    @property
    def initial(self) -> GameState:
        return start(self.setup)

    @property
    def state(self) -> GameState:
        """The state after the last event."""
        return self.states[-1] if self.states else self.initial

    def state_before(self, index: int) -> GameState:
        return self.states[index - 1] if index > 0 else self.initial

    def append(self, event: Event) -> GameLog:
        after = apply(self.state, event)
        return GameLog(self.setup, self.events + (event,), self.states + (after,))

    def replace(self, index: int, event: Event) -> GameLog:
        self._check_index(index)
        return self._rebuilt(index, (event,) + self.events[index + 1:], shift=0)

    def insert(self, index: int, event: Event) -> GameLog:
        if not 0 <= index <= len(self.events):
            raise IndexError(f"no place {index} in a log of {len(self.events)} events")
        return self._rebuilt(index, (event,) + self.events[index:], shift=1)

    def delete(self, index: int) -> GameLog:
        self._check_index(index)
        return self._rebuilt(index, self.events[index + 1:], shift=-1)

    def state_at(self, moment: GameTime) -> GameState:
        """The state at ``moment``: every event not after it, then the clock run on."""
        state = self.initial
        for event, after in zip(self.events, self.states, strict=True):
            if event.at is not None and moment.is_before(event.at):
                break
            state = after
        return state.advance_to(moment) if not moment.is_before(state.clock) else state

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.events):
            raise IndexError(f"no event {index} in a log of {len(self.events)} events")

    def _rebuilt(self, index: int, tail: Sequence[Event], *, shift: int) -> GameLog:
        """Replay ``tail`` from ``index``; ``shift`` maps new positions after
        the corrected one back to the recorded log's (insert +1, delete -1)."""
        state = self.state_before(index)
        states = list(self.states[:index])
        for offset, event in enumerate(tail):
            try:
                state = apply(state, event)
            except RuleViolation as exc:
                position = index + offset
                corrected = position == index and shift >= 0
                which = ("the corrected event" if corrected
                         else f"recorded event {position - shift}")
                raise RuleViolation(exc.rule, f"{which} ({type(event).__name__} at "
                                    f"{_moment(event)}) would be refused: {exc.reason}") from exc
            states.append(state)
        return GameLog(self.setup, self.events[:index] + tuple(tail), tuple(states))

    def __len__(self) -> int:
        return len(self.events)


def _moment(event: Event) -> str:
    at = event.at
    if at is None:
        return "the shootout"
    minutes, rest = divmod(at.left, 600)
    return f"period {at.period}, {minutes}:{rest // 10:02d} left"
