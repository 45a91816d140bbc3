"""The penalty box: timed penalty units, strength, expiry and release.

A penalty that takes time is held as one or more :class:`Unit` s: a minor is
one unit, a double minor two consecutive ones (casebook 7), a major or the
time portion of a match penalty one, a misconduct one. A unit is

- ``pending``: assessed, waiting for the face-off (Rule 409(d)), held back
  as a third penalty (408(a)), or queued behind its server's earlier unit
  (402(f), 409(c) second paragraph);
- ``running``: its time counts down with the game clock (409(d));
- ``expired``: its time is over but its player waits for a stoppage or the
  face-off (402(c) note 1, 402(g), 403(c), 404(a), 408(b));
- ``done``: over and the player is back (dropped from the box).

Times are elapsed game-clock tenths (``E``), which only grow while the game
clock runs; a running unit's time left is ``start + duration - E``.

The box is an immutable tuple of units never changed once built; every change makes a new
tuple, so a game state can be kept and compared cheaply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final, Literal, NamedTuple, TypeAlias, TypedDict, Unpack

from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.notices import Reason

Status = Literal["pending", "running", "expired", "done"]
PendingReason = Literal["faceoff", "third", "queue", "left", "hold", ""]
# Units that leave the team short though not running: the time of a player who
# left the box early (casebook 44), and time over during a running-time
# stoppage, its player back at the face-off (casebook 31).
HELD: frozenset[str] = frozenset({"left", "hold"})
Wait = Literal["stoppage", "faceoff", ""]
Tenths: TypeAlias = int  # game-clock tenths of a second: elapsed (``E``) or a length
Number: TypeAlias = int  # a player's jersey number
PenaltyId: TypeAlias = int  # the penalty's id, as on its PenaltyRecord
StoppageNo: TypeAlias = int  # which stoppage of play, counted from the start of the game
Half: TypeAlias = Literal[0, 1, 2]  # 0: a whole penalty; 1, 2: the halves of a double minor
ServerKind = Literal["player", "penalty", "misconduct"]


class ServerKey(NamedTuple):
    """Who sits in the box for a unit: units with one key are served one
    after the other (402(f), 409(c)), units with different keys at once.

    - ``("player", team, n)``: player ``n`` serves it (the penalized player,
      or the one named to serve it);
    - ``("penalty", team, id)``: a teammate nobody has named serves it
      (402(c), 405(a), 407(a); 402(h), 403(e) splits), keyed by the penalty
      or unit it stands for;
    - ``("misconduct", team, n)``: player ``n``'s misconduct, served beside his
      other penalties while a substitute plays (404(a)).

    One player's penalties at one stoppage share a key even where different
    teammates are named to serve them (402(f), casebook 65): the key orders
    the time, :attr:`Unit.served_by` says who sits.
    """

    kind: ServerKind
    team: Team
    number: int


_tuple_new: Final = tuple.__new__


def server_key(kind: ServerKind, team: Team, number: int) -> ServerKey:
    """``ServerKey(kind, team, number)``, built as its ``__new__`` builds it
    but without the trip through ``type.__call__`` into that Python-level
    ``__new__`` (issue 30: some 2,000 instructions at every penalty)."""
    key: ServerKey = _tuple_new(ServerKey, (kind, team, number))
    return key


class Kind(IntEnum):
    """How a unit affects the floor."""

    MINOR = 0  # minor, bench minor, half of a double minor: no substitute (402(b), (c))
    MAJOR = 1  # major, match time portion, a 403(e) difference: no substitute (403(b), 405(a))
    MISCONDUCT = 2  # substitute at once (404(a))


# Kind's members as module names, for where the fold scans the box: Python
# 3.11 reads an enum's member off its class the slow way (no specialized
# read), at every unit of every scan (issue 30).
MINOR_TIME: Final = Kind.MINOR
MAJOR_TIME: Final = Kind.MAJOR
MISCONDUCT_TIME: Final = Kind.MISCONDUCT


# A module name for ``object.__new__`` (a class's ``__new__`` is read unspecialized),
# returning an untyped object whose slots :meth:`Unit._moved` writes once.
_new: Final[Callable[[type], Any]] = object.__new__

_UNIT_FIELDS: Final = (
    "uid", "penalty_id", "team", "player", "served_by", "server", "kind", "penalty_class",
    "infraction", "duration", "group", "status", "pending_reason", "start", "coincident",
    "substituted", "designated", "half", "wait", "took_third", "after")


class UnitChanges(TypedDict, total=False):
    """The fields :meth:`Unit._replace` may change (each a field of :class:`Unit`)."""

    uid: int
    penalty_id: PenaltyId
    team: Team
    player: Number | None
    served_by: Number | None
    server: ServerKey
    kind: Kind
    penalty_class: PenaltyClass
    infraction: str
    duration: Tenths
    group: StoppageNo
    status: Status
    pending_reason: PendingReason
    start: Tenths
    coincident: bool
    substituted: bool
    designated: bool
    half: Half
    wait: Wait
    took_third: bool
    after: int


class Unit:
    """One stretch of penalty time in the box (the module's docstring tells
    its life: pending, running, expired, done).

    Never changed once built (mypy holds every field ``Final``): a change is
    a new unit, from :meth:`_replace` or the fast copies below. A slotted
    class, not a NamedTuple: Python 3.11 reads a NamedTuple's field through
    its descriptor the slow way (no specialized read), at every unit of every
    scan of the box, where a slot is read at the speed of a local (issue 30).
    """

    __slots__ = (*_UNIT_FIELDS, "end")

    uid: Final[int]
    """Unique in the game; gives "the order assessed" (408(c), 408(d))."""
    penalty_id: Final[PenaltyId]
    """The penalty this time belongs to (a double minor has two units)."""
    team: Final[Team]
    """The penalized team."""
    player: Final[Number | None]
    """The penalized player; None for a bench minor (402(c))."""
    served_by: Final[Number | None]
    """The player named to serve the time, if the scorer named one."""
    server: Final[ServerKey]
    """Who sits in the box for it: one server's units run one after another."""
    kind: Final[Kind]
    """How it affects the floor: minor, major or misconduct time."""
    penalty_class: Final[PenaltyClass]
    """The class assessed (Rule 401(a))."""
    infraction: Final[str]
    """The infraction, as recorded."""
    duration: Final[Tenths]
    """Its length: minor, major or misconduct time (402(a), 403(a), 404(a))."""
    group: Final[StoppageNo]
    """The stoppage it was assessed at: penalties of one stoppage are settled
    together at the next face-off (409(d), casebook 4)."""
    status: Final[Status]
    """Pending, running, expired (time over, player still in the box), done."""
    pending_reason: Final[PendingReason]
    """Why a pending unit waits: the face-off (409(d)), a third penalty held
    back (408(a)), or its server's earlier unit (402(f), 409(c))."""
    start: Final[Tenths]
    """Elapsed clock tenths when its time began to run (0 while pending)."""
    coincident: Final[bool]
    """Paired off with an equal penalty of the other team (casebook 4, 402(h))."""
    substituted: Final[bool]
    """A substitute plays while it runs: it leaves no one short (402(g), 403(c))."""
    designated: Final[bool]
    """The captain named this player to return first (408(c))."""
    half: Final[Half]
    """Which half of a double minor, or 0 (casebook 7)."""
    wait: Final[Wait]
    """An expired unit's player comes back at the next stoppage or face-off
    (402(c) note 1, 402(g), 404(a), 408(b))."""
    took_third: Final[bool]
    """Expired while a held third penalty took its place (408(b))."""
    after: Final[int]
    """The uid of the unit whose end starts this one, outside its server's
    order: 629(c)'s minor to a player who sits time in a queue that goes on
    with another player's time (casebook 44, 66); 0: none."""
    end: Final[Tenths]
    """Elapsed clock tenths when a running unit's time is over (``start +
    duration``): kept, not a property, as it is read at every change of the
    box (a property is an unspecialized read and a call in Python 3.11)."""

    def __init__(self, uid: int, penalty_id: PenaltyId, team: Team, player: Number | None,
                 served_by: Number | None, server: ServerKey, kind: Kind,
                 penalty_class: PenaltyClass, infraction: str, duration: Tenths,
                 group: StoppageNo, status: Status = "pending",
                 pending_reason: PendingReason = "faceoff", start: Tenths = 0,
                 coincident: bool = False, substituted: bool = False, designated: bool = False,
                 half: Half = 0, wait: Wait = "", took_third: bool = False,
                 after: int = 0) -> None:
        self.uid = uid
        self.penalty_id = penalty_id
        self.team = team
        self.player = player
        self.served_by = served_by
        self.server = server
        self.kind = kind
        self.penalty_class = penalty_class
        self.infraction = infraction
        self.duration = duration
        self.group = group
        self.status = status
        self.pending_reason = pending_reason
        self.start = start
        self.coincident = coincident
        self.substituted = substituted
        self.designated = designated
        self.half = half
        self.wait = wait
        self.took_third = took_third
        self.after = after
        self.end = start + duration

    def _values(self) -> tuple[object, ...]:
        return (self.uid, self.penalty_id, self.team, self.player, self.served_by, self.server,
                self.kind, self.penalty_class, self.infraction, self.duration, self.group,
                self.status, self.pending_reason, self.start, self.coincident,
                self.substituted, self.designated, self.half, self.wait, self.took_third,
                self.after)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Unit):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in
                          zip(_UNIT_FIELDS, self._values(), strict=True))
        return f"Unit({shown})"

    def __reduce__(self) -> tuple[type[Unit], tuple[object, ...]]:
        """Pickled as its fields' values (kept game states stay small)."""
        return (Unit, self._values())

    def _replace(self, **changes: Unpack[UnitChanges]) -> Unit:
        """This unit with ``changes`` (as a NamedTuple's ``_replace``)."""
        values: dict[str, Any] = dict(zip(_UNIT_FIELDS, self._values(), strict=True))
        values.update(changes)
        return Unit(**values)

    # Fast copies for the changes the box makes most.

    def running_from(self, at: Tenths) -> Unit:
        """This unit, its time running from ``at``."""
        return self._moved("running", "", at, self.wait)

    def over(self) -> Unit:
        """This unit, done: it no longer waits for anything, so time held over
        a running-time stoppage (``hold``) stops counting the moment its player
        is back (casebook 31): the face-off that lets him out settles the
        stoppage's penalties without him (408(a), casebook 4)."""
        return self._moved("done", "", self.start, self.wait)

    def expired(self, wait: Wait) -> Unit:
        """This unit, its time over, its player waiting for ``wait``."""
        return self._moved("expired", self.pending_reason, self.start, wait)

    def held(self, reason: PendingReason) -> Unit:
        """This unit, pending for ``reason``."""
        return self._moved(self.status, reason, self.start, self.wait)

    def _moved(self, status: Status, pending_reason: PendingReason, start: Tenths,
               wait: Wait) -> Unit:
        """This unit at another step of its life, the rest as it was. Built
        slot by slot, as ``__init__`` would: calling the class costs a
        C-level trip through ``type.__call__`` into ``__init__``, a quarter
        of a copy's instructions, at every start and end of penalty time
        (issue 30). ``u`` is untyped only here, where its slots are first
        written; to everyone else they are ``Final``."""
        u = _new(Unit)
        u.uid = self.uid
        u.penalty_id = self.penalty_id
        u.team = self.team
        u.player = self.player
        u.served_by = self.served_by
        u.server = self.server
        u.kind = self.kind
        u.penalty_class = self.penalty_class
        u.infraction = self.infraction
        u.duration = self.duration
        u.group = self.group
        u.status = status
        u.pending_reason = pending_reason
        u.start = start
        u.coincident = self.coincident
        u.substituted = self.substituted
        u.designated = self.designated
        u.half = self.half
        u.wait = wait
        u.took_third = self.took_third
        u.after = self.after
        u.end = start + self.duration
        moved: Unit = u
        return moved

    @property
    def counts(self) -> bool:
        """Leaves the team a player short (casebook 3); so does the time of a
        player who left the box early, until the stoppage (casebook 44)."""
        return ((self.status == "running" or self.pending_reason in HELD)
                and not self.substituted and self.kind is not MISCONDUCT_TIME)

    @property
    def strength_kind(self) -> bool:
        return self.kind is not MISCONDUCT_TIME

    def left(self, now: Tenths) -> Tenths:
        if self.status == "running":
            return max(0, self.end - now)
        if self.status == "pending":
            return self.duration
        return 0

    def order_key(self) -> tuple[int, int, int, int]:
        """'First' for releases and 408(c): earliest stoppage, minor recorded first
        (408(d)), the captain's designation, then the order assessed."""
        return (self.group, 0 if self.kind is MINOR_TIME else 1, 0 if self.designated else 1,
                self.uid)


def assessed_unit(uid: int, penalty_id: PenaltyId, team: Team, player: Number | None,
                  served_by: Number | None, server: ServerKey, kind: Kind,
                  penalty_class: PenaltyClass, infraction: str, duration: Tenths,
                  group: StoppageNo, half: Half, after: int) -> Unit:
    """``Unit(...)`` of a penalty just assessed: pending for the face-off
    (409(d)), nothing else yet. Built slot by slot, as :meth:`Unit._moved`
    builds its copies, at every penalty with time (issue 30)."""
    u = _new(Unit)
    u.uid = uid
    u.penalty_id = penalty_id
    u.team = team
    u.player = player
    u.served_by = served_by
    u.server = server
    u.kind = kind
    u.penalty_class = penalty_class
    u.infraction = infraction
    u.duration = duration
    u.group = group
    u.status = "pending"
    u.pending_reason = "faceoff"
    u.start = 0
    u.coincident = False
    u.substituted = False
    u.designated = False
    u.half = half
    u.wait = ""
    u.took_third = False
    u.after = after
    u.end = duration
    assessed: Unit = u
    return assessed


Box = tuple[Unit, ...]
# The method as a module name, for ``key=``: Python 3.11 reads a class's
# attribute unspecialized (issue 30).
_ORDER_KEY: Final = Unit.order_key


def counting(box: Box, team: Team) -> int:
    n = 0
    for u in box:  # a plain loop: the box is small and this is asked often
        if u.team == team and (u.status == "running" or u.pending_reason in HELD) \
                and not u.substituted and u.kind is not MISCONDUCT_TIME:
            n += 1
    return n


def held_third(box: Box, team: Team) -> list[Unit]:
    held = []
    for u in box:  # a plain loop: asked at every change of the box, most often finding none
        if u.pending_reason == "third" and u.status == "pending" and u.team == team:
            held.append(u)
    if len(held) > 1:
        held.sort(key=_ORDER_KEY)
    return held


def in_force(box: Box, team: Team) -> int:
    """Penalties that leave the team short now or will when a place frees (408(a))."""
    return counting(box, team) + len(held_third(box, team))


def _swap(box: Box, old: Unit, new: Unit) -> Box:
    i = 0
    for u in box:  # a plain loop and two slices: the box is small
        if u is old:
            return box[:i] + (new,) + box[i + 1:]
        i += 1
    return box


class Clock:
    """What expiry needs to know about the game at a moment (slotted, for
    the reason :class:`Unit` is; never changed once built)."""

    __slots__ = ("in_play", "running_time", "max_counting")

    in_play: Final[bool]
    running_time: Final[bool]
    max_counting: Final[int]

    def __init__(self, in_play: bool, running_time: bool, max_counting: int) -> None:
        self.in_play = in_play
        self.running_time = running_time
        self.max_counting = max_counting

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Clock):
            return NotImplemented
        return (self.in_play, self.running_time, self.max_counting) == \
            (other.in_play, other.running_time, other.max_counting)

    def __hash__(self) -> int:
        return hash((self.in_play, self.running_time, self.max_counting))

    def __repr__(self) -> str:
        return (f"Clock(in_play={self.in_play!r}, running_time={self.running_time!r}, "
                f"max_counting={self.max_counting!r})")

    def __reduce__(self) -> tuple[type[Clock], tuple[bool, bool, int]]:
        return (Clock, (self.in_play, self.running_time, self.max_counting))


def serving_order(u: Unit) -> tuple[int, int, int, int]:
    """One server's units, earlier stoppages first; of one stoppage 402(f) the
    major first, unless coincident, then the minor first (casebook 20), a
    misconduct's own time last (casebook 40), double-minor halves in order."""
    rank = (2 if u.substituted else 0) if u.kind is MAJOR_TIME else \
        3 if u.kind is MISCONDUCT_TIME else 1
    return (u.group, rank, u.half, u.uid)


def _start_successor(box: Box, ended: Unit, at: int) -> tuple[Box, bool]:
    """Start the unit queued behind ``ended``'s server, if any: the second
    half of its double minor (casebook 7), else the next in
    :func:`serving_order` (402(f), casebook 20, 40); and any unit linked to
    ``ended`` by :attr:`Unit.after`, which runs beside that next one."""
    for u in box:
        if u.status == "pending" and u.pending_reason == "queue":
            return _start_queued(box, ended, at)
    return box, False  # nothing queued behind anyone: most ends (one pass, no lists)


def _start_queued(box: Box, ended: Unit, at: int) -> tuple[Box, bool]:
    """:func:`_start_successor` where some unit is queued (apart, so that
    the comprehensions' cells are made only here, issue 30)."""
    linked = [u for u in box if u.after == ended.uid and u.status == "pending"
              and u.pending_reason == "queue"]
    for u in linked:  # casebook 44, 66: his own minor, after the time he sat
        box = _swap(box, u, u.running_from(at))
    queued = [u for u in box if u.server == ended.server and u.status == "pending"
              and u.pending_reason == "queue" and u.team == ended.team and not u.after]
    if not queued:
        return box, bool(linked)
    # casebook 40, 65: a misconduct's own time after his other time queued
    # there, though that was given at a later stoppage
    nxt = min(queued, key=lambda u: (0, 0, 0, 0, u.half, u.uid)
              if u.penalty_id == ended.penalty_id
              else (1, u.kind is MISCONDUCT_TIME, *serving_order(u)))
    return _swap(box, nxt, nxt.running_from(at)), True


def _next_half(box: Box, ended: Unit, at: int) -> bool:
    """Whether the unit started behind ``ended`` is the second half of its
    double minor (one entry in the box, casebook 7)."""
    return any(u.penalty_id == ended.penalty_id and u.uid != ended.uid and u.status == "running"
               and u.start == at for u in box)


def _start_held_third(box: Box, team: Team, at: int, max_counting: int) -> tuple[Box, bool]:
    """Rule 408(a): the held penalty starts when a place frees."""
    held = held_third(box, team)  # asked first: most often none, and no count then
    if not held or counting(box, team) >= max_counting:
        return box, False
    first = held[0]
    return pause_misconduct(_swap(box, first, first.running_from(at)), first, at), True


def pause_misconduct(box: Box, started: Unit, at: int) -> Box:
    """Casebook 65, 40 (404(a)): minor or major time that starts for a
    player whose own misconduct is running (a penalty held back under 408(a)
    until now) pauses the misconduct: he sits one penalty at a time, the
    misconduct's own time last; the rest of it runs when that penalty is
    over (its last unit: a double minor's second half)."""
    if started.kind is MISCONDUCT_TIME:
        return box
    for u in box:
        if u.status == "running" and u.kind is MISCONDUCT_TIME and u.team == started.team \
                and u.server.kind == "misconduct" and u.player is not None \
                and u.player in (started.player, started.served_by):
            last = max(x.uid for x in box if x.penalty_id == started.penalty_id)
            return _swap(box, u, u._replace(status="pending", pending_reason="queue",
                                            duration=u.left(at), start=0, after=last))
    return box


def finish(box: Box, unit: Unit, at: int, clock: Clock, *, released: bool = False) -> Box:
    """``unit``'s time is over at ``at`` (on time, or released by a goal).

    Its player continues with his next queued unit, or waits, or returns:
    - a unit paired off as coincident, or a misconduct, waits for the next
      stoppage (402(g), 403(c), 402(h), 404(a)); a coincident one waits even
      while the next unit of its server runs (casebook 8, 40);
    - a counting unit whose place goes to a held third penalty waits for the
      next stoppage (408(b));
    - under running time a minor ending during a stoppage waits for the
      face-off (402(c) note 1), and so does any unit with a next one behind
      it but a double minor's first half (casebook 31), the team short until
      then where that next one has a substitute;
    - otherwise the player returns at once (402(b), 403(b)).
    """
    # Casebook 31: under running time, time over during a stoppage is over with
    # it; the player returns at the face-off, the team as short as it was.
    stopped = not released and not clock.in_play and clock.running_time
    before = box  # counted below only where casebook 31 needs it
    box, continues = _start_successor(box, unit, at)
    if continues:
        if unit.substituted:
            # 403(c), 402(g), casebook 8: its server waits for the stoppage
            # though the player's next penalty runs on (casebook 40).
            return _swap(box, unit, unit.expired("faceoff" if stopped else "stoppage"))
        if stopped and not _next_half(box, unit, at):
            # Casebook 31: over with the stoppage, its entry expired until the
            # face-off, whoever sits the next penalty. If that one has a
            # substitute (a coincident major, casebook 20, 65; a misconduct,
            # casebook 40), the team gets its player only then (402(c) note 1).
            waiting = unit.expired("faceoff")
            if unit.counts and counting(box, unit.team) == counting(before, unit.team):
                waiting = waiting.held("hold")
            return _swap(box, unit, waiting)
        return _swap(box, unit, unit.over())
    if unit.substituted or unit.kind is MISCONDUCT_TIME:
        return _swap(box, unit, unit.expired("faceoff" if stopped else "stoppage"))
    # unit.counts, inline (asked at most ends of penalty time); not
    # substituted nor a misconduct, both returned above
    was_counting = unit.status == "running" or unit.pending_reason in HELD
    box = _swap(box, unit, unit.over())
    if was_counting:
        box, took_place = _start_held_third(box, unit.team, at, clock.max_counting)
        if took_place and not released:
            over = _with_uid(box, unit.uid)
            if over is not None:
                return _swap(box, over, over.expired("faceoff" if stopped else "stoppage")
                             ._replace(took_third=True))
    if stopped:
        over = _with_uid(box, unit.uid)
        if over is not None:
            return _swap(box, over, over.expired("faceoff").held("hold"))
    return box


def _with_uid(box: Box, uid: int) -> Unit | None:
    """The unit ``uid`` of ``box`` (a plain loop: no comprehension's cells
    in :func:`finish`, at every end of penalty time)."""
    for u in box:
        if u.uid == uid:
            return u
    return None


def run_until(box: Box, now: int, until: int, clock: Clock) -> Box:
    """Let the clock run from ``now`` to ``until``, ending units in time order.

    Units ending together are taken so that the one the captain designated
    comes back first (408(c)): it is finished last, after any held third
    penalty has taken the place freed by the others.
    """
    while True:
        at = -1  # the first end due, if any (one pass: most calls find none)
        for u in box:
            if u.status == "running":
                end = u.end
                if end <= until and (at < 0 or end < at):
                    at = end
        if at < 0:
            return box
        batch = []
        for u in box:  # plain loops: no generator per end (issue 30)
            if u.status == "running" and u.end == at:
                batch.append(u)
        if len(batch) > 1:
            batch.sort(key=_returns_last)
        first = batch[0]
        for unit in batch:
            current = unit  # the box is the one the batch came from until a finish
            if unit is not first:
                for u in box:
                    if u.uid == unit.uid:
                        current = u
                        break
            if current.status == "running":
                box = finish(box, current, at, clock)


def _returns_last(u: Unit) -> tuple[bool, tuple[int, int, int, int]]:
    """408(c): of units ending together, the designated one is finished last."""
    return (u.designated, u.order_key())


def release_waiting(box: Box, wait: Wait) -> Box:
    """Players waiting for a stoppage (or the face-off) come back."""
    for u in box:
        if u.status == "expired" and u.wait == wait:
            break
    else:
        return box
    back = []
    for u in box:  # plain loops and a list: no generator per change (issue 30)
        back.append(u.over() if u.status == "expired" and u.wait == wait else u)
    return tuple(back)


def prune(box: Box) -> Box:
    """Drop units that are over, keeping the tuple small."""
    for u in box:
        if u.status == "done":
            break
    else:
        return box
    kept = []
    for u in box:
        if u.status != "done":
            kept.append(u)
    return tuple(kept)


def first_releasable(box: Box, team: Team) -> Unit | None:
    """Rule 402(d) note 1: the first non-coincidental minor or bench minor
    running against ``team`` (a goal never ends a major, misconduct or match
    penalty, casebook 6)."""
    first = None
    for u in box:  # a plain loop, not a list and min(key=): most often one is running
        if u.team == team and u.status == "running" and u.kind is MINOR_TIME \
                and not u.coincident and not u.substituted \
                and (first is None or u.order_key() < first.order_key()):
            first = u
    return first


def sits_for(u: Unit, player: int) -> bool:
    """``player`` is in the box for ``u``: his own, or one he serves (402(c), 407(a))."""
    return player in (u.player, u.served_by)


def designated_first(box: Box, team: Team, player: int) -> Box:
    """Rule 408(c): the captain names who returns first (:func:`sits_for`)."""
    return tuple(u._replace(designated=True) if u.team == team and sits_for(u, player)
                 and u.status != "done" else u for u in box)


def units_of(box: Box, team: Team) -> Iterable[Unit]:
    return (u for u in box if u.team == team and u.status != "done")


@dataclass(frozen=True, slots=True)
class BoxEntry:
    """One line of the penalty timekeeper's sheet."""

    player: int | None  # None: bench penalty
    served_by: int | None
    state: Literal["pending", "running", "expired"]
    left: int
    penalty_class: PenaltyClass
    infraction: str
    may_return: bool  # expired: returns at the next stoppage (or face-off)
    why: tuple[Reason, ...] = ()
    """The rules that put the entry where it is (``waits for the first
    stoppage: 408(b)``, ``pending behind #7's major: 402(f)``)."""


def _number_of(u: Unit) -> str:
    if u.served_by is not None:
        return f"#{u.served_by}"
    return "the bench" if u.player is None else f"#{u.player}"


def _held_at_faceoff(u: Unit, team_units: Iterable[Unit], max_counting: int) -> bool:
    """Whether ``u``, assessed at this stoppage, will be held back at the
    face-off as a third penalty (Rule 408(a)), as the start of a team's new
    penalties at the face-off (:mod:`rinkside.rules.coincidence`) decides
    it: only time that counts is held (casebook 53), and the teammates'
    penalties already counting and those of this stoppage started before it
    (minors first, then as assessed) fill the places first."""
    if u.substituted or u.kind is MISCONDUCT_TIME:
        return False
    ahead = 0
    for x in team_units:
        if x.uid == u.uid or x.team != u.team:
            continue
        if x.counts:
            ahead += 1
        elif (x.status == "pending" and x.pending_reason == "faceoff" and not x.substituted
              and x.kind is not MISCONDUCT_TIME and x.server != u.server
              and (0 if x.kind == MINOR_TIME else 1, x.uid)
              < (0 if u.kind == MINOR_TIME else 1, u.uid)):
            ahead += 1
    return ahead >= max_counting


def reasons(u: Unit, team_units: Iterable[Unit], max_counting: int = 2
            ) -> tuple[Reason, ...]:
    """Why ``u`` is where it is, each with its rule (what the console and
    ``rinkside replay --explain`` show); ``max_counting``: how many penalties
    may leave the team short at once (408(a): two)."""
    minor = u.kind == MINOR_TIME
    if u.status == "pending":
        if u.pending_reason == "left":
            return (Reason("629(c)", "left the penalty bench early: the time still to serve, "
                           "back in the box at the stoppage"), Reason("629(e)", "the referees "
                           "stop play at once"))
        if u.pending_reason == "third":
            return (Reason("408(a)", "held back: two teammates already serve penalties"),)
        if u.pending_reason == "queue":
            ahead = [x for x in team_units if x.server == u.server and x.uid != u.uid
                     and x.status in ("running", "pending") and x.pending_reason != "queue"]
            if not ahead and u.after:  # linked to one unit (casebook 44, 65)
                ahead = [x for x in team_units if x.uid == u.after]
            if ahead:
                first = ahead[0]
                what = first.penalty_class.text
                if u.kind == MISCONDUCT_TIME and first.group != u.group:  # casebook 65
                    return (Reason("404(a)", f"its time runs when {_number_of(first)}'s "
                                   f"{what} ends: one player's penalties are served one after "
                                   "another (casebook 65)"),)
                if u.kind == MISCONDUCT_TIME:  # casebook 40
                    return (Reason("404(b)" if first.kind == MINOR_TIME else "404(e)",
                                   f"starts when {_number_of(first)}'s {what} ends"),)
                return (Reason("402(f)", f"pending behind {_number_of(first)}'s {what}"),)
            return (Reason("402(f)", "served after the player's earlier penalty"),)
        if _held_at_faceoff(u, team_units, max_counting):
            return (Reason("408(a)", "held back at the face-off: two teammates already serve "
                           "penalties (a substitute plays until one ends), unless a coincident "
                           "penalty pairs it off (402(g), 403(c))"),)
        return (Reason("409(d)", "starts at the face-off"),)
    if u.status == "expired":
        if u.wait == "faceoff":
            return (Reason("402(c) note 1", "time over during a stoppage: returns at the "
                           "face-off"), Reason("casebook 31", "under running time"))
        if u.kind == MISCONDUCT_TIME:
            return (Reason("404(a)", "waits for the first stoppage"),)
        if u.took_third:
            return (Reason("408(b)", "waits for the first stoppage"),)
        return (Reason("402(g)" if minor else "403(c)", "coincident: waits for the first "
                       "stoppage"),)
    if u.kind == MISCONDUCT_TIME:
        return (Reason("404(a)", "a substitute plays"),)
    if u.coincident and u.substituted:
        return (Reason("402(g)" if minor else "403(c)", "coincident: a substitute plays"),)
    if u.coincident:
        return (Reason("402(d) note 1", "coincident minors at full strength: served without "
                       "substitution"),)
    if u.substituted:
        return (Reason("403(e)", "a substitute plays"),)
    return (Reason("402(b)" if minor else "403(b)", "the team plays short while it runs"),)

