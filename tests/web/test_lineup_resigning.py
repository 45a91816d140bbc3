"""A lineup changed after a team official signed it is no longer signed
(issue 28, Rule 202(c)): the signature stays in the game's hash chain and a
void entry follows it; the manager's page and the scorer's console say the
lineup needs signing again, until it is signed again. Handing in the same
lineup again voids nothing. Once play has begun nothing can be signed and
the book asks nothing signed (Rule 202(c): before the start): neither page
says the lineup needs signing again nor offers to sign it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from deskkit import dora, people, post, put, small_cup
from fastapi import FastAPI
from webkit import Client, Demo, logged_in

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import queries, team_officials, users
from rinkside.store import chain

__all__ = ["dora", "people"]

PASSWORD = "manager-pass-1"


@pytest.fixture(scope="module")
def fir(demo: Demo, dora: Client) -> tuple[int, int]:
    """(Fir's team id, a game of Fir's not begun)."""
    _, did = small_cup(demo, dora, "Resigning Cup", ("Fir", "Yew"))
    names = {v: k for k, v in queries.team_names(demo.service, did).items()}
    users.create_user(demo.service, "rena", PASSWORD, "manager", teams=[names["Fir"]])
    game = next(g for g in queries.games(demo.service, did) if g.version == 0)
    return names["Fir"], game.game_id


@pytest.fixture(scope="module")
def rena(app: FastAPI, fir: tuple[int, int]) -> Iterator[Client]:
    yield from logged_in(app, "rena", PASSWORD)


def test_a_lineup_changed_after_its_signature_needs_signing_again(
        demo: Demo, rena: Client, dora: Client, fir: tuple[int, int]) -> None:
    team, game = fir
    by_number = {p.number: p.player_id for p in queries.team(demo.service, team).players}
    row = queries.game(demo.service, game)
    side = "home" if row.home_team_id == team else "away"
    page = f"/my-team/{team}/games/{game}"
    form = {"dressed": [str(by_number[n]) for n in (1, 9, 10, 11, 12)],
            "captain": str(by_number[9])}
    assert post(rena, page + "/lineup", form).status_code == 303
    assert post(rena, page + "/sign", {"kind": "lineup"}).status_code == 303
    assert "The lineup as it stands is signed" in rena[0].get(page).text
    assert dora[0].get(f"/api/games/{game}/lineups").json()[side]["signing"] == "signed"

    assert post(rena, page + "/lineup", form).status_code == 303  # the same: still signed
    assert team_officials.lineup_signing(demo.service, game, team) == "signed"

    changed = put(dora, f"/api/games/{game}/lineups/{side}", {
        "players": [by_number[n] for n in (9, 10, 11, 12)], "goaltenders": [by_number[1]],
        "captain": by_number[10]})
    assert changed.status_code == 200, changed.text
    signed = team_officials.team_signatures(demo.service, game)
    assert [(t.kind, t.username) for t in signed] == [("lineup", "rena"), ("void", "dora")]
    assert "the signature before it no longer covers it (Rule 202(c))" in signed[1].text
    assert team_officials.lineup_signing(demo.service, game, team) == "changed"
    assert "it needs signing again (Rule 202(c))" in rena[0].get(page).text
    assert dora[0].get(f"/api/games/{game}/lineups").json()[side]["signing"] == "changed"
    report = rena[0].get(f"/games/{game}/report").text
    assert "rena for Fir signed the lineup" in report
    assert ("dora changed the lineup of Fir after it was signed, voiding the signature "
            "before (Rule 202(c))") in report
    with demo.service.read() as s:
        checked = chain.verify(s, game)
        assert checked is not None and checked.broken is None and checked.length == 2

    assert post(rena, page + "/sign", {"kind": "lineup"}).status_code == 303
    assert team_officials.lineup_signing(demo.service, game, team) == "signed"
    status = rena[0].get(page).text.split("<h2>Signatures")[1].split("<ul")[0]
    assert "The lineup as it stands is signed" in status and "needs signing again" not in status


@pytest.fixture(scope="module")
def ash(demo: Demo, dora: Client) -> tuple[int, list[int]]:
    """(Ash's team id, Ash's two games, none begun), its manager alma."""
    _, did = small_cup(demo, dora, "Late Change Cup", ("Ash", "Elm", "Oak"))
    names = {v: k for k, v in queries.team_names(demo.service, did).items()}
    users.create_user(demo.service, "alma", PASSWORD, "manager", teams=[names["Ash"]])
    games = [g.game_id for g in queries.games(demo.service, did)
             if names["Ash"] in (g.home_team_id, g.away_team_id)]
    assert len(games) == 2
    return names["Ash"], games


@pytest.fixture(scope="module")
def alma(app: FastAPI, ash: tuple[int, list[int]]) -> Iterator[Client]:
    yield from logged_in(app, "alma", PASSWORD)


def _signed_lineup(demo: Demo, alma: Client, team: int, game: int) -> tuple[str, dict[int, int]]:
    """Ash's lineup handed in and signed by its manager: (Ash's side, number -> player id)."""
    by_number = {p.number: p.player_id for p in queries.team(demo.service, team).players}
    page = f"/my-team/{team}/games/{game}"
    form = {"dressed": [str(by_number[n]) for n in (1, 9, 10, 11, 12)],
            "captain": str(by_number[9])}
    assert post(alma, page + "/lineup", form).status_code == 303
    assert post(alma, page + "/sign", {"kind": "lineup"}).status_code == 303
    row = queries.game(demo.service, game)
    return ("home" if row.home_team_id == team else "away"), by_number


def _begin(demo: Demo, game: int) -> None:
    demo.service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="scorer")


def test_a_lineup_changed_once_play_has_begun_asks_no_signature(
        demo: Demo, alma: Client, dora: Client, ash: tuple[int, list[int]]) -> None:
    """The scorer names another captain after the face-off: the signature of
    before the start covers the lineup as handed in, and the book asks no
    signature for a change once play has begun (Rule 202(c): before the
    start), so neither page says it needs signing again nor offers to sign."""
    team, (game, _) = ash
    side, by_number = _signed_lineup(demo, alma, team, game)
    _begin(demo, game)
    changed = put(dora, f"/api/games/{game}/lineups/{side}", {
        "players": [by_number[n] for n in (9, 10, 11, 12)], "goaltenders": [by_number[1]],
        "captain": by_number[10]})
    assert changed.status_code == 200, changed.text
    assert team_officials.lineup_signing(demo.service, game, team) == "changed_in_play"
    [_, void] = team_officials.team_signatures(demo.service, game)
    assert void.kind == "void" and "after the game began" in void.text
    assert "needs signing again" not in void.text
    page = alma[0].get(f"/my-team/{team}/games/{game}").text
    status = page.split("<h2>Signatures")[1]
    assert "asks no signature for a change once play has begun" in status
    assert "needs signing again" not in status and "Sign the lineup" not in status
    console = dora[0].get(f"/api/games/{game}/lineups").json()[side]
    assert console["signing"] == "changed_in_play" and console["can_sign"] is False
    assert "asks no signature" in console["signing_words"]
    assert "needs signing again" not in console["signing_words"]
    refused = post(alma, f"/my-team/{team}/games/{game}/sign", {"kind": "lineup"})
    assert refused.status_code == 422 and "needs no signature" in refused.text


def test_a_lineup_changed_before_the_start_is_signed_again_until_play_begins(
        demo: Demo, alma: Client, dora: Client, ash: tuple[int, list[int]]) -> None:
    """Changed before the start: it needs signing again and both pages offer
    it; once play has begun unsigned, it can be signed no more, and no page
    says it needs signing."""
    team, (_, game) = ash
    side, by_number = _signed_lineup(demo, alma, team, game)
    changed = put(dora, f"/api/games/{game}/lineups/{side}", {
        "players": [by_number[n] for n in (9, 10, 11, 12)], "goaltenders": [by_number[1]],
        "captain": by_number[11]})
    assert changed.status_code == 200, changed.text
    page = alma[0].get(f"/my-team/{team}/games/{game}").text
    assert "it needs signing again (Rule 202(c))" in page and "Sign the lineup" in page
    console = dora[0].get(f"/api/games/{game}/lineups").json()[side]
    assert (console["signing"], console["can_sign"]) == ("changed", True)
    _begin(demo, game)
    assert team_officials.lineup_signing(demo.service, game, team) == "changed_unsigned"
    status = alma[0].get(f"/my-team/{team}/games/{game}").text.split("<h2>Signatures")[1]
    assert "it can be signed no more" in status and "Sign the lineup" not in status
    assert "needs signing again" not in status
    console = dora[0].get(f"/api/games/{game}/lineups").json()[side]
    assert (console["signing"], console["can_sign"]) == ("changed_unsigned", False)
