"""Who is in goal, and each goaltender's time there (Rule 203(c)).

A goaltender may be removed and another player put in, or the net left
empty (203(c)); one removed from the game is replaced (407(b), (c)). Each
stint in goal is kept for the goaltenders' records (casebook 28).
"""

from __future__ import annotations

from rinkside.rules import clock
from rinkside.rules.eligibility import ejection_rule, in_box, in_box_at, refuse_unlisted
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import TEAMS, GoalieChange, Team
from rinkside.rules.records import Chain
from rinkside.rules.state import GameState


def refuse_goalie_change(s: GameState, event: GoalieChange) -> None:
    """Rule 203(c): the player put in goal must be on the roster, still in the
    game (404-405) and not in the penalty box (629(k))."""
    if s.phase != "shootout":
        clock.refuse_moment(s, event.at)
    if event.goalie is None:
        return
    refuse_unlisted(s, event.team, event.goalie, "goaltender")
    if s.is_ejected(event.team, event.goalie):
        raise RuleViolation(ejection_rule(s, event.team, event.goalie),
                            f"#{event.goalie} was removed from the game")
    if (in_box(s.units, event.team, event.goalie) if s.phase == "shootout"
            else in_box_at(s, event.at, event.team, event.goalie)):
        raise RuleViolation("629(k)", f"#{event.goalie} is in the penalty box")
    if (event.team, event.goalie, s.stoppage) in s.goalie_out and s.phase != "shootout":
        raise RuleViolation("206(c)", f"#{event.goalie} was replaced in goal and may not "
                            "resume his position until the first stoppage of play thereafter")


def goalie_change(s: GameState, event: GoalieChange) -> None:
    """Rule 206(c), casebook 45: a regular goaltender replaced by another
    goaltender (not by an empty net) waits for the next stoppage to return."""
    current = s.goalies[0 if event.team == "home" else 1]  # s.goalie(), inline
    if s.goalie_out:
        kept = []
        for g in s.goalie_out:  # a loop: a comprehension would make ``s`` a cell at each change
            if g[2] == s.stoppage:
                kept.append(g)
        s.goalie_out = tuple(kept)
    if current not in (None, event.goalie) and event.goalie is not None:
        s.goalie_out = (*s.goalie_out, (event.team, current, s.stoppage))
    change_goalie(s, event.team, event.goalie)


def change_goalie(s: GameState, team: Team, goalie: int | None) -> None:
    """``goalie`` goes in goal for ``team`` (None: the net is empty); the
    stint of the one leaving is kept."""
    i = 0 if team == "home" else 1  # team_index(), inline (at every change in goal)
    current = s.goalies[i]
    if s.phase != "not_started" and current is not None:
        spent = s.elapsed - s.stint_start[i]
        s.stint_chain = Chain.push(s.stint_chain, (team, current, spent))
    starts = list(s.stint_start)
    starts[i] = s.elapsed
    s.stint_start = (starts[0], starts[1])
    goalies = list(s.goalies)
    goalies[i] = goalie
    s.goalies = (goalies[0], goalies[1])


def close_stints(s: GameState) -> None:
    """The game's time in goal ends: each goaltender's stint is kept."""
    for i, team in enumerate(TEAMS):
        g = s.goalies[i]
        if g is not None:
            spent = s.elapsed - s.stint_start[i]
            s.stint_chain = Chain.push(s.stint_chain, (team, g, spent))
    s.stint_start = (s.elapsed, s.elapsed)
