"""Divisions, teams, rosters and rinks on the desk: Section II checked as the
CLI does (201, 202, 307), imports that show every bad row with its rule and
import nothing until all are right, unknown columns named, 203(b) after the
start; the director's alone, every change recorded."""

from __future__ import annotations

from typing import Any

import pytest
from deskkit import dora, new_tournament, people, post, rick, skip
from webkit import Client, Demo

from rinkside.services import changes, queries, rinks

__all__ = ["dora", "people", "rick", "skip"]

GOOD = ["team,number,name,goalie,captain",
        *[f"Owls,{n},Owl {n},{'yes' if n == 1 else 'no'},{'C' if n == 9 else ''}"
          for n in (1, 9, 10, 11, 12)],
        *[f"Hawks,{n},Hawk {n},{'yes' if n == 30 else 'no'},{'C' if n == 7 else ''}"
          for n in (30, 7, 8, 14, 15)]]


def csv(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def upload(who: Client, division: int, content: bytes, name: str = "rosters.csv",
           **form: str) -> Any:
    client, token = who
    return client.post(f"/desk/divisions/{division}/import",
                       data={"csrf_token": token, **form},
                       files={"file": (name, content, "text/csv")}, follow_redirects=False)


def division_of(demo: Demo, dora: Client, name: str) -> tuple[int, int]:
    tid = new_tournament(dora, name)
    assert post(dora, f"/desk/tournaments/{tid}/divisions", {"name": "Open"}
                ).status_code == 303
    return tid, queries.divisions(demo.service, tid)[0].division_id


def team_ids(demo: Demo, tid: int) -> dict[str, int]:
    tree = next(t for t in queries.tournament_trees(demo.service) if t.tournament_id == tid)
    return {team.name: team.team_id for d in tree.divisions for team in d.teams}


def test_an_import_with_a_bad_row_shows_it_with_its_rule_and_imports_nothing(
        demo: Demo, dora: Client) -> None:
    tid, did = division_of(demo, dora, "Import Cup")
    bad = [*GOOD, "Owls,9,Owl Twin,no,"]  # a second #9 on the Owls
    response = upload(dora, did, csv(bad))
    assert response.status_code == 422
    assert "307(c)" in response.text and "nothing was imported" in response.text
    assert team_ids(demo, tid) == {}
    fixed = upload(dora, did, csv([*GOOD, "Owls,19,Owl Twin,no,"]))
    assert fixed.status_code == 303
    teams = team_ids(demo, tid)
    assert set(teams) == {"Owls", "Hawks"}
    assert len(queries.team(demo.service, teams["Owls"]).players) == 6
    assert changes.changes(demo.service, tid)[0].action == "imported"


def test_an_unknown_column_is_named_not_ignored(demo: Demo, dora: Client) -> None:
    tid, did = division_of(demo, dora, "Column Cup")
    lines = [GOOD[0] + ",Shirt size", *(line + ",XL" for line in GOOD[1:])]
    response = upload(dora, did, csv(lines))
    assert response.status_code == 422
    assert "unknown column &#39;Shirt size&#39; (column F)" in response.text
    assert team_ids(demo, tid) == {}


def test_the_template_documents_its_columns_and_imports_as_is(demo: Demo,
                                                              dora: Client) -> None:
    template = dora[0].get("/desk/roster-template.csv")
    assert template.status_code == 200
    assert template.text.splitlines()[0] == ("team,number,name,goalie,captain,playing_coach,"
                                             "birth_date")
    tid, did = division_of(demo, dora, "Template Cup")
    page = dora[0].get(f"/desk/tournaments/{tid}/teams")
    assert "playing_coach" in page.text and "201(c)" in page.text
    assert upload(dora, did, template.content, "template.csv").status_code == 303


def test_players_are_added_and_edited_by_section_ii_and_after_the_start_by_203b(
        demo: Demo, dora: Client) -> None:
    tid, did = division_of(demo, dora, "Player Cup")
    assert upload(dora, did, csv(GOOD)).status_code == 303
    owls = team_ids(demo, tid)["Owls"]
    url = f"/desk/teams/{owls}/players"
    twin = post(dora, url, {"number": "9", "name": "Twin"})
    assert twin.status_code == 422 and "307(c)" in twin.text
    assert post(dora, url, {"number": "100", "name": "Big"}).status_code == 422
    assert post(dora, url, {"number": "21", "name": "New Owl"}).status_code == 303
    goalie = next(p for p in queries.team(demo.service, owls).players if p.goalie)
    edit = f"/desk/players/{goalie.player_id}"
    lettered = post(dora, edit, {"team_id": owls, "number": "1", "name": goalie.name,
                                 "goalie": "yes", "captain": "A"})
    assert lettered.status_code == 422 and "202" in lettered.text  # 202(d)
    demo.service.start_tournament(tid)
    unexplained = post(dora, edit, {"team_id": owls, "number": "31", "name": goalie.name,
                                    "goalie": "yes"})
    assert unexplained.status_code == 422 and "203(b)" in unexplained.text
    assert post(dora, edit, {"team_id": owls, "number": "31", "name": goalie.name,
                             "goalie": "yes", "reason": "new jersey"}).status_code == 303
    numbers = {p.number for p in queries.team(demo.service, owls).players}
    assert 31 in numbers and 1 not in numbers
    last = changes.changes(demo.service, tid)[0]
    assert (last.before["number"], last.after["number"], last.reason) == (1, 31, "new jersey")


def test_divisions_and_teams_are_renamed_and_a_name_is_unique(demo: Demo,
                                                              dora: Client) -> None:
    tid, did = division_of(demo, dora, "Name Cup")
    assert post(dora, f"/desk/divisions/{did}/teams", {"name": "Foxes"}).status_code == 303
    assert post(dora, f"/desk/divisions/{did}/teams", {"name": "Foxes"}).status_code == 422
    foxes = team_ids(demo, tid)["Foxes"]
    assert post(dora, f"/desk/teams/{foxes}/rename", {"name": "Red Foxes"}).status_code == 303
    assert post(dora, f"/desk/divisions/{did}/rename", {"name": "Elite"}).status_code == 303
    assert team_ids(demo, tid) == {"Red Foxes": foxes}
    assert queries.division(demo.service, did).name == "Elite"
    renamed = [c for c in changes.changes(demo.service, tid) if c.action == "renamed"]
    assert [(c.before, c.after) for c in renamed] == [("Open", "Elite"),
                                                      ("Foxes", "Red Foxes")]


def test_a_team_is_withdrawn_before_the_start_and_forfeits_after_it(demo: Demo,
                                                                     dora: Client) -> None:
    tid, did = division_of(demo, dora, "Withdraw Cup")
    assert upload(dora, did, csv(GOOD)).status_code == 303
    for name in ("Crows", "Doves"):
        post(dora, f"/desk/divisions/{did}/teams", {"name": name})
    teams = team_ids(demo, tid)
    demo.service.add_game(did, teams["Owls"], teams["Hawks"])
    kept = demo.service.add_game(did, teams["Crows"], teams["Doves"])
    url = f"/desk/teams/{teams['Owls']}/withdraw"
    assert post(dora, url, {"reason": ""}).status_code == 422
    assert post(dora, url, {"reason": "could not travel"}).status_code == 303
    assert set(team_ids(demo, tid)) == {"Hawks", "Crows", "Doves"}
    assert [g.game_id for g in queries.games(demo.service, did)] == [kept]
    withdrawn = next(c for c in changes.changes(demo.service, tid) if c.action == "withdrawn")
    assert withdrawn.before["name"] == "Owls" and len(withdrawn.before["players"]) == 5
    demo.service.start_tournament(tid)
    late = post(dora, f"/desk/teams/{teams['Hawks']}/withdraw", {"reason": "gone"})
    assert late.status_code == 422 and "634" in late.text


RINK = {"name": "North", "width": "85", "length": "185", "corner_radius": "20",
        "goal_line_distance": "12"}


def test_rinks_are_added_and_edited_with_their_section_i_verdict(demo: Demo,
                                                                 dora: Client) -> None:
    tid = new_tournament(dora, "Rink Cup")
    url = f"/desk/tournaments/{tid}/rinks"
    assert post(dora, url, RINK).status_code == 303
    bad = post(dora, url, {**RINK, "name": "South", "width": "wide"})
    assert bad.status_code == 422 and "width" in bad.text
    (north,) = rinks.rinks(demo.service, tid)
    assert post(dora, f"/desk/rinks/{north.id}", {**RINK, "width": "50"}).status_code == 303
    page = dora[0].get(url)
    assert "does not meet Section I" in page.text and "101(c)" in page.text
    assert rinks.rink(demo.service, north.id).dimensions["width"] == 50


def test_a_teams_colour_and_logo_are_set_on_the_desk_and_shown_by_the_scoreboard(
        demo: Demo, dora: Client) -> None:
    team = queries.tournament_trees(demo.service)[0].divisions[0].teams[0]
    game = next(g for g in queries.games(demo.service)
                if team.team_id in (g.home_team_id, g.away_team_id))
    side = "home" if game.home_team_id == team.team_id else "away"
    url = f"/desk/teams/{team.team_id}/style"
    bad = post(dora, url, {"colour": "blue", "logo": ""})
    assert bad.status_code == 422 and "#rrggbb" in bad.text
    assert post(dora, url, {"colour": "#1E40AF", "logo": "/static/logo.png"}).status_code == 303
    state = dora[0].get(f"/api/games/{game.game_id}/state").json()
    assert state["teams"][side]["colour"] == "#1e40af"
    assert state["teams"][side]["logo"] == "/static/logo.png"
    assert 'value="#1e40af"' in dora[0].get(f"/desk/teams/{team.team_id}").text
    assert changes.changes(demo.service)[0].after == {"colour": "#1e40af",
                                                      "logo": "/static/logo.png"}
    assert post(dora, url, {"colour": "", "logo": ""}).status_code == 303  # cleared
    assert dora[0].get(f"/api/games/{game.game_id}/state").json()["teams"][side]["colour"] is None


WRITES = [
    "/desk/tournaments/{tid}/divisions", "/desk/divisions/{did}/rename",
    "/desk/divisions/{did}/teams", "/desk/teams/{team}/rename", "/desk/teams/{team}/players",
    "/desk/teams/{team}/withdraw", "/desk/teams/{team}/style",
    "/desk/players/{player}", "/desk/tournaments/{tid}/rinks",
]


@pytest.mark.parametrize("path", WRITES)
def test_only_the_director_changes_teams_rosters_and_rinks(
        demo: Demo, dora: Client, skip: Client, rick: Client, path: str) -> None:
    tree = queries.tournament_trees(demo.service)[0]
    division = tree.divisions[0]
    team = division.teams[0]
    player = queries.team(demo.service, team.team_id).players[0]
    url = path.format(tid=tree.tournament_id, did=division.division_id, team=team.team_id,
                      player=player.player_id)
    before = changes.changes(demo.service)
    for who in (skip, rick):
        assert post(who, url, {"name": "X", "number": "50", "team_id": team.team_id,
                               "reason": "x"}).status_code == 403
    assert upload(skip, division.division_id, csv(GOOD)).status_code == 403
    assert dora[0].post(url, data={"name": "X"}).status_code == 403  # no CSRF token
    assert changes.changes(demo.service) == before


def test_a_leagues_divisions_come_one_a_page_and_a_team_is_found_by_name(
        demo: Demo, dora: Client) -> None:
    """Issue 30: the teams page grew with the season (every division's teams
    and forms on one page). It shows one division, chosen (the first by
    default), as the discipline page does; a form's answer comes back to its
    division; a team is found by name in every division; and the page reads
    this tournament alone."""
    tid = new_tournament(dora, "Chooser Cup")
    for n in range(1, 11):
        answer = post(dora, f"/desk/tournaments/{tid}/divisions", {"name": f"D{n:02}"})
        assert answer.status_code == 303
    ids = [d.division_id for d in queries.divisions(demo.service, tid)]
    # a new division is the one shown
    assert answer.headers["location"] == (f"/desk/tournaments/{tid}/teams?division={ids[9]}"
                                          "&done=division")
    client = dora[0]
    first = client.get(f"/desk/tournaments/{tid}/teams").text
    assert first.count('<section class="division"') == 1 and "<h2>D01</h2>" in first
    assert all(f'<option value="{i}"' in first for i in ids)  # every division to choose
    tenth = client.get(f"/desk/tournaments/{tid}/teams?division={ids[9]}").text
    assert tenth.count('<section class="division"') == 1 and "<h2>D10</h2>" in tenth
    for unknown in ("x", "0", "999999"):
        assert "<h2>D01</h2>" in client.get(
            f"/desk/tournaments/{tid}/teams?division={unknown}").text

    answer = post(dora, f"/desk/divisions/{ids[9]}/teams", {"name": "Herons"})
    assert answer.headers["location"] == (f"/desk/tournaments/{tid}/teams?division={ids[9]}"
                                          "&done=team")
    post(dora, f"/desk/divisions/{ids[0]}/teams", {"name": "Blue Herons"})
    post(dora, f"/desk/divisions/{ids[1]}/teams", {"name": "Owls"})
    refused = post(dora, f"/desk/divisions/{ids[9]}/teams", {"name": "Herons"})
    assert refused.status_code == 422 and "<h2>D10</h2>" in refused.text  # its division

    found = client.get(f"/desk/tournaments/{tid}/teams", params={"team": "HERON"}).text
    assert found.count('<section class="division"') == 2  # D01 and D10, not D02
    assert ">Herons</a>" in found and ">Blue Herons</a>" in found and ">Owls</a>" not in found
    assert "No team's name holds" in client.get(
        f"/desk/tournaments/{tid}/teams", params={"team": "Eagles"}).text

    other = new_tournament(dora, "Other Cup")
    post(dora, f"/desk/tournaments/{other}/divisions", {"name": "Elsewhere"})
    tree = queries.tournament_tree(demo.service, tid, division_ids=ids[:2])
    assert [d.name for d in tree.divisions] == ["D01", "D02"]
    assert [t.name for t in tree.divisions[0].teams] == ["Blue Herons"]
    assert "Elsewhere" not in client.get(f"/desk/tournaments/{tid}/teams").text
