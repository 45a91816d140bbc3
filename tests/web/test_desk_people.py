"""People on the desk: a game's scorekeeper and referees named (the logins
then score and sign that game), no one in two games at once, users added
and passwords reset; the director's alone."""

from __future__ import annotations

import html
import re
from datetime import datetime

import pytest
from deskkit import dora, new_tournament, people, post, rick, skip
from fastapi import FastAPI
from sqlalchemy import update
from webkit import Client, Demo, logged_in

from rinkside.services import (
    changes,
    desk_people,
    desk_rinks,
    desk_schedule,
    desk_teams,
    officiating,
    users,
)
from rinkside.store import models

__all__ = ["dora", "people", "rick", "skip"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> int:
    tid = new_tournament(dora, "People Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for n in range(1, 5):
        desk_teams.add_team(demo.service, did, f"P{n}", by="dora")
    for name in ("North", "South"):
        desk_rinks.add(demo.service, tid, name, RINK, by="dora")
    windows = desk_schedule.parse_windows("2026-12-12 08:00-12:00")
    desk_schedule.generate(demo.service, tid, windows=windows, game_minutes=50,
                           rest_minutes=0, by="dora")
    return tid


def games(demo: Demo, tid: int) -> list[desk_schedule.GridGame]:
    grid = desk_schedule.grid(demo.service, tid)
    return sorted((g for d in grid.days for g in d.cells.values()),
                  key=lambda g: (g.start, g.rink))


def test_a_scorekeeper_and_referees_are_named_and_may_then_score_and_sign(
        demo: Demo, dora: Client, cup: int) -> None:
    users.create_user(demo.service, "rhea", "referee-desk-2", "referee")
    game = games(demo, cup)[0]
    response = post(dora, f"/desk/games/{game.game_id}/staff", {
        "scorekeeper": "skip", "referee": ["rick", "rhea"], "game_timekeeper": "Tim Keeper"})
    assert response.status_code == 303
    assert officiating.officials(demo.service, game.game_id)["referee"] == ["rick", "rhea"]
    assert set(officiating.assigned_referees(demo.service, game.game_id)) == {"rick", "rhea"}
    skip_row = next(u for u in users.users(demo.service) if u.username == "skip")
    assert game.game_id in skip_row.games
    page = dora[0].get(f"/desk/tournaments/{cup}/people")
    assert "Tim Keeper" in page.text
    last = changes.changes(demo.service, cup)[0]
    assert last.after["referees"] == ["rick", "rhea"] and last.before["referees"] == []


def test_no_one_works_two_games_at_once(demo: Demo, dora: Client, cup: int) -> None:
    first, second = games(demo, cup)[:2]
    assert first.start == second.start  # two rinks, one slot
    post(dora, f"/desk/games/{first.game_id}/staff", {"scorekeeper": "skip",
                                                      "referee": ["rick"]})
    refused = post(dora, f"/desk/games/{second.game_id}/staff", {"referee": ["rick"]})
    assert refused.status_code == 422 and "two places at once" in refused.text
    assert officiating.officials(demo.service, second.game_id)["referee"] == []
    not_a_ref = post(dora, f"/desk/games/{second.game_id}/staff", {"referee": ["skip"]})
    assert not_a_ref.status_code == 422 and "not a referee" in not_a_ref.text
    # Named elsewhere (the sign-off page's form), the clash is shown here and on the grid.
    officiating.set_officials(demo.service, second.game_id, {"referee": ["rick"]})
    page = dora[0].get(f"/desk/tournaments/{cup}/people")
    assert "rick officiates two games at once" in page.text
    officiating.set_officials(demo.service, second.game_id, {"referee": []})


def test_a_user_is_added_and_a_password_reset_without_recording_it(
        demo: Demo, dora: Client, cup: int) -> None:
    url = f"/desk/tournaments/{cup}/users"
    assert post(dora, url, {"username": "kim", "password": "scores-kim-1",
                            "role": "scorekeeper"}).status_code == 303
    assert post(dora, url, {"username": "kim", "password": "again-kim-1",
                            "role": "scorekeeper"}).status_code == 422
    assert post(dora, f"{url}/kim/password", {"password": "short"}).status_code == 422
    assert post(dora, f"{url}/kim/password", {"password": "fresh-kim-22"}).status_code == 303
    assert users.authenticate(demo.service, "kim", "fresh-kim-22") is not None
    record = [c for c in changes.changes(demo.service) if c.subject == "user kim"]
    assert [c.action for c in record] == ["password reset", "added"]
    assert "fresh-kim-22" not in str([(c.before, c.after) for c in record])


def test_a_disabled_user_is_logged_out_at_once_and_enabled_again(
        demo: Demo, app: FastAPI, dora: Client, cup: int) -> None:
    url = f"/desk/tournaments/{cup}/users"
    assert post(dora, url, {"username": "lee", "password": "scores-lee-1",
                            "role": "scorekeeper"}).status_code == 303
    for lee in logged_in(app, "lee", "scores-lee-1"):
        assert lee[0].get("/api/session").json().get("username") == "lee"
        assert post(dora, f"{url}/lee/active", {"active": "no"}).status_code == 303
        assert lee[0].get("/api/session").json().get("username") != "lee"  # session revoked
    assert users.authenticate(demo.service, "lee", "scores-lee-1") is None
    page = dora[0].get(f"/desk/tournaments/{cup}/people")
    assert "Enable lee" in page.text
    assert post(dora, f"{url}/dora/active", {"active": "no"}).status_code == 422
    assert post(dora, f"{url}/lee/active", {"active": "yes"}).status_code == 303
    assert users.authenticate(demo.service, "lee", "scores-lee-1") is not None
    record = [c.action for c in changes.changes(demo.service) if c.subject == "user lee"]
    assert record[:2] == ["enabled", "disabled"]


@pytest.mark.parametrize("path", ["/desk/games/{game}/staff", "/desk/tournaments/{tid}/users",
                                  "/desk/tournaments/{tid}/users/skip/password",
                                  "/desk/tournaments/{tid}/users/skip/active"])
def test_only_the_director_names_people(demo: Demo, dora: Client, skip: Client, rick: Client,
                                        cup: int, path: str) -> None:
    url = path.format(game=games(demo, cup)[-1].game_id, tid=cup)
    body = {"scorekeeper": "skip", "active": "no", "username": "eve", "password": "eve-password-1",
            "role": "director"}
    before = changes.changes(demo.service)
    for who in (skip, rick):
        assert post(who, url, body).status_code == 403
    assert dora[0].post(url, data=body).status_code == 403
    assert changes.changes(demo.service) == before
    assert rick[0].get(f"/desk/tournaments/{cup}/people").status_code == 403


def test_a_user_is_added_only_by_the_one_rule_for_names_and_passwords(
        demo: Demo, dora: Client, cup: int) -> None:
    url = f"/desk/tournaments/{cup}/users"
    for name, password, why in (("max", "p", "at least 8 characters"),
                                ("ops/night", "scores-ops-1", "may not stand in a username"),
                                ("max\x1b", "scores-max-1", "U+001B")):
        refused = post(dora, url, {"username": name, "password": password,
                                   "role": "scorekeeper"})
        assert refused.status_code == 422 and why in refused.text, name
    assert not [u for u in users.users(demo.service) if u.username in ("max", "ops/night")]
    with pytest.raises(ValueError, match="'/' may not stand in a username"):
        users.create_user(demo.service, "ops/night", "scores-ops-1", "referee")  # any maker


def test_a_user_named_with_a_slash_before_the_rule_is_reset_and_disabled(
        demo: Demo, dora: Client, cup: int) -> None:
    users.create_user(demo.service, "ops-night", "scores-ops-1", "scorekeeper")
    with demo.service.write() as s:  # as an older rinkside named it
        s.execute(update(models.User).where(models.User.username == "ops-night")
                  .values(username="ops/night"))
    page = dora[0].get(f"/desk/tournaments/{cup}/people").text
    assert f"/desk/tournaments/{cup}/users/ops/night/password" in page
    url = f"/desk/tournaments/{cup}/users/ops/night"
    assert post(dora, f"{url}/password", {"password": "fresh-ops-22"}).status_code == 303
    assert users.authenticate(demo.service, "ops/night", "fresh-ops-22") is not None
    assert post(dora, f"{url}/active", {"active": "no"}).status_code == 303
    assert users.authenticate(demo.service, "ops/night", "fresh-ops-22") is None
    record = [c.action for c in changes.changes(demo.service) if c.subject == "user ops/night"]
    assert record[:2] == ["disabled", "password reset"]


def test_a_table_official_named_by_their_login_works_the_game_until_named_no_more(
        demo: Demo, dora: Client, cup: int) -> None:
    page = dora[0].get(f"/desk/tournaments/{cup}/people")
    assert ">penalty timekeeper</option>" in page.text  # the new user's roles, in words
    assert post(dora, f"/desk/tournaments/{cup}/users", {
        "username": "pam", "password": "penalty-desk-2",
        "role": "penalty_timekeeper"}).status_code == 303
    game = games(demo, cup)[2]
    url = f"/desk/games/{game.game_id}/staff"
    page = dora[0].get(f"/desk/tournaments/{cup}/people")
    assert 'list="logins-penalty_timekeeper"' in page.text  # offered as typed (issue 30)
    assert dora[0].get(f"/desk/tournaments/{cup}/people/logins",
                       params={"role": "penalty_timekeeper", "q": "PA"}).json() == {
        "logins": [{"username": "pam", "shown": "pam"}]}
    assert post(dora, url, {"penalty_timekeeper": "pam",
                            "game_timekeeper": "Tim Keeper"}).status_code == 303
    pam = next(u for u in users.users(demo.service) if u.username == "pam")
    assert pam.games == (game.game_id,)
    assert officiating.officials(demo.service, game.game_id)["penalty_timekeeper"] == ["pam"]
    assert post(dora, url, {"penalty_timekeeper": "Pat Other"}).status_code == 303
    pam = next(u for u in users.users(demo.service) if u.username == "pam")
    assert pam.games == ()


def test_a_new_user_has_no_role_until_the_director_chooses_one(
        demo: Demo, dora: Client, cup: int) -> None:
    """Issue 26: the least power by default is none: the form preselects no
    role (it used to preselect director), and a user added without one is
    refused, saying so, and not made."""
    page = dora[0].get(f"/desk/tournaments/{cup}/people").text
    form = page[page.index('class="desk-form new-user"'):]
    select = form[form.index('<select name="role"'):form.index("</select>")]
    assert [o for o in select.split("<option")[1:] if " selected" in o.split(">")[0]] == [
        ' value="" selected>— choose —</option>']
    refused = post(dora, f"/desk/tournaments/{cup}/users",
                   {"username": "norole", "password": "no-role-pass-1", "role": ""})
    assert refused.status_code == 422 and "a user needs a role" in refused.text
    assert "norole" not in {u.username for u in users.users(demo.service)}


def test_a_user_has_a_full_name_which_the_report_and_signoff_print(
        demo: Demo, dora: Client, cup: int) -> None:
    """Issue 26: the desk sets a user's full name (a new user's and later,
    recorded); the sign-off page and the report name a referee by it."""
    url = f"/desk/tournaments/{cup}/users"
    assert post(dora, url, {"username": "soren", "password": "referee-soren-1",
                            "role": "referee", "full_name": "Søren Ærø"}).status_code == 303
    assert post(dora, url, {"username": "dj", "password": "referee-dj-11",
                            "role": "referee"}).status_code == 303
    game = games(demo, cup)[-1]
    assert post(dora, f"/desk/games/{game.game_id}/staff",
                {"referee": ["soren", "dj"]}).status_code == 303
    signoff = dora[0].get(f"/games/{game.game_id}/signoff").text
    assert "<td>Søren Ærø, dj</td>" in signoff and "Still to sign: Søren Ærø, dj." in signoff
    assert post(dora, f"{url}/dj/name", {"full_name": "  Ðorđe   Čačak "}).status_code == 303
    report = dora[0].get(f"/games/{game.game_id}/report").text
    assert "<dd>Søren Ærø, Ðorđe Čačak</dd>" in report
    people_page = dora[0].get(f"/desk/tournaments/{cup}/people").text
    assert 'value="Søren Ærø"' in people_page  # the name's own field
    # the game's referee field holds the login, the full name beside it
    assert re.search(r'<input name="referee" value="soren"[^>]*aria-label="referee 1 of game '
                     rf'{game.game_id}"> <span class="meta">Søren Ærø</span>', people_page)
    named = next(c for c in changes.changes(demo.service) if c.subject == "user dj")
    assert (named.action, named.before, named.after) == (
        "named", {"full_name": ""}, {"full_name": "Ðorđe Čačak"})
    refused = post(dora, f"{url}/dj/name", {"full_name": "x" * 201})
    assert refused.status_code == 422 and "full_name: 201 characters is too long" in refused.text


def test_the_officials_are_named_one_day_at_a_time(demo: Demo, dora: Client) -> None:
    """Issue 30: the page shows one day's games (the first, when today has
    none), each other day a link; a game's officials saved, the desk is back
    on that game's day."""
    tid = new_tournament(dora, "Two Day Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for n in range(1, 5):
        desk_teams.add_team(demo.service, did, f"D{n}", by="dora")
    desk_rinks.add(demo.service, tid, "North", RINK, by="dora")
    windows = desk_schedule.parse_windows("2026-12-19 08:00-11:00\n2026-12-20 08:00-11:00")
    desk_schedule.generate(demo.service, tid, windows=windows, game_minutes=50,
                           rest_minutes=0, by="dora")
    grid = desk_schedule.grid(demo.service, tid)
    first, second = grid.days[0], grid.days[1]
    assert first.cells and second.cells
    page = dora[0].get(f"/desk/tournaments/{tid}/people").text
    assert all(f'data-game="{g.game_id}"' in page for g in first.cells.values())
    assert not any(f'data-game="{g.game_id}"' in page for g in second.cells.values())
    assert f'href="?day={second.day}"' in page
    other = dora[0].get(f"/desk/tournaments/{tid}/people?day={second.day}").text
    assert all(f'data-game="{g.game_id}"' in other for g in second.cells.values())
    game = next(iter(second.cells.values()))
    saved = post(dora, f"/desk/games/{game.game_id}/staff", {"scorekeeper": "skip"})
    assert saved.status_code == 303
    assert saved.headers["location"] == (f"/desk/tournaments/{tid}/people?day={second.day}"
                                         "&done=officials")


def test_the_logins_a_staff_field_offers_are_the_directors_to_ask(
        demo: Demo, dora: Client, skip: Client, rick: Client, cup: int) -> None:
    """Issue 30: the staff fields ask for the logins of their role as they are
    typed (the page never lists every user); the director's alone to ask,
    and a role that is none of a game's staff is refused, saying which are."""
    users.create_user(demo.service, "reno", "referee-reno-1", "referee", full_name="Ada Reyes")
    url = f"/desk/tournaments/{cup}/people/logins"
    found = dora[0].get(url, params={"role": "referee", "q": "reye"})
    assert found.json() == {"logins": [{"username": "reno", "shown": "Ada Reyes"}]}
    keepers = sorted(u.username for u in users.users(demo.service)
                     if u.role == "scorekeeper" and u.active)
    assert [u["username"] for u in dora[0].get(url, params={"role": "scorekeeper"}
                                               ).json()["logins"]] == keepers[:20]
    refused = dora[0].get(url, params={"role": "director", "q": "d"})
    assert refused.status_code == 422 and "scorekeeper, referee" in refused.json()["detail"]
    assert dora[0].get("/desk/tournaments/999999/people/logins",
                       params={"role": "referee"}).status_code == 404
    for who in (skip, rick):
        assert who[0].get(url, params={"role": "referee", "q": "re"}).status_code == 403


def test_the_users_are_found_by_login_or_name_a_page_at_a_time(
        demo: Demo, dora: Client, cup: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: the users' list is a search, :data:`desk_people.PER_PAGE` a
    page, never every user of a season at once."""
    users.create_user(demo.service, "paige", "paige-pass-12", "scorekeeper",
                      full_name="Paige Turner")
    page = dora[0].get(f"/desk/tournaments/{cup}/people", params={"q": "TURN"}).text
    assert "Reset paige's password" in page and "Reset skip's password" not in page
    assert "1 user with “TURN”" in page
    monkeypatch.setattr(desk_people, "PER_PAGE", 2)
    everyone = sorted(u.username for u in users.users(demo.service))
    seen: list[str] = []
    for number in range(1, -(-len(everyone) // 2) + 1):
        listed = dora[0].get(f"/desk/tournaments/{cup}/people", params={"page": number}).text
        seen += re.findall(r"Reset (\S+)'s password", listed)
        assert ("next page" in listed) == (number < -(-len(everyone) // 2))
    assert [html.unescape(n) for n in seen] == everyone


def test_a_referee_who_plays_is_found_and_shown_with_the_clash_on_the_people_page(
        demo: Demo, dora: Client) -> None:
    """A referee named to a game while their own team plays at once (Rule
    501(a); the person is one, Rule 203(a)): the day's people page shows the
    clash on both games, and the users' search finds them by name."""
    tid = new_tournament(dora, "Whistle Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    teams = [desk_teams.add_team(demo.service, did, f"W{n}", by="dora") for n in range(1, 5)]
    desk_teams.add_player(demo.service, teams[0], number=5, name="Wren Whistler",
                          goalie=False, captain=None, by="dora")
    start = datetime.fromisoformat("2026-12-22T09:00").astimezone()
    with demo.service.write() as s:  # two games at once, W1's and W3's
        s.add_all(models.Game(division_id=did, home_team_id=teams[home],
                              away_team_id=teams[away], start=start, rink=rink, stage="pool",
                              schedule_order=n)
                  for n, (home, away, rink) in enumerate(((0, 1, "East"), (2, 3, "West")), 1))
    (day,) = desk_schedule.grid(demo.service, tid).days
    played = next(g for g in day.cells.values() if g.home == "W1")
    other = next(g for g in day.cells.values() if g.home == "W3")
    users.create_user(demo.service, "wren", "referee-wren-1", "referee",
                      full_name="Wren Whistler")
    officiating.set_officials(demo.service, other.game_id, {"referee": ["Wren Whistler"]})
    page = dora[0].get(f"/desk/tournaments/{tid}/people?day={day.day}").text
    clash = "Wren Whistler is due in two games at once"
    for game in (played, other):
        row = page[page.index(f'<tr data-game="{game.game_id}">'):]
        assert clash in row[:row.index("</tr>")]
    found = dora[0].get(f"/desk/tournaments/{tid}/people", params={"q": "whistler"}).text
    assert "Reset wren's password" in found
