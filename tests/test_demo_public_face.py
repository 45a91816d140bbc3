"""What a newcomer sees of ``rinkside demo`` on an empty store, through the
public pages (issue 27): the home page links each tournament's page; a
player who played for two teams has a career page; a goaltender has a
record; one division is in its playoffs with a public bracket, a game played
and a place still waiting for its team (also on the schedule)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from rinkside.demo import build_demo_store
from rinkside.services import queries
from rinkside.services.open import open_tournaments
from rinkside.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    service = open_tournaments(f"sqlite:///{tmp_path_factory.mktemp('face') / 'demo.sqlite'}")
    build_demo_store(service)
    return TestClient(create_app(service))


def links(html: str, pattern: str) -> list[str]:
    """Each distinct link of the page matching ``pattern``, in order."""
    return list(dict.fromkeys(re.findall(rf'href="({pattern})"', html)))


def section(html: str, start: str, end: str = "</table>") -> str:
    return html.split(start, 1)[1].split(end, 1)[0]


def test_home_links_each_tournaments_page(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200
    pages = links(home.text, r"/tournaments/\d+")
    service = client.app.state.service  # type: ignore[attr-defined]
    assert len(pages) == len(queries.tournament_trees(service)) >= 1
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200 and "RHA Demo Classic" in answer.text


def _player_pages(client: TestClient) -> list[str]:
    """Every player page the teams' pages link, reached from the home page
    (the tournament, its divisions' standings, their teams)."""
    tournament = client.get(links(client.get("/").text, r"/tournaments/\d+")[0]).text
    found: list[str] = []
    for standings in links(tournament, r"/divisions/\d+/standings"):
        for team in links(client.get(standings).text, r"/teams/\d+"):
            found += links(client.get(team).text, r"/players/\d+")
    return list(dict.fromkeys(found))


def test_a_player_who_played_for_two_teams_has_a_career_page(client: TestClient) -> None:
    for page in _player_pages(client):
        html = client.get(page).text
        if "2 teams in 1 tournament" in html:
            break
    else:
        pytest.fail("no player of the demo has played for two teams")
    career = section(html, "<tbody>", "</tbody>")
    rows = career.split("<tr")[1:]
    teams = {links(row, r"/teams/\d+")[0] for row in rows}
    assert len(rows) == 2 and len(teams) == 2
    for row in rows:  # games played with each team
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert int(cells[1]) > 0


def test_a_goaltender_has_a_record(client: TestClient) -> None:
    for page in _player_pages(client):
        html = client.get(page).text
        if "In goal" not in html:
            continue
        row = section(section(html, "In goal"), "<tbody>", "</tbody>")
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        gp, minutes = int(cells[0]), int(cells[1])
        if gp > 0:
            assert minutes > 0 and re.fullmatch(r"\d+\.\d\d", cells[6])  # GAA
            assert sum(int(c) for c in cells[7:10]) > 0  # wins, losses, ties credited
            return
    pytest.fail("no goaltender of the demo has a record")


def test_a_division_is_in_its_playoffs_with_a_public_bracket(client: TestClient) -> None:
    tournament = client.get(links(client.get("/").text, r"/tournaments/\d+")[0]).text
    brackets = [client.get(page).text for page in links(tournament, r"/divisions/\d+/playoffs")]
    drawn = [b for b in brackets if 'class="match decided"' in b]
    assert len(drawn) == 1
    bracket = drawn[0]
    played = section(bracket, 'class="match decided"', "</li>")
    assert 'class="side winner"' in played and "Final</a>" in played  # a game played
    waiting = re.findall(r'<p class="side waiting">\s*<span class="name">([^<]+)</span>',
                         bracket)
    assert waiting and all(w.startswith("Winner of SF") for w in waiting)
    schedule = links(bracket, r"/schedule\?division=\d+")[0]
    assert waiting[0] in client.get(schedule).text  # the schedule names the place too
