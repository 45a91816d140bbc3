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
- Rule 206(d): an injured player's minor (casebook 45: or major) is served
  by a substitute the team places in the box; only the scorekeeper knows he
  is injured, so the console offers it (:func:`serving`) and nothing waits
  for it.

At a stoppage, :func:`servers_needed` lists the penalties of the table whose
server nobody has named yet, each with its rule and who may serve it; the
console asks for them. Where the setting ``servers_named`` is on (games
rinkside runs in a tournament), the face-off waits for them
(:func:`faceoff_refusal`). A server is named by the penalty's own event
(:func:`naming`: its ``served_by``, written by a correction of the log).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from rinkside.rules import measurement
from rinkside.rules.box import Unit, units_of
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Event,
    Measurement,
    Penalty,
    PenaltyClass,
    PenaltySignal,
    Team,
)
from rinkside.rules.infractions import lookup
from rinkside.rules.records import PenaltyRecord, items
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

PC = PenaltyClass
# The member as a module name: Python 3.11 reads an enum's member off its class
# through the enum type's ``__getattr__`` hook, at every penalty (issue 30).
_BENCH_MINOR: Final = PC.BENCH_MINOR
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
    if penalty_class is _BENCH_MINOR:
        return player
    if player is None or _ALONE[penalty_class, goaltender] is not None:
        return None
    return player


INJURED: Final = OtherServes(
    "206(d)", "skater", (PC.MINOR, PC.DOUBLE_MINOR, PC.MAJOR),
    "if the penalized player is injured, the substitute named here serves it")
"""Rule 206(d), offered where the penalized skater serves his own time."""


@dataclass(frozen=True, slots=True)
class Serving:
    """Who serves a penalty, as the console asks before it is recorded."""

    penalty_class: PenaltyClass
    rule: str | None  # the rule that has another player serve it; None: the offender does
    text: str  # one sentence saying who serves it
    name_server: bool  # another player serves it: the scorekeeper names who
    may_serve: tuple[int, ...]  # the numbers that may be named
    offer: OtherServes | None = None  # the offender serves it, but 206(d) may apply


def serving(state: GameState, team: Team, offender: int | None,
            classes: Sequence[PenaltyClass], *, infraction: str | None = None,
            rule: str | None = None) -> Serving:
    """Who must or may serve the first of ``classes`` (the others are given
    with it at the same time) for ``team``'s ``offender`` (None: a bench
    penalty), in ``state``: the offender himself (206(d): a substitute if he
    is injured), or another player the scorekeeper should name (402(c),
    404(a), 404(b), 404(e), 405(a), 407(a)). Given with it are also the
    penalties already recorded for him at this stoppage and, for the
    catalog's ``infraction`` (under ``rule``), the companions the engine adds
    (casebook 42: 604(e)'s game misconduct)."""
    first, *others = classes
    goaltender = state.is_goaltender(team, offender)
    given = [*others, *_companions(first, infraction, rule),
             *(r.penalty_class for r in _recorded_now(state, team, offender))]
    line = other_serves(first, goaltender=goaltender, given_with=given)
    if line is not None:
        return Serving(first, line.rule, line.text, True, may_serve(state, team, offender, line))
    injured = offender is not None and not goaltender and first in INJURED.classes
    return Serving(first, None, "the penalized player serves it", False,
                   may_serve(state, team, offender, INJURED if injured else None),
                   INJURED if injured else None)


def _companions(first: PenaltyClass, infraction: str | None,
                rule: str | None) -> tuple[PenaltyClass, ...]:
    """The classes the engine assesses with a ``first`` for ``infraction``
    (casebook 42), as :func:`rinkside.rules.automatic.after` does."""
    entry = lookup(infraction, rule) if infraction else None
    if entry is None or first not in entry.classes or first == PC.MATCH \
            or first in entry.companions:
        return ()
    return entry.companions


def _recorded_now(state: GameState, team: Team, offender: int | None
                  ) -> list[PenaltyRecord]:
    """``team``'s ``offender``'s penalties recorded at this stoppage."""
    if offender is None or state.phase == "in_play":
        return []
    return [r for r in items(state.penalty_chain) if r.stoppage == state.stoppage
            and r.team == team and r.player == offender and r.official is None]


def may_serve(state: GameState, team: Team, offender: int | None,
              line: OtherServes | None) -> tuple[int, ...]:
    """The numbers that may serve ``team``'s ``offender``'s penalty under
    ``line`` (None: anyone still in the game; the offender serves it)."""
    roster = state.setup.roster(team)
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
    return tuple(candidates)


# -- at the stoppage: the servers still to name ---------------------------------------


@dataclass(frozen=True, slots=True)
class ServerNeeded:
    """A penalty of this stoppage that another player serves (``rule``,
    ``text``: :data:`TABLE`'s line) and nobody has been named to serve."""

    penalty_id: int
    at: GameTime
    team: Team
    player: int | None  # None: a bench minor
    penalty_class: PenaltyClass
    infraction: str
    rule: str
    text: str
    may_serve: tuple[int, ...]

    @property
    def who(self) -> str:
        """Whose penalty it is: ``#7``, or ``the bench`` for a bench minor."""
        return "the bench" if self.player is None else f"#{self.player}"


def servers_needed(state: GameState) -> tuple[ServerNeeded, ...]:
    """The penalties waiting for the face-off whose server the book leaves to
    the team and nobody has named (402(c), 404(a), 404(b), 404(e), 405(a),
    407(a)), in the order assessed. A penalty the team's named server
    already sits for with another (402(f), 407(a)) is not listed."""
    waiting: dict[int, Unit] = {}
    for u in state.units:
        if u.status == "pending" and u.pending_reason == "faceoff" and u.served_by is None \
                and u.penalty_id not in waiting and _unnamed(u):
            waiting[u.penalty_id] = u
    if not waiting:
        return ()
    records = [r for r in items(state.penalty_chain) if r.stoppage == state.stoppage]
    out = []
    for record in records:
        if record.penalty_id not in waiting or record.served_by is not None or \
                record.penalty_id in state.auto_added:
            continue  # named, or the engine's own (629(c)'s minor follows his time)
        given = [r.penalty_class for r in records if r.player is not None
                 and (r.team, r.player) == (record.team, record.player)
                 and r.penalty_id != record.penalty_id and r.official is None]
        line = other_serves(record.penalty_class, goaltender=record.goalie, given_with=given)
        if line is None:
            continue  # the penalized player serves it himself
        out.append(ServerNeeded(
            record.penalty_id, record.at, record.team, record.player, record.penalty_class,
            record.infraction, line.rule, line.text,
            may_serve(state, record.team, record.player, line)))
    return tuple(out)


def _unnamed(u: Unit) -> bool:
    """Nobody named sits for ``u``: an unnamed teammate, or the penalized
    player himself (no teammate he shares a server with, 402(f))."""
    return u.server.kind == "penalty" or (u.server.kind == "player"
                                          and u.server.number == u.player)


def faceoff_refusal(state: GameState) -> RuleViolation | None:
    """Rules 402(c), 404(a), 404(b), 404(e), 405(a), 407(a): with the setting
    ``servers_named`` on, play does not resume until each penalty another
    player serves has its server named."""
    if not state.setup.settings.servers_named or not state.units:
        return None
    needed = servers_needed(state)
    if not needed:
        return None
    first = needed[0]
    more = f" (and {len(needed) - 1} more)" if len(needed) > 1 else ""
    return RuleViolation(first.rule, f"name who serves {first.who}'s {first.penalty_class.text} "
                         f"({first.team}) before the face-off{more}: {first.text}")


def refuse_faceoff(state: GameState) -> None:
    """Raise :func:`faceoff_refusal`'s refusal, if any."""
    refusal = faceoff_refusal(state)
    if refusal is not None:
        raise refusal


def refuse_server(need: ServerNeeded, server: int) -> None:
    """Rules 402(c), 404(b), 404(e), 405(a), 407(a), whichever has another
    player serve ``need``'s penalty (``need.rule``): the player named to
    serve it is one that rule allows (``need.may_serve``: for a substitute,
    not the penalized player; for 405(a), not the goaltender; for 407(a), a
    teammate on the floor); anyone else is refused with the rule."""
    if server not in need.may_serve:
        raise RuleViolation(need.rule, f"#{server} may not serve {need.who}'s "
                            f"{need.penalty_class.text} ({need.team}): {need.text}")


def naming(events: Sequence[Event], need: ServerNeeded, server: int
           ) -> tuple[int, Event] | None:
    """The event of ``events`` (a game's log) that recorded ``need``'s
    penalty, by its index, and the same event naming ``server`` to serve it:
    the penalty, the delayed penalty signal assessed at the whistle, or the
    equipment measurement that carried it. None: no event of the log
    recorded it (the engine added it)."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Penalty | PenaltySignal):
            if event.served_by is None and event.team == need.team and \
                    event.player == need.player and event.penalty_class == need.penalty_class \
                    and event.infraction == need.infraction and (
                        isinstance(event, PenaltySignal) or event.at == need.at):
                return index, replace(event, served_by=server)
        elif isinstance(event, Measurement) and event.at == need.at and \
                event.served_by is None and _carries(event, need):
            return index, replace(event, served_by=server)
    return None


def _carries(event: Measurement, need: ServerNeeded) -> bool:
    try:
        first = measurement.penalties(event)[0]
    except RuleViolation:
        return False
    return (first.team, first.player, first.penalty_class, first.infraction) == (
        need.team, need.player, need.penalty_class, need.infraction)
