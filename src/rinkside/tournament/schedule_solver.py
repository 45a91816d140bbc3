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
  that time (the new games have no officials yet).

The objective puts games early (the sum of the slots, each game's division
spread over the day by the pairings' matchday order as a tie-break), so the
windows' last slots stay free. Rinks are given in each slot in order. The
answer is checked by :mod:`rinkside.tournament.schedule_check` before it is
returned: a schedule that breaks a constraint is never handed out.

OR-Tools is imported here only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from ortools.sat.python import cp_model

from rinkside.tournament.schedule_check import Placed, Window, conflicts

__all__ = ["Pairing", "ScheduleInfeasible", "Slot", "solve"]

GAP = 0.01  # stop once the schedule is within 1% of the earliest possible


class ScheduleInfeasible(ValueError):
    """No schedule meets every constraint (or none was found in the time given)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """A game to place: its key (the caller's), its teams, its matchday."""

    key: int
    home: int
    away: int
    matchday: int = 0


@dataclass(frozen=True, slots=True)
class Slot:
    """Where the solver put a game."""

    key: int
    start: datetime
    rink: str


def _slots(windows: Sequence[Window], length: timedelta) -> list[datetime]:
    starts: list[datetime] = []
    for w in sorted(windows, key=lambda w: w.start):
        t = w.start
        while t + length <= w.end:
            starts.append(t)
            t += length
    return starts


def _greedy(pairings: Sequence[Pairing], order: Sequence[int], starts: Sequence[datetime],
            free: Sequence[Sequence[str]], reach: timedelta, fixed: Sequence[Placed]
            ) -> dict[int, int]:
    """Each game in the earliest slot with a rink free and its teams rested
    (the solver's hint; games it cannot place are left to the solver)."""
    used = [0] * len(starts)
    busy: dict[int, list[datetime]] = {}
    for f in fixed:
        for team in f.teams:
            busy.setdefault(team, []).append(f.start)
    out: dict[int, int] = {}
    for g in order:
        p = pairings[g]
        for s, t in enumerate(starts):
            if used[s] >= len(free[s]):
                continue
            if any(abs(b - t) < reach for team in (p.home, p.away) for b in busy.get(team, ())):
                continue
            used[s] += 1
            out[g] = s
            for team in (p.home, p.away):
                busy.setdefault(team, []).append(t)
            break
    return out


def solve(pairings: Sequence[Pairing], *, windows: Sequence[Window], rinks: Sequence[str],
          length: timedelta, rest: timedelta = timedelta(0),
          fixed: Sequence[Placed] = (), seconds: float = 4.0, workers: int = 2
          ) -> list[Slot]:
    """Place every pairing; ``fixed`` are the games already scheduled (their
    rinks and teams taken). Raises :class:`ScheduleInfeasible` saying why."""
    if length <= timedelta(0):
        raise ValueError("a game must last longer than 0 minutes")
    if rest < timedelta(0):
        raise ValueError("the minimum rest cannot be negative")
    if not rinks or len(set(rinks)) != len(rinks):
        raise ValueError("give at least one rink, each once")
    if len({p.key for p in pairings}) != len(pairings):
        raise ValueError("a game to place is given twice (the same key)")
    starts = _slots(windows, length)
    if not pairings:
        return []
    free = []
    for t in starts:
        taken = {g.rink for g in fixed if g.start < t + length and t < g.start + length}
        free.append([r for r in rinks if r not in taken])
    room = sum(len(f) for f in free)
    if room < len(pairings):
        raise ScheduleInfeasible(
            f"{len(pairings)} games need {len(pairings)} rink slots of "
            f"{int(length.total_seconds() // 60)} min; the time windows hold {room}")

    model = cp_model.CpModel()
    at: dict[tuple[int, int], cp_model.IntVar] = {}
    for g, _ in enumerate(pairings):
        for s, _ in enumerate(starts):
            if free[s]:
                at[g, s] = model.new_bool_var(f"g{g}s{s}")
    for g, _ in enumerate(pairings):
        model.add_exactly_one(at[g, s] for s in range(len(starts)) if (g, s) in at)
    for s in range(len(starts)):
        here = [at[g, s] for g in range(len(pairings)) if (g, s) in at]
        if here:
            model.add(sum(here) <= len(free[s]))

    reach = length + rest
    games_of: dict[int, list[int]] = {}
    for g, p in enumerate(pairings):
        games_of.setdefault(p.home, []).append(g)
        games_of.setdefault(p.away, []).append(g)
    for team, games in games_of.items():
        busy = [f.start for f in fixed if team in f.teams]
        for s, t in enumerate(starts):
            # Every slot starting in [t, t + reach): at most one of the team's games.
            window = [s2 for s2 in range(s, len(starts)) if starts[s2] - t < reach]
            terms = [at[g, s2] for g in games for s2 in window if (g, s2) in at]
            if len(terms) > 1:
                model.add(sum(terms) <= 1)
            # A game already scheduled: nothing of the team too close to it.
            if any(abs(b - t) < reach for b in busy):
                for g in games:
                    if (g, s) in at:
                        model.add(at[g, s] == 0)

    order = sorted(range(len(pairings)), key=lambda g: (pairings[g].matchday, g))
    rank = {g: i for i, g in enumerate(order)}
    first = _greedy(pairings, order, starts, free, reach, fixed)
    for (g, s), var in at.items():
        model.add_hint(var, first.get(g) == s)  # a first schedule to start from
    # The earliest the games could be: every slot filled from the first. No
    # schedule starts its games earlier in sum, so one that does is optimal.
    earliest, left = 0, len(pairings)
    for s, rinks_free in enumerate(free):
        room_here = min(left, len(rinks_free))
        earliest, left = earliest + s * room_here, left - room_here
    total = model.new_int_var(earliest, len(starts) * len(pairings), "total")
    model.add(total == sum(var * s for (_, s), var in at.items()))
    model.minimize(total)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.relative_gap_limit = GAP
    # Presolve spends the whole budget on this model's many small sums; the
    # search, started from the hint, finds and improves schedules at once.
    solver.parameters.cp_model_presolve = False
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ScheduleInfeasible(
            "no schedule fits every game in the time windows with the minimum rest "
            f"({int(rest.total_seconds() // 60)} min) between a team's games"
            + ("" if status == cp_model.INFEASIBLE else
               f" (none found in {seconds:g} s)"))

    placed: list[Slot] = []
    teams: dict[int, tuple[int, int]] = {}
    for s, t in enumerate(starts):
        chosen = [g for g in range(len(pairings)) if (g, s) in at and solver.value(at[g, s])]
        for g, rink in zip(sorted(chosen, key=lambda g: rank[g]), free[s], strict=False):
            placed.append(Slot(pairings[g].key, t, rink))
            teams[pairings[g].key] = (pairings[g].home, pairings[g].away)
    check = [Placed(p.key, p.start, p.rink, teams[p.key]) for p in placed]
    broken = conflicts([*check, *fixed], length=length, rest=rest, windows=windows)
    if broken or len(placed) != len(pairings):
        raise ScheduleInfeasible("the solver's schedule breaks a constraint: "
                                 + "; ".join(c.message for c in broken[:3]))
    return sorted(placed, key=lambda p: (p.start, p.rink))
