"""The official game report (Rules 502(h), 506, 507) as HTML: the report
template (``web/templates/report.html``) rendered by its own Jinja2
environment, for the web page (``GET /games/{id}/report``) and for the
standalone file of ``rinkside report --html`` alike.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

from jinja2 import Environment, FileSystemLoader, select_autoescape

from rinkside.formats.text import readable
from rinkside.present.counts import counted
from rinkside.present.minutes import penalty_minutes
from rinkside.present.roles import role_words
from rinkside.reports.report_model import GameReport

WEB: Final = Path(__file__).resolve().parent.parent / "web"
TEMPLATE: Final = "report.html"
STYLE_SHEETS: Final = ("style.css", "report.css")


@cache
def _environment() -> Environment:
    """Over the web's templates, escaping as the web's own environment does."""
    environment = Environment(loader=FileSystemLoader(WEB / "templates"),
                              autoescape=select_autoescape(["html"]))
    environment.filters["penalty_minutes"] = penalty_minutes  # 1:30, never 1.5
    environment.filters["role_words"] = role_words  # official scorer (506(b))
    environment.filters["counted"] = counted  # 1 game, 2 games
    return environment


def title(report: GameReport) -> str:
    """The page's title."""
    return f"Game report: {report.home.name} vs {report.away.name}"


def report_page(report: GameReport) -> str:
    """The report as the web serves it (its style sheets linked from /static);
    stored text UTF-8 cannot carry is shown as U+FFFD (formats.text.readable)."""
    return readable(_environment().get_template(TEMPLATE).render(title=title(report),
                                                                 report=report))


def standalone_html(report: GameReport) -> str:
    """The report page as one file (the style sheets inlined), for the CLI."""
    css = "\n".join((WEB / "static" / name).read_text(encoding="utf-8")
                    for name in STYLE_SHEETS)
    return readable(_environment().get_template(TEMPLATE).render(
        title=title(report), report=report, inline_css=css))
