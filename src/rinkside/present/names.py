"""Penalty classes, teams, players and goals in words."""

from __future__ import annotations

import re
from typing import Final

from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.records import GoalRecord
from rinkside.rules.roster import GameSetup, Roster
from rinkside.rules.state import REPLACEMENT_GOALIE, GameState

# The engine names a team by its side ("#7 (away)", "home has no time-out
# left"); "away from" is English (the infraction "Shooting the puck away from
# an official"), not a team.
_SIDE: Final = re.compile(r"\b(home|away)\b(?! from\b)")


def class_text(cls: PenaltyClass) -> str:
    """``double minor``, ``game misconduct``: the class in the book's words
    (Rule 401(a), 404, 405)."""
    return cls.text


def team_name(state: GameState, team: Team) -> str:
    return state.setup.roster(team).name


def with_team_names(text: str, setup: GameSetup | None) -> str:
    """The engine's sentence (a refusal, a warning, a reason) as a person reads
    it: each team called by its name (``#7 (Storm) has no penalty time``),
    not by its side; the sentence is otherwise the engine's, its rule in it.
    THE one place the pages, the console, the commands and the report do it."""
    if setup is None:
        return text
    names = {"home": setup.home.name or "home", "away": setup.away.name or "away"}
    return _SIDE.sub(lambda m: names[m.group(1)], text)


def player_name(state: GameState, team: Team, number: int | None) -> str:
    """``#12 Alex Kim`` from the dressed roster (``bench`` for a bench penalty)."""
    return roster_player_name(state.setup.roster(team), number)


def roster_player_name(roster: Roster, number: int | None) -> str:
    """``#12 Alex Kim`` (``bench`` for a bench penalty, ``#0`` the replacement
    goaltender not yet named, 407(b))."""
    if number is None:
        return "bench"
    if number == REPLACEMENT_GOALIE:
        return "replacement goaltender (not named)"
    found = roster.player(number)
    return f"#{number} {found.name}" if found is not None and found.name else f"#{number}"


def goal_tags(goal: GoalRecord, *, own_goal: bool = False) -> list[str]:
    """PP / SH as the engine classed the goal, EN, PS; with ``own_goal``
    (the official report) also OG for a goal put in by a defender (616(c))."""
    tags: list[str] = [goal.strength] if goal.strength != "EV" else []
    tags += [tag for tag, on in (("EN", goal.empty_net), ("PS", goal.penalty_shot),
                                 ("OG", own_goal and goal.own_goal)) if on]
    return tags
