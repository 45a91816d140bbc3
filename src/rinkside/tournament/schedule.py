"""Pool play: a round robin for one division, placed on rinks and time slots.

The pairings come from the circle method: one place stays put while the
teams in the others turn around it. With an even number of teams a team
holds that place; with an odd number a bye does, and the team drawn against
it sits that matchday out. Each team's
home games are within one of its away games; a second round (``rounds=2``)
plays every pairing again with home and away reversed, so each team then
has exactly as many of each.

The games are laid out in matchday order, slot by slot: a slot holds one
game per rink, and a game that would put a team in a slot it already plays
in (or finds every rink taken) opens the next slot. No team plays twice in
one slot.

The result is a list of :class:`PlannedGame` (no division, no id: the store
gives both); :meth:`PlannedGame.scheduled` turns one into the model's
:class:`ScheduledGame` with ``game_id`` 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from rinkside.tournament.model import ScheduledGame

__all__ = ["PlannedGame", "matchdays", "round_robin"]


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """A pool game of the schedule, before the store gives it an id."""

    home_team_id: int
    away_team_id: int
    start: datetime
    rink: str
    order: int  # position in the schedule (ties of equal start times)
    round_number: int  # 1 for the first round robin, 2 for the return round...
    matchday: int  # 1-based, counted across rounds

    def scheduled(self, division_id: int) -> ScheduledGame:
        """The model's value, ``game_id`` 0 until the store assigns one."""
        return ScheduledGame(game_id=0, division_id=division_id, stage="pool",
                             home_team_id=self.home_team_id, away_team_id=self.away_team_id,
                             start=self.start, rink=self.rink, order=self.order)


def matchdays(team_ids: Sequence[int]) -> list[list[tuple[int, int]]]:
    """One round robin as matchdays of (home, away) pairs, by the circle method.

    Each team meets every other once, plays at most once per matchday, and
    has home games within one of its away games.
    """
    teams: list[int | None] = list(team_ids)
    if len(teams) % 2:
        teams.insert(0, None)  # the bye, in the place that stays put
    n = len(teams)
    fixed, ring = teams[0], teams[1:]
    days: list[list[tuple[int, int]]] = []
    for day in range(n - 1):
        row = [fixed, *ring]
        pairs: list[tuple[int, int]] = []
        for i in range(n // 2):
            a, b = row[i], row[n - 1 - i]
            # The fixed team alternates home and away by matchday; the others
            # alternate by their place in the row, which shifts each matchday.
            home_first = day % 2 == 0 if i == 0 else i % 2 == 1
            if a is None or b is None:
                continue
            pairs.append((a, b) if home_first else (b, a))
        days.append(pairs)
        ring = ring[-1:] + ring[:-1]
    return days


def round_robin(team_ids: Sequence[int], *, start: datetime, slot_minutes: int,
                rinks: Sequence[str], rounds: int = 1, first_order: int = 0
                ) -> list[PlannedGame]:
    """Every pairing of ``team_ids`` ``rounds`` times, the return rounds with
    home and away reversed, laid out from ``start`` in slots of
    ``slot_minutes`` over ``rinks``; ``order`` counts from ``first_order``."""
    if len(set(team_ids)) != len(team_ids):
        raise ValueError("a team is listed twice")
    if len(team_ids) < 2:
        raise ValueError("a round robin needs at least two teams")
    if slot_minutes <= 0:
        raise ValueError("slot_minutes must be positive")
    if not rinks or len(set(rinks)) != len(rinks):
        raise ValueError("give at least one rink, each once")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")

    one_round = matchdays(team_ids)
    planned: list[PlannedGame] = []
    slot = 0
    in_slot: list[tuple[int, int]] = []
    for r in range(rounds):
        reverse = r % 2 == 1
        for d, pairs in enumerate(one_round):
            for first, second in pairs:
                home, away = (second, first) if reverse else (first, second)
                busy = {t for game in in_slot for t in game}
                if len(in_slot) == len(rinks) or home in busy or away in busy:
                    slot += 1
                    in_slot = []
                planned.append(PlannedGame(
                    home_team_id=home, away_team_id=away,
                    start=start + timedelta(minutes=slot * slot_minutes),
                    rink=rinks[len(in_slot)], order=first_order + len(planned),
                    round_number=r + 1, matchday=r * len(one_round) + d + 1))
                in_slot.append((home, away))
    return planned
