"""The playoffs on the director's desk: each seed with the reason for its
place (the standings and the tiebreak that decided it, casebook 23-24; a
late forfeit's last seed, 634(e)1 and casebook 25), the bracket, the coin
toss recorded when the chain reaches it, and each ready game scheduled on a
rink and a time (checked like any game added, Rule 639 deciding it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from rinkside.services import desk_schedule, playoff_places, queries
from rinkside.services.changes import record
from rinkside.services.queries.playoffs import BracketView, PlaceTime, bracket_view
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
    view: BracketView  # the places as the public sees them (the teams not known yet)

    @property
    def places(self) -> dict[int, PlaceTime]:
        """Bracket game -> put on a rink and a time before its teams were known."""
        return self.view.times


def playoff_desk(service: Tournaments, division_id: int, teams: int) -> PlayoffDesk:
    names = queries.team_names(service, division_id)
    places = bracket_view(service, division_id, teams)
    teams = places.teams or teams
    try:
        bracket, scheduled = service.playoffs(division_id, teams)
    except SeedingUndecided as exc:
        return PlayoffDesk(division_id, teams, None, {}, [], *_undecided(exc, places, names),
                           names, places)
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
    return PlayoffDesk(division_id, teams, bracket, scheduled, seeds, [], "", names, places)


def _undecided(exc: SeedingUndecided, places: BracketView, names: dict[int, str]
               ) -> tuple[list[int], str]:
    """The teams a coin toss must order now, and why the seeds wait, by name.
    Casebook 24: the coin toss is the chain's last resort, so it is offered
    only once every pool game is decided (before, a level table is only
    games not played yet) and only for a tie the chain leaves to it (a chain
    without a coin toss cannot use one)."""
    tied = sorted(exc.teams)
    who = ", ".join(names.get(t, "a team") for t in tied)
    if not places.pool_decided:
        return [], ""
    if not exc.coin_toss:
        return [], (f"{who} are level on every tiebreaker of the tournament's chain, which "
                    f"has no coin toss (casebook 24): {exc.explanation}")
    return tied, f"{who} are still tied for a seed: {exc.explanation}"


def coin_toss(service: Tournaments, division_id: int, order: Sequence[int], *, teams: int,
              by: str) -> None:
    """Casebook 24: the order the coin toss drew, best first, recorded; only
    for exactly the teams the chain left tied to a coin toss, once every pool
    game is decided (:func:`_undecided`)."""
    if len(set(order)) != len(order) or len(order) < 2:
        raise ValueError("a coin toss orders two or more different teams")
    desk = playoff_desk(service, division_id, teams)
    if not desk.tied:
        raise ValueError("no coin toss is due: it is the chain's last resort, drawn only once "
                         "every pool game is decided and for teams the chain leaves tied "
                         "(casebook 24)")
    if sorted(order) != desk.tied:
        raise ValueError("the coin toss orders the teams tied, all of them: "
                         f"{', '.join(desk.names.get(t, 'a team') for t in desk.tied)} "
                         "(casebook 24)")
    tid = queries.division(service, division_id).tournament_id
    with service.write() as s:  # the draw and its record: one commit
        service.within(s).record_coin_toss(division_id, order, by)
        record(s, tid, f"division {division_id}", "coin toss", None, list(order), by=by,
               clock=service.now)


def schedule_game(service: Tournaments, division_id: int, teams: int, bracket_game: int, *,
                  start: datetime, rink: str, by: str) -> int | None:
    """Schedule one bracket game: one whose teams the desk's bracket knows as
    a game, the upper place at home; one still waiting for its teams (the
    pool not over, a game before it not decided) as a place that fills in
    when they are known (:mod:`rinkside.services.playoff_places`, 616(a),
    634). The bracket is drawn for ``teams`` first. The game made, or None
    for a place."""
    desk = playoff_desk(service, division_id, teams)
    if desk.tied and desk.view.pool_final:
        raise ValueError(f"the seeds are not decided yet: {desk.tied_why}")
    placed = next((g for r in desk.view.rounds for g in r if g.bracket_game == bracket_game),
                  None)
    if placed is None or placed.bottom is None:
        raise ValueError(f"the bracket of {desk.teams} teams has no game {bracket_game} to play")
    if bracket_game in desk.scheduled:
        raise ValueError(f"bracket game {bracket_game} is scheduled already "
                         f"(game {desk.scheduled[bracket_game]})")
    if bracket_game in desk.places:
        raise ValueError(f"bracket game {bracket_game} is scheduled already: it waits for "
                         "its teams")
    if start.tzinfo is None:
        raise ValueError("the start needs its time zone")
    playoff_places.check_rink(service, desk.view.division.tournament_id, rink)  # before drawing
    playoff_places.draw(service, division_id, desk.teams, by=by)
    game = (next((g for g in desk.bracket.games() if g.game_id == bracket_game), None)
            if desk.bracket is not None else None)
    if game is None or game.top is None or game.bottom is None or desk.bracket is None:
        playoff_places.place(service, division_id, bracket_game, start=start, rink=rink, by=by)
        return None
    round_name = desk.bracket.rounds[game.round_index].name
    return desk_schedule.add_game(service, division_id, game.top.team_id,
                                  game.bottom.team_id, start=start, rink=rink, by=by,
                                  stage="playoff", round_name=round_name)
