"""The rule book's commands of ``rinkside``: nothing stored, files and the
engine only.

- ``rinkside conformance PATH...``: run FORMAT.md scenarios against the engine.
- ``rinkside replay GAME.json [--at "2 3:30"] [--json] [--explain]``: the state of a
  game log, every warning the engine gave, the box explained.
- ``rinkside settings [--toml FILE]``: the event's rule settings.
- ``rinkside infractions [--class CLASS] [--search TEXT]``: the infraction catalog.
- ``rinkside simulate --games N --seed S --out DIR``: simulated game logs.

Exit codes as :mod:`rinkside.cli.common`. Colour only when stdout is a
terminal; plain text otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, console, error
from rinkside.cli.state import explain_box, show_state
from rinkside.conformance import Outcome, iter_paths, observe
from rinkside.formats import ScenarioError, load_game_log, parse_time, read_toml_file
from rinkside.present.warnings import GameWarning, fold_warnings
from rinkside.rules.errors import RuleViolation, SettingsError
from rinkside.rules.events import Event, PenaltyClass
from rinkside.rules.game import GameState, start
from rinkside.rules.infractions import CATALOG, Infraction, for_class
from rinkside.rules.settings import Settings, settings_from_mapping, settings_table
from rinkside.rules.times import GameTime, TimeFormatError

# --------------------------------------------------------------------------- conformance


def conformance(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Scenario files or folders (searched for *.json, recursively).",
                       show_default=False),
    ],
) -> None:
    """Run FORMAT.md scenarios: one PASS/FAIL line each, then 'N passed, N failed'."""
    screen = console()
    colour = screen.is_terminal
    passed = failed = 0
    invalid = False
    for item in iter_paths(paths):
        if isinstance(item, ScenarioError):
            invalid = True
            error(str(item))
            continue
        if item.passed:
            passed += 1
        else:
            failed += 1
        _print_outcome(screen, item, colour=colour)
    typer.echo(f"{passed} passed, {failed} failed")
    if invalid:
        raise typer.Exit(EXIT_INVALID)
    if failed:
        raise typer.Exit(EXIT_FAILED)


def _print_outcome(console: Console, outcome: Outcome, *, colour: bool) -> None:
    if not colour:
        typer.echo(outcome.line())
        return
    line = Text()
    if outcome.passed:
        line.append("PASS", style="bold green")
        line.append(f" {outcome.id}")
    else:
        line.append("FAIL", style="bold red")
        line.append(f" {outcome.id}: ")
        line.append("; ".join(outcome.failures))
    console.print(line, soft_wrap=True)


# --------------------------------------------------------------------------- replay


def _fold_until(
    path: Path, state: GameState, events: Iterable[Event], until: GameTime | None
) -> tuple[GameState, list[GameWarning]]:
    """Apply ``events`` in order (those not after ``until``, if given); the
    state and every warning the engine gave on the way."""
    warnings: list[GameWarning] = []
    for i, event in enumerate(events):
        if until is not None and (event.at is None or until.is_before(event.at)):
            break
        try:
            state, found = fold_warnings(state, [event], first=i)
        except RuleViolation as exc:
            error(f"{path}: events[{i}] refused: {exc}")
            raise typer.Exit(EXIT_FAILED) from None
        warnings += found
    return state, warnings


def replay(
    game: Annotated[Path, typer.Argument(help="A game log in the FORMAT.md format.",
                                         show_default=False)],
    at: Annotated[
        str | None,
        typer.Option("--at", help="Stop at this game time, e.g. \"2 3:30\".", show_default=False),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print FORMAT.md's check fields as one JSON object.")
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Also list each box entry with the rules that "
                           "put it there.")
    ] = False,
) -> None:
    """Replay a game log and show the state at its end (or at --at), with every
    warning the engine gave."""
    try:
        setup, events = load_game_log(game)
    except ScenarioError as exc:
        error(str(exc))
        raise typer.Exit(EXIT_INVALID) from None
    until: GameTime | None = None
    if at is not None:
        try:
            until = parse_time(at, setup.settings.periods)
        except TimeFormatError as exc:
            error(f"--at: {exc}")
            raise typer.Exit(EXIT_INVALID) from None
    state, warnings = _fold_until(game, start(setup), events, until)
    if until is not None and not until.is_before(state.clock):
        state = state.advance_to(until)
    if as_json:
        typer.echo(json.dumps(observe(state), indent=2))
        return
    show_state(console(), state, warnings, events)
    if explain:
        explain_box(state)


# --------------------------------------------------------------------------- settings


def settings(
    toml: Annotated[
        Path | None,
        typer.Option("--toml", help="An event's amendments (TOML), checked against the book.",
                     show_default=False),
    ] = None,
) -> None:
    """Show the rule settings (defaults, or with an event's amendments)."""
    current = Settings()
    if toml is not None:
        try:
            data = read_toml_file(toml)  # ScenarioError naming the file
            table = data.get("settings", data)
            if not isinstance(table, dict):
                raise ScenarioError(toml, "[settings] must be a table")
            # TOML has no null: "off" stands for it where a setting can be off.
            current = settings_from_mapping(
                {k: (None if v == "off" else v) for k, v in table.items()})
        except ScenarioError as exc:
            error(str(exc))
            raise typer.Exit(EXIT_INVALID) from None
        except SettingsError as exc:
            error(f"{toml}: {exc}")
            raise typer.Exit(EXIT_INVALID) from None
    table = Table(title="Rule settings")
    for column in ("key", "value", "rule", "description"):
        table.add_column(column)
    for spec in settings_table():
        table.add_row(spec.key, spec.show(getattr(current, spec.key)), spec.rule,
                      spec.description)
    console().print(table)


# --------------------------------------------------------------------------- infractions


_CLASS_ORDER = {c: n for n, c in enumerate(PenaltyClass)}


def _names(classes: Iterable[PenaltyClass]) -> str:
    """Penalty classes in the book's order (a frozenset has none of its own)."""
    return ", ".join(c.value for c in sorted(classes, key=_CLASS_ORDER.__getitem__))


def _matches(infraction: Infraction, needle: str) -> bool:
    haystack = " ".join(
        str(x) for x in (infraction.key, infraction.name, infraction.rule, infraction.note)
    )
    return needle.lower() in haystack.lower()


def infractions(
    penalty_class: Annotated[
        str | None,
        typer.Option("--class", help="Only infractions that can draw this penalty class.",
                     show_default=False),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option("--search", help="Only infractions whose name, key, rule or note "
                     "contains this text.", show_default=False),
    ] = None,
) -> None:
    """Show the infraction catalog."""
    if penalty_class is not None:
        try:
            chosen = PenaltyClass(penalty_class)
        except ValueError:
            error(f"--class: {penalty_class!r} is not a penalty class: "
                   f"{', '.join(c.value for c in PenaltyClass)}")
            raise typer.Exit(EXIT_INVALID) from None
        rows: Iterable[Infraction] = for_class(chosen)
    else:
        rows = CATALOG
    if search:
        rows = [i for i in rows if _matches(i, search)]
    table = Table(title="Infractions")
    for column in ("rule", "name", "classes", "automatic companions", "penalty shot"):
        table.add_column(column)
    for i in rows:
        table.add_row(i.rule, i.name, _names(i.classes), _names(i.companions),
                      "yes" if i.penalty_shot else "")
    console().print(table)


# --------------------------------------------------------------------------- simulate


def simulate(
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to write.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="The same seed writes the same games.")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the game files.")] = Path(
        "out/simulated"),
) -> None:
    """Write realistic, legal simulated games: one FORMAT.md game log (JSON) each."""
    from rinkside.simulate import write_games

    if games < 1:
        error("--games: write at least one game")
        raise typer.Exit(EXIT_INVALID)
    paths = write_games(games, seed, out)
    typer.echo(f"wrote {len(paths)} games to {out} (seed {seed})")


def register(app: typer.Typer) -> None:
    """Add the rule book's commands to the ``rinkside`` app."""
    for command in (conformance, replay, settings, infractions, simulate):
        app.command()(command)
