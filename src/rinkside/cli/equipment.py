"""The equipment commands of ``rinkside`` (Section III).

- ``rinkside equipment stick|goaltender|player|skates``: a referee's measures
  against Rules 301-305; exit 1 when the equipment is illegal, with the call.
- ``rinkside equipment measure --result legal --requested-by home --player 12``:
  the penalty a measurement asked for during a game leads to (301(d), 301(e), 610(f)).

Exit codes as the rest of the CLI (:mod:`rinkside.cli.common`): 0 fine, 1 the
book said no, 2 bad input.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, console
from rinkside.cli.rink import problem_table
from rinkside.rink.equipment import (
    EquipmentProblem,
    GoaltenderGear,
    Item,
    PlayerGear,
    Skates,
    Stick,
    check_goaltender,
    check_player,
    check_skates,
    check_stick,
    parse_inches,
)
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    MEASURE_RESULTS,
    MEASURED_ITEMS,
    TEAMS,
    Measurement,
    MeasureResult,
    Team,
)
from rinkside.rules.measurement import describe, penalties
from rinkside.rules.times import GameTime

equipment_app = typer.Typer(help="Equipment (Section III): a referee's measures against the "
                            "book, and the call after a measurement.", no_args_is_help=True)


Inches = Annotated[str | None, typer.Option(show_default=False)]


def _inches(value: str | None, option: str) -> float | None:
    """A measure in inches (``12.5``, ``12 1/2``); a bad one is a usage error (exit 2)."""
    if value is None:
        return None
    try:
        inches = parse_inches(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint=option) from exc
    if inches < 0:
        raise typer.BadParameter(f"{value!r} is negative", param_hint=option)
    return inches


def _team(value: str | None, option: str) -> Team | None:
    if value is None:
        return None
    for team in TEAMS:
        if value.strip().lower() == team:
            return team
    raise typer.BadParameter(f"{value!r}: expected home or away", param_hint=option)


def _verdict(problems: list[EquipmentProblem], what: str, *after: str) -> None:
    """Print the problems, the verdict and, if illegal, the call and ``after``;
    exit 1 if anything breaks the book (advice alone does not)."""
    screen = console(soft_wrap=True)
    if problems:
        screen.print(problem_table(problems))
    illegal = [p for p in problems if not p.advice]
    if not illegal:
        screen.print(f"[green]Legal {what}.[/]")
        return
    calls = sorted({p.infraction for p in illegal if p.infraction is not None})
    screen.print(f"[red]Illegal {what}.[/]" + (f" Call: {', '.join(calls)}." if calls else ""))
    for line in after:
        screen.print(escape(line))
    raise typer.Exit(EXIT_FAILED)


@equipment_app.command("stick")
def equipment_stick(
    length: Annotated[str | None, typer.Option(
        help="Heel to the end of the shaft, inches (301(b): at most 63).")] = None,
    blade_length: Annotated[str | None, typer.Option(
        help="Heel to the end of the blade, inches (301(b): 12 1/2; goaltender 15 1/2).")] = None,
    blade_width_min: Annotated[str | None, typer.Option(
        help="The blade's narrowest point, inches (301(b): at least 2).")] = None,
    blade_width_max: Annotated[str | None, typer.Option(
        help="The blade's widest point (goaltender: away from the heel), inches "
             "(301(b): 3; 301(c): 3 1/2).")] = None,
    goaltender: Annotated[bool, typer.Option(help="A goaltender's stick (301(c)).")] = False,
    heel_width: Annotated[str | None, typer.Option(
        help="Goaltender: the blade's width at the heel (301(c): 4 1/2).")] = None,
    widened_length: Annotated[str | None, typer.Option(
        help="Goaltender: how far the widened part reaches up the shaft from the heel "
             "(301(c): 26).")] = None,
    widened_width: Annotated[str | None, typer.Option(
        help="Goaltender: the widened part's width (301(c): 5).")] = None,
    projections: Annotated[bool, typer.Option(help="Projections from the stick (301(a)).")
                           ] = False,
    taped: Annotated[bool, typer.Option(help="Tape on the blade.")] = False,
    tape_banned: Annotated[bool, typer.Option(
        help="House rules prohibit tape on the blade (301(a)).")] = False,
    requested_by: Annotated[str | None, typer.Option(
        help="The team that asked for the measurement (home/away): print the call "
             "(610(f) if legal, 301(d) if not).")] = None,
    player: Annotated[int | None, typer.Option(help="The measured player's number.")] = None,
) -> None:
    """Measure a stick against Rule 301; exit 1 if it is illegal."""
    stick = Stick(_inches(length, "--length"), _inches(blade_length, "--blade-length"),
                  _inches(blade_width_min, "--blade-width-min"),
                  _inches(blade_width_max, "--blade-width-max"), goaltender,
                  _inches(heel_width, "--heel-width"), _inches(widened_length, "--widened-length"),
                  _inches(widened_width, "--widened-width"), projections, taped)
    problems = check_stick(stick, tape_banned=tape_banned)
    requesting = _team(requested_by, "--requested-by")
    illegal = any(not p.advice for p in problems)
    if requesting is not None:
        if player is None and illegal:
            raise typer.BadParameter("give the measured player's number", param_hint="--player")
        call = _call("illegal" if illegal else "legal", requesting, player or 0,
                     "goaltender_stick" if goaltender else "stick")
        if not illegal:
            _verdict(problems, "stick")
            console(soft_wrap=True).print(escape(call))
            return
        _verdict(problems, "stick", call, _KEEP_STICK)
    _verdict(problems, "stick", _KEEP_STICK)


_KEEP_STICK = "The Referees keep an illegal stick until the tournament is over (Rule 301(d))."


@equipment_app.command("goaltender")
def equipment_goaltender(
    blocker_width: Annotated[str | None, typer.Option(help="Inches (303(b): 8).")] = None,
    blocker_length: Annotated[str | None, typer.Option(help="Inches (303(b): 16).")] = None,
    catcher_length: Annotated[str | None, typer.Option(help="Inches (303(c): 17).")] = None,
    cuff_width: Annotated[str | None, typer.Option(
        help="Catching glove cuff, inches (303(c): 9).")] = None,
    pad_width: Annotated[str | None, typer.Option(help="Leg pads, inches (303(e): 12).")] = None,
    bent_bar: Annotated[bool, typer.Option(
        help="The cuff-thumb bar is not straight (303(c)).")] = False,
    added_pocket: Annotated[bool, typer.Option(help="A pocket or pouch added (303(c)).")] = False,
    altered_pads: Annotated[bool, typer.Option(help="Leg pads altered (303(e)).")] = False,
    apron: Annotated[bool, typer.Option(help="Abdominal apron down the thighs (303(d)).")
                     ] = False,
    undue_assistance: Annotated[bool, typer.Option(
        help="Equipment giving undue assistance in tending goal (303(a)).")] = False,
) -> None:
    """Measure a goaltender's gloves and pads against Rule 303; exit 1 if illegal."""
    gear = GoaltenderGear(
        _inches(blocker_width, "--blocker-width"), _inches(blocker_length, "--blocker-length"),
        _inches(catcher_length, "--catcher-length"), _inches(cuff_width, "--cuff-width"),
        _inches(pad_width, "--pad-width"), bent_bar, added_pocket, altered_pads, apron,
        undue_assistance)
    _verdict(check_goaltender(gear), "goaltender equipment",
             "Minor penalty; the goaltender leaves the game until the equipment is corrected "
             "(Rule 303(g)).")


@equipment_app.command("player")
def equipment_player(
    age: Annotated[int, typer.Option(help="The player's age (304(a): the list changes at 18).",
                                     min=0, max=120)],
    wearing: Annotated[list[str] | None, typer.Option(
        help="What the player wears, repeated or comma-separated: "
             + ", ".join(item.value for item in Item) + ".")] = None,
    goaltender: Annotated[bool, typer.Option(help="A goaltender (303(f)).")] = False,
    youth: Annotated[bool, typer.Option(
        help="Plays in a Youth Division, Midgets and below (304(c)).")] = False,
    outside_uniform: Annotated[bool, typer.Option(
        help="Protective equipment worn outside the uniform (304(b)).")] = False,
    glass_lenses: Annotated[bool, typer.Option(help="Glass eyeglass lenses (304(d)).")] = False,
    cut_glove: Annotated[bool, typer.Option(help="A glove palm worn or cut (304(e)).")] = False,
    hard_cast: Annotated[bool, typer.Option(help="A hard cast or splint (305(a)).")] = False,
    metal: Annotated[bool, typer.Option(help="Metal pads or protectors (305(a)).")] = False,
    elbow_cover: Annotated[str | None, typer.Option(
        help="Soft covering on the elbow pads, inches (305(b): at least 1/2).")] = None,
) -> None:
    """Check a player's protective equipment against Rules 303(f), 304 and 305 for
    their age and division; exit 1 if anything mandatory is missing or illegal."""
    items: set[Item] = set()
    for chunk in wearing or []:
        for word in chunk.split(","):
            if not word.strip():
                continue
            try:
                items.add(Item(word.strip().lower()))
            except ValueError as exc:
                raise typer.BadParameter(
                    f"{word.strip()!r}: expected one of " + ", ".join(i.value for i in Item),
                    param_hint="--wearing") from exc
    gear = PlayerGear(age, frozenset(items), goaltender, youth, outside_uniform, glass_lenses,
                      cut_glove, hard_cast, metal, _inches(elbow_cover, "--elbow-cover"))
    _verdict(check_player(gear), "equipment",
             "The player leaves the game until the equipment is corrected (Rule 304(f)).")


@equipment_app.command("skates")
def equipment_skates(
    axles: Annotated[int | None, typer.Option(help="Axle openings in the frame.", min=0)] = None,
    wheels: Annotated[int | None, typer.Option(help="Wheels mounted.", min=0)] = None,
    projections: Annotated[bool, typer.Option(help="Added projections (302(a)).")] = False,
    speed: Annotated[bool, typer.Option(help="Speed skates (302(d)).")] = False,
    quads: Annotated[bool, typer.Option(help="Quad skates (302(e)).")] = False,
) -> None:
    """Inspect skates against Rule 302; exit 1 if illegal."""
    _verdict(check_skates(Skates(axles, wheels, projections, speed, quads)), "skates",
             "The player may not return until the fault is corrected (Rule 302(c)).")


@equipment_app.command("measure")
def equipment_measure(
    result: Annotated[str, typer.Option(help="What the measurement found: legal, illegal "
                                        "or refused.")],
    requested_by: Annotated[str, typer.Option(help="The team that asked (home/away).")],
    player: Annotated[int, typer.Option(help="The measured player's number.")],
    equipment: Annotated[str, typer.Option(help="What was measured: "
                                           f"{', '.join(MEASURED_ITEMS)}.")] = "stick",
) -> None:
    """The call after a measurement during a game, as the engine makes it: legal, a bench
    minor to the team that asked (610(f)); illegal, a minor to the player (301(d), 303(g),
    304(e)-(f)); refused, a minor plus a misconduct (301(e))."""
    requesting = _team(requested_by, "--requested-by")
    assert requesting is not None
    if result not in MEASURE_RESULTS:
        raise typer.BadParameter(f"{result!r}: legal, illegal or refused", param_hint="--result")
    try:
        call = _call(result, requesting, player, equipment)
    except RuleViolation as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_INVALID) from exc
    console(soft_wrap=True).print(escape(call))


def _call(result: MeasureResult, requesting: Team, player: int, item: str) -> str:
    """The engine's call (:mod:`rinkside.rules.measurement`), as one sentence."""
    event = Measurement(GameTime(1, 0), requesting, player, item, result)
    return describe(penalties(event))


def register(app: typer.Typer) -> None:
    """Add ``equipment`` to the ``rinkside`` app."""
    app.add_typer(equipment_app, name="equipment")
