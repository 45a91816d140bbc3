"""``rinkside rules [NUMBER]``: the rule book, rule by rule, with what rinkside
does with each sub-rule, where, and the tests that cite it
(:mod:`rinkside.book`, generated from the code and the tests).

- ``rinkside rules``: every rule by section, with its sub-rules' count.
- ``rinkside rules 402`` (or ``402(d)``): the rule's text, sub-rule by sub-rule.
- ``rinkside rules --markdown``: ``docs/rule-coverage.md`` (``make rule-coverage``).
- ``rinkside rules --unaccounted``: the sub-rules with neither an
  implementation nor a recorded reason (exit 1 if any).
"""

from __future__ import annotations

import re
from typing import Annotated

import typer
from rich.table import Table

from rinkside.book.coverage import RuleCoverage, counts_text, coverage_markdown
from rinkside.book.sources import current_coverage
from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, console, error


def _index() -> None:
    coverage = current_coverage()
    screen = console()
    for section in coverage.book.sections:
        table = Table(title=f"Section {section.numeral}: {section.name}")
        for column in ("rule", "title", "sub-rules", "rinkside"):
            table.add_column(column)
        for rule in section.rules:
            rc = coverage.rule(rule.number)
            assert rc is not None
            table.add_row(rule.number, rule.name, str(len(rc.subrules)),
                          counts_text(rc.subrules))
        screen.print(table)
    typer.echo(f"{len(coverage.all())} sub-rules: {counts_text(coverage.all())}")


def _show(rc: RuleCoverage, only: str | None) -> None:
    screen = console(soft_wrap=True)
    screen.print(f"[bold]Rule {rc.rule.number} - {rc.rule.name}[/bold] "
                 f"(Section {rc.rule.section})")
    for c in rc.subrules:
        if only is not None and c.subrule.id != only:
            continue
        screen.print()
        screen.print(f"[bold]{c.subrule.id}[/bold] {c.subrule.text}", markup=True,
                     highlight=False)
        what = c.shown_text + (f": {c.reason}" if c.reason and not c.where else "")
        typer.echo(f"  rinkside: {what}")
        for kind, where in c.places():
            typer.echo(f"  {kind} in {where}")
        for test in c.tests:
            typer.echo(f"  test: {test.id}")
    if only is None and rc.tests:
        screen.print()
        typer.echo(f"Tests citing Rule {rc.rule.number} as a whole:")
        for test in rc.tests:
            typer.echo(f"  test: {test.id}")


def rules(
    number: Annotated[str | None, typer.Argument(
        help="A rule (402) or a sub-rule (402(d)); none: every rule.",
        show_default=False)] = None,
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print docs/rule-coverage.md: one row per sub-rule.")] = False,
    unaccounted: Annotated[bool, typer.Option(
        "--unaccounted", help="List the sub-rules with neither an implementation nor a "
        "recorded reason; exit 1 if there are any.")] = False,
) -> None:
    """The rule book with what rinkside does with each sub-rule, where, and its tests."""
    coverage = current_coverage()
    if markdown:
        typer.echo(coverage_markdown(coverage), nl=False)
        return
    if unaccounted:
        missing = coverage.unaccounted()
        for c in missing:
            typer.echo(f"{c.subrule.id}: no code cites it and src/rinkside/book/accounts.py "
                       "gives no reason")
        typer.echo(f"{len(missing)} sub-rules not accounted for")
        if missing:
            raise typer.Exit(EXIT_FAILED)
        return
    if number is None:
        _index()
        return
    m = re.fullmatch(r"\s*(?:rule\s*)?(\d{3})\s*(\(([a-z])\))?\s*", number, re.IGNORECASE)
    rc = coverage.rule(m.group(1)) if m else None
    if m is None or rc is None:
        error(f"{number!r} is not a rule of the book: give its number, e.g. 402 or 402(d) "
              "(`rinkside rules` lists them)")
        raise typer.Exit(EXIT_INVALID)
    only = f"{m.group(1)}({m.group(3).lower()})" if m.group(3) else None
    if only is not None and all(c.subrule.id != only for c in rc.subrules):
        error(f"Rule {rc.rule.number} has no sub-rule {only}: "
              + ", ".join(c.subrule.id for c in rc.subrules))
        raise typer.Exit(EXIT_INVALID)
    _show(rc, only)


def register(app: typer.Typer) -> None:
    app.command()(rules)
