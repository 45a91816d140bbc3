"""The rule book's pages: ``/rules``, every rule by section with what rinkside
does with its sub-rules, and ``/rules/{number}``, one rule's text sub-rule by
sub-rule with what rinkside does, where, and the tests that cite it.

The table is :mod:`rinkside.book`'s, generated from the code and the tests;
the pages only show it.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from rinkside.book.coverage import SHOWN_MEANING, SHOWN_TEXT, shown_counts
from rinkside.book.sources import current_coverage
from rinkside.web import documented
from rinkside.web.deps import Templates

router = APIRouter(tags=["rule book"], default_response_class=HTMLResponse,
                   responses=documented.page(404))


def anchor(subrule_id: str) -> str:
    """``402(d)`` -> ``r402d``; ``205 note 3`` -> ``r205-note-3``: an id for the page."""
    return "r" + "".join(ch if ch.isalnum() else "-" for ch in subrule_id.replace("(", "")
                         .replace(")", "").replace("#", "-")).strip("-")


@router.get("/rules")
def rules_index(request: Request, templates: Templates) -> HTMLResponse:
    """Every rule by section, with what rinkside does with its sub-rules."""
    coverage = current_coverage()
    return templates.TemplateResponse(request, "rules.html", {
        "title": "The rule book", "coverage": coverage, "counts": shown_counts,
        "total": shown_counts(coverage.all()),
        "legend": [(SHOWN_TEXT[k], meaning) for k, meaning in SHOWN_MEANING.items()]})


@router.get("/rules/{number}")
def rule_page(number: str, request: Request, templates: Templates) -> HTMLResponse:
    """One rule, sub-rule by sub-rule."""
    coverage = current_coverage()
    rc = coverage.rule(number)
    if rc is None:
        raise HTTPException(404, f"The rule book has no Rule {number}: the rules are "
                                 "numbered 101 to 642 (see /rules).")
    numbers = [r.rule.number for r in coverage.rules]
    at = numbers.index(number)
    section = coverage.book.section(rc.rule.section)
    notes = dict(coverage.notes).get(rc.rule.section, ()) if at == 0 or (
        coverage.rules[at - 1].rule.section != rc.rule.section) else ()
    return templates.TemplateResponse(request, "rule.html", {
        "title": f"Rule {number}: {rc.rule.name}", "rc": rc, "section": section,
        "notes": notes, "anchor": anchor,
        "before": coverage.rules[at - 1].rule if at else None,
        "after": coverage.rules[at + 1].rule if at + 1 < len(numbers) else None})
