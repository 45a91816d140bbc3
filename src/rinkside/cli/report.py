"""``rinkside report GAME_ID``: a stored game's official report (Rules 502(h),
506, 507) as a PDF and/or a standalone HTML file, or a summary on the
terminal when neither is asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rinkside.cli.common import EXIT_INVALID, DbOption, error, file_problem, open_service
from rinkside.reports.fonts import FontMissing
from rinkside.reports.game_report import build_report
from rinkside.reports.report_model import GameReport
from rinkside.reports.report_text import local_time
from rinkside.services.tournaments import NotFound


def report(
    game_id: Annotated[int, typer.Argument(metavar="GAME_ID", help="The game's id.")],
    pdf: Annotated[Path | None, typer.Option("--pdf", help="Write the PDF here.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write the HTML page here.")
                    ] = None,
    db: DbOption = None,
) -> None:
    """The official game report of a stored game."""
    try:
        made = build_report(open_service(db), game_id)
        if pdf is not None:
            from rinkside.reports.pdf import render_pdf

            pdf.write_bytes(render_pdf(made))
            typer.echo(f"wrote {pdf}")
        if html is not None:
            from rinkside.reports.html import standalone_html

            html.write_text(standalone_html(made), encoding="utf-8")
            typer.echo(f"wrote {html}")
    except (NotFound, FontMissing) as exc:
        error(f"error: {exc}")
        raise typer.Exit(EXIT_INVALID) from None
    except OSError as exc:  # the folder to write in is not there...
        error(f"error: {file_problem(exc)}")
        raise typer.Exit(EXIT_INVALID) from None
    if pdf is None and html is None:
        typer.echo(summary(made))


def summary(made: GameReport) -> str:
    """A few lines for the terminal: teams, result, goals, penalties, sign-off."""
    lines = [(f"Game {made.game_id}: {made.home.name} (home) vs {made.away.name} (away) · "
             f"{made.division} · {made.status.replace('_', ' ')}"),
             made.result or "no result yet"]
    lines += [f"  goal  {g.period} {g.time}  {g.team_name}: {g.scorer_name}"
              f"{' (' + g.assist_name + ')' if g.assist_name else ''} {' '.join(g.tags)}".rstrip()
              for g in made.goals]
    lines += [f"  pen   {p.period} {p.time}  {p.team_name}: {p.player_name}, {p.class_text}, "
              f"{p.infraction}{' (' + p.rule + ')' if p.rule else ''}" for p in made.penalties]
    lines += [f"  report {', '.join(r.rules)}: {r.player_name} ({r.team_name}), {r.class_text}"
              for r in made.referee_reports]
    sign = made.signoff
    if sign.locked:
        who = ", ".join(f"{s.shown} {local_time(s.at, '%Y-%m-%d %H:%M')}"
                        for s in sign.signatures)
        lines.append(f"signed and locked (Rule 616(a)) by {who}")
    else:
        lines.append("not signed" + (f" (awaiting {', '.join(sign.awaiting)})"
                                     if sign.awaiting else ""))
    lines += [f"reopened by {r.by} {local_time(r.at, '%Y-%m-%d %H:%M')}: {r.reason}"
              for r in sign.reopenings]
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``report`` to the ``rinkside`` app."""
    app.command("report")(report)
