"""The rink pages over a SQLite store: a rink's page (dimensions, check with
rules, inline diagram), its SVG and PNG, and a tournament's rinks. The app is
built here with the router included, as ``web/app.py`` will."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient
from PIL import Image
from rinkkit import Keep

from rinkside.services import rinks
from rinkside.services.open import open_tournaments
from rinkside.web.app import create_app
from rinkside.web.routers.rinks import PNG_WIDTH


@dataclass(frozen=True)
class Ids:
    tournament: int
    legal: int
    failing: int
    unreadable: int
    undrawable: int


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Ids]]:
    path = tmp_path_factory.mktemp("rinks") / "rinks.sqlite"
    service = open_tournaments(f"sqlite:///{path}")
    tid = service.create_tournament("Rink Cup", None)
    ids = Ids(
        tid,
        rinks.add_rink(service, tid, "Main rink", {
            "width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 13,
            "goal_width": 6, "goal_height": 4, "bench_seats": 12}),
        rinks.add_rink(service, tid, "Back rink", {
            "width": 58, "length": 185, "corner_radius": 20, "goal_line_distance": 16}),
        rinks.add_rink(service, tid, "Garage", {"width": 85, "lenght": 185}),
        rinks.add_rink(service, tid, "Round", {
            "width": 85, "length": 185, "corner_radius": 50, "goal_line_distance": 13}),
    )
    app = create_app(service)
    with TestClient(app) as client:
        yield client, ids


def test_a_legal_rinks_page(store: tuple[TestClient, Ids], keep: Keep) -> None:
    client, ids = store
    response = client.get(f"/rinks/{ids.legal}")
    assert response.status_code == 200
    html = response.text
    keep("rink-page.html", html)
    assert "<h1>Main rink</h1>" in html
    assert "meets Rules 101-107" in html
    assert "<td>85 ft</td><td>101(c)</td>" in html
    assert "<td>12</td><td>105(a)</td>" in html
    # The diagram inline: one SVG document inside the page.
    start, end = html.index("<svg"), html.index("</svg>") + len("</svg>")
    root = ElementTree.fromstring(html[start:end])
    assert len([e for e in root.iter() if e.get("class") == "end-spot"]) == 4


def test_a_failing_rinks_page_lists_its_rules(store: tuple[TestClient, Ids]) -> None:
    client, ids = store
    html = client.get(f"/rinks/{ids.failing}").text
    assert "fails the rule book" in html
    assert "Rule 101(c): the width is 58 ft" in html
    assert "Rule 103(c)" in html
    assert "<svg" in html  # drawn anyway


def test_unreadable_and_undrawable_rinks_say_why(store: tuple[TestClient, Ids]) -> None:
    client, ids = store
    html = client.get(f"/rinks/{ids.unreadable}").text
    assert "cannot be read" in html and "unknown field &#39;lenght&#39;" in html
    assert "<svg" not in html
    assert client.get(f"/rinks/{ids.unreadable}.svg").status_code == 422
    html = client.get(f"/rinks/{ids.undrawable}").text
    assert "Rule 101(c): a corner radius of 50 ft" in html and "<svg" not in html
    response = client.get(f"/rinks/{ids.undrawable}.png")
    assert response.status_code == 422 and "Rule 101(c)" in response.text


def test_svg_and_png(store: tuple[TestClient, Ids], keep: Keep) -> None:
    client, ids = store
    svg = client.get(f"/rinks/{ids.legal}.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    root = ElementTree.fromstring(svg.text)
    assert len([e for e in root.iter() if e.get("class") == "goal-line"]) == 2
    png = client.get(f"/rinks/{ids.legal}.png")
    assert png.headers["content-type"] == "image/png"
    keep("rink-web.png", png.content)
    image = Image.open(io.BytesIO(png.content))
    assert image.size[0] == PNG_WIDTH
    width, height = map(float, root.get("viewBox", "").split()[2:])
    assert image.size[0] / image.size[1] == pytest.approx(width / height, rel=0.01)


def test_the_tournaments_rinks(store: tuple[TestClient, Ids]) -> None:
    client, ids = store
    html = client.get(f"/tournaments/{ids.tournament}/rinks").text
    for name in ("Main rink", "Back rink", "Garage", "Round"):
        assert name in html
    assert html.count("meets Rules 101-107") == 1
    assert f'src="/rinks/{ids.legal}.svg"' in html


@pytest.mark.parametrize("path", ["/rinks/999", "/rinks/999.svg", "/rinks/999.png",
                                  "/tournaments/999/rinks"])
def test_unknown_ids_are_404(store: tuple[TestClient, Ids], path: str) -> None:
    client, _ = store
    assert client.get(path).status_code == 404

