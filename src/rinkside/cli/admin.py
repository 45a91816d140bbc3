"""Commands of the tournament office: users, a game's officials and its
referee sign-off (Rule 616(a)), the tournament's rinks.

    rinkside user add sam --role scorekeeper --game 3 --game 4 --name "Sam Ström"
    rinkside user name rita "Rita Ray"      (the full name the report prints)
    rinkside user add pat --role penalty_timekeeper --game 3   (also game_timekeeper,
                                              official_scorer: Rules 505-507)
    rinkside user add mia --role manager --team 4 --email mia@example.org
                                              (a team's manager or coach: Section II)
    rinkside user list
    rinkside user disable sam                 (logged out at once; enable lets them back)
    rinkside user unlock dana                 (her login lockout lifted now)
    rinkside game officials 3 --referee "Rita Ray" --referee "Roy Roe"
    rinkside game sign 3 --user rita          (asks rita's password)
    rinkside game reopen 3 --user dana --reason "wrong scorer on the first goal"
    rinkside tournament rink 1 "Rink A" --width 85 --length 185 ...

Signing and reopening check the user's password: the command line is one
more way to the same service, and the same rules hold there as on the web.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from rinkside.cli.common import DbOption, console, open_service, refusals, text
from rinkside.cli.setup import tournament_app
from rinkside.cli.tournament import game_app
from rinkside.formats.text import REASON
from rinkside.services import officiating, rinks, sync_local, throttle, users
from rinkside.services.tournaments import Tournaments

user_app = typer.Typer(help="Console users: directors, scorekeepers, referees.",
                       no_args_is_help=True)

Games = Annotated[list[int] | None, typer.Option("--game", help="A game they score or "
                                                 "officiate (repeat for more).")]
Password = Annotated[str, typer.Option(prompt=True, hide_input=True,
                                       help="The password (asked for when not given).")]

_refusals = refusals()


# --------------------------------------------------------------------------- users


@user_app.command("add")
@_refusals
def user_add(username: str,
             role: Annotated[str, typer.Option(
                 help="director, scorekeeper, referee, game_timekeeper, penalty_timekeeper "
                      "or official_scorer (Rules 505-507), manager or coach (a team's: "
                      "Section II)")],
             password: Annotated[str, typer.Option(prompt=True, hide_input=True,
                                                   confirmation_prompt=True)],
             game: Games = None,
             name: Annotated[str, typer.Option(help="Their full name, which the game report "
                                               "prints (else the username).")] = "",
             team: Annotated[list[int] | None, typer.Option(
                 "--team", help="A team a manager or coach acts for (repeat for more).")] = None,
             email: Annotated[str, typer.Option(help="Where mail reaches them.")] = "",
             db: DbOption = None) -> None:
    """Create a user (the password is stored as its argon2 hash)."""
    uid = users.create_user(open_service(db), users.new_username(username),
                            users.new_password(password), role, game or [],
                            full_name=users.new_full_name(name), teams=team or [],
                            email=email)
    typer.echo(f"user {uid}: {username} ({role})" + (f", {name.strip()}" if name.strip() else "")
               + (f", team {', '.join(map(str, team))}" if team else ""))


@user_app.command("name")
@_refusals
def user_name(username: str, full_name: str, db: DbOption = None) -> None:
    """Set a user's full name, which the game report and its sign-off print
    ("" removes it: the username is printed)."""
    row = users.set_full_name(open_service(db), username, full_name)
    typer.echo(f"{row.username}: {row.full_name or 'no full name (the username is printed)'}")


@user_app.command("assign")
@_refusals
def user_assign(username: str, game: Games = None, db: DbOption = None) -> None:
    """Set the games a scorekeeper scores, a table official works (Rules 505-507) or a
    referee officiates."""
    row = users.assign(open_service(db), username, game or [])
    typer.echo(f"{row.username}: games {', '.join(map(str, row.games)) or 'none'}")


@user_app.command("password")
@_refusals
def user_password(username: str,
                  password: Annotated[str, typer.Option(prompt=True, hide_input=True,
                                                        confirmation_prompt=True)],
                  db: DbOption = None) -> None:
    """Set a user's password (every session of theirs ends)."""
    users.set_password(open_service(db), username, users.new_password(password))
    typer.echo(f"{username}: password changed (logged out everywhere)")


@user_app.command("disable")
@_refusals
def user_disable(username: str, db: DbOption = None) -> None:
    """Disable a user: they cannot log in, and every session of theirs ends now."""
    users.set_active(open_service(db), username, False)
    typer.echo(f"{username}: disabled (logged out everywhere)")


@user_app.command("enable")
@_refusals
def user_enable(username: str, db: DbOption = None) -> None:
    """Let a disabled user log in again."""
    users.set_active(open_service(db), username, True)
    typer.echo(f"{username}: enabled")


@user_app.command("unlock")
@_refusals
def user_unlock(username: str, db: DbOption = None) -> None:
    """Lift a username's login lockout now (its failed logins are forgotten):
    for a user locked out by wrong passwords sent for their name from
    elsewhere, in a browser that never logged in as them before."""
    lifted = throttle.unlock(open_service(db), username)
    typer.echo(f"{username}: " + ("unlocked (its failed logins are forgotten)" if lifted
                                  else "was not locked out"))


@user_app.command("list")
@_refusals
def user_list(db: DbOption = None) -> None:
    """Every user, with their role, games (a manager's or coach's: teams) and
    whether they may log in."""
    table = Table("User", "Name", "Role", "Games / teams", "Active")
    for row in users.users(open_service(db)):
        table.add_row(row.username, row.full_name, row.role,
                      ", ".join(map(str, row.games)) or
                      (f"team {', '.join(map(str, row.teams))}" if row.teams else ""),
                      "yes" if row.active else "no (disabled)")
    console().print(table)


# --------------------------------------------------------------------------- sign-off


@game_app.command("officials")
@_refusals
def game_officials(
    game: int,
    referee: Annotated[list[str] | None, typer.Option(help="Referee (two: repeat).")] = None,
    game_timekeeper: Annotated[str | None, typer.Option()] = None,
    penalty_timekeeper: Annotated[str | None, typer.Option()] = None,
    official_scorer: Annotated[str | None, typer.Option()] = None,
    goal_judge: Annotated[list[str] | None, typer.Option(help="Goal judge (repeat).")] = None,
    db: DbOption = None,
) -> None:
    """Name a game's officials for its report (Rules 501-504); roles not given
    stay as they were."""
    given = {"referee": referee, "game_timekeeper": _one(game_timekeeper),
             "penalty_timekeeper": _one(penalty_timekeeper),
             "official_scorer": _one(official_scorer), "goal_judge": goal_judge}
    named = {role: [text(n, f"--{role.replace('_', '-')}") for n in names]
             for role, names in given.items() if names is not None}
    service = open_service(db)
    officiating.set_officials(service, game, named)
    _show_signoff(service, game)


@game_app.command("signoff")
@_refusals
def game_signoff(game: int, db: DbOption = None) -> None:
    """Who signed the game's report, who is still to sign, and any reopening."""
    _show_signoff(open_service(db), game)


@game_app.command("sign")
@_refusals
def game_sign(game: int, user: Annotated[str, typer.Option(help="The referee signing.")],
              password: Password, db: DbOption = None) -> None:
    """A referee signs the game's report; the last of its referees locks it (616(a))."""
    service = open_service(db)
    _check_password(service, user, password)
    status = officiating.sign(service, game, user)
    _show_signoff(service, game)
    if status.locked:  # the official report signed with the league's key (issue 29)
        from rinkside.reports.signed_report import sign_locked
        from rinkside.reports.signing import keys_dir

        signed = sign_locked(service, game, keys_dir())
        typer.echo(f"report signed with the league's key: signed report {signed.id}, "
                   f"chain head {signed.chain_head}" if signed is not None else
                   "the report is not signed: no league key (`rinkside keys create`)")


@game_app.command("reopen")
@_refusals
def game_reopen(game: int, user: Annotated[str, typer.Option(help="The tournament director.")],
                reason: Annotated[str, typer.Option(help="Why (shown on the report).")],
                password: Password, db: DbOption = None) -> None:
    """The tournament director reopens a signed game, with a reason (616(a))."""
    service = open_service(db)
    _check_password(service, user, password)
    officiating.reopen(service, game, user, text(reason, "--reason", REASON))
    _show_signoff(service, game)


# --------------------------------------------------------------------------- rinks


@tournament_app.command("rink")
@_refusals
def tournament_rink(
    tournament: int, name: str,
    width: Annotated[float, typer.Option(help="Feet (Rule 101: 60-110).")],
    length: Annotated[float, typer.Option(help="Feet (Rule 101: 160-210).")],
    corner_radius: Annotated[float, typer.Option(help="Feet.")],
    goal_line: Annotated[float, typer.Option(help="Feet from the end boards (12-15).")],
    goal: Annotated[str, typer.Option(help="Goal size: 6x4 or 5x3.5 (feet).")] = "6x4",
    db: DbOption = None,
) -> None:
    """Describe one of the tournament's rinks (by the name the schedule uses)."""
    from rinkside.rink.dimensions import RinkDimensions, check_rink, parse_goal

    goal_width, goal_height = parse_goal(goal)
    dimensions = RinkDimensions(width, length, corner_radius, goal_line, goal_width,
                                goal_height)
    rid = rinks.add_rink(open_service(db), tournament, text(name, "NAME"),
                         dimensions.to_mapping())
    typer.echo(f"rink {rid}: {name}")
    for problem in check_rink(dimensions):
        typer.echo(f"  {problem.message}")


# --------------------------------------------------------------------------- inside


def _one(name: str | None) -> list[str] | None:
    return None if name is None else [name]


def _check_password(service: Tournaments, username: str, password: str) -> None:
    """The user's password (on a rink laptop, an official's credential for
    it: its key is kept to prove what they do there to the league,
    :mod:`rinkside.services.sync_proof`)."""
    user_id = users.authenticate(service, username, password)
    if user_id is None:
        raise ValueError("wrong username or password")
    sync_local.keep_key(service, user_id, password)


def _show_signoff(service: Tournaments, game: int) -> None:
    status = officiating.signoff(service, game)
    named = officiating.officials_shown(service, game)
    screen = console()
    for role, names in named.items():
        screen.print(f"{role.replace('_', ' ')}: {', '.join(names) or '-'}")
    for sig in status.signatures:
        screen.print(f"signed by {sig.shown} at {sig.at:%Y-%m-%d %H:%M} UTC")
    for r in status.reopenings:
        screen.print(f"reopened by {r.by} at {r.at:%Y-%m-%d %H:%M} UTC: {r.reason}")
    if status.locked:
        screen.print(f"game {game} is signed and locked (Rule 616(a))")
    elif status.awaiting:
        screen.print(f"still to sign: {', '.join(status.awaiting_shown)}")


def register(app: typer.Typer) -> None:
    app.add_typer(user_app, name="user")
