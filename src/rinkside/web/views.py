"""The game as the pages show it: the engine's :class:`GameState` turned into
text and plain JSON.

:func:`state_json` is the one shape the scoreboard, the live stream and the
state API share. Everything in it was computed by the engine (score, clock,
running, box, strength, time-outs, goals with their strength, shootout,
result); this module only formats it: times as ``M:SS`` (tenths in the last
minute), periods as ``1``, ``2``, ``OT``, ``SO``, classes and results in
words. No rule is decided here.
"""

from __future__ import annotations

from typing import Any, Final

from rinkside.rules import shootout
from rinkside.rules.events import TEAMS, PenaltyClass, Team
from rinkside.rules.records import GoalRecord, PenaltyShotRecord
from rinkside.rules.state import BoxEntry, GameState
from rinkside.rules.times import SHOOTOUT_LABEL, format_duration, period_label
from rinkside.services import queries as catalog
from rinkside.services.tournaments import Tournaments

TENTHS_SHOWN_UNDER: Final = 600  # the clock shows tenths in the last minute (scoreboard.js too)
IN_PLAY: Final = frozenset({"in_play", "stopped", "intermission", "shootout"})

_DECIDED: Final = {
    "regulation": "", "overtime": "OT", "shootout": "SO", "mercy": "mercy",
    "forfeit": "forfeit", "tie": "tie",
}


def clock_text(tenths: int) -> str:
    """The game clock: ``11:42``, and ``42.5`` style tenths under a minute."""
    if tenths < TENTHS_SHOWN_UNDER:
        return format_duration(tenths, show_tenths=True)
    return format_duration(tenths, show_tenths=False)


def timer_text(tenths: int) -> str:
    """A penalty timer or time in goal: ``1:42`` (whole seconds)."""
    return format_duration(max(tenths, 0), show_tenths=False)


def period_text(state: GameState, period: int) -> str:
    """``1``, ``2``, then ``OT`` (``OT2``, ``OT3`` for later overtimes)."""
    regulation = state.setup.settings.periods
    return period_label(period, regulation, numbered_overtime=period - regulation > 1)


def current_period(state: GameState) -> str:
    """The period the scoreboard shows: ``SO`` once a shootout has begun."""
    decided = state.result.decided_by if state.result else None
    if state.status == "shootout" or decided == "shootout":
        return SHOOTOUT_LABEL
    return period_text(state, state.period)


def class_text(cls: PenaltyClass) -> str:
    return cls.value.replace("_", " ")


def team_name(state: GameState, team: Team) -> str:
    return (state.setup.home if team == "home" else state.setup.away).name


def player_name(state: GameState, team: Team, number: int | None) -> str:
    """``#12 Alex Kim`` from the dressed roster (``bench`` for a bench penalty)."""
    if number is None:
        return "bench"
    roster = state.setup.home if team == "home" else state.setup.away
    found = roster.player(number)
    return f"#{number} {found.name}" if found is not None and found.name else f"#{number}"


def shown_score(state: GameState) -> dict[Team, int]:
    """The score to show: the result's once the game is over (a forfeit's
    recorded score, 634(d)), the running score before."""
    return dict(state.result.score) if state.result is not None else state.score


def status_text(state: GameState) -> str:
    """One line for a list of games: ``P2 11:42``, ``End of P1``, ``Final (SO)``."""
    label = current_period(state)
    shown = f"P{label}" if label.isdigit() else label  # P1, P2; OT, OT2 and SO as they are
    if state.status == "not_started":
        return "Not started"
    if state.status == "intermission":
        return f"End of {shown}"
    if state.status == "shootout":
        return "Shootout"
    if state.status == "final" and state.result is not None:
        how = _DECIDED[state.result.decided_by]
        return f"Final ({how})" if how else "Final"
    return f"{shown} {clock_text(state.left)}"


def result_text(state: GameState) -> str | None:
    """``Blades win in a shootout``, ``Tie``; None before the end."""
    result = state.result
    if result is None:
        return None
    if result.winner is None:
        return "Tie"
    how = {"regulation": "", "overtime": " in overtime", "shootout": " in a shootout",
           "mercy": " (mercy rule)", "forfeit": " by forfeit", "tie": ""}[result.decided_by]
    return f"{team_name(state, result.winner)} win{how}"


def goal_tags(goal: GoalRecord) -> list[str]:
    """PP / SH as the engine classed the goal, EN, PS."""
    tags: list[str] = [goal.strength] if goal.strength != "EV" else []
    if goal.empty_net:
        tags.append("EN")
    if goal.penalty_shot:
        tags.append("PS")
    return tags


def goal_json(state: GameState, goal: GoalRecord) -> dict[str, Any]:
    return {
        "period": period_text(state, goal.at.period), "time": clock_text(goal.at.left),
        "team": goal.team, "scorer": goal.scorer,
        "scorer_name": player_name(state, goal.team, goal.scorer),
        "assist": goal.assist,
        "assist_name": None if goal.assist is None else player_name(state, goal.team,
                                                                     goal.assist),
        "strength": goal.strength, "tags": goal_tags(goal),
    }


def box_json(entry: BoxEntry) -> dict[str, Any]:
    """One penalty timer. ``ticking``: the engine has its time running, so the
    display may count it down with the game clock between updates."""
    return {
        "player": entry.player, "served_by": entry.served_by, "state": entry.state,
        "left_tenths": entry.left, "left": timer_text(entry.left),
        "ticking": entry.state == "running",
        "class": entry.penalty_class.value, "class_text": class_text(entry.penalty_class),
        "infraction": entry.infraction, "may_return": entry.may_return,
    }


def penalty_shot_json(state: GameState, shot: PenaltyShotRecord) -> dict[str, Any]:
    return {"team": shot.team, "shooter": shot.shooter,
            "shooter_name": player_name(state, shot.team, shot.shooter),
            "scored": shot.scored, "period": period_text(state, shot.at.period),
            "time": clock_text(shot.at.left)}


def shootout_json(state: GameState) -> dict[str, Any] | None:
    """The shots so far, goals per team and who shoots next (the engine's
    alternation, 639(b)4C); None when there is no shootout."""
    shots = state.shootout_shots
    if not shots and state.status != "shootout":
        return None
    return {
        "shots": [{"team": s.team, "shooter": s.shooter, "scored": s.scored,
                   "shooter_name": player_name(state, s.team, s.shooter)} for s in shots],
        "goals": {t: sum(1 for s in shots if s.team == t and s.scored) for t in TEAMS},
        "next": shootout.next_team(shots) if state.status == "shootout" else None,
    }


def strength_text(state: GameState) -> str | None:
    """``4 on 3`` (home on away, skaters) while play can go on and the
    engine's skater counts differ; None at even strength."""
    if state.status not in ("in_play", "stopped"):
        return None
    if state.skaters("home") == state.skaters("away"):
        return None
    return state.strength()


def state_json(service: Tournaments, game_id: int) -> dict[str, Any]:
    """The game's current state for the scoreboard, the live stream and the
    state API (:class:`NotFound` for an unknown game)."""
    row = catalog.game(service, game_id)
    version, state = service.game_state(game_id)
    result = state.result
    now = state.penalty_shot_now
    return {
        "game_id": game_id,
        "version": version,
        "division": row.division,
        "rink": row.rink,
        "teams": {"home": {"id": row.home_team_id, "name": team_name(state, "home")},
                  "away": {"id": row.away_team_id, "name": team_name(state, "away")}},
        "score": shown_score(state),
        "status": state.status,
        "status_text": status_text(state),
        "running": state.running,
        "period": current_period(state),
        "clock": clock_text(state.left),
        "clock_tenths": state.left,
        "timeouts_left": state.timeouts_left,
        "skaters": {t: state.skaters(t) for t in TEAMS},
        "strength": strength_text(state),
        "empty_net": {t: state.status in ("in_play", "stopped") and not state.has_goalie(t)
                      for t in TEAMS},
        "box": {t: [box_json(e) for e in state.box(t)] for t in TEAMS},
        "goals": [goal_json(state, g) for g in state.goals],
        "penalty_shots": [penalty_shot_json(state, s) for s in state.penalty_shots],
        "penalty_shot": None if now is None else penalty_shot_json(state, now),
        "shootout": shootout_json(state),
        "result": None if result is None else {
            "winner": result.winner, "decided_by": result.decided_by,
            "text": result_text(state)},
    }
