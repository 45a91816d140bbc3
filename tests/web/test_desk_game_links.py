"""Issue 26: ways between the desk and the game screens: the desk's
navigation links to the consoles' game list, its schedule to each game's
console and sign-off, and those pages link back to the desk for a director."""

from __future__ import annotations

from deskkit import dora, people, rick, skip, small_cup
from webkit import Client, Demo

from rinkside.services import desk_schedule

__all__ = ["dora", "people", "rick", "skip"]


def test_the_desk_links_to_the_consoles_and_each_games_console_and_signoff(
        demo: Demo, dora: Client) -> None:
    client, _ = dora
    tid, _ = small_cup(demo, dora, "Links Cup", ("L1", "L2", "L3"))
    games = [g for day in desk_schedule.grid(demo.service, tid).days
             for g in day.cells.values()]
    assert games
    assert 'href="/console">Consoles</a>' in client.get("/desk").text
    schedule = client.get(f"/desk/tournaments/{tid}/schedule").text
    assert 'href="/console">Consoles</a>' in schedule
    for g in games:
        assert f'href="/console/games/{g.game_id}"' in schedule
        assert f'href="/games/{g.game_id}/signoff"' in schedule
        for path in (f"/console/games/{g.game_id}", f"/games/{g.game_id}/signoff"):
            assert client.get(path).status_code == 200
            assert 'href="/desk"' in client.get(path).text  # and back


def test_a_scorekeeper_has_no_way_to_the_desk(demo: Demo, skip: Client) -> None:
    client, _ = skip
    assert 'href="/desk"' not in client.get("/console").text
