"""What every ``rinkside`` command shares: the exit codes, the console,
printing an error, the ``--db`` option and the service it opens, and the
wrapper that turns a refusal into its exit code.

Exit codes: 0 fine, 1 the rules said no (a failed scenario, a refused event,
a rink or equipment that fails the book), 2 the input could not be read (an
invalid file or option value, an unknown id, a file that cannot be read or
written): one line saying which and why, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console

from rinkside.formats import ScenarioError
from rinkside.formats.text import NAME, TextError, TextKind, check_text
from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.services.errors import StaleWrite
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.lineups import LineupError
from rinkside.tournament.roster_problems import RosterImportError
from rinkside.tournament.rosters import RosterError

EXIT_FAILED = 1
EXIT_INVALID = 2

DbOption = Annotated[str | None, typer.Option("--db", help="Database URL (default: "
                                              "RINKSIDE_DATABASE_URL or sqlite rinkside.sqlite)")]
P = ParamSpec("P")
R = TypeVar("R")


def console(*, stderr: bool = False, soft_wrap: bool = False) -> Console:
    """Made per call so that it writes to the streams in force now; colour
    only when the stream is a terminal."""
    return Console(stderr=stderr, highlight=False, soft_wrap=soft_wrap)


def error(message: str) -> None:
    """``message`` on stderr."""
    typer.echo(message, err=True)


def text(value: str, option: str, kind: TextKind = NAME) -> str:
    """An argument or option typed for the store, checked as every edge
    checks text (formats.text): TextError (exit 2) naming ``option`` and why."""
    return check_text(value, option, kind)


def checked(kind: TextKind = NAME) -> Callable[[typer.Context, typer.CallbackParam, object],
                                               object]:
    """A parameter's callback: its text (each, for a repeated option) checked
    as every edge checks text (:func:`check_text`), a bad one a usage error
    (exit 2) naming the parameter and why, before anything is written."""

    def check(_ctx: typer.Context, param: typer.CallbackParam, value: object) -> object:
        for item in value if isinstance(value, list) else [value]:
            if item is not None:
                try:
                    check_text(item, param.name or "text", kind)
                except TextError as exc:
                    raise typer.BadParameter(exc.problem) from None
        return value

    return check


def file_problem(exc: OSError) -> str:
    """``out/x.pdf: No such file or directory``: an OSError as one line."""
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


# The stores the running command opened (:func:`open_service`), closed as it
# ends (:func:`close_opened`, the app's callback).
_OPENED: list[Tournaments] = []


def open_service(db: str | None) -> Tournaments:
    """The one service layer over the store at ``--db`` (default
    RINKSIDE_DATABASE_URL, else ``rinkside.sqlite`` here), migrated; its
    connections closed when the command ends (:func:`close_opened`)."""
    service = open_tournaments(db)
    _OPENED.append(service)
    return service


def close_opened() -> None:
    """Close the stores the command opened (:meth:`Tournaments.close`): run
    in-process (a test, another command), a command's pooled PostgreSQL
    connections outlived it, closed by the garbage collector whenever it
    came by (psycopg's ResourceWarning, in whatever ran then)."""
    while _OPENED:
        _OPENED.pop().close()


REFUSED: tuple[type[Exception], ...] = (RuleViolation, TournamentRuleError, StaleWrite)
FAILURES: tuple[type[Exception], ...] = (
    RuleViolation, TournamentRuleError, RosterError, RosterImportError, LineupError,
    SettingsError, StaleWrite, NotFound, ScenarioError, MalformedEvent, ValueError,
)


def refusals(refused: tuple[type[Exception], ...] = REFUSED,
             failures: tuple[type[Exception], ...] = FAILURES
             ) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A command wrapper: a step the rule book refuses exits 1, bad input
    exits 2, each with its reason; what was recorded before stays as it was
    (each write is one transaction). ``refused`` is checked first."""

    def wrap(command: Callable[P, R]) -> Callable[P, R]:
        @wraps(command)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return command(*args, **kwargs)
            except refused as exc:
                error(f"refused: {exc}")
                raise typer.Exit(EXIT_FAILED) from None
            except failures as exc:
                error(f"error: {exc}")
                raise typer.Exit(EXIT_INVALID) from None
            except OSError as exc:  # a file to read or write (FileNotFoundError...)
                error(f"error: {file_problem(exc)}")
                raise typer.Exit(EXIT_INVALID) from None
            except RecursionError:
                error("error: the input is nested too deep to be read")
                raise typer.Exit(EXIT_INVALID) from None

        return run

    return wrap
