"""The playoffs on the director's desk: each seed with the reason for its
place (the standings and the tiebreak that decided it, casebook 23-24; a
late forfeit's last seed, 634(e)1 and casebook 25), the bracket, the coin
toss recorded when the chain reaches it, and each ready game scheduled on a
rink and a time (checked like any game added, Rule 639 deciding it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from rinkside.services import desk_schedule, queries
from rinkside.services.changes import record
from rinkside.services.tournaments import Tournaments
from rinkside.tournament import forfeits
from rinkside.tournament.playoffs import Bracket
from rinkside.tournament.standings import SeedingUndecided


@dataclass(frozen=True, slots=True)
class Seed:
    seed: int
    team_id: int
    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class PlayoffDesk:
    division_id: int
    teams: int
    bracket: Bracket | None
    scheduled: dict[int, int]  # bracket game -> stored game
    seeds: list[Seed]
    tied: list[int]  # teams a coin toss must separate first (casebook 24)
    tied_why: str
    names: dict[int, str]


def playoff_desk(service: Tournaments, division_id: int, teams: int) -> PlayoffDesk:
    names = queries.team_names(service, division_id)
    try:
        bracket, scheduled = service.playoffs(division_id, teams)
    except SeedingUndecided as exc:
        return PlayoffDesk(division_id, teams, None, {}, [], sorted(exc.teams), str(exc), names)
    view = service.division_view(division_id)
    late = forfeits.late_forfeit_teams(view.schedule, view.played)
    rows = {row.team_id: row for row in service.standings(division_id)}
    entrants = sorted((e for g in bracket.rounds[0].games for e in (g.top, g.bottom)
                       if e is not None), key=lambda e: e.seed)
    seeds = []
    for e in entrants:
        row = rows[e.team_id]
        if e.team_id in late:
            why = ("forfeited one of its last two pool games: the last seed (Rule 634(e)1, "
                   "casebook 25)")
        else:
            why = (f"place {row.place} with {row.pts:g} points"
                   + (f"; above the next by {row.decided_by.replace('_', ' ')}"
                      if row.decided_by and row.decided_by != "points" else "")
                   + (f" ({row.explanation})" if row.explanation else ""))
        seeds.append(Seed(e.seed, e.team_id, names.get(e.team_id, str(e.team_id)), why))
    return PlayoffDesk(division_id, teams, bracket, scheduled, seeds, [], "", names)


def coin_toss(service: Tournaments, division_id: int, order: Sequence[int], *, by: str) -> None:
    """Casebook 24: the order the coin toss drew, best first, recorded."""
    if len(set(order)) != len(order) or len(order) < 2:
        raise ValueError("a coin toss orders two or more different teams")
    tid = queries.division(service, division_id).tournament_id
    with service.write() as s:  # the draw and its record: one commit
        service.within(s).record_coin_toss(division_id, order, by)
        record(s, tid, f"division {division_id}", "coin toss", None, list(order), by=by,
               clock=service.now)


def schedule_game(service: Tournaments, division_id: int, teams: int, bracket_game: int, *,
                  start: datetime, rink: str, by: str) -> int:
    """Schedule one ready bracket game (both teams known), the better seed at home."""
    desk = playoff_desk(service, division_id, teams)
    if desk.bracket is None:
        raise ValueError(f"the seeds are not decided yet: {desk.tied_why}")
    game = next((g for g in desk.bracket.games() if g.game_id == bracket_game), None)
    if game is None or game.top is None or game.bottom is None:
        raise ValueError(f"bracket game {bracket_game} does not have both its teams yet")
    if bracket_game in desk.scheduled:
        raise ValueError(f"bracket game {bracket_game} is scheduled already "
                         f"(game {desk.scheduled[bracket_game]})")
    round_name = desk.bracket.rounds[game.round_index].name
    return desk_schedule.add_game(service, division_id, game.top.team_id,
                                  game.bottom.team_id, start=start, rink=rink, by=by,
                                  stage="playoff", round_name=round_name)
