"""Forfeits and what they cost a team in the tournament (Rule 634(d), (e)).

- Rule 634(d), casebook 17: a forfeit is recorded by the engine as 1-0 for the
  other team, two points to it and none to the forfeiting team; here it is
  just a played game whose result is ``decided_by == "forfeit"``.
- Rule 634(e)4, casebook 26: a team's second forfeit (before or during play)
  removes it from the tournament after that game (:func:`removed_teams`).
  The tournament may also disqualify a team by the director's decision
  (634(e)3, e.g. for forfeiting its last or next to last game).
- Rule 634(e)5-7, casebook 26: every game a removed team was in, before or
  after its removal, forfeits won against it included, is erased for
  everyone as though not played (:func:`games_that_stand`); its later games
  are refused (:func:`refuse_if_removed`). Suspensions from its players'
  penalties stand (634(e) note 1): they are not computed here.
- Rule 634(e)1, casebook 25: a team that forfeits one of its last two
  scheduled pool games may be dropped to the last seed
  (:func:`late_forfeit_teams`, used by :func:`rinkside.tournament.standings.seeds`).
- Rule 634(e)1-3: which of the three sanctions the tournament applies for
  such a forfeit is its setting ``late_forfeit_sanctions`` (written in
  advance, 634(e) note 2): :func:`late_forfeit_sanctions` says who takes the
  last seed (1), whose players are out of the individual awards (2,
  :func:`rinkside.tournament.stats.high_scorer_award`'s ``excluded_teams``)
  and who is disqualified (3, removed as :func:`removed_teams` says).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.model import PlayedGame, ScheduledGame

__all__ = [
    "LateForfeitSanctions",
    "Removal",
    "TournamentRuleError",
    "forfeited_by",
    "games_that_stand",
    "late_forfeit_sanctions",
    "late_forfeit_teams",
    "refuse_if_removed",
    "removed_teams",
    "schedule_key",
]


@dataclass(frozen=True, slots=True)
class Removal:
    """A team removed from the tournament (Rule 634(e)4-7).

    ``game_id`` is the game after which it was removed (its second forfeit),
    or None for a disqualification decided by the tournament (634(e)3).
    """

    team_id: int
    game_id: int | None
    reason: str


ScheduleKey = tuple[int, datetime | int, int, int] | tuple[int, int, int]


def schedule_key(game: ScheduledGame) -> ScheduleKey:
    """Order of play: by start time where known, then schedule order, then id.

    Games without a start time come after those with one, in schedule order.
    """
    if game.start is not None:
        return (0, game.start, game.order, game.game_id)
    return (1, game.order, game.game_id)


def forfeited_by(played: PlayedGame, team_id: int) -> bool:
    """Whether ``team_id`` forfeited this game (Rule 634(d): it is the loser
    of a game decided by forfeit)."""
    g = played.game
    if team_id not in (g.home_team_id, g.away_team_id):
        return False
    result = played.state.result
    if result is None or result.decided_by != "forfeit" or result.winner is None:
        return False
    return played.team_id(result.winner) != team_id


def removed_teams(division_games: Sequence[ScheduledGame], played: Sequence[PlayedGame],
                  disqualified: Mapping[int, str] | None = None) -> dict[int, Removal]:
    """The teams removed from the tournament, by team id.

    Rule 634(e)4, casebook 26: a team's second forfeit removes it after that
    game. Forfeits are counted in order of play (:func:`schedule_key`) over
    all the division's games, pool and playoff ("more than one game at a
    tournament"). Played games that are not in ``division_games`` belong to
    another division and are not counted.

    ``disqualified`` maps a team id to the tournament's reason for
    disqualifying it (634(e)3); such a team is removed as well (634(e)5).
    A team removed by its second forfeit keeps that removal.
    """
    schedule = {g.game_id: g for g in division_games}
    in_order = sorted((p for p in played if p.game.game_id in schedule),
                      key=lambda p: schedule_key(schedule[p.game.game_id]))
    forfeits: dict[int, list[int]] = {}
    removed: dict[int, Removal] = {}
    for p in in_order:
        for team_id in (p.game.home_team_id, p.game.away_team_id):
            if team_id in removed or not forfeited_by(p, team_id):
                continue
            games = forfeits.setdefault(team_id, [])
            games.append(p.game.game_id)
            if len(games) >= 2:
                removed[team_id] = Removal(
                    team_id, p.game.game_id,
                    f"second forfeit (games {games[0]} and {games[1]}); removed from the "
                    "tournament (Rule 634(e)4)")
    for team_id, why in (disqualified or {}).items():
        if team_id not in removed:
            removed[team_id] = Removal(
                team_id, None, f"disqualified by the tournament: {why} (Rule 634(e)3, 634(e)5)")
    return removed


def games_that_stand(played: Sequence[PlayedGame], removed: Mapping[int, Removal]
                     ) -> list[PlayedGame]:
    """The games that still count, in the order given.

    Rule 634(e)6-7, casebook 26: every game a removed team was in, before or
    after its removal, forfeits won against it included, is erased for
    everyone as though it had not been played.
    """
    return [p for p in played
            if p.game.home_team_id not in removed and p.game.away_team_id not in removed]


def refuse_if_removed(team_id: int, removed: Mapping[int, Removal]) -> None:
    """Rule 634(e)4, casebook 26: a removed team's later games are refused."""
    removal = removed.get(team_id)
    if removal is None:
        return
    after = f" after game {removal.game_id}" if removal.game_id is not None else ""
    raise TournamentRuleError(
        "634(e)", f"team {team_id} was removed from the tournament{after} ({removal.reason}); "
        "its later games are refused")


def late_forfeit_teams(schedule: Sequence[ScheduledGame], played: Sequence[PlayedGame]
                       ) -> set[int]:
    """Teams that forfeited one of their last two scheduled pool games.

    Rule 634(e)1, casebook 25: where the tournament applies it, such a team
    takes the last seed (its standings row does not change). "Last two" is
    by order of play (:func:`schedule_key`) over the team's pool games in
    ``schedule``, whether played yet or not.
    """
    by_id = {p.game.game_id: p for p in played}
    own: dict[int, list[ScheduledGame]] = {}  # each team's pool games, in order of play
    for g in sorted((g for g in schedule if g.stage == "pool"), key=schedule_key):
        own.setdefault(g.home_team_id, []).append(g)
        own.setdefault(g.away_team_id, []).append(g)
    late: set[int] = set()
    for team_id, games in own.items():
        for g in games[-2:]:
            p = by_id.get(g.game_id)
            if p is not None and forfeited_by(p, team_id):
                late.add(team_id)
    return late


@dataclass(frozen=True, slots=True)
class LateForfeitSanctions:
    """Rule 634(e)1-3 applied: the teams that forfeited their last or next to
    last game, by the sanction the tournament chose for it."""

    last_seed: frozenset[int]
    no_awards: frozenset[int]
    disqualified: dict[int, str]


def late_forfeit_sanctions(schedule: Sequence[ScheduledGame], played: Sequence[PlayedGame],
                           chosen: Sequence[str]) -> LateForfeitSanctions:
    """The sanctions ``chosen`` (the setting ``late_forfeit_sanctions``:
    ``last_seed``, ``no_awards``, ``disqualify``) for each team that forfeited
    one of its last two scheduled pool games (634(e), :func:`late_forfeit_teams`);
    none where the tournament applies no sanction."""
    if not chosen:
        return LateForfeitSanctions(frozenset(), frozenset(), {})
    late = frozenset(late_forfeit_teams(schedule, played))
    return LateForfeitSanctions(
        late if "last_seed" in chosen else frozenset(),
        late if "no_awards" in chosen else frozenset(),
        {t: "forfeited its last or next to last game" for t in sorted(late)}
        if "disqualify" in chosen else {})
