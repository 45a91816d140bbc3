"""A lineup changed after a team official signed it is no longer signed
(issue 28, Rule 202(c)): the signature stays in the game's hash chain and a
void entry follows it; the manager's page and the scorer's console say the
lineup needs signing again, until it is signed again. Handing in the same
lineup again voids nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from deskkit import dora, people, post, put, small_cup
from fastapi import FastAPI
from webkit import Client, Demo, logged_in

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
    assert "needs signing again (Rule 202(c))" in signed[1].text
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
