"""A role is named in the book's words on every page, never as its stored
key: the header of a table official's screen, the desk's users and the role
to choose, and the report's signatures ("official scorer", Rule 506(b))."""

from __future__ import annotations

from deskkit import dora, people
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, logged_in, new_game, record, skaters

from rinkside.rules.events import FaceOff, Goal, PeriodEnd
from rinkside.rules.times import GameTime
from rinkside.services import officiating
from rinkside.web import auth

__all__ = ["dora", "people"]


def _final_game(demo: Demo) -> int:
    game = new_game(demo)
    scorer = skaters(demo.service, game, "home")[0]  # 1-0: no overtime after it
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), "home", scorer),
           FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)),
           FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0)))
    return game


def test_a_table_officials_screen_says_who_is_logged_in_in_words(
        demo: Demo, app: FastAPI) -> None:
    game = _final_game(demo)
    auth.create_user(demo.service, "tess", "timekeeper-words-1", "game_timekeeper",
                     games=[game], full_name="Tess Timer")
    client, _ = next(logged_in(app, "tess", "timekeeper-words-1"))
    page = client.get(f"/games/{game}/console/timekeeper")
    assert page.status_code == 200
    assert "Logged in as Tess Timer (tess, game timekeeper)" in page.text
    assert "game_timekeeper)" not in page.text


def test_the_desk_names_each_role_in_words(demo: Demo, dora: Client) -> None:
    auth.create_user(demo.service, "pia", "penalty-words-1", "penalty_timekeeper")
    page = dora[0].get(f"/desk/tournaments/{demo.tournament_id}/people").text
    assert '<option value="penalty_timekeeper">penalty timekeeper</option>' in page
    assert "<td>penalty timekeeper</td>" in page  # pia's row of the users' table
    assert ">penalty_timekeeper<" not in page


def test_the_report_names_the_official_scorers_signature_in_words(
        demo: Demo, app: FastAPI) -> None:
    game = _final_game(demo)
    auth.create_user(demo.service, "oscar", "scorer-words-1", "official_scorer",
                     games=[game], full_name="Oscar Scorer")
    officiating.sign(demo.service, game, "oscar")
    with TestClient(app) as client:
        report = client.get(f"/games/{game}/report").text
    assert "Signed by Oscar Scorer (official scorer)" in report
    assert "(official_scorer)" not in report


def test_a_table_official_refused_another_game_is_told_why_in_words(
        demo: Demo, app: FastAPI) -> None:
    """A write in a game one is not named to: 403 naming the role as the
    book does and the rules that make the table's officials (505-507)."""
    game, other = _final_game(demo), new_game(demo)
    auth.create_user(demo.service, "olga", "scorer-words-2", "official_scorer", games=[game])
    client, token = next(logged_in(app, "olga", "scorer-words-2"))
    refused = client.post(f"/api/games/{other}/events", headers={auth.CSRF_HEADER: token},
                          json={"version": 0, "events": [{"type": "faceoff", "at": "1 12:00"}]})
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        f"olga (official scorer) may not write in game {other}: only the officials named "
        "to it record its events (Rules 505-507).")
