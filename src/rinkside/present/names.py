"""Penalty classes, teams, players and goals in words."""

from __future__ import annotations

from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.records import GoalRecord
from rinkside.rules.state import GameState


def class_text(cls: PenaltyClass) -> str:
    """``double minor``, ``game misconduct``: the class in the book's words
    (Rule 401(a), 404, 405)."""
    return cls.text


def team_name(state: GameState, team: Team) -> str:
    return state.setup.roster(team).name


def player_name(state: GameState, team: Team, number: int | None) -> str:
    """``#12 Alex Kim`` from the dressed roster (``bench`` for a bench penalty)."""
    if number is None:
        return "bench"
    found = state.setup.roster(team).player(number)
    return f"#{number} {found.name}" if found is not None and found.name else f"#{number}"


def goal_tags(goal: GoalRecord, *, own_goal: bool = False) -> list[str]:
    """PP / SH as the engine classed the goal, EN, PS; with ``own_goal``
    (the official report) also OG for a goal put in by a defender (616(c))."""
    tags: list[str] = [goal.strength] if goal.strength != "EV" else []
    tags += [tag for tag, on in (("EN", goal.empty_net), ("PS", goal.penalty_shot),
                                 ("OG", own_goal and goal.own_goal)) if on]
    return tags
