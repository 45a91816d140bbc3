"""The rink commands of ``rinkside`` (Section I).

- ``rinkside rink check --width 85 --length 185 --corner-radius 20 --goal-line 13
  --goal 6x4`` (or ``--file rink.toml|json``, options override the file): each
  problem with its rule; exit 1 when the rink fails Rules 101-107.
- ``rinkside rink draw ... --svg out.svg --png out.png --scale 5``: the rink to
  scale, problems listed under it.

Exit codes as the rest of the CLI (:mod:`rinkside.cli.common`): 0 fine, 1 the
book said no, 2 bad input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, console
from rinkside.formats import ScenarioError, read_json_file, read_toml_file
from rinkside.rink import (
    RinkDimensions,
    RinkFormatError,
    RinkNotDrawable,
    RinkProblem,
    Severity,
    check_rink,
    failures,
    layout,
    parse_goal,
)
from rinkside.rink.equipment import EquipmentProblem

rink_app = typer.Typer(help="The rink (Section I): check its dimensions, draw it to scale.",
                       no_args_is_help=True)


# --------------------------------------------------------------------------- rink

FileOption = Annotated[Path | None, typer.Option(
    "--file", help="Dimensions as TOML or JSON, keys as stored: width, length, corner_radius, "
    "goal_line_distance, goal_width, goal_height, goal_post_diameter, bench_seats.")]
Feet = float | None
WidthOption = Annotated[Feet, typer.Option(help="Width in feet (101(c): 60-110).")]
LengthOption = Annotated[Feet, typer.Option(help="Length in feet (101(c): 160-210).")]
CornerOption = Annotated[Feet, typer.Option("--corner-radius", help="Corner radius, feet.")]
GoalLineOption = Annotated[Feet, typer.Option(
    "--goal-line", help="Goal line's distance from each end, feet (103(c): 12-15).")]
GoalOption = Annotated[str | None, typer.Option(
    help="Goal size WIDTHxHEIGHT in feet (102(a): 6x4 or 5x3.5); default 6x4.")]
PostOption = Annotated[Feet, typer.Option(
    "--post-diameter", help="Goal pipe diameter, inches (102(a): 2 or more).")]
SeatsOption = Annotated[int | None, typer.Option(
    "--bench-seats", help="Persons each players' bench seats (105(a): 10 or more).")]


def _read_file(path: Path) -> Mapping[str, Any]:
    try:
        data: Any = (read_json_file(path) if path.suffix.lower() == ".json"
                     else read_toml_file(path))
    except ScenarioError as exc:  # names the file and the problem
        raise RinkFormatError([str(exc)]) from exc
    if not isinstance(data, dict):
        raise RinkFormatError([f"{path}: expected a table of dimensions"])
    return data


def _dimensions(file: Path | None, options: Mapping[str, float | None],
                goal: str | None) -> RinkDimensions:
    """The file's dimensions with the options given on top; exit 2 if unreadable."""
    try:
        data = dict(_read_file(file)) if file is not None else {}
        data.update({k: v for k, v in options.items() if v is not None})
        if goal is not None:
            data["goal_width"], data["goal_height"] = parse_goal(goal)
        return RinkDimensions.from_mapping(data)
    except RinkFormatError as exc:
        for error in exc.errors:
            typer.echo(f"invalid rink: {error}", err=True)
    except ValueError as exc:
        typer.echo(f"invalid rink: {exc}", err=True)
    raise typer.Exit(EXIT_INVALID)


def problem_table(problems: Sequence[RinkProblem | EquipmentProblem]) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("Rule")
    table.add_column("")
    table.add_column("Problem", overflow="fold")
    for problem in problems:
        advice = (problem.severity is Severity.ADVICE if isinstance(problem, RinkProblem)
                  else problem.advice)
        table.add_row(problem.rule, "[yellow]advice[/]" if advice else "[red]fails[/]",
                      escape(problem.text))
    return table


@rink_app.command("check")
def rink_check(
    file: FileOption = None, width: WidthOption = None, length: LengthOption = None,
    corner_radius: CornerOption = None, goal_line: GoalLineOption = None,
    goal: GoalOption = None, post_diameter: PostOption = None, bench_seats: SeatsOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Problems as JSON.")] = False,
) -> None:
    """Check a rink against Rules 101-107: each problem with its rule; exit 1 if it fails."""
    dims = _dimensions(file, _options(width, length, corner_radius, goal_line, post_diameter,
                                      bench_seats), goal)
    problems = check_rink(dims)
    failed = failures(problems)
    if as_json:
        typer.echo(json.dumps({"dimensions": dims.to_mapping(), "passes": not failed,
                               "problems": [{"rule": p.rule, "field": p.field,
                                             "severity": p.severity.value,
                                             "message": p.message} for p in problems]},
                              indent=2))
    else:
        screen = console(soft_wrap=True)
        if problems:
            screen.print(problem_table(problems))
        verdict = (f"[red]The rink fails the book ({len(failed)} problem"
                   f"{'s' if len(failed) != 1 else ''}).[/]" if failed
                   else "[green]The rink meets Rules 101-107.[/]")
        screen.print(verdict)
    if failed:
        raise typer.Exit(EXIT_FAILED)


@rink_app.command("draw")
def rink_draw(
    file: FileOption = None, width: WidthOption = None, length: LengthOption = None,
    corner_radius: CornerOption = None, goal_line: GoalLineOption = None,
    goal: GoalOption = None, post_diameter: PostOption = None, bench_seats: SeatsOption = None,
    svg: Annotated[Path | None, typer.Option(help="Write the SVG here.")] = None,
    png: Annotated[Path | None, typer.Option(help="Write the PNG here.")] = None,
    scale: Annotated[float, typer.Option(help="Pixels a foot.", min=0.1, max=100)] = 5.0,
) -> None:
    """Draw a rink to scale (SVG and/or PNG); a rink that fails the book is drawn with
    its problems listed under it."""
    from rinkside.rink.png import to_png
    from rinkside.rink.svg import to_svg

    if svg is None and png is None:
        typer.echo("nothing to draw: give --svg and/or --png", err=True)
        raise typer.Exit(EXIT_INVALID)
    dims = _dimensions(file, _options(width, length, corner_radius, goal_line, post_diameter,
                                      bench_seats), goal)
    try:
        drawing = layout(dims)
    except RinkNotDrawable as exc:
        typer.echo(f"cannot draw: {exc}", err=True)
        raise typer.Exit(EXIT_FAILED) from exc
    screen = console(soft_wrap=True)
    try:
        if svg is not None:
            svg.write_text(to_svg(drawing, scale=scale), encoding="utf-8")
            screen.print(f"wrote {svg}")
        if png is not None:
            png.write_bytes(to_png(drawing, scale=scale))
            screen.print(f"wrote {png}")
    except (OSError, ValueError) as exc:
        typer.echo(f"cannot write: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from exc
    for problem in drawing.problems:
        screen.print(f"[{'red' if problem.severity is Severity.ERROR else 'yellow'}]"
                      f"{escape(problem.message)}[/]")


def _options(width: Feet, length: Feet, corner_radius: Feet, goal_line: Feet,
             post_diameter: Feet, bench_seats: int | None) -> dict[str, float | None]:
    return {"width": width, "length": length, "corner_radius": corner_radius,
            "goal_line_distance": goal_line, "goal_post_diameter": post_diameter,
            "bench_seats": bench_seats}


def register(app: typer.Typer) -> None:
    """Add ``rink`` to the ``rinkside`` app."""
    app.add_typer(rink_app, name="rink")
