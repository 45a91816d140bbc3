"""What a game leaves in the records: goals, penalties, minutes, suspensions.

The game state keeps its goals and penalties as persistent chains (a new
record costs the same at minute 1 and minute 24); the totals below are
computed from them when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Generic, Literal, TypeVar

from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime, minutes_value

T = TypeVar("T")
_new: Final = object.__new__  # a module name: a class's ``__new__`` is read unspecialized
# The same, untyped: a new record's ``Final`` slots are written once, where it is built.
_blank: Final[Callable[[type], Any]] = object.__new__


class Chain(Generic[T]):
    """A persistent list: appending shares everything already there. A node
    is never changed once built (a plain slotted class rather than a frozen
    dataclass: every record the fold keeps is one, and this builds fastest)."""

    __slots__ = ("head", "tail")

    head: T
    tail: Chain[T] | None

    def __init__(self, head: T, tail: Chain[T] | None) -> None:
        self.head = head
        self.tail = tail

    @staticmethod
    def push(chain: Chain[T] | None, item: T) -> Chain[T]:
        # Built slot by slot: calling the class costs a C-level trip through
        # type.__call__ and __init__ (issue 30: asked ~0.5 times an event).
        node: Chain[T] = _new(Chain)
        node.head = item
        node.tail = chain  # (no length kept: nothing asks it, and every push paid for it)
        return node

    def __reduce__(self) -> tuple[object, tuple[tuple[T, ...]]]:
        """Pickled flat (as its items), not as a deep nest of nodes."""
        return (_chain_of, (items(self),))


def _chain_of(values: tuple[T, ...]) -> Chain[T] | None:
    chain: Chain[T] | None = None
    for value in values:
        chain = Chain.push(chain, value)
    return chain


class _Positional:
    """Pickles a frozen slotted dataclass as its constructor arguments (fast)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        names: tuple[str, ...] = getattr(type(self), "__slots__")  # noqa: B009 (typed)
        return (type(self), tuple(getattr(self, name) for name in names))


def items(chain: Chain[T] | None) -> tuple[T, ...]:
    """Oldest first."""
    out: list[T] = []
    while chain is not None:
        out.append(chain.head)
        chain = chain.tail
    out.reverse()
    return tuple(out)


Strength = Literal["PP", "SH", "EV"]


@dataclass(slots=True, unsafe_hash=True)
class GoalRecord(_Positional):
    at: Final[GameTime]
    team: Final[Team]
    scorer: Final[int]
    assist: Final[int | None]
    strength: Final[Strength]
    empty_net: Final[bool]
    penalty_shot: Final[bool] = False
    own_goal: Final[bool] = False
    goalie_against: Final[int | None] = None
    # The scoring team's goaltender in goal at the goal (None: its net empty): the
    # statistics credit a win to him when this is the winning goal (issue 27).
    goalie_for: Final[int | None] = None


def goal_record(at: GameTime, team: Team, scorer: int, assist: int | None, strength: Strength,
                empty_net: bool, penalty_shot: bool, own_goal: bool,
                goalie_against: int | None, goalie_for: int | None) -> GoalRecord:
    """``GoalRecord(...)``, every field given, built slot by slot as
    :meth:`Chain.push` builds its nodes: calling a dataclass costs a C-level
    trip through ``type.__call__`` into its ``__init__``, some 2,500
    instructions at every goal (issue 30)."""
    r = _blank(GoalRecord)
    r.at = at
    r.team = team
    r.scorer = scorer
    r.assist = assist
    r.strength = strength
    r.empty_net = empty_net
    r.penalty_shot = penalty_shot
    r.own_goal = own_goal
    r.goalie_against = goalie_against
    r.goalie_for = goalie_for
    record: GoalRecord = r
    return record


class PenaltyEnd(StrEnum):
    """How a penalty's time in the box ended (:attr:`PenaltyRecord.end`)."""

    EXPIRED = "expired"
    RELEASED = "released"
    REMOVED = "removed"
    GAME_OVER = "game_over"

    @property
    def text(self) -> str:
        return _END_TEXT[self][0]

    @property
    def rule(self) -> str:
        return _END_TEXT[self][1]


_EXPIRED = ("its time ran out and the player came back (at once, or at the stoppage or "
            "face-off the book makes him wait for)")
_REMOVED = ("the player was removed from the game; nobody is kept in the box for his "
            "misconduct")
_END_TEXT: dict[PenaltyEnd, tuple[str, str]] = {
    PenaltyEnd.EXPIRED: (_EXPIRED, "402(b), 402(c) note 1, 402(g), 403(b), 404(a), 408(b)"),
    PenaltyEnd.RELEASED: ("a goal against the short-handed team ended it", "402(d)"),
    PenaltyEnd.REMOVED: (_REMOVED, "404(c), 404(d), 404(g), 405(a)"),
    PenaltyEnd.GAME_OVER: ("the game ended before its time was served", "640(a), 634(d)"),
}


@dataclass(slots=True, unsafe_hash=True)
class PenaltyRecord(_Positional):
    """An assessed penalty as the official scorer records it (Rule 506(a)),
    with the times the penalty timekeeper keeps (Rule 507): when its time
    began to run and when it was over."""

    penalty_id: Final[int]
    at: Final[GameTime]
    team: Final[Team]
    player: Final[int | None]  # None: bench penalty
    served_by: Final[int | None]
    penalty_class: Final[PenaltyClass]
    infraction: Final[str]
    rule: Final[str | None]
    suspension: Final[int | None]
    goalie: Final[bool] = False
    started: Final[GameTime | None] = None
    """When its time began to run (409(d) at the face-off, 408(a) when a
    place freed, 402(f) behind its server's earlier penalty); None: it never
    ran (nothing to serve, or the game ended first)."""
    ended: Final[GameTime | None] = None
    """When it was over: the player came back, it was released or the
    player removed, or the game ended (see :attr:`end`); None: not yet."""
    end: Final[PenaltyEnd | None] = None
    """How it ended; None while it is in the box, or with no time to serve."""
    official: Final[str | None] = None
    """The team official penalized (601(a), 629(j)); ``player`` is then None."""
    called_by: Final[str | None] = None
    """The official who called the penalty (Rule 503), where recorded."""
    stoppage: Final[int] = 0
    """Which stoppage of play it was assessed at (counted from the start)."""
    added_by: Final[str | None] = None
    """The rule under which the engine assessed it itself (casebook 42, 44:
    an automatic companion, 629(c)'s additional minor); None: recorded."""

    @property
    def returned(self) -> GameTime | None:
        """When its time in the box was over, unless the game ended first:
        the "on" time of the official report."""
        return None if self.end is PenaltyEnd.GAME_OVER else self.ended


def assessed_record(penalty_id: int, at: GameTime, team: Team, player: int | None,
                    served_by: int | None, penalty_class: PenaltyClass, infraction: str,
                    rule: str | None, suspension: int | None, goalie: bool, official: str | None,
                    called_by: str | None, stoppage: int, added_by: str | None) -> PenaltyRecord:
    """``PenaltyRecord(...)`` of a penalty just assessed (506(a)): its time
    not begun nor ended yet (507). Built slot by slot, as :func:`goal_record`
    is, at every penalty (issue 30)."""
    r = _blank(PenaltyRecord)
    r.penalty_id = penalty_id
    r.at = at
    r.team = team
    r.player = player
    r.served_by = served_by
    r.penalty_class = penalty_class
    r.infraction = infraction
    r.rule = rule
    r.suspension = suspension
    r.goalie = goalie
    r.started = None
    r.ended = None
    r.end = None
    r.official = official
    r.called_by = called_by
    r.stoppage = stoppage
    r.added_by = added_by
    record: PenaltyRecord = r
    return record


@dataclass(slots=True, unsafe_hash=True)
class ShotRecord(_Positional):
    at: Final[GameTime]
    team: Final[Team]
    shooter: Final[int | None]
    goalie_against: Final[int | None]


SuspensionLength = int | Literal["rest_of_tournament", "pending_review"]


@dataclass(frozen=True, slots=True)
class Suspension:
    """Games a player (or a team official, casebook 59) must sit out after this game."""

    team: Team
    player: int
    games: SuspensionLength
    rule: str
    official: str | None = None
    """A team official's suspension (casebook 47, 404(d)); ``player`` is then 0."""


def charged_tenths(record: PenaltyRecord, settings: Settings) -> int:
    """Casebook 12: minutes charged in the records for one penalty.

    Minor and bench minor the minor length, double minor twice that, major
    the major length, misconduct its length; game ejection, game misconduct
    and gross misconduct 10 each (404(e) note 1, 404(h) note 1), a match
    penalty 10 in all (405(c) note 1).
    """
    cls = record.penalty_class
    if cls in (PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR):
        return settings.minor
    if cls == PenaltyClass.DOUBLE_MINOR:
        return 2 * settings.minor
    if cls == PenaltyClass.MAJOR:
        return settings.major
    if cls == PenaltyClass.MISCONDUCT:
        return settings.misconduct
    return settings.ejection_minutes


def charged_to(record: PenaltyRecord) -> str:
    """Bench penalties to "bench"; a team official's to ``official:<name>``
    (casebook 47); a goaltender's to the goaltender whoever serves them
    (407(c) note 1)."""
    if record.official is not None:
        return f"official:{record.official}"
    if record.penalty_class == PenaltyClass.BENCH_MINOR or record.player is None:
        return "bench"
    return str(record.player)


def penalty_minutes(records: tuple[PenaltyRecord, ...], settings: Settings
                    ) -> dict[Team, dict[str, int | float]]:
    tenths: dict[Team, dict[str, int]] = {"home": {}, "away": {}}
    for record in records:
        key = charged_to(record)
        team = tenths[record.team]
        team[key] = team.get(key, 0) + charged_tenths(record, settings)
    return {t: {k: minutes_value(v) for k, v in per.items()} for t, per in tenths.items()}


def suspension_of(record: PenaltyRecord) -> Suspension | None:
    """Casebook 13: game misconduct one game (404(d)), or the games the
    referee set (615(d): three for a punch); match penalty the rest of the
    tournament (405(e)); gross misconduct until reviewed (404(h)); a game
    ejection ends with the game (404(c)) unless more games were set.
    Casebook 59: a team official's alike (his ``player`` is 0)."""
    cls = record.penalty_class
    if record.player is None and record.official is None:
        return None  # a bench penalty suspends nobody
    team, player, official = record.team, record.player or 0, record.official
    if cls == PenaltyClass.MATCH:
        return Suspension(team, player, "rest_of_tournament", "405(e)", official)
    if cls == PenaltyClass.GROSS_MISCONDUCT:
        return Suspension(team, player, "pending_review", "404(h)", official)
    if cls == PenaltyClass.GAME_MISCONDUCT:
        games = record.suspension or 1
        rule = record.rule if record.suspension and record.rule else "404(d)"
        return Suspension(team, player, games, rule, official)
    if record.suspension:
        return Suspension(team, player, record.suspension, record.rule or "410(a)", official)
    return None


def suspensions(records: tuple[PenaltyRecord, ...], *, officials: bool | None = None
                ) -> list[Suspension]:
    """One suspension per player and per team official (casebook 59; with
    ``officials`` True or False, only theirs or only the players'):
    games add up, and the rest of the tournament (405(e)) covers them. A
    gross misconduct's review (404(h)) is an entry of its own beside them:
    it bars him from further tournaments until the directors decide, while
    a game misconduct's games are the minimum 404(d) sets whatever they
    decide, so neither is lost in the other (casebook 13, 59: "every
    suspension the game produces")."""
    merged: dict[tuple[Team, int | str, bool], Suspension] = {}
    for record in records:
        found = suspension_of(record)
        if found is None or (officials is not None
                             and (found.official is not None) != officials):
            continue
        key = (found.team, found.official or found.player, found.games == "pending_review")
        before = merged.get(key)
        merged[key] = found if before is None else _combine(before, found)
    return list(merged.values())


_OPEN_RANK = {"rest_of_tournament": 2, "pending_review": 1}


def _combine(a: Suspension, b: Suspension) -> Suspension:
    if isinstance(a.games, int) and isinstance(b.games, int):
        return Suspension(a.team, a.player, a.games + b.games, f"{a.rule}, {b.rule}",
                          official=a.official)
    rank_a = _OPEN_RANK.get(str(a.games), 0)
    rank_b = _OPEN_RANK.get(str(b.games), 0)
    return a if rank_a >= rank_b else b


def scoring(goals: tuple[GoalRecord, ...]) -> dict[Team, dict[int, tuple[int, int]]]:
    """Goals and assists per player (616(k); own goals 616(c))."""
    out: dict[Team, dict[int, list[int]]] = {"home": {}, "away": {}}
    for goal in goals:
        team = out[goal.team]
        team.setdefault(goal.scorer, [0, 0])[0] += 1
        if goal.assist is not None:
            team.setdefault(goal.assist, [0, 0])[1] += 1
    return {t: {n: (ga[0], ga[1]) for n, ga in per.items()} for t, per in out.items()}


@dataclass(frozen=True, slots=True)
class GoalieLine:
    """One goaltender's game: time in goal, and shots and saves where shots
    were recorded (None where they were not)."""

    team: Team
    goalie: int
    tenths: int
    goals_against: int
    shots_against: int | None
    saves: int | None


def goaltending(goals: tuple[GoalRecord, ...], shots: tuple[ShotRecord, ...],
                minutes: dict[Team, dict[int, int]]) -> list[GoalieLine]:
    """Goals against are those scored while he was in goal (casebook 28);
    forfeit goals charge nobody (634(d)3)."""
    against: dict[tuple[Team, int], int] = {}
    saves: dict[tuple[Team, int], int] = {}
    for goal in goals:
        if goal.goalie_against is not None:
            key = (_other(goal.team), goal.goalie_against)
            against[key] = against.get(key, 0) + 1
    for shot in shots:
        if shot.goalie_against is not None:
            key = (_other(shot.team), shot.goalie_against)
            saves[key] = saves.get(key, 0) + 1
    recorded = bool(shots)
    lines = []
    for team, per in minutes.items():
        for goalie, tenths in per.items():
            ga = against.get((team, goalie), 0)
            sv = saves.get((team, goalie), 0)
            lines.append(GoalieLine(team, goalie, tenths, ga, ga + sv if recorded else None,
                                    sv if recorded else None))
    return lines


def _other(team: Team) -> Team:
    return "away" if team == "home" else "home"


def iterate(chain: Chain[T] | None) -> Iterator[T]:
    yield from items(chain)


@dataclass(slots=True, unsafe_hash=True)
class PenaltyShotRecord:
    """A penalty shot as taken (Rule 406), scored or not: a scored one is also
    a goal. ``stoppage`` numbers the stoppage it was taken in."""

    at: Final[GameTime]
    team: Final[Team]
    shooter: Final[int]
    scored: Final[bool]
    stoppage: Final[int]


@dataclass(slots=True, unsafe_hash=True)
class MeasurementRecord:
    """An equipment measurement as recorded (Rules 301, 303, 304, 610(f)):
    the stoppage it was asked at, who asked, whose equipment, and the result."""

    stoppage: Final[int]
    at: Final[GameTime]
    team: Final[Team]
    player: Final[int]
    item: Final[str]
    result: Final[str]


@dataclass(slots=True, unsafe_hash=True)
class ShootoutShot:
    team: Final[Team]
    shooter: Final[int]
    scored: Final[bool]



@dataclass(slots=True, unsafe_hash=True)
class CautionRecord:
    """A warning the referees gave (casebook 46): to ``player``, to
    ``official``, or to the team (both None); the rule as the book numbers
    it; the period and the stoppage it was given in."""

    at: Final[GameTime]
    team: Final[Team]
    player: Final[int | None]
    official: Final[str | None]
    rule: Final[str]
    period: Final[int]
    stoppage: Final[int]
