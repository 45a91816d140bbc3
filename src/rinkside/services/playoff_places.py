"""Playoff games the desk schedules before their teams are known, and how
they fill in.

The desk draws a division's bracket (how many teams it seeds) and puts any
bracket game on a rink and a time; a game whose places are still waiting
("Winner of SF1", "2nd of 16U") is kept as a place. When the game that
decides a place is signed (Rule 616(a)) or forfeited (Rule 634), or the
pool is final, :func:`fill` makes the game of every place whose two teams
are now known, at its rink and time, and records it: the tournament's rule
of :mod:`rinkside.tournament.placeholders`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.services import rinks
from rinkside.services.changes import record
from rinkside.services.queries.playoffs import bracket_view
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import placeholders

# Who fills a place: the tournament's rule, not a person.
FILLED_BY = "the bracket (616(a), 634)"


def draw(service: Tournaments, division_id: int, teams: int, *, by: str) -> None:
    """The division's bracket seeds ``teams`` teams; once drawn it stays
    (its games are scheduled by their place in it)."""
    if teams < 2:
        raise ValueError(f"a bracket needs at least two teams, not {teams}")
    with service.write() as s:
        row = service.existing_row(s, models.Division, division_id)
        if row.playoff_teams == teams:
            return
        if row.playoff_teams is not None and _has_playoff_games(s, division_id):
            raise ValueError(f"the bracket of {row.name} seeds {row.playoff_teams} teams and "
                             "its games are scheduled: it stays as drawn")
        before = row.playoff_teams
        row.playoff_teams = teams
        record(s, row.tournament_id, f"division {division_id}", "bracket drawn", before, teams,
               by=by, clock=service.now)


def _has_playoff_games(s: Session, division_id: int) -> bool:
    return (s.scalar(select(models.Game.id).where(models.Game.division_id == division_id,
                                                   models.Game.stage == "playoff").limit(1))
            is not None or s.scalar(select(models.PlayoffPlace.bracket_game).where(
                models.PlayoffPlace.division_id == division_id).limit(1)) is not None)


def check_rink(service: Tournaments, tournament_id: int, rink: str) -> None:
    """A place is put on one of the tournament's rinks (ValueError naming them)."""
    known = [r.name for r in rinks.rinks(service, tournament_id)]
    if not rink.strip() or (known and rink not in known):
        raise ValueError(f"no rink named {rink!r}; the rinks are {', '.join(known) or 'none yet'}")


def place(service: Tournaments, division_id: int, bracket_game: int, *, start: datetime,
          rink: str, by: str) -> None:
    """Put a bracket game whose teams are not known yet on ``rink`` at ``start``."""
    if start.tzinfo is None:
        raise ValueError("the start needs its time zone")
    view = bracket_view(service, division_id)
    if view.teams is None:
        raise ValueError(f"{view.division.name} has no bracket drawn yet")
    game = next((g for r in view.rounds for g in r if g.bracket_game == bracket_game), None)
    if game is None or game.bottom is None:
        raise ValueError(f"the bracket has no game {bracket_game} to play")
    if bracket_game in view.games or bracket_game in view.times:
        raise ValueError(f"bracket game {bracket_game} ({game.code}) is scheduled already")
    check_rink(service, view.division.tournament_id, rink)
    with service.write() as s:
        s.add(models.PlayoffPlace(division_id=division_id, bracket_game=bracket_game,
                                  start=start, rink=rink))
        record(s, view.division.tournament_id, f"division {division_id}",
               f"bracket game {bracket_game} ({game.code}) placed", None,
               {"start": start.isoformat(), "rink": rink, "home": game.top.waiting_for,
                "away": game.bottom.waiting_for}, by=by, clock=service.now)


def fill(service: Tournaments, division_id: int) -> list[int]:
    """Make the game of every place whose two teams are now known (the upper
    place at home), each with its record; the games made."""
    view = bracket_view(service, division_id)
    ready = placeholders.filled(view.rounds)
    made: list[int] = []
    for bracket_game, time in sorted(view.times.items()):
        if time.game_id is not None or bracket_game not in ready:
            continue
        home, away = ready[bracket_game]
        game = next(g for r in view.rounds for g in r if g.bracket_game == bracket_game)
        with service.write() as s:  # the game, its place and its record: one commit
            row = s.get(models.PlayoffPlace, (division_id, bracket_game))
            if row is None or row.game_id is not None:
                continue
            game_id = service.within(s).add_game(division_id, home, away, start=time.start,
                                                 rink=time.rink, stage="playoff",
                                                 round_name=game.round_name)
            row.game_id = game_id
            assert game.bottom is not None  # filled: both places are there
            record(s, view.division.tournament_id, f"game {game_id}", "added", None,
                   {"home": home, "away": away, "bracket game": bracket_game,
                    "places": [game.top.waiting_for, game.bottom.waiting_for],
                    "stage": "playoff", "round": game.round_name},
                   by=FILLED_BY, clock=service.now)
        made.append(game_id)
    return made


def fill_after(service: Tournaments, game_id: int) -> list[int]:
    """:func:`fill` in the division of ``game_id``, once that game's result
    stands (signed, 616(a), or forfeited, 634); nothing when the division
    has no place waiting."""
    with service.read() as s:
        division_id = s.scalar(select(models.Game.division_id).where(models.Game.id == game_id))
        waiting = s.scalar(select(models.PlayoffPlace.bracket_game).where(
            models.PlayoffPlace.division_id == division_id,
            models.PlayoffPlace.game_id.is_(None)).limit(1))
    if division_id is None or waiting is None:
        return []
    return fill(service, division_id)
