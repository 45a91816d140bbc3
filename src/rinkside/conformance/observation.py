"""The engine's state written as FORMAT.md's check fields (``rinkside replay --json``)."""

from __future__ import annotations

from typing import Any

from rinkside.formats import Scenario, encode_time
from rinkside.rules.events import TEAMS
from rinkside.rules.game import GameState
from rinkside.rules.times import GameTime, format_duration

__all__ = ["format_clock", "observe"]


def format_clock(scenario_or_state: Scenario | GameState, moment: GameTime) -> str:
    """``"1 11:42"``, ``"OT1 3:00"``: a moment as FORMAT.md writes it."""
    return encode_time(moment, scenario_or_state.setup.settings)


def observe(state: GameState) -> dict[str, Any]:
    """The state as FORMAT.md's check fields (what ``rinkside replay --json``
    prints): written as a check's fields, every one of them holds."""
    box: dict[str, list[dict[str, Any]]] = {}
    for team in TEAMS:
        entries = []
        for e in state.box(team):
            entry: dict[str, Any] = {"player": "bench" if e.player is None else e.player}
            if e.served_by is not None:
                entry["served_by"] = e.served_by
            entry["state"] = e.state
            entry["left"] = format_duration(e.left)
            entries.append(entry)
        box[team] = entries
    result = state.result
    pim = state.pim()
    scoring = state.scoring()
    return {
        "score": dict(state.score),
        "skaters": {t: state.skaters(t) for t in TEAMS},
        "goalie": {t: state.has_goalie(t) for t in TEAMS},
        "box": box,
        "clock": format_clock(state, state.clock),
        "running": state.running,
        "timeouts_left": dict(state.timeouts_left),
        "status": state.status,
        "result": None if result is None else {
            "winner": result.winner,
            "decided_by": result.decided_by,
            "points": dict(result.points),
            "score": dict(result.score),
        },
        "pim": {t: dict(pim.get(t, {})) for t in TEAMS},
        "scoring": {
            t: {str(n): {"g": g, "a": a} for n, (g, a) in sorted(scoring.get(t, {}).items())}
            for t in TEAMS
        },
        "suspensions": [
            {"team": s.team, **({"player": s.player} if s.official is None
                                else {"official": s.official}), "games": s.games}
            for s in state.suspensions()
        ],
        "warnings": sorted({w.rule for w in state.last_warnings}),
        "penalty_shot_due": state.penalty_shot_due,
        "shots": state.shots_on_goal(),
    }
