"""``rinkside verify``: is a game's record what rinkside wrote (issue 29)?

- ``rinkside verify --db URL [--game N]``: every game's hash chain (or one
  game's) checked; each break printed with its game and entry; exit 1 when
  any is broken.
- ``rinkside verify report.pdf [--db URL | --league URL]``: the signed
  report's signature checked by pyHanko (valid, which key signed it, whether
  the document changed since it was signed) and, with a store or a league
  server, whether its chain head is the game's current one.

Exit codes as the rest of the CLI: 0 intact, 1 broken or not valid, 2 the
input could not be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, DbOption, error, open_service
from rinkside.services import chain


def verify(
    report: Annotated[Path | None, typer.Argument(
        metavar="[REPORT.pdf]", help="A signed game report to check.")] = None,
    game: Annotated[int | None, typer.Option("--game", help="Check this game only.")] = None,
    league: Annotated[str | None, typer.Option(
        "--league", help="A league server's URL: check the report against its chain.")] = None,
    db: DbOption = None,
) -> None:
    """Check the games' hash chains, or a signed game report."""
    if report is not None:
        from rinkside.cli.verify_report import verify_report

        verify_report(report, db, league)
        return
    service = open_service(db)
    if game is not None:
        one = chain.check_game(service, game)
        if one is None:
            error(f"error: there is no game {game}")
            raise typer.Exit(EXIT_INVALID)
        checked = [one]
    else:
        checked = chain.check_all(service)
    broken = [c for c in checked if c.broken is not None]
    for c in checked:
        if c.broken is None:
            typer.echo(f"game {c.game_id}: intact, {c.length} entries, head {c.head}")
    for c in broken:
        typer.echo(f"BROKEN {c.broken}")
    typer.echo(f"{len(checked) - len(broken)} intact, {len(broken)} broken")
    if broken:
        raise typer.Exit(EXIT_FAILED)


def register(app: typer.Typer) -> None:
    """Add ``verify`` to the ``rinkside`` app."""
    app.command("verify")(verify)
