"""Game day in the browser from the command line: ``rinkside serve`` (the
pages, the console and the scoreboard, no internet needed) and ``rinkside
demo`` (a whole demo tournament in the store to try them on)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.progress import Progress

from rinkside.cli.common import EXIT_FAILED, DbOption, console, error, open_service, refusals
from rinkside.services.all_or_nothing import new_sqlite_file, new_store_file
from rinkside.services.tournaments import Tournaments


def demo(db: DbOption = None, seed: Annotated[int, typer.Option(
        help="The same seed builds the same tournament.")] = 2026) -> None:
    """Build a whole demo tournament (divisions, rosters, a schedule, simulated
    games played through the engine) in a new, empty store, all or nothing."""
    from rinkside.demo import (
        DEMO_PASSWORD,
        DEMO_USERS,
        DemoStore,
        StoreNotEmpty,
        build_demo_store,
        check_store,
        demo_game_count,
    )

    def build(service: Tournaments) -> DemoStore:
        with Progress(console=console()) as progress:
            task = progress.add_task("playing games", total=demo_game_count())
            return build_demo_store(service, seed=seed, progress=progress.console.print,
                                    on_game=lambda: progress.advance(task))

    try:
        if (new_file := new_sqlite_file(db)) is not None:  # whole, or no file at all
            with new_store_file(new_file) as service:
                built = build(service)
        else:
            service = open_service(db)
            built = check_store(service) or build(service)
    except StoreNotEmpty as exc:
        error(f"refused: {exc}")
        raise typer.Exit(EXIT_FAILED) from None
    games = ", ".join(map(str, built.games))
    if built.already:
        typer.echo(f"this store already holds the demo tournament {built.tournament}; "
                   f"nothing added (games to play in the console: {games})")
    else:
        typer.echo(f"demo tournament {built.tournament} built; games to play in the "
                   f"console: {games}")
    typer.echo(f"demo logins (password {DEMO_PASSWORD!r}; a demo store only): "
               + ", ".join(f"{name} ({role})" for name, role in DEMO_USERS.items()))


def serve(lan: Annotated[bool, typer.Option(
              "--lan", help="Listen on the local network (0.0.0.0) so tablets and the "
              "scoreboard screen can connect; default: this computer only.")] = False,
          port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
          db: DbOption = None,
          workers: Annotated[int, typer.Option(
              min=1, help="Server processes on the one port (PostgreSQL only: a write on "
              "any reaches the live pages of all; SQLite stays one process).")] = 1) -> None:
    """Game day in the browser: live scores, game pages, standings, statistics,
    suspensions and the scoreboard display (no internet needed)."""
    from rinkside.web import launch
    from rinkside.web.server import ALL_INTERFACES, LOCALHOST

    launch.serve(ALL_INTERFACES if lan else LOCALHOST, port, db, workers=workers)


def register(app: typer.Typer) -> None:
    """Add ``demo`` and ``serve`` to the ``rinkside`` app."""
    checked = refusals()
    app.command("demo")(checked(demo))
    app.command("serve")(checked(serve))
