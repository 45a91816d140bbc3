"""The starting goaltender (issue 28, Rule 204(a)): the manager (or the
scorer, on the console) names which dressed goaltender starts; it is kept
with the lineup, read back by the console's lineup panel and printed on the
report; a skater named to start is refused with the rule, and changing the
starter after the lineup was signed voids the signature (202(c))."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from deskkit import dora, people, post, put, small_cup
from fastapi import FastAPI
from pypdf import PdfReader
from webkit import Client, Demo, logged_in

from rinkside.services import queries, team_officials, users

__all__ = ["dora", "people"]

PASSWORD = "manager-pass-1"


@pytest.fixture(scope="module")
def pine(demo: Demo, dora: Client) -> tuple[int, int, int]:
    """(Pine's team id, Ivy's, a game of theirs not begun)."""
    _, did = small_cup(demo, dora, "Starters Cup", ("Pine", "Ivy"))
    names = {v: k for k, v in queries.team_names(demo.service, did).items()}
    users.create_user(demo.service, "piet", PASSWORD, "manager", teams=[names["Pine"]])
    game = next(g for g in queries.games(demo.service, did) if g.version == 0)
    return names["Pine"], names["Ivy"], game.game_id


@pytest.fixture(scope="module")
def piet(app: FastAPI, pine: tuple[int, int, int]) -> Iterator[Client]:
    yield from logged_in(app, "piet", PASSWORD)


def test_the_starting_goaltender_is_named_kept_shown_and_checked(
        demo: Demo, piet: Client, dora: Client, pine: tuple[int, int, int]) -> None:
    team, other, game = pine
    mine = {p.number: p.player_id for p in queries.team(demo.service, team).players}
    theirs = {p.number: p.player_id for p in queries.team(demo.service, other).players}
    row = queries.game(demo.service, game)
    side = "home" if row.home_team_id == team else "away"
    other_side = "away" if side == "home" else "home"
    page = f"/my-team/{team}/games/{game}"
    form = {"dressed": [str(mine[n]) for n in (1, 9, 10, 11, 12)], "captain": str(mine[9])}

    refused = post(piet, page + "/lineup", {**form, "starting_goalie": str(mine[10])})
    assert refused.status_code == 422 and "204(a)" in refused.text
    assert "the starting goaltender must be a dressed goaltender" in refused.text
    assert demo.service.lineup_of(game, team)[0] == []  # nothing handed in

    assert post(piet, page + "/lineup", {**form, "starting_goalie": str(mine[1])}
                ).status_code == 303
    assert demo.service.starting_goalie(game, team) == mine[1]
    assert f'value="{mine[1]}" checked aria-label="starting goaltender #1"' in \
        piet[0].get(page).text
    panel = dora[0].get(f"/api/games/{game}/lineups").json()
    assert panel[side]["starting_goalie"] == mine[1]
    assert panel[other_side]["starting_goalie"] is None

    scorer = put(dora, f"/api/games/{game}/lineups/{other_side}", {
        "players": [theirs[n] for n in (9, 10, 11, 12)], "goaltenders": [theirs[1]],
        "captain": theirs[9], "starting_goalie": theirs[1]})
    assert scorer.status_code == 200, scorer.text
    assert dora[0].get(f"/api/games/{game}/lineups").json()[other_side]["starting_goalie"] \
        == theirs[1]
    skater = put(dora, f"/api/games/{game}/lineups/{other_side}", {
        "players": [theirs[n] for n in (9, 10, 11, 12)], "goaltenders": [theirs[1]],
        "captain": theirs[9], "starting_goalie": theirs[11]})
    assert skater.status_code == 422 and skater.json()["rule"] == "204(a)"
    assert demo.service.starting_goalie(game, other) == theirs[1]  # kept as it was

    report = dora[0].get(f"/games/{game}/report").text
    assert report.count("Starting goaltender: #1 (Rule 204(a))") == 2
    assert demo.service.starting_goaltenders(game) == {"home": 1, "away": 1}
    pdf = PdfReader(io.BytesIO(dora[0].get(f"/games/{game}/report.pdf").content))
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert text.count("starting goaltender #1 (204(a))") == 2

    assert post(piet, page + "/sign", {"kind": "lineup"}).status_code == 303
    assert post(piet, page + "/lineup", form).status_code == 303  # no starter named now
    assert demo.service.starting_goalie(game, team) is None
    assert team_officials.lineup_signing(demo.service, game, team) == "changed"
