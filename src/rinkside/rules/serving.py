"""Who serves a penalty's time: one table, used by the engine and the console.

The engine accepts a penalty with or without ``served_by``. Where the book
has someone other than the penalized player serve the time, :data:`TABLE`
says so and under which rule; the engine then keeps the time for an unnamed
teammate unless one is named (:func:`server_number`), and the console asks
who (:func:`serving`):

- Rule 402(c): a bench minor is served by any player the coach or playing
  captain designates.
- Rule 405(a): a match penalty's time is served by a non-penalized player,
  not the goaltender.
- Rules 407(a), 404(a): a goaltender is not sent to the penalty bench; a
  teammate on the floor at the time of the infraction serves the time.
- Rules 404(b), 404(e): a minor with a misconduct, or a major with a
  misconduct, game ejection or game misconduct, given at the same time: a
  substitute serves the first penalty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from rinkside.rules.box import units_of
from rinkside.rules.events import PenaltyClass, Team

if TYPE_CHECKING:
    from rinkside.rules.state import GameState

PC = PenaltyClass
Whose = Literal["any", "skater", "goaltender"]


@dataclass(frozen=True, slots=True)
class OtherServes:
    """One line of the table: a ``whose`` penalty of one of ``classes`` (given
    with one of ``given_with``, where that is set) is served by another player."""

    rule: str
    whose: Whose  # whose penalty: any player's, a skater's, a goaltender's
    classes: tuple[PenaltyClass, ...]
    text: str  # who serves it, as the book says
    given_with: tuple[PenaltyClass, ...] = ()


TABLE: Final[tuple[OtherServes, ...]] = (
    OtherServes("402(c)", "any", (PC.BENCH_MINOR,),
                "any player the coach or playing captain designates serves a bench minor"),
    OtherServes("405(a)", "skater", (PC.MATCH,),
                "a non-penalized player, not the goaltender, serves the time portion of a "
                "match penalty"),
    OtherServes("407(a)", "goaltender", (PC.MINOR, PC.DOUBLE_MINOR, PC.MAJOR),
                "a goaltender is not sent to the penalty bench: a teammate who was on the "
                "floor at the time of the infraction serves it"),
    OtherServes("404(a)", "goaltender", (PC.MISCONDUCT,),
                "a goaltender's misconduct is served by a teammate who was on the floor at "
                "the time of the infraction"),
    OtherServes("405(a)", "goaltender", (PC.MATCH,),
                "a non-penalized player, not the goaltender, serves the time portion of a "
                "match penalty"),
    OtherServes("404(b)", "any", (PC.MINOR,),
                "a minor given with a misconduct is served by a substitute",
                given_with=(PC.MISCONDUCT,)),
    OtherServes("404(e)", "any", (PC.MAJOR,),
                "a major given with a misconduct, game ejection or game misconduct is served "
                "by a substitute",
                given_with=(PC.MISCONDUCT, PC.GAME_EJECTION, PC.GAME_MISCONDUCT)),
)

# The table as the console's catalog has always listed it (GET /api/infractions).
# Whose penalty -> class -> rule: another player serves the time.
SERVED_BY: Final[Mapping[Whose, Mapping[PenaltyClass, str]]] = {
    whose: {c: line.rule for line in TABLE if line.whose == whose and not line.given_with
            for c in line.classes}
    for whose in ("any", "skater", "goaltender")
}
# Class -> (the classes given with it that call for a substitute, the rule).
SERVED_WITH: Final[Mapping[PenaltyClass, tuple[tuple[PenaltyClass, ...], str]]] = {
    c: (line.given_with, line.rule) for line in TABLE if line.given_with for c in line.classes
}


def other_serves(penalty_class: PenaltyClass, *, goaltender: bool,
                 given_with: Iterable[PenaltyClass] = ()) -> OtherServes | None:
    """The line of :data:`TABLE` that has another player serve a
    ``penalty_class`` penalty (of a goaltender, or of a skater), given at the
    same time as ``given_with``; None: the penalized player serves it."""
    given = frozenset(given_with)
    if not given:
        return _ALONE[penalty_class, goaltender]
    whose: Whose = "goaltender" if goaltender else "skater"
    for line in TABLE:
        if penalty_class not in line.classes or line.whose not in ("any", whose):
            continue
        if not line.given_with or given.intersection(line.given_with):
            return line
    return None


_ALONE: Final[Mapping[tuple[PenaltyClass, bool], OtherServes | None]] = {
    (c, goaltender): next((line for line in TABLE if c in line.classes and not line.given_with
                           and line.whose in ("any", "goaltender" if goaltender else "skater")),
                          None)
    for c in PenaltyClass for goaltender in (False, True)
}  # the table's lines for a penalty given alone, looked up once


def server_number(penalty_class: PenaltyClass, player: int | None, served_by: int | None,
                  *, goaltender: bool) -> int | None:
    """Who sits the time in the engine's box: the player named to serve it,
    else the penalized player, unless :data:`TABLE` has another player serve
    it (None: a teammate nobody has named). The number recorded with a bench
    minor is the player designated to serve it (402(c))."""
    if served_by is not None:
        return served_by
    if penalty_class is PC.BENCH_MINOR:
        return player
    if player is None or _ALONE[penalty_class, goaltender] is not None:
        return None
    return player


@dataclass(frozen=True, slots=True)
class Serving:
    """Who serves a penalty, as the console asks before it is recorded."""

    penalty_class: PenaltyClass
    rule: str | None  # the rule that has another player serve it; None: the offender does
    text: str  # one sentence saying who serves it
    name_server: bool  # another player serves it: the scorekeeper names who
    may_serve: tuple[int, ...]  # the numbers that may be named


def serving(state: GameState, team: Team, offender: int | None,
            classes: Sequence[PenaltyClass]) -> Serving:
    """Who must or may serve the first of ``classes`` (the others are given
    with it at the same time) for ``team``'s ``offender`` (None: a bench
    penalty), in ``state``: the offender himself, or another player the
    scorekeeper should name (402(c), 404(a), 404(b), 404(e), 405(a), 407(a))."""
    first, *others = classes
    roster = state.setup.roster(team)
    goaltender = state.is_goaltender(team, offender)
    line = other_serves(first, goaltender=goaltender, given_with=others)
    boxed = {u.served_by if u.served_by is not None else u.player
             for u in units_of(state.units, team)
             if u.status in ("pending", "running") and u.pending_reason != "faceoff"}
    candidates = []
    for p in roster.players:
        if state.is_ejected(team, p.number):
            continue  # removed from the game (404(c)-(g), 405(a))
        if line is None:
            candidates.append(p.number)
            continue
        if p.number == offender or p.number in boxed:
            continue  # another, non-penalized player (405(a)) not in the box
        if line.rule != "402(c)" and (p.goalie or p.number == state.goalie(team)):
            continue  # a skater serves a goaltender's or a match penalty (405(a), 407(a))
        candidates.append(p.number)
    if line is None:
        return Serving(first, None, "the penalized player serves it", False, tuple(candidates))
    return Serving(first, line.rule, line.text, True, tuple(candidates))
