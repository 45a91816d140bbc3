"""The public bracket, /divisions/{id}/playoffs (issue 27): the desk
schedules the playoff games before their teams are known; each place says
where its team comes from ("2nd of Open", "Winner of SF1") and fills in by
the tournament's rule: the first round once every pool game is decided, a
later place once the game before it is signed (Rule 616(a)) or forfeited
(Rule 634), and then the game is made at the rink and time the desk chose."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
from clockkit import Wall
from deskkit import dora, people, post, small_cup
from webkit import Client, Demo

from rinkside.rules.events import FaceOff, Goal, PeriodEnd, Team
from rinkside.rules.times import GameTime
from rinkside.services import desk_discipline, officiating, queries, users
from rinkside.services.game_clock import system_ms
from rinkside.services.tournaments import Tournaments

__all__ = ["dora", "people"]

TEAMS = ("Ants", "Bees", "Cats", "Dogs")
# Each pool game's winner: Ants beat all, Bees beat Cats and Dogs, Cats beat Dogs,
# so the seeds are 1 Ants, 2 Bees, 3 Cats, 4 Dogs: SF1 Ants v Dogs, SF2 Bees v Cats.
RANK = {name: i for i, name in enumerate(TEAMS)}


@contextmanager
def with_wall(service: Tournaments, ms: int) -> Iterator[Wall]:
    """The service's clock at ``ms`` (and the system's again after)."""
    wall = Wall(ms)
    service.use_clock(wall)
    try:
        yield wall
    finally:
        service.use_clock(system_ms)


def play(service: Tournaments, game_id: int, winner: Team) -> None:
    """The game played to its end, won 1-0 by ``winner``."""
    service.dress_eligible(game_id)
    _, state = service.game_state(game_id)
    scorer = next(p.number for p in state.setup.roster(winner).players if not p.goalie)
    service.record(game_id, 0, [FaceOff(GameTime(1, 7200)),
                                Goal(GameTime(1, 6000), winner, scorer),
                                FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)),
                                FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0))], by="t")


def sign(service: Tournaments, game_id: int) -> None:
    """Its referee signs it: the game is locked (Rule 616(a))."""
    users.assign(service, "rick", [game_id])
    assert officiating.sign(service, game_id, "rick").locked


def better(names: dict[int, str], game: queries.GameRow) -> Team:
    return "home" if RANK[names[game.home_team_id]] < RANK[names[game.away_team_id]] else "away"


def bracket_text(client: Client, did: int) -> str:
    page = client[0].get(f"/divisions/{did}/playoffs")
    assert page.status_code == 200
    return page.text.split('<div class="bracket')[1]


def match(html: str, code: str) -> str:
    """The words of one game's box (its ``data-code``), tags left out."""
    box = html.split(f'data-code="{code}"')[1].split("</li>", maxsplit=1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box.split(">", 1)[1]))


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> tuple[int, int]:
    return small_cup(demo, dora, "Bracket Cup", TEAMS)


def test_the_bracket_is_404_for_no_division_and_says_when_not_drawn(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    _, did = cup
    assert dora[0].get("/divisions/999/playoffs").status_code == 404
    assert "not drawn yet" in dora[0].get(f"/divisions/{did}/playoffs").text


def test_the_desk_names_the_tied_teams_and_schedules_the_bracket_before_any_game(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    """Before any game every team is level, but only because nothing is
    played: the desk offers no coin toss (casebook 24: the chain's last
    resort, once the pool is decided), prints no internal id and offers each
    bracket game to schedule now."""
    _, did = cup
    page = dora[0].get(f"/desk/divisions/{did}/playoffs?teams=4").text
    assert "The seeds are known once every pool game is decided." in page
    assert "Record the coin toss" not in page and "still tied" not in page
    assert not re.search(r"teams \[\d", page)
    table = dora[0].get(f"/divisions/{did}/standings").text  # nor the public standings
    assert "coin toss" not in table and "Ants is level with Bees, Cats, Dogs so far" in table
    assert "Schedule SF1 before its teams are known" in page
    assert "1st of Open v 4th of Open" in page and "Winner of SF1 v Winner of SF2" in page


def test_a_place_on_no_rink_is_refused_saying_why_and_draws_nothing(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    _, did = cup
    response = post(dora, f"/desk/divisions/{did}/playoffs/3",
                    {"teams": "4", "start": "2026-12-13T12:00", "rink": "Nowhere"})
    assert response.status_code == 422
    assert "no rink named &#39;Nowhere&#39;; the rinks are Main" in response.text
    assert "not drawn yet" in dora[0].get(f"/divisions/{did}/playoffs").text


def test_places_fill_as_the_pool_ends_then_as_games_are_signed_or_forfeited(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    service = demo.service
    _, did = cup
    names = queries.team_names(service, did)
    for bracket_game, start in ((1, "2026-12-13T09:00"), (2, "2026-12-13T10:00"),
                                (3, "2026-12-13T12:00")):
        response = post(dora, f"/desk/divisions/{did}/playoffs/{bracket_game}",
                        {"teams": "4", "start": start, "rink": "Main"})
        assert response.status_code == 303, response.text
    assert not [g for g in queries.games(service, did) if g.stage == "playoff"]
    text = bracket_text(dora, did)
    assert "1st of Open" in match(text, "SF1") and "4th of Open" in match(text, "SF1")
    assert "Winner of SF1" in match(text, "F") and "Winner of SF2" in match(text, "F")
    assert "Main" in match(text, "F")
    # the schedule says the places too, at the rink and time the desk chose
    schedule = dora[0].get(f"/schedule?division={did}").text
    final_row = schedule.split("(F)")[0].rsplit('<li class="game waiting">', 1)[1]
    assert "Winner of SF1" in final_row
    assert "Sun 12:00 · Main · <span class=\"round\">playoff round: final</span>" in final_row
    assert "playoff round: semi-final</span> (SF1)" in schedule and "1st of Open" in schedule
    # on its day, the tournament's page lists the final among the day's games
    with with_wall(service, int(datetime(2026, 12, 13, 8, tzinfo=UTC).timestamp() * 1000)):
        today = dora[0].get(f"/tournaments/{cup[0]}").text
    assert "Games Sunday 13 December" in today
    assert "Winner of SF1" in today and "playoff round: final</span> (F)" in today
    feed = dora[0].get(f"/divisions/{did}/schedule.ics").text.replace("\r\n ", "")
    assert "SUMMARY:Winner of SF1 vs Winner of SF2" in feed
    assert f"UID:rinkside-bracket-{did}-F@" in feed

    pool = sorted(queries.games(service, did), key=lambda g: (g.start, g.game_id))
    for g in pool[:-1]:
        play(service, g.game_id, better(names, g))
        sign(service, g.game_id)
    last = pool[-1]
    play(service, last.game_id, better(names, last))
    assert "1st of Open" in match(bracket_text(dora, did), "SF1")  # final, not signed yet
    sign(service, last.game_id)  # the pool is final: the semi-finals are made

    made = sorted((g for g in queries.games(service, did) if g.stage == "playoff"),
                  key=lambda g: g.start)
    assert [(names[g.home_team_id], names[g.away_team_id], g.rink) for g in made] == [
        ("Ants", "Dogs", "Main"), ("Bees", "Cats", "Main")]
    text = bracket_text(dora, did)
    assert "Ants" in match(text, "SF1") and "Dogs" in match(text, "SF1")
    assert "Winner of SF1" in match(text, "F")

    sf1, sf2 = made
    play(service, sf1.game_id, "home")
    sign(service, sf1.game_id)
    text = bracket_text(dora, did)
    assert "Ants" in match(text, "F") and "Winner of SF2" in match(text, "F")
    schedule = dora[0].get(f"/schedule?division={did}").text
    final_row = schedule.split("(F)")[0].rsplit('<li class="game waiting">', 1)[1]
    assert "Ants" in final_row and "Winner of SF2" in final_row
    ants = next(t for t, n in names.items() if n == "Ants")
    assert "(F)" not in dora[0].get(f"/schedule?team={ants}").text  # not a game of theirs yet
    assert "(winner)" in match(text, "SF1")

    # Rule 634: Cats forfeit SF2; the forfeit decides the place, no signature needed
    desk_discipline.record_forfeit(service, sf2.game_id, "away", "634(c)2", "no show",
                                   by="dora")
    final = [g for g in queries.games(service, did) if g.round_name == "final"]
    assert [(names[g.home_team_id], names[g.away_team_id]) for g in final] == [
        ("Ants", "Bees")]
    assert final[0].rink == "Main" and final[0].start is not None
    assert final[0].start.astimezone().strftime("%a %H:%M") == "Sun 12:00"
    text = bracket_text(dora, did)
    assert "Bees" in match(text, "F") and "Winner of" not in re.sub(r"<[^>]+>", "", text)
    assert 'class="game waiting"' not in dora[0].get(f"/schedule?division={did}").text
    feed = dora[0].get(f"/divisions/{did}/schedule.ics").text
    assert "Winner of" not in feed and "rinkside-bracket-" not in feed
    assert "SUMMARY:Ants vs Bees" in feed
    # The team page names the final's round as a round, not beside "Not
    # started" as if it were the game's status ("Not started · ... · final").
    team_page = dora[0].get(f"/teams/{ants}").text
    row = team_page[team_page.index(f'data-game="{final[0].game_id}"'):]
    meta = row[row.index('class="meta"'):row.index("</li>")]
    assert 'Not started' in row[:row.index('class="meta"')]
    assert f'<span class="round">playoff round: {final[0].round_name}</span>' in meta
