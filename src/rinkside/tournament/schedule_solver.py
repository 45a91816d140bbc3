"""The schedule built by a constraint solver (Google OR-Tools CP-SAT).

The games to place (each a pairing of two teams) go into the time windows of
the days, on the rinks: the windows are cut into slots one game long, and a
game takes one slot on one rink. The model, per game and slot, a yes/no
"the game starts in that slot":

- each game starts exactly once;
- no more games in a slot than rinks free in it (a game already on the
  schedule takes its rink);
- a team's games (those placed and those already scheduled) are at least a
  game and the minimum rest apart: never two at once, never without rest;
- an official already named to a scheduled game is not given another at
  that time (the new games have no officials yet);
- a person on two teams (Rule 203(a), 410(c)) is a team of its own: their
  teams' games never overlap and keep the rest between them, and a player
  who officiates a game already placed is not due on the floor near it;
- a team's hard requests (a blackout, not before, not after) take the slots
  they forbid away from its games; two teams asked apart never overlap.
  Soft requests (wishes: a slot a blackout or not before/after forbids, two
  teams wished apart playing at once) cost in the objective, each one
  broken as much as a game moved across the whole of the days, so they are
  kept where they can be.

The objective puts games early (the sum of the slots, each game's division
spread over the day by the pairings' matchday order as a tie-break), so the
windows' last slots stay free. Rinks are given in each slot in order. The
answer is checked by :mod:`rinkside.tournament.schedule_check` before it is
returned: a schedule that breaks a constraint is never handed out.

OR-Tools is imported here only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from ortools.sat.python import cp_model

from rinkside.tournament.schedule_check import NOBODY, Placed, Window, conflicts
from rinkside.tournament.schedule_people import People
from rinkside.tournament.schedule_requests import Demands, TeamRequest
from rinkside.tournament.schedule_rinks import NO_TRAVEL, RinkHours, Travel

__all__ = ["Pairing", "Progress", "ScheduleInfeasible", "Slot", "Solved", "solve",
           "solve_report"]

NO_DEMANDS = Demands()

GAP = 0.01  # stop once the schedule is within 1% of the earliest possible


class ScheduleInfeasible(ValueError):
    """No schedule meets every constraint (or none was found in the time given)."""


class _TravelNotKept(Exception):
    """The schedule found keeping the least travel between venues cannot be
    given rinks that keep each pair's own: search again keeping the longest."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """A game to place: its key (the caller's), its teams, its matchday."""

    key: int
    home: int
    away: int
    matchday: int = 0
    # Its own time on the rink (its division's game, Rules 639, 640(a));
    # None: the ``length`` the solver is given.
    length: timedelta | None = None


@dataclass(frozen=True, slots=True)
class Slot:
    """Where the solver put a game."""

    key: int
    start: datetime
    rink: str


def _slots(windows: Sequence[Window], length: timedelta
           ) -> tuple[list[datetime], list[datetime]]:
    """The slots' starts, and the end of the window each is in."""
    starts: list[datetime] = []
    ends: list[datetime] = []
    for w in sorted(windows, key=lambda w: w.start):
        t = w.start
        while t + length <= w.end:
            starts.append(t)
            ends.append(w.end)
            t += length
    return starts, ends


@dataclass(frozen=True, slots=True)
class Progress:
    """How far the solver is: its best schedule so far against the best bound."""

    seconds: float  # since the build began
    solutions: int
    objective: float
    bound: float

    @property
    def gap(self) -> float:
        """How far the schedule is from the best bound, as a fraction of it."""
        return 0.0 if self.objective <= self.bound else (
            (self.objective - self.bound) / max(abs(self.objective), 1.0))


@dataclass(frozen=True, slots=True)
class Solved:
    """The schedule and how the search went: the first feasible schedule's
    time, the last's, the proven bound, and the wishes not kept."""

    slots: list[Slot]
    first_feasible: float  # seconds from the call to the first schedule
    seconds: float
    objective: float
    bound: float
    optimal: bool  # the schedule meets the bound (not merely within the gap limit)
    greedy_placed: int  # how many games the greedy first pass placed (of all)
    soft_broken: int  # soft requests the schedule does not keep
    # The greedy first pass's schedule in the search's own terms (its
    # objective), when it placed every game and was asked for (``value_greedy``).
    greedy_objective: float | None = None

    @property
    def gap(self) -> float:
        return Progress(self.seconds, 1, self.objective, self.bound).gap


@dataclass(frozen=True, slots=True)
class _Resource:
    """Games that must keep ``rest`` apart (each game its own length): a
    team's, or a person's across their teams (Rule 203(a)), or two teams
    asked apart (rest: none, never at once)."""

    games: tuple[int, ...]
    rest: timedelta
    busy: tuple[tuple[datetime, datetime], ...]  # games already on the schedule it is in
    travels: bool = True  # its games at two venues keep the travel (not two teams apart)
    placed: tuple[Placed, ...] = ()  # the games of ``busy``, with their rinks (the travel)


def _resources(pairings: Sequence[Pairing], fixed: Sequence[Placed], rest: timedelta,
               length: timedelta, people: People, demands: Demands) -> list[_Resource]:
    games_of: dict[int, list[int]] = {}
    for g, p in enumerate(pairings):
        games_of.setdefault(p.home, []).append(g)
        games_of.setdefault(p.away, []).append(g)
    def kept(games: Sequence[int], theirs: Sequence[Placed]) -> _Resource:
        return _Resource(tuple(games), rest, tuple((f.start, f.end(length)) for f in theirs),
                         placed=tuple(theirs))

    out = [kept(games, [f for f in fixed if team in f.teams])
           for team, games in games_of.items()]
    for name, teams in sorted(people.teams_of.items()):
        # A person on two teams, or a player who officiates a game already on
        # the schedule: their teams' games kept apart, and from that game.
        theirs = [f for f in fixed if name in f.officials or set(f.teams) & teams]
        if len(teams) < 2 and not theirs:
            continue
        mine = sorted({g for team in teams for g in games_of.get(team, ())})
        out.append(kept(mine, theirs))
    for r in demands.teams:
        if r.kind == "apart" and r.hard and r.other is not None:
            both = sorted({*games_of.get(r.team, ()), *games_of.get(r.other, ())})
            busy = tuple((f.start, f.end(length)) for f in fixed
                         if {r.team, r.other} & set(f.teams))
            out.append(_Resource(tuple(both), timedelta(0), busy, travels=False))
    return out


def _back(starts: Sequence[datetime], s: int, near: timedelta) -> list[int]:
    """Slot ``s`` and those before it starting less than ``near`` earlier."""
    out: list[int] = []
    for s0 in range(s, -1, -1):
        if starts[s] - starts[s0] >= near:
            break
        out.append(s0)
    return out


def _clashes(start: datetime, span: timedelta, rest: timedelta,
             busy: Sequence[tuple[datetime, datetime]]) -> bool:
    """Whether a game at ``start``, ``span`` long, comes within ``rest`` of a busy time."""
    return any(start < b1 + rest and b0 < start + span + rest for b0, b1 in busy)


def _allowed(pairings: Sequence[Pairing], starts: Sequence[datetime],
             ends: Sequence[datetime], spans: Sequence[timedelta],
             demands: Demands) -> tuple[list[list[int]], dict[tuple[int, int], int]]:
    """Each game's slots its window holds it in (its own length) and its
    teams' hard requests allow; and (game, slot) -> how many soft requests
    that slot breaks."""
    rules: dict[int, list[TeamRequest]] = {}
    for r in demands.teams:
        if r.kind != "apart":
            rules.setdefault(r.team, []).append(r)
    allowed: list[list[int]] = []
    wishes: dict[tuple[int, int], int] = {}
    for g, p in enumerate(pairings):
        mine = [*rules.get(p.home, ()), *rules.get(p.away, ())]
        ok: list[int] = []
        for s, t in enumerate(starts):
            if t + spans[g] > ends[s]:
                continue  # the game would run past the window's end
            broken = [r for r in mine if not r.allows(t, t + spans[g])]
            if any(r.hard for r in broken):
                continue
            ok.append(s)
            if broken:
                wishes[g, s] = len(broken)
        allowed.append(ok)
    return allowed, wishes


def _greedy(pairings: Sequence[Pairing], starts: Sequence[datetime],
            free: Sequence[Sequence[str]], allowed: Sequence[Sequence[int]],
            resources: Sequence[_Resource], wishes: dict[tuple[int, int], int],
            spans: Sequence[timedelta], demands: Demands = NO_DEMANDS) -> dict[int, int]:
    """The solver's hint: slot by slot, each free rink given the most urgent
    game that fits (its teams and people rested, its requests kept): a wish
    kept before one broken, then the game of the team or person with the most
    games left, then the one with the fewest slots left to it, then the
    earliest matchday (a game at the time of a team its teams wished to be
    apart from counts as a wish broken). Games it cannot place are left to
    the solver."""
    partners: dict[int, set[int]] = {}
    for r in demands.teams:
        if r.kind == "apart" and not r.hard and r.other is not None:
            partners.setdefault(r.team, set()).add(r.other)
            partners.setdefault(r.other, set()).add(r.team)
    playing: dict[int, list[tuple[datetime, datetime]]] = {}
    mine: dict[int, list[int]] = {}
    for i, res in enumerate(resources):
        for g in res.games:
            mine.setdefault(g, []).append(i)
    left = [len(res.games) for res in resources]
    busy: list[list[tuple[datetime, datetime]]] = [list(res.busy) for res in resources]
    open_at = [set(a) for a in allowed]
    todo = set(range(len(pairings)))
    out: dict[int, int] = {}
    on_rink = [0] * len(starts)  # new games still on a rink in each slot
    for s, t in enumerate(starts):
        while on_rink[s] < len(free[s]) and todo:
            fits = [g for g in todo if s in open_at[g] and not any(
                _clashes(t, spans[g], resources[i].rest, busy[i]) for i in mine.get(g, ()))
                and all(on_rink[s2] < len(free[s2]) for s2 in range(s, len(starts))
                        if starts[s2] < t + spans[g])]
            if not fits:
                break

            def urgency(g: int, s: int = s, t: datetime = t) -> tuple[int, int, int, int, int]:
                most = max((left[i] for i in mine.get(g, ())), default=0)
                later = sum(1 for x in allowed[g] if x >= s)
                p = pairings[g]
                apart = sum(1 for team in (p.home, p.away)
                            for other in partners.get(team, set()) - {p.home, p.away}
                            if any(t < b1 and b0 < t + spans[g]
                                   for b0, b1 in playing.get(other, ())))
                return (wishes.get((g, s), 0) + apart, later - 2 * most, -most,
                        p.matchday, g)

            g = min(fits, key=urgency)
            out[g] = s
            todo.discard(g)
            for s2 in range(s, len(starts)):
                if starts[s2] < t + spans[g]:
                    on_rink[s2] += 1
            for i in mine.get(g, ()):
                busy[i].append((t, t + spans[g]))
                left[i] -= 1
            for team in (pairings[g].home, pairings[g].away):
                playing.setdefault(team, []).append((t, t + spans[g]))
    return out


def _apart_wishes(model: cp_model.CpModel, pairings: Sequence[Pairing],
                  starts: Sequence[datetime], spans: Sequence[timedelta],
                  at: Mapping[tuple[int, int], cp_model.IntVar], demands: Demands
                  ) -> list[cp_model.IntVar]:
    """A soft "not at the same time as" (a wish): one yes/no per wish and
    slot, "a game of one team starts while one of the other is on the
    rink", each costing in the objective like any wish broken. A team is in
    one game at a time, so each overlap of the two teams' games is counted
    once: at the later start (the game they play each other is neither's
    overlap with the other)."""
    games_of: dict[int, list[int]] = {}
    for g, p in enumerate(pairings):
        games_of.setdefault(p.home, []).append(g)
        games_of.setdefault(p.away, []).append(g)
    longest = max(spans)
    out: list[cp_model.IntVar] = []
    for n, r in enumerate(demands.teams):
        if r.kind != "apart" or r.hard or r.other is None:
            continue
        mine = [g for g in games_of.get(r.team, ()) if r.other not in _teams(pairings[g])]
        theirs = [g for g in games_of.get(r.other, ()) if r.team not in _teams(pairings[g])]
        if not mine or not theirs:
            continue
        for s, t in enumerate(starts):
            back = _back(starts, s, longest)

            def starting(games: Sequence[int], s: int = s) -> list[cp_model.IntVar]:
                return [at[g, s] for g in games if (g, s) in at]

            def on(games: Sequence[int], t: datetime = t, back: list[int] = back
                   ) -> list[cp_model.IntVar]:
                return [at[g, s0] for g in games for s0 in back
                        if (g, s0) in at and t < starts[s0] + spans[g]]

            pairs = [(a, b) for a, b in ((starting(mine), on(theirs)),
                                         (starting(theirs), on(mine))) if a and b]
            if not pairs:
                continue
            broken = model.new_bool_var(f"apart{n}s{s}")
            for a, b in pairs:
                model.add(broken >= sum(a) + sum(b) - 1)
            out.append(broken)
    return out


def _teams(p: Pairing) -> tuple[int, int]:
    return (p.home, p.away)


class _Watch(cp_model.CpSolverSolutionCallback):
    """Each schedule the search finds, told to ``report``."""

    def __init__(self, report: Callable[[Progress], None] | None, began: float) -> None:
        super().__init__()
        self.report = report
        self.began = began  # when the build began (the model's making counts)
        self.first: float | None = None
        self.count = 0

    def on_solution_callback(self) -> None:
        now = time.perf_counter() - self.began
        self.count += 1
        if self.first is None:
            self.first = now
        if self.report is not None:
            self.report(Progress(now, self.count, self.objective_value, self.best_objective_bound))


def solve(pairings: Sequence[Pairing], *, windows: Sequence[Window], rinks: Sequence[str],
          length: timedelta, rest: timedelta = timedelta(0),
          fixed: Sequence[Placed] = (), seconds: float = 4.0, workers: int = 2,
          people: People = NOBODY, demands: Demands = NO_DEMANDS,
          progress: Callable[[Progress], None] | None = None,
          rink_hours: Mapping[str, RinkHours] | None = None,
          travel: Travel = NO_TRAVEL) -> list[Slot]:
    """Place every pairing; ``fixed`` are the games already scheduled (their
    rinks and teams taken). Raises :class:`ScheduleInfeasible` saying why."""
    return solve_report(pairings, windows=windows, rinks=rinks, length=length, rest=rest,
                        fixed=fixed, seconds=seconds, workers=workers, people=people,
                        demands=demands, progress=progress, rink_hours=rink_hours,
                        travel=travel).slots


def solve_report(pairings: Sequence[Pairing], *, windows: Sequence[Window],
                 rinks: Sequence[str], length: timedelta, rest: timedelta = timedelta(0),
                 fixed: Sequence[Placed] = (), seconds: float = 4.0, workers: int = 2,
                 people: People = NOBODY, demands: Demands = NO_DEMANDS,
                 progress: Callable[[Progress], None] | None = None,
                 gap: float = GAP, hint: bool = True,
                 rink_hours: Mapping[str, RinkHours] | None = None,
                 travel: Travel = NO_TRAVEL, value_greedy: bool = False) -> Solved:
    """:func:`solve`, with how the search went (``value_greedy``: and what
    the greedy first pass's schedule alone is worth in the same objective,
    one more solve with every game held where the greedy put it). ``people`` on two teams (or
    who officiate a game already placed) are never in two games at once nor
    without ``rest``; hard ``demands`` of teams are kept, soft ones where
    the schedule can (each one broken costs as much as a game moved across
    the whole of the days). A rink with ``rink_hours`` takes games only
    wholly within its opening hours and never over its closed slots. With
    rinks at two venues, a team's or a person's games keep the ``travel``
    time on top of the rest (the rinks are given after the search, so the
    search first keeps the least travel between two of the ``rinks``' venues
    and gives each game a rink that keeps its pair's own travel (migration
    0032: travel per pair of venues); only when no such rinks can be given
    does it search again, at most ``seconds`` more, keeping the longest
    travel between any two of their games). Less travel kept only allows
    more: a first search that finds no schedule means none keeps the longest."""
    began = time.perf_counter()
    near, far = travel.nearest(rinks), travel.longest(rinks)
    if near < far:
        try:
            return _solve_keeping(near, True, began, pairings, windows, rinks, length, rest,
                                  fixed, seconds, workers, people, demands, progress, gap,
                                  hint, rink_hours, travel, value_greedy)
        except _TravelNotKept:
            pass
    return _solve_keeping(far, False, began, pairings, windows, rinks, length, rest, fixed,
                          seconds, workers, people, demands, progress, gap, hint, rink_hours,
                          travel, value_greedy)


def _solve_keeping(keep: timedelta, aware: bool, began: float, pairings: Sequence[Pairing],
                   windows: Sequence[Window], rinks: Sequence[str], length: timedelta,
                   rest: timedelta, fixed: Sequence[Placed], seconds: float, workers: int,
                   people: People, demands: Demands,
                   progress: Callable[[Progress], None] | None, gap: float, hint: bool,
                   rink_hours: Mapping[str, RinkHours] | None, travel: Travel,
                   value_greedy: bool = False) -> Solved:
    """:func:`solve_report`'s search keeping ``keep`` of travel between two
    games of a team or a person; ``aware``: each game given a rink that keeps
    its pair's own travel, :class:`_TravelNotKept` when none can be."""
    if length <= timedelta(0):
        raise ValueError("a game must last longer than 0 minutes")
    if rest < timedelta(0):
        raise ValueError("the minimum rest cannot be negative")
    if not rinks or len(set(rinks)) != len(rinks):
        raise ValueError("give at least one rink, each once")
    if len({p.key for p in pairings}) != len(pairings):
        raise ValueError("a game to place is given twice (the same key)")
    if not pairings:
        return Solved([], 0.0, 0.0, 0.0, 0.0, True, 0, 0)
    spans = [p.length if p.length is not None else length for p in pairings]
    if min(spans) <= timedelta(0):
        raise ValueError("a game must last longer than 0 minutes")
    step = min(spans)  # the slots: the shortest game; a longer one holds its rink for more
    starts, ends = _slots(windows, step)
    hours = rink_hours or {}

    def opens(rink: str, start: datetime, end: datetime) -> bool:
        return rink not in hours or hours[rink].holds(start, end)

    free = []
    for t in starts:
        taken = {g.rink for g in fixed if g.start < t + step and t < g.end(length)}
        free.append([r for r in rinks if r not in taken and opens(r, t, t + step)])
    room = sum(len(f) for f in free)
    if room < len(pairings):
        raise ScheduleInfeasible(
            f"{len(pairings)} games need {len(pairings)} rink slots of "
            f"{int(step.total_seconds() // 60)} min; the time windows hold {room}"
            + (" (with the rinks' opening hours and closed slots)" if hours else ""))
    allowed, wishes = _allowed(pairings, starts, ends, spans, demands)
    if hours:  # a slot where no rink is open for the whole game is none of its
        allowed = [[s for s in ok if any(opens(r, starts[s], starts[s] + spans[g])
                                         for r in rinks)] for g, ok in enumerate(allowed)]
    for g, ok in enumerate(allowed):
        if not ok:
            p = pairings[g]
            raise ScheduleInfeasible(f"no time in the windows keeps the requests of teams "
                                     f"{p.home} and {p.away} (their game {p.key}, "
                                     f"{int(spans[g].total_seconds() // 60)} min long)")
    resources = _resources(pairings, fixed, rest + keep, length, people, demands)
    of_game: dict[int, list[_Resource]] = {}
    for res in resources:
        for g in res.games:
            of_game.setdefault(g, []).append(res)

    model = cp_model.CpModel()
    at: dict[tuple[int, int], cp_model.IntVar] = {}
    for g, ok in enumerate(allowed):
        for s in ok:
            if free[s]:
                at[g, s] = model.new_bool_var(f"g{g}s{s}")
    for g, _ in enumerate(pairings):
        model.add_exactly_one(at[g, s] for s in range(len(starts)) if (g, s) in at)
    # Which (game, start slot) pairs are still on a rink at each slot's start.
    on: list[list[tuple[int, int]]] = [[] for _ in starts]
    for (g, s) in at:
        for s2 in range(s, len(starts)):
            if starts[s2] >= starts[s] + spans[g]:
                break
            on[s2].append((g, s))
    for s in range(len(starts)):
        here = [at[k] for k in on[s]]
        if here:
            model.add(sum(here) <= len(free[s]))

    longest = max(spans)
    for res in resources:
        for s, t in enumerate(starts):
            # Two of its games keep the rest apart exactly when no slot start
            # t lies within [start, end + rest) of both: at most one per t.
            back = _back(starts, s, longest + res.rest)
            terms = [at[g, s0] for g in res.games for s0 in back
                     if (g, s0) in at and t < starts[s0] + spans[g] + res.rest]
            if len(terms) > 1:
                model.add(sum(terms) <= 1)
            # A game already scheduled: nothing of it too close.
            for g in res.games:
                if (g, s) in at and _clashes(t, spans[g], res.rest, res.busy):
                    model.add(at[g, s] == 0)

    apart = _apart_wishes(model, pairings, starts, spans, at, demands)

    order = sorted(range(len(pairings)), key=lambda g: (pairings[g].matchday, g))
    rank = {g: i for i, g in enumerate(order)}
    first = _greedy(pairings, starts, free, allowed, resources, wishes, spans, demands)
    # The earliest the games could be: every slot filled from the first. No
    # schedule starts its games earlier in sum, so one that does is optimal.
    earliest, left = 0, len(pairings)
    for s, rinks_free in enumerate(free):
        room_here = min(left, len(rinks_free))
        earliest, left = earliest + s * room_here, left - room_here
    weight = len(starts)
    most = len(starts) * len(pairings) + weight * (sum(wishes.values()) + len(apart))
    total = model.new_int_var(earliest, most, "total")
    model.add(total == sum(var * (s + weight * wishes.get((g, s), 0))
                           for (g, s), var in at.items()) + weight * sum(apart))
    model.minimize(total)
    # The greedy's schedule, whole: every variable's value with its games held
    # where it put them (the wishes it breaks, its total), the search's first
    # schedule to start from. Hinted the games' places alone, the search spent
    # seconds completing the rest before its first schedule (bench-schedule's
    # hard instance, with wishes: 5.0 s).
    greedy = (_held(model, at, first, workers) if (hint or value_greedy)
              and len(first) == len(pairings) else None)
    if hint:  # (without: the benchmark's measure of the search alone)
        if greedy is not None:
            for i, value in enumerate(greedy[1]):
                model.add_hint(model.get_int_var_from_proto_index(i), value)
        else:
            for (g, s), var in at.items():
                model.add_hint(var, first.get(g) == s)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.relative_gap_limit = gap
    # Presolve spends the whole budget on this model's many small sums; the
    # search, started from the hint, finds and improves schedules at once.
    solver.parameters.cp_model_presolve = False
    watch = _Watch(progress, began)
    status = solver.solve(model, watch)
    elapsed = time.perf_counter() - watch.began
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ScheduleInfeasible(
            "no schedule fits every game in the time windows with the minimum rest "
            f"({int(rest.total_seconds() // 60)} min) between a team's games"
            + (" and every person's (on two teams)" if people else "")
            + (" and the teams' requests" if demands.teams else "")
            + ("" if status == cp_model.INFEASIBLE else
               f" (none found in {seconds:g} s)"))

    placed: list[Slot] = []
    teams: dict[int, tuple[int, int]] = {}
    span_of: dict[int, timedelta] = {}
    held: list[tuple[str, datetime, datetime]] = [(f.rink, f.start, f.end(length))
                                                  for f in fixed]
    rinked: dict[int, tuple[str, datetime, datetime]] = {}  # game -> its rink and time

    def keeps_travel(g: int, rink: str, t: datetime, end: datetime) -> bool:
        """Whether ``rink`` keeps the rest and each pair's travel to the games
        of g's teams and people given a rink so far and those already on the
        schedule (two teams asked apart: never at once, no travel)."""
        for res in of_game.get(g, ()):
            given = [rinked[h] for h in res.games if h in rinked]
            for r2, b0, b1 in [*given, *((f.rink, f.start, f.end(length)) for f in res.placed)]:
                pause = rest + travel.between(r2, rink) if res.travels else timedelta(0)
                if t < b1 + pause and b0 < end + pause:
                    return False
        return True

    soft = sum(solver.value(y) for y in apart)
    for s, t in enumerate(starts):
        chosen = [g for g in range(len(pairings)) if (g, s) in at and solver.value(at[g, s])]
        soft += sum(wishes.get((g, s), 0) for g in chosen)
        for g in sorted(chosen, key=lambda g: rank[g]):
            end = t + spans[g]
            # The first rink free for the whole game (a longer game holds it longer);
            # with each pair's travel, the first that keeps it.
            rink = next((r for r in rinks if opens(r, t, end) and not any(
                r == r2 and t < b1 and b0 < end for r2, b0, b1 in held)
                and (not aware or keeps_travel(g, r, t, end))), None)
            if rink is None:
                if aware:
                    raise _TravelNotKept
                continue  # reported below: a game the rinks could not hold
            held.append((rink, t, end))
            rinked[g] = (rink, t, end)
            placed.append(Slot(pairings[g].key, t, rink))
            teams[pairings[g].key] = (pairings[g].home, pairings[g].away)
            span_of[pairings[g].key] = spans[g]
    check = [Placed(p.key, p.start, p.rink, teams[p.key], length=span_of[p.key])
             for p in placed]
    broken = [c for c in conflicts([*check, *fixed], length=length, rest=rest, windows=windows,
                                   people=people, demands=demands, rink_hours=hours,
                                   travel=travel)
              if not c.soft]
    if aware and broken:
        raise _TravelNotKept
    if len(placed) != len(pairings):
        raise ScheduleInfeasible(f"{len(pairings) - len(placed)} of the games found no one rink "
                                 "open and free for the whole game at the time the solver "
                                 "chose: give the rinks more hours or the days more time")
    if broken:
        raise ScheduleInfeasible("the solver's schedule breaks a constraint: "
                                 + "; ".join(c.message for c in broken[:3]))
    greedy_objective = greedy[0] if value_greedy and greedy is not None else None
    return Solved(sorted(placed, key=lambda p: (p.start, p.rink)),
                  watch.first if watch.first is not None else elapsed, elapsed,
                  solver.objective_value, solver.best_objective_bound,
                  solver.objective_value <= solver.best_objective_bound, len(first), soft,
                  greedy_objective)


def _held(model: cp_model.CpModel, at: Mapping[tuple[int, int], cp_model.IntVar],
          first: Mapping[int, int], workers: int) -> tuple[float, list[int]] | None:
    """The schedule ``first`` (game -> slot) in ``model``: its objective and
    every variable's value, from a copy of the model with every game held
    at its slot, solved (the wishes it breaks follow from the games' times).
    None when the copy has no solution (a schedule the model refuses)."""
    held = model.clone()
    for (g, s), var in at.items():
        held.add(held.get_bool_var_from_proto_index(var.index) == int(first.get(g) == s))
    check = cp_model.CpSolver()
    check.parameters.max_time_in_seconds = 10.0
    check.parameters.num_workers = workers
    if check.solve(held) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    values = [int(check.value(held.get_int_var_from_proto_index(i)))
              for i in range(len(model.proto.variables))]
    return float(check.objective_value), values
