"""The public tournament picker and the schedule's filters (issue 27): ``/``
lists the tournaments current first with their dates and rinks, each page
of a tournament names it, and ``/schedule`` filters by tournament, division,
team and rink as its address says, so a bookmark keeps the choice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web import pages
from rinkside.web.app import create_app

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class League:
    service: Tournaments
    tournaments: dict[str, int]
    divisions: dict[tuple[str, str], int]
    teams: dict[str, int]


def _tournament(service: Tournaments, name: str, first: datetime | None,
                dated: bool) -> tuple[int, int, int, int, int]:
    """A tournament with one "Division 1" of three teams and, when ``first``
    is given, two games from it: on North, then South the next day.
    ``dated``: the desk set its first day (else it comes from its games)."""
    tid = service.create_tournament(name, first.date() if dated and first else None)
    division = service.add_division(tid, "Division 1")
    a, b, c = (service.add_team(division, f"{name} {n}") for n in ("Aces", "Bears", "Cats"))
    if first is not None:
        service.add_game(division, a, b, start=first, rink="North")
        service.add_game(division, b, c, start=first + timedelta(days=1), rink="South")
    return tid, division, a, b, c


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> League:
    path: Path = tmp_path_factory.mktemp("picker") / "picker.sqlite"
    service = open_tournaments(f"sqlite:///{path}")
    service.use_clock(lambda: int(NOW.timestamp() * 1000))
    made = {
        "Spring Cup": _tournament(service, "Spring Cup", NOW - timedelta(days=60), True),
        "Autumn Open": _tournament(service, "Autumn Open", NOW + timedelta(days=90), False),
        "Summer Shootout": _tournament(service, "Summer Shootout", NOW + timedelta(days=20),
                                       True),
        "June Classic": _tournament(service, "June Classic", NOW, False),
        "Friendly": _tournament(service, "Friendly", None, False),
    }
    return League(service, {n: m[0] for n, m in made.items()},
                  {(n, "Division 1"): m[1] for n, m in made.items()},
                  {f"{n} {t}": m[i] for n, m in made.items()
                   for i, t in ((2, "Aces"), (3, "Bears"), (4, "Cats"))})


@pytest.fixture(scope="module")
def client(league: League) -> Iterator[TestClient]:
    with TestClient(create_app(league.service)) as client:
        yield client


def _order(page: str, names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: page.index(f">{n}</a></h2>"))


class TestPicker:
    def test_current_first_then_to_come_then_finished_then_undated(
            self, client: TestClient, league: League) -> None:
        page = client.get("/").text
        assert _order(page, list(league.tournaments)) == [
            "June Classic", "Summer Shootout", "Autumn Open", "Spring Cup", "Friendly"]

    def test_each_with_its_dates_rinks_and_page(self, client: TestClient,
                                                league: League) -> None:
        page = client.get("/").text
        card = page.split(">June Classic</a></h2>")[1].split("</section>")[0]
        assert "Wed 10 Jun 2026 – Thu 11 Jun 2026" in card  # from its games
        assert "on now" in card
        assert "Rinks: North, South" in card
        assert "dates to be set" in page.split(">Friendly</a></h2>")[1].split("</section>")[0]
        for tid in league.tournaments.values():
            assert f'href="/tournaments/{tid}"' in page
            assert client.get(f"/tournaments/{tid}").status_code == 200

    def test_a_tournament_page_names_it_with_its_divisions_and_todays_games(
            self, client: TestClient, league: League) -> None:
        tid = league.tournaments["June Classic"]
        division = league.divisions[("June Classic", "Division 1")]
        page = client.get(f"/tournaments/{tid}").text
        assert "<h1>June Classic</h1>" in page
        assert f'href="/divisions/{division}/standings"' in page
        assert f'href="/divisions/{division}/playoffs"' in page
        assert "Games Wednesday 10 June" in page
        games = page.split("Games Wednesday 10 June")[1]
        assert "June Classic Aces" in games and "June Classic Bears" in games
        assert "June Classic Cats" not in games  # tomorrow's game waits for tomorrow
        assert "Spring Cup" not in page

    def test_an_unknown_tournament_is_a_404_saying_so(self, client: TestClient) -> None:
        response = client.get("/tournaments/999")
        assert response.status_code == 404
        assert "There is no tournament 999." in response.text


def _games(page: str) -> set[str]:
    return set(re.findall(r'data-game="(\d+)"', page))


def _walk(client: TestClient, address: str) -> list[str]:
    """The days with games from ``address`` on, following each day's next
    day's link; each day's games are there."""
    days: list[str] = []
    page = client.get(address).text
    while (found := re.search(r'href="([^"]+)" rel="next"', page)) is not None:
        page = client.get(found.group(1).replace("&amp;", "&")).text
        day = re.search(r'<input type="date" name="day" value="([0-9-]+)"', page)
        assert day is not None and _games(page)
        days.append(day.group(1))
    return days


class TestScheduleFilters:
    def test_unfiltered_rows_name_their_tournament_and_division(
            self, client: TestClient) -> None:
        days = re.findall(r'href="(/schedule\?day=[0-9-]+)"', client.get("/schedule").text)
        pages = "".join(client.get(address).text for address in days)
        assert "Spring Cup · Division 1 ·" in pages and "June Classic · Division 1 ·" in pages

    def test_unfiltered_shows_only_today_with_the_days_before_and_after(
            self, client: TestClient, league: League) -> None:
        """Issue 30: one day a page, the previous and the next day with games
        its links (not a link to every day of the season) and a day picker."""
        page = client.get("/schedule").text
        shown = page.split("</nav>")[-1]
        assert "<h2>Wednesday 10 June 2026</h2>" in shown
        assert "June Classic Aces" in shown and "June Classic Cats" not in shown  # tomorrow's
        assert '<strong aria-current="date">Wed 10 Jun</strong>' in page
        assert re.findall(r'href="/schedule\?day=([0-9-]+)" rel="(\w+)"', page) == [
            ("2026-04-12", "prev"), ("2026-06-11", "next")]  # Spring Cup's last day; tomorrow
        assert '<input type="date" name="day" value="2026-06-10" required>' in page
        tomorrow = client.get("/schedule?day=2026-06-11").text.split("</nav>")[-1]
        assert "June Classic Cats" in tomorrow and "June Classic Aces" not in tomorrow

    def test_the_next_days_walk_every_day_with_games(self, client: TestClient) -> None:
        days = _walk(client, "/schedule?day=2026-01-01")
        # two days a tournament, four dated tournaments
        assert days == ["2026-04-11", "2026-04-12", "2026-06-10", "2026-06-11", "2026-06-30",
                        "2026-07-01", "2026-09-08", "2026-09-09"]

    def test_a_tournament_shows_its_day_and_keeps_it_in_its_links(
            self, client: TestClient, league: League) -> None:
        """Issue 30: a tournament's schedule is one day (a season's would
        grow with it), the last it played here; its other day a link that
        keeps the choice."""
        tid = league.tournaments["Spring Cup"]
        page = client.get(f"/schedule?tournament={tid}").text
        assert "<h2>Sunday 12 April 2026</h2>" in page and len(_games(page)) == 1
        links = re.findall(r'href="(/schedule\?tournament=\d+&amp;day=[0-9-]+)"', page)
        assert links == [f"/schedule?tournament={tid}&amp;day=2026-04-11"]
        assert f'<input type="hidden" name="tournament" value="{tid}">' in page  # the picker's
        one = client.get(links[0].replace("&amp;", "&")).text
        assert len(_games(one)) == 1 and "June Classic" not in one.split("</form>")[1]
        assert _walk(client, f"/schedule?tournament={tid}&day=2026-01-01") == [
            "2026-04-11", "2026-04-12"]

    def test_no_games_on_the_chosen_day_says_so(self, client: TestClient) -> None:
        page = client.get("/schedule?day=2026-01-01").text
        assert not _games(page)
        assert "No games on Thursday 01 January 2026: choose another day." in page

    def test_by_tournament(self, client: TestClient, league: League) -> None:
        tid = league.tournaments["Spring Cup"]
        page = client.get(f"/schedule?tournament={tid}").text
        assert len(_games(page)) == 1  # its shown day's
        assert "Spring Cup Bears" in page and "June Classic Aces" not in page.split("</form>")[1]
        assert f'<option value="{tid}" selected>Spring Cup</option>' in page
        assert "<h1>Schedule: Spring Cup</h1>" in page

    def test_by_team_keeps_the_choice_in_the_address(self, client: TestClient,
                                                     league: League) -> None:
        team = league.teams["June Classic Cats"]
        page = client.get(f"/schedule?team={team}").text
        shown = page.split("</form>")[1]
        assert len(_games(shown)) == 1 and "June Classic Bears" in shown
        assert f'<option value="{team}" selected>' in page
        # the form sends the choice back as the address: the tournament is implied
        tid = league.tournaments["June Classic"]
        assert f'<option value="{tid}" selected>June Classic</option>' in page

    def test_a_leagues_every_team_waits_for_its_division(
            self, client: TestClient, league: League, monkeypatch: pytest.MonkeyPatch) -> None:
        """Issue 30: more teams than the filter lists (a league's every team)
        are narrowed by the tournament or division first; a team chosen is
        listed among its division's."""
        monkeypatch.setattr(pages, "TEAM_CHOICES", 5)  # fifteen teams in the store
        page = client.get("/schedule").text
        assert "All (choose a division first)</option></select>" in page
        tid = league.tournaments["Spring Cup"]
        page = client.get(f"/schedule?tournament={tid}").text
        assert len(re.findall(r'<option value="\d+">Spring Cup \w+ · Division 1</option>',
                              page)) == 3
        team = league.teams["June Classic Cats"]
        page = client.get(f"/schedule?team={team}").text
        assert f'<option value="{team}" selected>June Classic Cats · Division 1</option>' in page

    def test_by_division_and_rink_together(self, client: TestClient, league: League) -> None:
        division = league.divisions[("Autumn Open", "Division 1")]
        north = client.get(f"/schedule?division={division}&rink=North").text
        south = client.get(f"/schedule?division={division}&rink=South").text
        both = client.get(f"/schedule?division={division}").text
        assert len(_games(north)) == len(_games(south)) == 1
        assert _games(north) | _games(south) == _games(both)
        assert "<h1>Schedule: North · Division 1 · Autumn Open</h1>" in north
        assert "<option selected>North</option>" in north

    def test_by_rink_across_tournaments(self, client: TestClient) -> None:
        page = client.get("/schedule?rink=South").text
        assert len(_games(page)) == 1  # tomorrow's: one day at a time
        assert "North" not in page.split("</form>")[1].split("</nav>")[-1]
        assert _walk(client, "/schedule?rink=South&day=2026-01-01") == [
            "2026-04-12", "2026-06-11", "2026-07-01", "2026-09-09"]

    def test_a_filter_that_matches_nothing_says_so(self, client: TestClient,
                                                   league: League) -> None:
        tid = league.tournaments["Friendly"]
        page = client.get(f"/schedule?tournament={tid}").text
        assert "No games match: Friendly." in page

    @pytest.mark.parametrize(("address", "status", "message"), [
        ("/schedule?division=abc", 422, "division: &#39;abc&#39; is not a division number"),
        ("/schedule?team=%C2%B2", 422, "team: &#39;²&#39; is not a team number"),
        ("/schedule?division=999", 404, "There is no division 999."),
        ("/schedule?team=999", 404, "There is no team 999."),
        ("/schedule?tournament=999", 404, "There is no tournament 999."),
        ("/schedule?day=10-06-2026", 422, "day: &#39;10-06-2026&#39; is not a date"),
        ("/schedule?day=2026-02-30", 422, "day: &#39;2026-02-30&#39; is not a date"),
    ])
    def test_a_bad_filter_is_an_error_saying_which(self, client: TestClient, address: str,
                                                   status: int, message: str) -> None:
        response = client.get(address)
        assert response.status_code == status
        assert message in response.text
