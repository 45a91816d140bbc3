"""Issue 30: a lineup, a team's barred players, a game's short lineups, the
public suspensions page and the desk's discipline page read the
suspensions of the teams they show alone (casebook 27; Rule 410(c): a
person's other team in another division too), not every division's view;
and what they say is what every division's suspensions say."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from datetime import date
from typing import Literal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker
from suspensionkit import misconduct, roster

from rinkside.services import queries, users
from rinkside.services.tournaments import Tournaments
from rinkside.tournament import suspension_check
from rinkside.tournament.model import ScheduledGame
from rinkside.tournament.suspension_status import SuspensionStatus
from rinkside.web import auth
from rinkside.web.app import create_app


class Cup:
    """Three divisions: 14U (A, B), 16U (C, D), 18U (E, F); Pat Twin plays
    for A and for C. His game misconduct with C bars him with A too
    (410(c)) until C serves it; A's #5 and F's #3 have their own;
    B's #4 has supplementary discipline after A-B (410(a)). ``next_game``:
    A-B not begun."""

    def __init__(self, service: Tournaments) -> None:
        self.service = service
        self.tid = service.create_tournament("Narrow Cup", date(2026, 12, 5))
        self.divisions = [service.add_division(self.tid, name) for name in ("14U", "16U", "18U")]
        self.teams: dict[str, int] = {}
        for did, names in zip(self.divisions, (("A", "B"), ("C", "D"), ("E", "F")), strict=True):
            for name in names:
                self.teams[name] = service.add_team(did, name)
                service.set_roster(self.teams[name], roster(name, {"A": 7, "C": 8}.get(name)))
        first = 0
        games: list[tuple[str, str, Literal["home", "away"], int, int]] = [
            ("C", "D", "home", 8, 1), ("A", "B", "home", 5, 0), ("E", "F", "away", 3, 2)]
        for home, away, side, number, division in games:
            game = service.add_game(self.divisions[division], self.teams[home], self.teams[away])
            first = first or game if home == "A" else first
            service.record(game, 0, misconduct(side, number), by="scorer")
        b4 = self.player("B", 4)
        service.add_supplementary(b4, 2, "spat at an official", after_game_id=first)
        self.next_game = service.add_game(self.divisions[0], self.teams["A"], self.teams["B"])
        service.add_game(self.divisions[1], self.teams["C"], self.teams["D"])

    def player(self, team: str, number: int) -> int:
        return next(p.player_id for p in queries.active_players(self.service, [self.teams[team]])
                    if p.number == number)

    def every(self) -> dict[int, SuspensionStatus]:
        """Every division's suspensions, as the whole tournament reads them."""
        return self.service.suspensions(self.tid)


@pytest.fixture
def cup(sessions: sessionmaker[Session]) -> Cup:
    return Cup(Tournaments(sessions))


@pytest.fixture
def reads(cup: Cup, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The divisions whose views, or whose teams' games, are read (each time
    one is)."""
    read: list[int] = []
    view_in: Callable[..., object] = cup.service.division_view_in
    teams_view_in: Callable[..., object] = cup.service.teams_view_in

    def counted(s: Session, division_id: int) -> object:
        read.append(division_id)
        return view_in(s, division_id)

    def counted_teams(s: Session, division_id: int, teams: Collection[int],
                      also: Collection[int] = ()) -> object:
        read.append(division_id)
        return teams_view_in(s, division_id, teams, also)

    monkeypatch.setattr(cup.service, "division_view_in", counted)
    monkeypatch.setattr(cup.service, "teams_view_in", counted_teams)
    yield read


def test_a_teams_suspensions_are_every_divisions_for_its_players(cup: Cup) -> None:
    every = cup.every()
    pat_a, pat_c = cup.player("A", 7), cup.player("C", 8)
    assert every[pat_a].elsewhere and every[pat_c].sanctions  # 410(c): carried over to A
    assert every[cup.player("B", 4)].sanctions  # 410(a)
    for teams in (["A"], ["B"], ["C"], ["D"], ["E"], ["F"], ["A", "B"], ["C", "D"],
                  ["A", "E"], list(cup.teams)):
        ids = {cup.teams[t] for t in teams}
        narrowed = cup.service.team_suspensions(cup.tid, ids)
        assert narrowed == {pid: st for pid, st in every.items() if st.team_id in ids}, teams
    assert cup.service.team_suspensions(cup.tid, []) == {}


def test_a_teams_suspensions_read_its_divisions_and_its_twins_alone(
        cup: Cup, reads: list[int]) -> None:
    cup.service.team_suspensions(cup.tid, [cup.teams["A"]])
    assert set(reads) == set(cup.divisions[:2])  # 14U and Pat Twin's 16U (410(c)), not 18U
    reads.clear()
    cup.service.team_suspensions(cup.tid, [cup.teams["E"]])
    assert reads == [cup.divisions[2]]


def test_barred_for_reads_its_teams_and_says_what_every_division_says(
        cup: Cup, reads: list[int]) -> None:
    barred = cup.service.barred_for(cup.next_game, cup.teams["A"])
    assert set(reads) == set(cup.divisions[:2])
    every = cup.every()
    scheduled = ScheduledGame(cup.next_game, cup.divisions[0], "pool", cup.teams["A"],
                              cup.teams["B"], None, None, 0)
    roster = [p.player_id for p in queries.active_players(cup.service, [cup.teams["A"]])]
    expected = {pid: exc.sentence for pid, exc in
                suspension_check.barred(roster, scheduled, every).items()}
    assert barred == expected and set(barred) == {cup.player("A", 5), cup.player("A", 7)}
    assert "410(c)" in barred[cup.player("A", 7)]


def test_a_lineup_and_its_warnings_read_the_games_teams_alone(
        cup: Cup, reads: list[int]) -> None:
    b_roster = [p.player_id for p in queries.active_players(cup.service, [cup.teams["B"]])]
    with pytest.raises(Exception, match="410"):  # B's #4 sits out (410(a))
        cup.service.set_lineup(cup.next_game, cup.teams["B"], b_roster)
    assert cup.divisions[2] not in reads
    reads.clear()
    dressed = [pid for pid in b_roster if pid != cup.player("B", 4)][:4]  # no keeper: short
    cup.service.set_lineup(cup.next_game, cup.teams["B"], dressed)
    assert set(reads) == {cup.divisions[0]}  # B has no player on another team
    reads.clear()
    warnings = cup.service.short_lineups(cup.next_game)
    assert len(warnings) == 1 and warnings[0].startswith("B:")
    assert set(reads) == set(cup.divisions[:2])  # A's Pat Twin: 16U too, never 18U


@pytest.fixture
def director(cup: Cup) -> Iterator[TestClient]:
    """The app over the cup, logged in as its director."""
    users.create_user(cup.service, "director", "narrow-cup-director-pw", "director")
    with TestClient(create_app(cup.service)) as client:
        client.get("/login")
        client.post("/login", data={"username": "director", "password": "narrow-cup-director-pw",
                                    "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""},
                    follow_redirects=False)
        yield client


def test_the_public_suspensions_are_one_division_a_page(
        cup: Cup, director: TestClient, reads: list[int]) -> None:
    every = {pid: st for pid, st in cup.every().items() if st.sanctions or st.elsewhere}
    reads.clear()
    first = director.get("/suspensions").text
    assert set(reads) == set(cup.divisions[:2])  # 14U and Pat Twin's 16U, not 18U
    links = re.findall(r'href="(/suspensions\?division=([0-9]+))"', first)
    assert sorted(int(d) for _, d in links) == cup.divisions[1:]
    u14, u16, u18 = cup.divisions
    read_for = {u14: {u14, u16}, u16: {u14, u16}, u18: {u18}}  # Pat Twin: 14U and 16U
    listed: dict[int, int] = {}
    for url, division in [("/suspensions", str(u14)), *links]:
        reads.clear()
        page = director.get(url).text
        assert set(reads) == read_for[int(division)], division
        for pid in re.findall(r'href="/players/([0-9]+)"', page):
            listed[int(pid)] = int(division)
    assert set(listed) == set(every)  # every division's suspensions, each on one page
    pat_a = cup.player("A", 7)
    assert listed[pat_a] == u14  # carried over to A (410(c))


def test_the_desks_discipline_reads_the_division_shown(
        cup: Cup, director: TestClient, reads: list[int]) -> None:
    every = cup.every()
    url = f"/desk/tournaments/{cup.tid}/discipline"
    reads.clear()
    page = director.get(url, params={"division": cup.divisions[0]}).text
    assert cup.divisions[2] not in reads  # 18U is not shown: not read
    shown = [st for st in every.values() if st.team_id in (cup.teams["A"], cup.teams["B"])]
    assert shown and all(f"#{st.number} {st.name}</td>" in page for st in shown)
    assert "Pat Twin" in page and "F 3" not in page
    reads.clear()
    searched = director.get(url, params={"name": "F 3"}).text  # every division: F's alone
    assert reads == [cup.divisions[2]] and "#3 F 3</td>" in searched
