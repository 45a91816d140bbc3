"""A tournament the store does not hold: every desk page of a tournament
answers 404 naming it, through the one look the desk makes
(``queries.known_tournament``, ``queries.tournament_tree``)."""

from __future__ import annotations

import pytest
from deskkit import dora, people
from webkit import Client, Demo

from rinkside.services import queries
from rinkside.services.errors import NotFound
from rinkside.web.routers import DESK_PAGES

__all__ = ["dora", "people"]

MISSING = 999999


def test_the_look_names_a_tournament_the_store_does_not_hold(demo: Demo) -> None:
    assert queries.known_tournament(demo.service, demo.tournament_id) is None
    assert queries.tournament_tree(demo.service, demo.tournament_id).tournament_id == (
        demo.tournament_id)
    with pytest.raises(NotFound, match=f"There is no tournament {MISSING}."):
        queries.known_tournament(demo.service, MISSING)
    with pytest.raises(NotFound, match=f"There is no tournament {MISSING}."):
        queries.tournament_tree(demo.service, MISSING)


@pytest.mark.parametrize("path", [p.tournament_path for p in DESK_PAGES
                                  if p.tournament_path and "{tournament_id}" in p.tournament_path
                                  and p.path is None])
def test_each_desk_page_of_an_unknown_tournament_answers_404_naming_it(
        dora: Client, path: str) -> None:
    client, _ = dora
    response = client.get(path.format(tournament_id=MISSING))
    assert response.status_code == 404
    assert f"There is no tournament {MISSING}." in response.text


def test_the_desk_changes_of_an_unknown_tournament_answer_404(dora: Client) -> None:
    client, _ = dora
    response = client.get(f"/desk/changes?tournament={MISSING}")
    assert response.status_code == 404
    assert f"There is no tournament {MISSING}." in response.text
