"""A game's state as the terminal shows it (``rinkside replay``, ``rinkside
game show``): the score, the game, each penalty box, the goals, the result,
the engine's warnings (each with its rule and the event that gave it) and,
asked for, each box entry with the rules that put it there."""

from __future__ import annotations

from collections.abc import Sequence

import typer
from rich.console import Console
from rich.table import Table

from rinkside.conformance import format_clock
from rinkside.present.names import class_text, goal_tags
from rinkside.present.warnings import GameWarning, engine_warnings, entry_reasons
from rinkside.rules.events import TEAMS, Event, Team
from rinkside.rules.game import GameState
from rinkside.rules.times import format_duration


def _team_name(state: GameState, team: Team) -> str:
    return state.setup.roster(team).name or team


def show_state(console: Console, state: GameState,
               warnings: Sequence[GameWarning] | None = None,
               events: Sequence[Event] = ()) -> None:
    """The state's tables, then ``warnings`` (the state's own if not given;
    ``events`` are the log they number, for their times)."""
    score = Table(title="Score", show_header=True)
    score.add_column("team")
    score.add_column("name")
    score.add_column("goals", justify="right")
    for team in TEAMS:
        score.add_row(team, _team_name(state, team), str(state.score[team]))
    console.print(score)

    situation = Table(title="Game", show_header=False)
    situation.add_column("what")
    situation.add_column("value")
    situation.add_row("clock", format_clock(state, state.clock))
    situation.add_row("running", "yes" if state.running else "no")
    situation.add_row("status", state.status)
    situation.add_row("strength", f"{state.skaters('home')} on {state.skaters('away')}"
                      " (home on away, skaters)")
    for team in TEAMS:
        situation.add_row(f"{team} goal", "goaltender" if state.has_goalie(team) else "empty net")
    situation.add_row("time-outs left",
                      ", ".join(f"{t} {state.timeouts_left[t]}" for t in TEAMS))
    console.print(situation)

    for team in TEAMS:
        box = Table(title=f"Penalty box: {team}")
        for column in ("player", "served by", "class", "infraction", "state", "left",
                       "may return now"):
            box.add_column(column)
        for e in state.box(team):
            box.add_row(
                "bench" if e.player is None else f"#{e.player}",
                "" if e.served_by is None else f"#{e.served_by}",
                e.penalty_class.value,
                e.infraction,
                e.state,
                format_duration(e.left),
                "yes" if e.may_return else "no",
            )
        console.print(box)

    goals = Table(title="Goals")
    for column in ("time", "team", "scorer", "assist", "tags"):
        goals.add_column(column)
    for g in state.goals:
        goals.add_row(format_clock(state, g.at), g.team, f"#{g.scorer}",
                      "" if g.assist is None else f"#{g.assist}", " ".join(goal_tags(g)))
    console.print(goals)

    result = state.result
    if result is None:
        console.print("Result: the game is not over")
    else:
        winner = "tie" if result.winner is None else f"{result.winner} wins"
        console.print(
            f"Result: {winner}, decided by {result.decided_by}; "
            f"score {result.score['home']}-{result.score['away']}; "
            f"points home {result.points['home']:g}, away {result.points['away']:g}"
        )
    show_warnings(state, engine_warnings(state) if warnings is None else warnings, events)


def warning_line(state: GameState, warning: GameWarning, events: Sequence[Event] = (),
                 first: int = 0) -> str:
    """``Warning, events[4] at 1 9:15: Rule 409(c): ...`` (``first``: the index
    in the log of ``events[0]``)."""
    where = ""
    if warning.event is not None:
        where = f", events[{warning.event - first}]"
        at = (events[warning.event - first].at
              if 0 <= warning.event - first < len(events) else None)
        if at is not None:
            where += f" at {format_clock(state, at)}"
    return f"Warning{where}: {warning.text}"


def show_warnings(state: GameState, warnings: Sequence[GameWarning],
                  events: Sequence[Event] = (), first: int = 0) -> None:
    """One line each, plain (a warning is read, not scanned in a table)."""
    for warning in warnings:
        typer.echo(warning_line(state, warning, events, first))


def explain_box(state: GameState) -> None:
    """Each box entry with the rules that put it there: its class's rule and
    the engine's reasons, when it gives them."""
    typer.echo("Penalty box, explained:")
    entries = [(team, e) for team in TEAMS for e in state.box(team)]
    if not entries:
        typer.echo("  nobody is in either box")
    for team, e in entries:
        who = "bench" if e.player is None else f"#{e.player}"
        served = "" if e.served_by is None else f", served by #{e.served_by}"
        typer.echo(f"  {team} {who} {class_text(e.penalty_class)} ({e.infraction}{served}): "
                   f"{e.state}, {format_duration(e.left)} left")
        typer.echo(f"    a {class_text(e.penalty_class)}: Rule {e.penalty_class.rule}")
        reasons = entry_reasons(e, state.setup)
        for reason in reasons:
            typer.echo(f"    {reason}")
        if not reasons:
            typer.echo("    (the engine gives no other reason for where it stands)")

