"""Rules 506(b), 616(a): the official scorer has the referees the report
names sign it. Where the referee logins that sign a game and the referees
its report names part (a name typed for the report, a login assigned by
hand), the sign-off page and its JSON say so to the director and the
signer, naming both; a login answers to a name by its username or its full
name, and once they agree nothing is said."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_signoff_web import finished_game
from webkit import Demo

from rinkside.services import officiating, users

WARNING = "Rules 506(b), 616(a)"


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game = finished_game(demo)
    users.create_user(demo.service, "rnm-ref", "whistle-named-1", "referee", games=[game],
                      full_name="Rosa Marquez")
    return game


def _page(client: TestClient, game: int) -> str:
    page = client.get(f"/games/{game}/signoff")
    assert page.status_code == 200
    return page.text


def test_a_login_signing_for_a_referee_the_report_does_not_name_is_shown(
        demo: Demo, client: TestClient, game: int) -> None:
    officiating.set_officials(demo.service, game, {"referee": ["Jane Doe"]})
    said = officiating.referees_unnamed(demo.service, game)
    assert said is not None and said.startswith(WARNING)
    assert "Jane Doe" in said and "Rosa Marquez (rnm-ref)" in said, said
    assert "without being named" in said and "no referee login is assigned" in said
    assert ("Rosa Marquez (rnm-ref) is assigned to sign it without being named on it"
            in _page(client, game))
    assert client.get(f"/api/games/{game}/signoff").json()["referees_unnamed"] == said


def test_the_referee_named_by_login_or_full_name_signs_with_nothing_said(
        demo: Demo, client: TestClient, game: int) -> None:
    for named in (["rnm-ref"], ["rosa marquez"]):
        officiating.set_officials(demo.service, game, {"referee": named})
        assert officiating.referees_unnamed(demo.service, game) is None
        assert WARNING not in _page(client, game)


def test_a_named_referee_no_login_answers_to_is_shown(demo: Demo, game: int) -> None:
    officiating.set_officials(demo.service, game, {"referee": ["rnm-ref", "Ola Berg"]})
    said = officiating.referees_unnamed(demo.service, game)
    assert said is not None and "no referee login is assigned to sign as Ola Berg" in said
    assert "without being named" not in said


def test_a_report_naming_no_referee_leaves_it_to_the_501a_warning(demo: Demo,
                                                                 game: int) -> None:
    officiating.set_officials(demo.service, game, {"referee": []})
    assert officiating.referees_unnamed(demo.service, game) is None


def test_a_signature_by_a_login_the_report_does_not_name_stays_shown(demo: Demo,
                                                                      client: TestClient) -> None:
    game = finished_game(demo)
    users.create_user(demo.service, "rnm-other", "whistle-named-2", "referee", games=[game])
    officiating.set_officials(demo.service, game, {"referee": ["Jane Doe"]})
    assert officiating.sign(demo.service, game, "rnm-other").locked
    assert "rnm-other signed it without being named on it" in _page(client, game)
