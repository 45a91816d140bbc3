"""The rosters the teams' managers and coaches submitted, on the desk
(``/desk/tournaments/{id}/rosters``, Rule 203(a), (b)): each list as
submitted, approved (it becomes the team's roster) or returned with a
reason; the deadline by which rosters are submitted."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import queries, roster_submissions
from rinkside.services.tournaments import NotFound
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, desk_pages, page, respond

router = desk_pages()


def _rosters_page(request: Request, service: Service, templates: Templates, user: Director,
                  tournament_id: int, error: str | None = None) -> Response:
    queries.known_tournament(service, tournament_id)
    submitted = roster_submissions.submissions(service, tournament_id=tournament_id)
    return page(request, templates, "desk_rosters.html", user, {
        "title": "Desk: rosters submitted", "tournament_id": tournament_id,
        "waiting": [s for s in submitted if s.status == "submitted"],
        "decided": [s for s in submitted if s.status != "submitted"],
        "deadline": roster_submissions.deadline(service, tournament_id)},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/rosters", response_class=HTMLResponse)
def rosters_page(tournament_id: int, request: Request, service: Service, templates: Templates,
                 user: Director) -> Response:
    return _rosters_page(request, service, templates, user, tournament_id)


def _deadline(text: str) -> datetime | None:
    text = text.strip()
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a moment (YYYY-MM-DD HH:MM, UTC)") from None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


@router.post("/desk/tournaments/{tournament_id:id}/roster-deadline",
             response_class=HTMLResponse)
def deadline_form(tournament_id: int, request: Request, service: Service,
                  templates: Templates, user: Director, deadline: str = Form("")) -> Response:
    """The moment by which the teams submit their rosters (empty: none)."""
    return respond(lambda: roster_submissions.set_deadline(
        service, tournament_id, _deadline(deadline), by=user.username),
        f"/desk/tournaments/{tournament_id}/rosters", "deadline",
        lambda error: _rosters_page(request, service, templates, user, tournament_id, error))


@router.post("/desk/roster-submissions/{submission_id:id}", response_class=HTMLResponse)
def decide_form(submission_id: int, request: Request, service: Service, templates: Templates,
                user: Director, decision: str = Form(""), reason: str = Form("")) -> Response:
    """The director's decision: ``approve`` (the list becomes the team's
    roster) or ``return`` (with the reason the manager reads)."""
    found = [s for s in roster_submissions.submissions(service)
             if s.submission_id == submission_id]
    if not found:
        raise NotFound(f"There is no roster submission {submission_id}.")
    tid = found[0].tournament_id

    def write() -> object:
        if decision not in ("approve", "return"):
            raise ValueError("the decision is approve or return")
        return roster_submissions.decide(service, submission_id, approve=decision == "approve",
                                         reason=reason, by=user.username)

    return respond(write, f"/desk/tournaments/{tid}/rosters", decision or "decision",
                   lambda error: _rosters_page(request, service, templates, user, tid, error))
