"""One name per idea (issue 25): each desk page's router, service and
template share a name, every router is included from the one list, the
desk's navigation is drawn from the one list of desk pages, and no module
of ``src``, ``tests`` or ``benchmarks`` imports a name under another (no
``import x as y``)."""

from __future__ import annotations

import ast
import pkgutil
import re
from importlib import import_module
from pathlib import Path

from deskkit import dora, new_tournament, people
from fastapi import APIRouter, FastAPI
from webkit import Client

import rinkside.web.routers
from rinkside.web.routers import DESK_PAGES, ROUTERS, DeskPage, desk_discipline

__all__ = ["dora", "people"]

WEB = Path(rinkside.web.routers.__file__).parent.parent
SERVICES = WEB.parent / "services"
SRC = WEB.parent
REPO = SRC.parent.parent

# A desk router whose service or template is not of its name, and why.
NO_SERVICE = {
    "desk_home": "the door lists the tournaments (services/queries.py) and creates one "
                 "through the desk's record (services/changes.py)",
    "desk_changes": "it shows the desk's record, services/changes.py, which every desk "
                    "service writes to",
    "desk_rosters": "the lists the teams submit (Rule 203) are one subject for the "
                    "manager's My team page and the desk: services/roster_submissions.py",
}
NO_TEMPLATE: dict[str, str] = {}


def desk_router_names() -> list[str]:
    """Every module of ``web/routers`` named ``desk_*`` that serves routes."""
    names = [m.name for m in pkgutil.iter_modules(rinkside.web.routers.__path__)
             if m.name.startswith("desk_")]
    return [n for n in names
            if isinstance(getattr(import_module(f"rinkside.web.routers.{n}"), "router", None),
                          APIRouter)]


def test_each_desk_router_has_a_service_and_a_template_of_its_name() -> None:
    names = desk_router_names()
    assert {"desk_rinks", "desk_playoffs", "desk_reviews", "desk_discipline"} <= set(names)
    for name in names:
        if name not in NO_SERVICE:
            assert (SERVICES / f"{name}.py").is_file(), f"no services/{name}.py"
        if name not in NO_TEMPLATE:
            assert (WEB / "templates" / f"{name}.html").is_file(), f"no {name}.html"
    for service in SERVICES.glob("desk_*.py"):
        assert service.stem in names, f"services/{service.name} has no router of its name"


def test_each_desk_template_names_a_router_or_is_a_part_of_one() -> None:
    """A desk template is its router's page, the desk's frame, a team's page
    (the teams router's second page), or the day links two pages include."""
    names = set(desk_router_names())
    parts = {"desk_base": "the frame every desk page extends",
             "desk_team": "a team's page, served by desk_teams",
             "desk_days": "the day links, included by desk_schedule and desk_people"}
    for template in (WEB / "templates").glob("desk_*.html"):
        assert template.stem in names or template.stem in parts, template.name


def test_every_router_is_in_the_one_list_and_every_desk_page_is_a_router() -> None:
    routers = [getattr(import_module(f"rinkside.web.routers.{m.name}"), attr)
               for m in pkgutil.iter_modules(rinkside.web.routers.__path__)
               for attr in ("router", "api_router", "pages_router")
               if isinstance(getattr(import_module(f"rinkside.web.routers.{m.name}"), attr,
                                     None), APIRouter)]
    assert len(ROUTERS) == len(set(map(id, ROUTERS)))
    assert {id(r) for r in routers} == {id(r) for r in ROUTERS}
    assert all(any(page.router is r for r in ROUTERS) for page in DESK_PAGES)


def nav_links(html: str) -> list[tuple[str, str]]:
    nav = re.search(r'<nav class="desk".*?</nav>', html, re.S)
    assert nav is not None
    return [(href.replace("&amp;", "&"), title.replace("&amp;", "&"))
            for href, title in re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav.group(0))]


def test_the_desk_navigation_is_the_list_of_desk_pages(app: FastAPI, dora: Client) -> None:
    client, _ = dora
    tid = new_tournament(dora, "Names Cup")
    assert nav_links(client.get("/desk").text) == [("/desk", "Desk"), ("/console", "Consoles"),
                                                  ("/desk/changes", "Changes")]
    shown = nav_links(client.get(f"/desk/tournaments/{tid}/rinks").text)
    assert shown == [(p.tournament_path.format(tournament_id=tid), p.title)
                     for p in DESK_PAGES if p.tournament_path is not None]
    for href, _ in shown:
        assert client.get(href).status_code == 200, href


def test_a_new_desk_page_appears_in_the_navigation(app: FastAPI, dora: Client) -> None:
    client, _ = dora
    tid = new_tournament(dora, "Names Cup 2")
    extra = DeskPage("Extra", None, "/desk/tournaments/{tournament_id}/extra",
                     desk_discipline.router)
    template_globals = app.state.templates.env.globals
    template_globals["desk_pages"] = (*DESK_PAGES, extra)
    try:
        shown = nav_links(client.get(f"/desk/tournaments/{tid}/discipline").text)
    finally:
        template_globals["desk_pages"] = DESK_PAGES
    assert shown[-1] == (f"/desk/tournaments/{tid}/extra", "Extra")
    assert nav_links(client.get("/desk").text)[-1] == ("/desk/changes", "Changes")


def aliases(source: str) -> list[str]:
    """Each ``import x as y`` / ``from m import x as y`` of ``source``."""
    return [f"{a.name} as {a.asname}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Import | ast.ImportFrom)
            for a in node.names if a.asname is not None]


def test_no_import_alias_is_left_in_src_tests_or_benchmarks() -> None:
    assert aliases("from x import y as z\nimport a.b as c\nimport d\n") == [
        "y as z", "a.b as c"]
    found = {str(path.relative_to(REPO)): names
             for folder in (SRC, REPO / "tests", REPO / "benchmarks")
             for path in sorted(folder.rglob("*.py"))
             if (names := aliases(path.read_text(encoding="utf-8")))}
    assert found == {}
    # the migrations' template, which alembic fills in (not Python until then)
    template = (SRC / "store" / "migrations" / "script.py.mako").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from \S+ )?import \S+ as ", template, re.M)
