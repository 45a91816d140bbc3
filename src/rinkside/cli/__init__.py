"""The ``rinkside`` command line (Typer): :data:`app`, every part's commands
registered on it, in the order ``rinkside --help`` lists them.

- :mod:`~rinkside.cli.rules`: conformance, replay, settings, infractions, simulate
  (files and the engine; no store).
- :mod:`~rinkside.cli.book`: rules (the book, with what rinkside does with each sub-rule).
- :mod:`~rinkside.cli.setup`: tournament create / division / team / start, roster
  import, schedule generate.
- :mod:`~rinkside.cli.tournament`: tournament list, roster show, schedule, game
  record / show / lineup, standings, stats, suspensions, playoffs, discipline.
- :mod:`~rinkside.cli.serve`: demo, serve.
- :mod:`~rinkside.cli.admin`: users, a game's officials and sign-off, the rinks.
- :mod:`~rinkside.cli.desk`: the director's desk as commands (settings, tiebreaks,
  renames, a player edited, the schedule built, a game added, moved or cancelled,
  a game's staff, the desk's changes).
- :mod:`~rinkside.cli.rink`, :mod:`~rinkside.cli.equipment`: Sections I and III.
- :mod:`~rinkside.cli.report`, :mod:`~rinkside.cli.export`: the game report;
  exports and imports.
- :mod:`~rinkside.cli.verify`: the games' hash chains and signed reports checked;
  :mod:`~rinkside.cli.keys`: the league's signing key.

:mod:`~rinkside.cli.common` holds what they share (exit codes, ``--db``, the
service, refusals); :mod:`~rinkside.cli.state` prints a game's state. The
modules import one another in that one direction only, never this package.
"""

from __future__ import annotations

import typer

from rinkside.cli import (
    admin,
    book,
    desk,
    equipment,
    export,
    keys,
    report,
    rink,
    rules,
    serve,
    setup,
    sync,
    team,
    tournament,
    verify,
)
from rinkside.cli.common import close_opened

app = typer.Typer(
    name="rinkside",
    help="Roller hockey by the RHA Official Rule Book: rules engine and game tools.",
    no_args_is_help=True,
    add_completion=False,
)



@app.callback()
def _command(context: typer.Context) -> None:
    # every command closes the stores it opened as it ends (common.close_opened)
    context.call_on_close(close_opened)


for part in (rules, book, setup, tournament, serve, admin, desk, rink, equipment, report,
             export, sync, team, verify, keys):
    part.register(app)

__all__ = ["app"]
