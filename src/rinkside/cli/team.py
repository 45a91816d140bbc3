"""The ``rinkside team`` commands: how the scoreboards show a team.

- ``rinkside team style TEAM_ID --colour '#1e40af' --logo https://.../logo.png``:
  the team's colour and logo on the scoreboard, the stream overlay and the
  between-periods screen (an empty value clears one).

Exit codes as the rest of the CLI (:mod:`rinkside.cli.common`): 0 fine, 2 bad
input (an unknown team, a colour not ``#rrggbb``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from rinkside.cli.common import DbOption, console, open_service, refusals

team_app = typer.Typer(help="Teams: how the scoreboards show them.", no_args_is_help=True)


@team_app.command("style")
@refusals()
def style(team_id: Annotated[int, typer.Argument(help="The team's id")],
          colour: Annotated[str | None, typer.Option(help="#rrggbb; '' clears it")] = None,
          logo: Annotated[str | None, typer.Option(help="an https:// URL or a /static/ path; "
                                                   "'' clears it")] = None,
          db: DbOption = None) -> None:
    """Set the team's colour and logo as the scoreboards show them."""
    shown_colour, shown_logo = open_service(db).set_team_style(team_id, colour=colour, logo=logo)
    console().print(f"team {team_id}: colour {shown_colour or '-'}, logo {shown_logo or '-'}")


def register(app: typer.Typer) -> None:
    """Add ``team`` to the ``rinkside`` app."""
    app.add_typer(team_app, name="team")
