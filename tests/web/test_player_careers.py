"""``/players/{id}``: a player is one person across teams and tournaments
(issue 27), with each tournament's scoring, penalty minutes and suspensions,
and a goaltender's record with the rule that credits his decisions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from careerkit import GOALIE, SKATER, Careers, build
from fastapi.testclient import TestClient
from sqlalchemy import select

from rinkside.services import careers
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.web.app import create_app


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournaments, Careers]:
    path: Path = tmp_path_factory.mktemp("careers") / "careers.sqlite"
    service = open_tournaments(f"sqlite:///{path}")
    return service, build(service)


@pytest.fixture(scope="module")
def client(league: tuple[Tournaments, Careers]) -> Iterator[TestClient]:
    with TestClient(create_app(league[0])) as client:
        yield client


def _cells(page: str, table: str, first: str) -> list[str]:
    """The cells of the row of ``table`` whose first cell holds ``first``."""
    body = page.split(f'class="{table}"', 1)[1].split("</table>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split())
                 for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        if cells and cells[0].startswith(first):
            return cells
    raise AssertionError(f"no row {first!r} in {table}")


class TestOnePersonAcrossTournaments:
    def test_both_roster_entries_are_one_career(self, league: tuple[Tournaments, Careers]
                                                ) -> None:
        service, made = league
        for entry in (*made.skater.values(), *made.goalie.values()):
            found = careers.career(service, entry)
            assert len(found.rows) == 2
        skater = careers.career(service, made.skater["Autumn Open"])
        assert [r.tournament for r in skater.rows] == ["Spring Cup", "Autumn Open"]
        assert [r.team for r in skater.rows] == ["Wolves", "Hawks"]
        assert (skater.total.gp, skater.total.goals, skater.total.assists,
                skater.total.pim) == (2, 2, 0, 2)

    def test_the_skaters_page(self, client: TestClient, league: tuple[Tournaments, Careers]
                              ) -> None:
        _, made = league
        response = client.get(f"/players/{made.skater['Spring Cup']}")
        assert response.status_code == 200
        page = response.text
        assert f"<h1>{SKATER}</h1>" in page
        spring, autumn = _cells(page, "career", "Spring Cup"), _cells(page, "career", "Autumn Open")
        assert (spring[0].split(), autumn[0].split()) == (["Spring", "Cup", "Wolves", "U16"],
                                                          ["Autumn", "Open", "Hawks", "Open"])
        assert spring[1:7] == ["12", "1", "1", "0", "1", "2"]
        assert autumn[1:7] == ["19", "1", "1", "0", "1", "0"]
        assert _cells(page, "career", "Total")[1:6] == ["2", "2", "0", "2", "2"]
        assert "In goal" not in page

    def test_the_goaltenders_record_and_its_credit_rule(
            self, client: TestClient, league: tuple[Tournaments, Careers]) -> None:
        _, made = league
        page = client.get(f"/players/{made.goalie['Autumn Open']}").text
        assert f"<h1>{GOALIE}</h1>" in page
        # Spring Cup: the whole game, 0 against: a win and a shutout.
        assert _cells(page, "career-goalie", "Spring Cup")[1:] == [
            "1", "24", "", "", "0", "", "0.00", "1", "0", "0", "1"]
        # Autumn Open: in goal at the winning goal (2 7:00), pulled at 2 1:00:
        # the win, no shutout (a goal against, and not the whole game).
        assert _cells(page, "career-goalie", "Autumn Open")[1:] == [
            "1", "23", "", "", "1", "", "1.04", "1", "0", "0", "0"]
        assert _cells(page, "career-goalie", "Total")[1:] == [
            "2", "47", "", "", "1", "", "0.51", "2", "0", "0", "1"]
        assert "in goal when the winning goal was scored" in page
        assert "634(d) 3" in page

    def test_the_loser_s_goaltender_takes_the_loss(
            self, client: TestClient, league: tuple[Tournaments, Careers]) -> None:
        service, made = league
        with service.read() as s:
            lions_goalie = s.scalar(select(models.Player.id).where(
                models.Player.team_id == made.teams["Lions"], models.Player.number == 1))
        assert lions_goalie is not None
        line = careers.career(service, lions_goalie).total
        assert (line.wins, line.losses, line.ties, line.shutouts) == (0, 1, 0, 0)


class TestUnknown:
    def test_an_unknown_player_is_a_404_page(self, client: TestClient) -> None:
        response = client.get("/players/999999")
        assert response.status_code == 404
        assert "There is no player 999999." in response.text


class TestNamesLinkToTheCareer:
    def test_game_page_scorer_assist_penalty_box_score_and_goaltender(
            self, client: TestClient, league: tuple[Tournaments, Careers]) -> None:
        _, made = league
        page = client.get(f"/games/{made.games['Spring Cup']}").text
        skater = f'<a href="/players/{made.skater["Spring Cup"]}">'
        goalie = f'<a href="/players/{made.goalie["Spring Cup"]}">'
        # the goal, the penalty and the box score line
        assert page.count(skater) == 3
        assert page.count(goalie) == 2  # the box score's player line and goaltender line
        assert re.search(r'<a href="/players/\d+">[^<]*skater 5</a>', page)  # the assist

    def test_team_page_and_leaders(self, client: TestClient,
                                   league: tuple[Tournaments, Careers]) -> None:
        service, made = league
        team = client.get(f"/teams/{made.teams['Hawks']}").text
        assert f'<a href="/players/{made.skater["Autumn Open"]}">{SKATER}</a>' in team
        with service.read() as s:
            division = s.scalar(select(models.Team.division_id).where(
                models.Team.id == made.teams["Hawks"]))
        leaders = client.get(f"/divisions/{division}/stats").text
        assert f'<a href="/players/{made.skater["Autumn Open"]}">#19 {SKATER}</a>' in leaders


class TestLeadersShowGoaltenders:
    def test_decisions_on_the_leaders_page(self, client: TestClient,
                                           league: tuple[Tournaments, Careers]) -> None:
        service, made = league
        with service.read() as s:
            division = s.scalar(select(models.Team.division_id).where(
                models.Team.id == made.teams["Hawks"]))
        page = client.get(f"/divisions/{division}/stats").text
        body = page.split("<h2>Goaltenders</h2>", 1)[1].split("</table>", 1)[0]
        rows = {re.sub(r"<[^>]+>", "", row.split("</td>", 1)[0]).strip():
                [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row)]
                for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]}
        assert rows[f"#30 {GOALIE}"][-4:] == ["1", "0", "0", "0"]
        assert rows["#1 Goalie of Lions"][-4:] == ["0", "1", "0", "0"]
        assert "in goal when the winning goal was scored" in page
        assert "Players level on points are ranked by goals." in page
