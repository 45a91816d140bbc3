"""No page says ``game(s)``: the player's page, the suspensions and every
page of the director's desk over the demo tournament say ``1 game``,
``2 games`` (present/counts.py, the templates' ``counted`` filter)."""

from __future__ import annotations

import re

from deskkit import dora, people
from fastapi.testclient import TestClient
from webkit import Client, Demo

from rinkside.services import queries
from rinkside.web.routers import DESK_PAGES

__all__ = ["dora", "people"]

HEDGED = re.compile(r"\w\((?:s|es)\)")


def test_no_desk_page_hedges_a_plural(demo: Demo, dora: Client) -> None:
    client, _ = dora
    paths = ["/desk", *(p.href(demo.tournament_id) for p in DESK_PAGES)]
    for path in filter(None, paths):
        page = client.get(path)
        assert page.status_code == 200, path
        assert HEDGED.findall(page.text) == [], path


def test_the_suspensions_and_the_owed_games_are_counted_in_words(demo: Demo,
                                                                 dora: Client) -> None:
    client, _ = dora
    page = client.get(f"/desk/tournaments/{demo.tournament_id}/discipline").text
    owed = page.split("Still owed", 1)[1].split("</ul>", 1)[0]
    assert re.search(r": \d+ games?</li>", owed), owed  # the demo owes some games
    assert HEDGED.findall(page) == []


def test_a_players_page_counts_his_teams_and_tournaments_in_words(demo: Demo,
                                                                   client: TestClient) -> None:
    division = min(d.division_id for d in queries.divisions(demo.service, demo.tournament_id))
    team = next(iter(queries.team_names(demo.service, division)))
    player = queries.team(demo.service, team).players[0].player_id
    page = client.get(f"/players/{player}").text
    assert re.search(r"\b(1 team|\d+ teams) in (1 tournament|\d+ tournaments)\b", page), page
    assert HEDGED.findall(page) == []
