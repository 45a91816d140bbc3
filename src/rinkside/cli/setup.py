"""Setting a tournament up from the command line: the tournament, its
divisions and teams, the rosters imported, the round robin generated.

The groups ``rinkside tournament``, ``roster`` and ``schedule`` are made
here; :mod:`rinkside.cli.tournament` and :mod:`rinkside.cli.admin` add their
commands to them. Every command works on the store at ``--db`` through the
one service layer, :class:`rinkside.services.tournaments.Tournaments`.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from rinkside.cli.common import DbOption, open_service, refusals, text
from rinkside.formats import ScenarioError, check_file, read_toml_file
from rinkside.rules.settings import settings_from_mapping
from rinkside.tournament.standings import CRITERIA

tournament_app = typer.Typer(help="Create tournaments, divisions and teams.", no_args_is_help=True)
roster_app = typer.Typer(help="Team rosters (Section II).", no_args_is_help=True)
schedule_app = typer.Typer(help="The schedule: generate a round robin, or show it.",
                           invoke_without_command=True)

_refusals = refusals()


def _amendments(path: Path | None) -> dict[str, Any]:
    """An event's amendments from TOML, checked against the book, kept as
    written (edge values; "off" turns a setting off)."""
    if path is None:
        return {}
    data = read_toml_file(path)  # ScenarioError naming the file
    table = data.get("settings", data)
    if not isinstance(table, dict):
        raise ScenarioError(path, "[settings] must be a table")
    amendments = {key: (None if value == "off" else value) for key, value in table.items()}
    settings_from_mapping(amendments)  # refuses what the book does not allow, naming the rule
    return amendments


# -- tournament ----------------------------------------------------------------


@tournament_app.command("create")
@_refusals
def tournament_create(
    name: str,
    starts: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    settings: Annotated[Path | None, typer.Option(help="The event's amendments (TOML).")] = None,
    tiebreaks: Annotated[str, typer.Option(help="Tiebreak chain, comma separated, from: "
                                           + ", ".join(CRITERIA))] = ",".join(CRITERIA),
    db: DbOption = None,
) -> None:
    """Create a tournament (its settings checked against the book)."""
    chain = [c.strip() for c in tiebreaks.split(",") if c.strip()]
    first = date.fromisoformat(starts) if starts else None
    tid = open_service(db).create_tournament(text(name, "NAME"), first, _amendments(settings),
                                             chain)
    typer.echo(f"tournament {tid}: {name}")


@tournament_app.command("division")
@_refusals
def tournament_division(
    name: str,
    tournament: Annotated[int, typer.Option(help="Tournament id.")],
    settings: Annotated[Path | None, typer.Option(help="The division's amendments.")] = None,
    db: DbOption = None,
) -> None:
    """Add a division (player coaches by 201(c) follow from its name)."""
    did = open_service(db).add_division(tournament, text(name, "NAME"), _amendments(settings))
    typer.echo(f"division {did}: {name}")


@tournament_app.command("team")
@_refusals
def tournament_team(name: str, division: Annotated[int, typer.Option(help="Division id.")],
                    db: DbOption = None) -> None:
    """Add a team to a division."""
    typer.echo(f"team {open_service(db).add_team(division, text(name, 'NAME'))}: {name}")


@tournament_app.command("start")
@_refusals
def tournament_start(tournament: int, db: DbOption = None) -> None:
    """Start the tournament: rosters then change only through the director (203(b))."""
    open_service(db).start_tournament(tournament)
    typer.echo(f"tournament {tournament} started")


# -- rosters --------------------------------------------------------------------


@roster_app.command("import")
@_refusals
def roster_import(
    file: Path,
    division: Annotated[int, typer.Option(help="Division id.")],
    team: Annotated[str | None, typer.Option(help="Team name when the file holds one team "
                                             "(otherwise a 'team' column).")] = None,
    reason: Annotated[str | None, typer.Option(help="Why, once the tournament has started "
                                               "(203(b)).")] = None,
    db: DbOption = None,
) -> None:
    """Import rosters from CSV or XLSX: every bad row is reported, nothing is half-imported."""
    check_file(file)  # there, a file, not too large: ScenarioError naming it
    team = None if team is None else text(team, "--team")
    counts = open_service(db).import_rosters(division, file, team=team, reason=reason)
    for name, n in counts.items():
        typer.echo(f"{name}: {n} players")


# -- schedule -------------------------------------------------------------------


@schedule_app.command("generate")
@_refusals
def schedule_generate(
    division: Annotated[int, typer.Option(help="Division id.")],
    start: Annotated[str, typer.Option(help="First slot, e.g. 2026-12-05T08:00.")],
    slot: Annotated[int, typer.Option(help="Minutes per game slot.")] = 40,
    rinks: Annotated[str, typer.Option(help="Rinks, comma separated.")] = "Rink 1",
    rounds: Annotated[int, typer.Option(help="1: single round robin, 2: double.")] = 1,
    db: DbOption = None,
) -> None:
    """Generate a round robin for a division."""
    first = datetime.fromisoformat(start)
    if first.tzinfo is None:
        first = first.astimezone()
    ids = open_service(db).generate_round_robin(
        division, start=first, slot_minutes=slot,
        rinks=[text(r.strip(), "--rinks") for r in rinks.split(",") if r.strip()],
        rounds=rounds)
    typer.echo(f"{len(ids)} games scheduled")


def register(app: typer.Typer) -> None:
    """Add ``tournament``, ``roster`` and ``schedule`` to the ``rinkside`` app."""
    app.add_typer(tournament_app, name="tournament")
    app.add_typer(roster_app, name="roster")
    app.add_typer(schedule_app, name="schedule")
