"""Game day in the browser from the command line: ``rinkside serve`` (the
pages, the console and the scoreboard, no internet needed) and ``rinkside
demo`` (a whole demo tournament in the store to try them on)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.progress import Progress

from rinkside.cli.common import DbOption, console, open_service, refusals


def demo(db: DbOption = None, seed: Annotated[int, typer.Option(
        help="The same seed builds the same tournament.")] = 2026) -> None:
    """Build a whole demo tournament (divisions, rosters, a schedule, simulated
    games played through the engine) in the store."""
    from rinkside.demo import DEMO_PASSWORD, DEMO_USERS, add_game_day, build_demo, demo_game_count

    service = open_service(db)
    with Progress(console=console()) as progress:
        task = progress.add_task("playing games", total=demo_game_count())
        tid = build_demo(service, seed=seed, progress=progress.console.print,
                         on_game=lambda: progress.advance(task))
    games = add_game_day(service, tid)
    typer.echo(f"demo tournament {tid} built; games to play in the console: "
               f"{', '.join(map(str, games))}")
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
    from rinkside.web.server import ALL_INTERFACES, LOCALHOST
    from rinkside.web.server import serve as run

    run(ALL_INTERFACES if lan else LOCALHOST, port, db, workers=workers)


def register(app: typer.Typer) -> None:
    """Add ``demo`` and ``serve`` to the ``rinkside`` app."""
    checked = refusals()
    app.command("demo")(checked(demo))
    app.command("serve")(checked(serve))
