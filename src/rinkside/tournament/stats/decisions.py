"""Goaltenders' decisions: wins, losses, ties and shutouts (issue 27).

The book credits no goaltender with a game's result; leagues do, and so do
we, by these stated rules (the game page and the player page say them):

- The **win** goes to the winning team's goaltender in goal when the winning
  goal was scored, the **loss** to the losing team's goaltender in goal then
  (the goal that gave the winner one more than the loser's final total). A
  game decided without such a goal (a shootout, casebook 18: shootout goals
  are not goals) credits the goaltender in goal at the end; a net empty at
  that moment credits the team's goaltender with the most time in goal.
- A **tie** goes to each team's goaltender with the most time in goal.
- A **shutout** goes to a goaltender who played the whole game (time in goal
  equal to the game's time) while the other team scored no goal.
- A forfeited game gives no goaltender a decision (634(d)3), nor does a game
  not yet final.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rinkside.rules.events import TEAMS, Team, other
from rinkside.rules.records import GoalieLine
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.stats.games import is_forfeit, player_id

__all__ = ["CREDIT_RULE", "DecisionLine", "decision_lines", "game_decisions"]

CREDIT_RULE = (
    "Wins and losses go to the goaltenders in goal when the winning goal was scored "
    "(in a shootout, those in goal at the end); a tie to each team's goaltender with the "
    "most time in goal; a shutout to a goaltender who played the whole game without a "
    "goal against. A forfeit credits no goaltender (Rule 634(d) 3).")


@dataclass(frozen=True, slots=True)
class DecisionLine:
    """One goaltender's decisions over the games given."""

    player_id: int
    wins: int = 0
    losses: int = 0
    ties: int = 0
    shutouts: int = 0


def _most_time(lines: list[GoalieLine], side: Team) -> int | None:
    mine = [g for g in lines if g.team == side and g.tenths > 0]
    if not mine:
        return None
    return max(mine, key=lambda g: (g.tenths, -g.goalie)).goalie


def game_decisions(played: PlayedGame) -> dict[Team, tuple[str, int] | None]:
    """Each side's decision in ``played``: ("W" | "L" | "T", jersey number)
    by the rules of this module, or None (no decision: a forfeit, a game not
    final, or a team with no goaltender in goal)."""
    state = played.state
    result = state.result
    none: dict[Team, tuple[str, int] | None] = {"home": None, "away": None}
    if result is None or is_forfeit(played):
        return none  # 634(d)3: a forfeit is no game for a goaltender
    lines = state.goaltending()
    if result.winner is None:
        out = dict(none)
        for side in TEAMS:
            number = _most_time(lines, side)
            out[side] = ("T", number) if number is not None else None
        return out
    winner, loser = result.winner, other(result.winner)
    goals = state.goals
    lost_with = sum(1 for g in goals if g.team == loser)
    winning = [g for g in goals if g.team == winner]
    credited: dict[Team, int | None]
    if len(winning) > lost_with:
        deciding = winning[lost_with]
        credited = {winner: deciding.goalie_for, loser: deciding.goalie_against}
    else:  # decided without a winning goal on the record: a shootout
        credited = {winner: state.goalie(winner), loser: state.goalie(loser)}
    out = dict(none)
    for side, letter in ((winner, "W"), (loser, "L")):
        number = credited[side]
        if number is None:
            number = _most_time(lines, side)
        out[side] = (letter, number) if number is not None else None
    return out


def decision_lines(games: Iterable[PlayedGame]) -> dict[int, DecisionLine]:
    """Wins, losses, ties and shutouts per goaltender's player id over
    ``games``, by the rules stated in this module (:data:`CREDIT_RULE`)."""
    acc: dict[int, list[int]] = {}
    for played in games:
        decided = game_decisions(played)
        for side in TEAMS:
            found = decided[side]
            if found is None:
                continue
            letter, number = found
            counts = acc.setdefault(player_id(played, side, number), [0, 0, 0, 0])
            counts["WLT".index(letter)] += 1
        if played.state.result is None or is_forfeit(played):
            continue
        whole = played.state.elapsed
        for line in played.state.goaltending():
            conceded = sum(1 for g in played.state.goals if g.team != line.team)
            if whole > 0 and line.tenths == whole and conceded == 0:
                counts = acc.setdefault(player_id(played, line.team, line.goalie),
                                        [0, 0, 0, 0])
                counts[3] += 1
    return {pid: DecisionLine(pid, *counts) for pid, counts in acc.items()}
