"""The desk's schedule forms offer one division's teams (issue 30: a form
never lists every team of a season): the division asked for, else the
first; a request's other team from a division of its own (two teams one
coach shares may be in two divisions); the requests listed are the chosen
division's. Without JavaScript: the division is a select that reloads."""

from __future__ import annotations

import re

import pytest
from deskkit import dora, new_tournament, people, post
from webkit import Client, Demo

from rinkside.services import desk_rinks, desk_teams, queries, schedule_requests

__all__ = ["dora", "people"]


@pytest.fixture(scope="module")
def two_divisions(demo: Demo, dora: Client) -> tuple[int, dict[str, int], dict[str, int]]:
    tid = new_tournament(dora, "Forms Cup")
    divisions = {name: desk_teams.add_division(demo.service, tid, name, by="dora")
                 for name in ("Bronze", "Silver")}
    teams = {name: desk_teams.add_team(demo.service, divisions[division], name, by="dora")
             for division, names in (("Bronze", ("Owls", "Hawks")), ("Silver", ("Bears", "Lynx")))
             for name in names}
    desk_rinks.add(demo.service, tid, "North", {"width": 85, "length": 185, "corner_radius": 20,
                                                "goal_line_distance": 12}, by="dora")
    schedule_requests.add_team_request(demo.service, tid, teams["Bears"], "apart",
                                       other_team_id=teams["Owls"], by="dora")
    schedule_requests.add_team_request(demo.service, tid, teams["Lynx"], "apart",
                                       other_team_id=teams["Bears"], by="dora")
    return tid, divisions, teams


def _options(page: str, name: str) -> list[str]:
    form = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert form is not None, name
    return re.findall(r'<option value="(\d*)"', form.group(1))


def test_the_forms_offer_the_first_divisions_teams_and_its_requests(
        dora: Client, two_divisions: tuple[int, dict[str, int], dict[str, int]]) -> None:
    tid, divisions, teams = two_divisions
    page = dora[0].get(f"/desk/tournaments/{tid}/schedule").text
    bronze = sorted([str(teams["Hawks"]), str(teams["Owls"])])
    assert sorted(_options(page, "home")) == sorted(_options(page, "away")) == bronze
    assert sorted(_options(page, "team")) == bronze
    assert sorted(o for o in _options(page, "other") if o) == bronze
    assert _options(page, "division") == [str(divisions["Bronze"]), str(divisions["Silver"])]
    # Owls are named by the Bears' request: it is listed with the Bronze teams; the
    # Lynx's (Silver alone) is not
    assert "Bears: never at the same time as Owls" in page
    assert "Lynx:" not in page and "Bears</option>" not in page


def test_a_division_chosen_offers_its_teams_and_the_other_teams_from_another(
        dora: Client, two_divisions: tuple[int, dict[str, int], dict[str, int]]) -> None:
    tid, divisions, teams = two_divisions
    page = dora[0].get(f"/desk/tournaments/{tid}/schedule?division={divisions['Silver']}"
                       f"&other_division={divisions['Bronze']}").text
    assert sorted(_options(page, "home")) == sorted([str(teams["Bears"]), str(teams["Lynx"])])
    assert sorted(o for o in _options(page, "other") if o) == sorted(
        [str(teams["Hawks"]), str(teams["Owls"])])
    assert "Lynx: never at the same time as Bears" in page
    assert f'<option value="{divisions["Silver"]}" selected>' in page
    unknown = dora[0].get(f"/desk/tournaments/{tid}/schedule?division=nine")
    assert unknown.status_code == 200 and sorted(_options(unknown.text, "home")) == sorted(
        [str(teams["Hawks"]), str(teams["Owls"])])


def test_a_game_is_still_added_and_a_request_across_divisions_still_made(
        demo: Demo, dora: Client, two_divisions: tuple[int, dict[str, int], dict[str, int]]
        ) -> None:
    tid, _, teams = two_divisions
    added = post(dora, f"/desk/tournaments/{tid}/games", {
        "home": teams["Lynx"], "away": teams["Bears"], "start": "2026-12-12T09:00",
        "rink": "North"})
    assert added.status_code == 303
    assert [(g.home_team_id, g.away_team_id) for g in queries.games(demo.service)
            if g.tournament_id == tid] == [(teams["Lynx"], teams["Bears"])]
    made = post(dora, f"/desk/tournaments/{tid}/schedule/requests", {
        "team": teams["Hawks"], "kind": "apart", "other": teams["Lynx"]})
    assert made.status_code == 303
    asked = schedule_requests.requests_of(demo.service, tid, [teams["Hawks"]])
    assert [said for _, team, said, _ in asked.teams if team == "Hawks"] == [
        "never at the same time as Lynx"]
