"""The director's desk from the command line: each desk operation as a
command, through the same service functions, so a director can script what
the desk does (every change recorded the same way).

    rinkside tournament settings 1 --set minor=1:30 --set mercy=off [--stage playoff]
    rinkside tournament edit 1 --name "Winter Cup" --starts 2026-12-12 --ends 2026-12-13
    rinkside tournament tiebreaks 1 goal_difference,coin_toss [--reason ...]
    rinkside tournament dress 1 45
    rinkside tournament rename-team 4 "Red Owls"
    rinkside tournament withdraw-team 4 --reason "could not travel"
    rinkside roster edit 17 --number 31 --name "Ann Lee" --goalie --reason "new jersey"
    rinkside schedule build 1 --window "2026-12-12 08:00-20:00" --game 50 --rest 10
    rinkside schedule add 2 5 6 --start 2026-12-13T09:00 --rink East
    rinkside schedule move 12 --start 2026-12-13T18:00 --rink East --reason "TV"
    rinkside schedule cancel 12 --reason "added by mistake"
    rinkside game staff 12 --scorekeeper sam --referee rita --referee roy
    rinkside tournament reviews 1
    rinkside tournament review 17 12 "404(h)" 2 --reason "two more games"
    rinkside tournament suspension-change 17 --games -1 --reason "on appeal"
    rinkside tournament suspension-elsewhere 17 --organisation NARCh --games 2 --reason "..."
    rinkside changes [--tournament 1]
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Annotated

import typer
from rich.table import Table

from rinkside.cli.common import REFUSED, DbOption, checked, console, open_service, refusals
from rinkside.cli.setup import roster_app, schedule_app, tournament_app
from rinkside.cli.tournament import game_app
from rinkside.formats.text import REASON
from rinkside.services import (
    changes,
    desk_people,
    desk_reviews,
    desk_schedule,
    desk_teams,
    desk_tournament,
)
from rinkside.services.changes import NeedsReason
from rinkside.services.desk_people import PersonBusy
from rinkside.services.desk_schedule import ScheduleConflict, ScheduleInfeasible

# A conflict, a schedule that cannot be built, a change that needs its reason:
# refused (exit 1) like a step the book forbids.
_refusals = refusals(REFUSED + (ScheduleConflict, ScheduleInfeasible, PersonBusy, NeedsReason))

By = Annotated[str, typer.Option(help="Who makes the change (kept in the record).",
                                  callback=checked())]
Reason = Annotated[str, typer.Option(help="Why (needed once play has begun).",
                                     callback=checked(REASON))]
Why = Annotated[str, typer.Option(help="Why (recorded).", callback=checked(REASON))]
Name = Annotated[str, typer.Argument(help="The new name.", callback=checked())]
Rink = Annotated[str, typer.Option(help="The rink.", callback=checked())]
DIRECTOR = "tournament director"


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.astimezone()


# --------------------------------------------------------------------------- tournament


@tournament_app.command("settings")
@_refusals
def tournament_settings(
    tournament: int,
    set_: Annotated[list[str] | None, typer.Option("--set", help="key=value (repeat); "
                                                   "'off' turns a setting off.")] = None,
    unset: Annotated[list[str] | None, typer.Option(help="Back to the default.")] = None,
    stage: Annotated[str, typer.Option(help="pool or playoff (Rule 639).")] = "pool",
    reason: Reason = "", by: By = DIRECTOR, db: DbOption = None,
) -> None:
    """Show or change the pool or playoff settings (each checked by the book)."""
    service = open_service(db)
    which = desk_tournament.stage(stage)
    if set_ or unset:
        info = desk_tournament.desk(service, tournament)
        amendments = dict(info.settings if which == "pool" else info.playoff_settings)
        for item in set_ or []:
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"--set {item!r}: expected key=value")
            amendments[key.strip()] = desk_tournament.read_form_value(key.strip(), value)
        for key in unset or []:
            amendments.pop(key, None)
        desk_tournament.set_settings(service, tournament, which, amendments, by=by, reason=reason)
    info = desk_tournament.desk(service, tournament)
    table = Table("setting", "rule", "default", "amendment", "in force",
                  title=f"{info.name}: {which} settings")
    for row in info.rows:
        amended = row.pool if which == "pool" else row.playoff
        shown = row.pool_in_force if which == "pool" else row.playoff_in_force
        table.add_row(row.key, row.rule, row.default, amended, shown)
    console().print(table)


@tournament_app.command("edit")
@_refusals
def tournament_edit(
    tournament: int,
    name: Annotated[str | None, typer.Option(help="The new name.", callback=checked())] = None,
    starts: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    ends: Annotated[str | None, typer.Option(help="Last day, YYYY-MM-DD.")] = None,
    by: By = DIRECTOR, db: DbOption = None,
) -> None:
    """The tournament's name and dates."""
    service = open_service(db)
    info = desk_tournament.desk(service, tournament)
    desk_tournament.set_details(service, tournament, name=name or info.name,
                                starts_on=date.fromisoformat(starts) if starts else info.starts_on,
                                ends_on=date.fromisoformat(ends) if ends else info.ends_on, by=by)
    typer.echo(f"tournament {tournament}: {name or info.name}")


@tournament_app.command("tiebreaks")
@_refusals
def tournament_tiebreaks(tournament: int, chain: str, reason: Reason = "", by: By = DIRECTOR,
                         db: DbOption = None) -> None:
    """The tiebreak chain, comma separated (casebook 24)."""
    kept = desk_tournament.set_tiebreaks(open_service(db), tournament,
                                         [c.strip() for c in chain.split(",") if c.strip()], by=by,
                                         reason=reason)
    typer.echo("tiebreaks: " + ", ".join(kept))


@tournament_app.command("dress")
@_refusals
def tournament_dress(tournament: int, minutes: int, by: By = DIRECTOR,
                     db: DbOption = None) -> None:
    """Rule 634(c) note 1: players dressed this many minutes before their game."""
    desk_tournament.set_dress_minutes(open_service(db), tournament, minutes, by=by)
    typer.echo(f"dressed {minutes} min before each game (Rule 634(c) note 1)")


@tournament_app.command("rename-division")
@_refusals
def division_rename(division: int, name: Name, by: By = DIRECTOR, db: DbOption = None) -> None:
    desk_teams.rename_division(open_service(db), division, name, by=by)
    typer.echo(f"division {division}: {name}")


@tournament_app.command("rename-team")
@_refusals
def team_rename(team: int, name: Name, by: By = DIRECTOR, db: DbOption = None) -> None:
    desk_teams.rename_team(open_service(db), team, name, by=by)
    typer.echo(f"team {team}: {name}")


@tournament_app.command("withdraw-team")
@_refusals
def team_withdraw(team: int, reason: Why,
                  by: By = DIRECTOR, db: DbOption = None) -> None:
    """Withdraw a team before the tournament starts (after it, a team forfeits, 634)."""
    desk_teams.withdraw_team(open_service(db), team, by=by, reason=reason)
    typer.echo(f"team {team} withdrawn")


# --------------------------------------------------------------------------- discipline


@tournament_app.command("reviews")
@_refusals
def tournament_reviews(tournament: int, db: DbOption = None) -> None:
    """The cases awaiting the Event Directors' decision (404(h), 405(b))."""
    cases = desk_reviews.pending(open_service(db), tournament)
    for c in cases:
        typer.echo(f"player {c.player_id} #{c.number} {c.name}, game {c.game_id}: {c.what} "
                   f"(Rule {c.rule})")
    if not cases:
        typer.echo("no case awaits a decision")


@tournament_app.command("review")
@_refusals
def tournament_review(player: int, game: int, rule: str,
                      decision: Annotated[str, typer.Argument(
                          help="Games from that game on, none, or rest_of_tournament.")],
                      reason: Why = "",
                      by: By = DIRECTOR, db: DbOption = None) -> None:
    """Rules 404(h), 405(b): the Event Directors' decision on a reported case."""
    games = desk_reviews.resolve(open_service(db), player, game, rule, decision, reason, by=by)
    typer.echo(f"player {player}, game {game} (Rule {rule}): decided, {games}")


@tournament_app.command("suspension-change")
@_refusals
def suspension_change(player: int,
                      games: Annotated[str, typer.Option(help="-2 shortens, +1 lengthens.")],
                      reason: Why = "",
                      by: By = DIRECTOR, db: DbOption = None) -> None:
    """Rule 410(a): shorten or lengthen a player's suspension."""
    amount = desk_reviews.change(open_service(db), player, games, reason, by=by)
    typer.echo(f"player {player}: suspension {'lengthened' if amount > 0 else 'shortened'} "
               f"by {abs(amount)}")


@tournament_app.command("suspension-elsewhere")
@_refusals
def suspension_elsewhere(player: int,
                         organisation: Annotated[str, typer.Option(help="e.g. NARCh.",
                                                                   callback=checked())],
                         games: Annotated[str, typer.Option(
                             help="A number, or rest_of_tournament.")],
                         reason: Annotated[str, typer.Option(
                             help="What for.", callback=checked(REASON))] = "",
                         by: By = DIRECTOR, db: DbOption = None) -> None:
    """Rule 410(d): a suspension handed down by another organisation."""
    desk_reviews.other_organisation(open_service(db), player, organisation, games, reason, by=by)
    typer.echo(f"player {player}: suspension by {organisation.strip()} recorded (Rule 410(d))")


# --------------------------------------------------------------------------- rosters


@roster_app.command("edit")
@_refusals
def roster_edit(
    player: int,
    number: Annotated[int, typer.Option(help="Jersey number 1-99 (307(c)).")],
    name: Annotated[str, typer.Option(help="The player's name.", callback=checked())],
    goalie: Annotated[bool, typer.Option("--goalie/--skater")] = False,
    captain: Annotated[str | None, typer.Option(help="C or A (Rule 202).")] = None,
    reason: Reason = "", by: By = DIRECTOR, db: DbOption = None,
) -> None:
    """Edit a player, the roster checked as a whole (201, 202, 307; 203(b))."""
    desk_teams.edit_player(open_service(db), player, number=number, name=name, goalie=goalie,
                           captain=captain, by=by, reason=reason or None)
    typer.echo(f"player {player}: #{number} {name}")


# --------------------------------------------------------------------------- schedule


@schedule_app.command("build")
@_refusals
def schedule_build(
    tournament: int,
    window: Annotated[list[str], typer.Option(help="'2026-12-12 08:00-20:00' (repeat).")],
    game: Annotated[int, typer.Option(help="Game length on the rink, minutes.")] = 50,
    rest: Annotated[int, typer.Option(help="Least rest between a team's games.")] = 0,
    rink: Annotated[list[str] | None, typer.Option(help="Rinks (default: all).")] = None,
    rounds: int = 1, by: By = DIRECTOR, db: DbOption = None,
) -> None:
    """Every division's round robin placed by the solver (CP-SAT)."""
    ids = desk_schedule.generate(open_service(db), tournament,
                                 windows=desk_schedule.parse_windows("\n".join(window)),
                                 game_minutes=game, rest_minutes=rest, rinks=rink or [],
                                 rounds=rounds, by=by)
    typer.echo(f"{len(ids)} games scheduled")


@schedule_app.command("add")
@_refusals
def schedule_add(division: int, home: int, away: int,
                 start: Annotated[str, typer.Option(help="2026-12-13T09:00")],
                 rink: Rink,
                 by: By = DIRECTOR, db: DbOption = None) -> None:
    """One game, refused if a team or rink would be in two places at once."""
    gid = desk_schedule.add_game(open_service(db), division, home, away,
                                 start=_moment(start), rink=rink, by=by)
    typer.echo(f"game {gid} scheduled")


@schedule_app.command("move")
@_refusals
def schedule_move(game: int, start: Annotated[str, typer.Option(help="2026-12-13T18:00")],
                  rink: Rink,
                  reason: Reason = "",
                  by: By = DIRECTOR, db: DbOption = None) -> None:
    """Move a game not yet begun."""
    desk_schedule.move_game(open_service(db), game, start=_moment(start), rink=rink, by=by,
                            reason=reason)
    typer.echo(f"game {game} moved")


@schedule_app.command("cancel")
@_refusals
def schedule_cancel(game: int, reason: Why,
                    by: By = DIRECTOR, db: DbOption = None) -> None:
    """Cancel a game not yet begun."""
    desk_schedule.cancel_game(open_service(db), game, by=by, reason=reason)
    typer.echo(f"game {game} cancelled")


@game_app.command("staff")
@_refusals
def game_staff(game: int,
               scorekeeper: Annotated[str | None, typer.Option(help="Scorekeeper login.")] = None,
               referee: Annotated[list[str] | None, typer.Option(help="Referee login.")] = None,
               by: By = DIRECTOR, db: DbOption = None) -> None:
    """Name the game's scorekeeper and referees (no one in two games at once)."""
    staff = desk_people.set_staff(open_service(db), game, scorekeeper=scorekeeper,
                                  referees=referee or [], by=by)
    typer.echo(f"game {game}: scorekeeper {', '.join(staff.scorekeepers) or '-'}; "
               f"referees {', '.join(staff.referees) or '-'}")


# --------------------------------------------------------------------------- the record


def desk_changes(tournament: Annotated[int | None, typer.Option(help="Tournament id.")] = None,
                 db: DbOption = None) -> None:
    """Every desk change, newest first, one a line: when, who, what, what it
    was before and after, why."""
    for c in changes.changes(open_service(db), tournament):
        why = f" ({c.reason})" if c.reason else ""
        typer.echo(f"{c.at.astimezone():%Y-%m-%d %H:%M:%S} {c.by}: {c.subject} {c.action}: "
                   f"{json.dumps(c.before)} -> {json.dumps(c.after)}{why}")


def register(app: typer.Typer) -> None:
    """``rinkside changes``; the other commands join the groups of setup and tournament."""
    app.command("changes")(desk_changes)
