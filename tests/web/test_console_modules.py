"""The console's browser code is ES modules (issue 25, STYLE.md): the page loads
one entry module, each module imports by name what another exports, and no
console module shares state through a ``window.rinkside*`` object; the live
client's own globals (static/clock.js, static/live.js, kept ES5 for the
scoreboard's TV browsers) are the only ones, read by static/live_module.js."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, logged_in, new_game

from rinkside.web import auth

STATIC = Path(__file__).resolve().parents[2] / "src" / "rinkside" / "web" / "static"
ENTRY = "console.js"
# The table officials' screens (Rules 505-507), each its own page's entry.
SCREEN_ENTRIES = {"timekeeper": "console_timekeeper.js", "penalties": "console_penalties.js",
                  "scorer": "console_scorer.js"}
LIVE_CLIENT_GLOBALS = {"rinksideClock", "rinksideLive"}  # static/clock.js, static/live.js

IMPORT = re.compile(r"""\bimport\s*(?:\{(?P<names>[^}]*)\}\s*from\s*)?["'](?P<path>[^"']+)["']""")
EXPORT = re.compile(r"^export\s+(?:function|const|let|var|class)\s+([A-Za-z_$][\w$]*)", re.M)
GLOBAL = re.compile(r"\bwindow\s*\.\s*(rinkside\w*)|\b(rinkside[A-Z]\w*)")


def imports(name: str) -> dict[str, set[str]]:
    """The modules ``name`` imports (static/ file names) and the names it takes from each."""
    taken: dict[str, set[str]] = {}
    for match in IMPORT.finditer((STATIC / name).read_text(encoding="utf-8")):
        path = match["path"]
        assert path.startswith("./") and "/" not in path[2:], f"{name}: import {path!r}"
        names = match["names"] or ""
        taken.setdefault(path[2:], set()).update(n.strip() for n in names.split(",") if n.strip())
    return taken


def module_graph() -> dict[str, dict[str, set[str]]]:
    """Every module reached from the entries, with its imports."""
    graph: dict[str, dict[str, set[str]]] = {}
    todo = [ENTRY, *SCREEN_ENTRIES.values()]
    while todo:
        name = todo.pop()
        if name not in graph:
            graph[name] = imports(name)
            todo.extend(graph[name])
    return graph


class Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.inline: list[str] = []     # script bodies
        self.handlers: list[str] = []   # on...= attributes
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handlers += [f"<{tag} {k}>" for k, _ in attrs if k.lower().startswith("on")]
        if tag == "script":
            self.scripts.append(dict(attrs))
            self._in_script = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append(data.strip())


@pytest.fixture(scope="module")
def scorer(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "modules", "modules-pass-1", "director")
    yield from logged_in(app, "modules", "modules-pass-1")


def test_the_console_page_loads_only_its_entry_module(demo: Demo, scorer: Client) -> None:
    client, _ = scorer
    page = client.get(f"/console/games/{new_game(demo)}")
    assert page.status_code == 200
    parsed = Scripts()
    parsed.feed(page.text)
    assert parsed.scripts == [{"type": "module", "src": f"/static/{ENTRY}"}]
    assert parsed.inline == [] and parsed.handlers == []  # the CSP forbids both


@pytest.mark.parametrize("screen", SCREEN_ENTRIES)
def test_each_table_screen_loads_only_its_entry_module(demo: Demo, scorer: Client,
                                                       screen: str) -> None:
    client, _ = scorer
    page = client.get(f"/games/{new_game(demo)}/console/{screen}")
    assert page.status_code == 200
    parsed = Scripts()
    parsed.feed(page.text)
    assert parsed.scripts == [{"type": "module", "src": f"/static/{SCREEN_ENTRIES[screen]}"}]
    assert parsed.inline == [] and parsed.handlers == []


def test_every_console_module_is_served_as_javascript(scorer: Client) -> None:
    client, _ = scorer
    for name in module_graph():
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200, name
        # a browser runs a module only with a JavaScript MIME type
        assert answer.headers["content-type"].split(";")[0] in (
            "text/javascript", "application/javascript"), name


def test_each_import_names_what_its_module_exports() -> None:
    graph = module_graph()
    for name, taken in graph.items():
        for module, names in taken.items():
            exported = set(EXPORT.findall((STATIC / module).read_text(encoding="utf-8")))
            assert names <= exported, f"{name} imports {names - exported} from {module}"


def test_every_console_script_is_a_module_of_the_entry() -> None:
    scripts = {p.name for p in STATIC.glob("console*.js")}
    assert scripts <= set(module_graph()), scripts - set(module_graph())


def test_no_console_module_shares_a_window_object() -> None:
    """Only the live client's globals, and only static/live_module.js reads them."""
    for name in module_graph():
        text = (STATIC / name).read_text(encoding="utf-8")
        found = {a or b for a, b in GLOBAL.findall(text)}
        assert found <= LIVE_CLIENT_GLOBALS, f"{name}: {found - LIVE_CLIENT_GLOBALS}"
        if name.startswith("console"):
            assert found == set(), f"{name} reads {found}: import static/live_module.js"
