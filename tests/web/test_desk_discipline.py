"""Discipline, forfeits and playoffs on the desk: supplementary discipline
(410(a)) and what is still owed (410(b)); a forfeit before play (634(c))
previewed, a second one shown to remove the team (634(e)4) before it is
confirmed; seeds with their reasons, the coin toss (casebook 24), a playoff
game scheduled under the playoff settings (639); the director's alone."""

from __future__ import annotations

import re

import pytest
from deskkit import dora, people, post, rick, skip, small_cup
from webkit import Client, Demo

from rinkside.services import (
    changes,
    desk_discipline,
    desk_playoffs,
    desk_reviews,
    desk_teams,
    queries,
)
from rinkside.tournament.suspension_status import SuspensionStatus

__all__ = ["dora", "people", "rick", "skip"]

TEAMS = ("Ants", "Bees", "Cats", "Dogs")


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> tuple[int, int]:
    return small_cup(demo, dora, "Discipline Cup", TEAMS)


def games_of(demo: Demo, did: int) -> list[queries.GameRow]:
    return sorted(queries.games(demo.service, did), key=lambda g: (g.start, g.game_id))


def test_supplementary_discipline_is_added_and_shown_still_owed(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    tid, _ = cup
    ants = next(t for t in queries.tournament_trees(demo.service) if t.tournament_id == tid
                ).divisions[0].teams[0]
    player = next(p for p in queries.team(demo.service, ants.team_id).players if p.number == 10)
    url = f"/desk/tournaments/{tid}/supplementary"
    bad = post(dora, url, {"player": player.player_id, "games": "two", "reason": "spat"})
    assert bad.status_code == 422 and "410(a)" in bad.text
    unexplained = post(dora, url, {"player": player.player_id, "games": "2", "reason": ""})
    assert unexplained.status_code == 422
    assert post(dora, url, {"player": player.player_id, "games": "2",
                            "reason": "spat at an official"}).status_code == 303
    page = dora[0].get(f"/desk/tournaments/{tid}/discipline")
    owed = page.text.split("410(b)")[1]
    assert f"{player.name} (Ants): 2 games" in owed
    assert changes.changes(demo.service, tid)[0].reason == "spat at an official"


def test_the_length_of_a_suspension_is_chosen_in_the_books_words_not_typed_as_a_key(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    """Rules 410(a), 410(b), 404(h): the rest of the tournament and pending
    review are offered as choices in words; the director types no stored key."""
    tid, _ = cup
    page = dora[0].get(f"/desk/tournaments/{tid}/discipline").text
    form = page[page.index(f'action="/desk/tournaments/{tid}/supplementary"'):]
    form = form[:form.index("</form>")]
    assert '<option value="pending_review">pending review by the Event Directors' in form
    assert '<option value="rest_of_tournament">the rest of the tournament' in form
    assert "rest_of_tournament)" not in page and "(games, none, rest_of_tournament)" not in page
    ants = next(t for t in queries.tournament_trees(demo.service) if t.tournament_id == tid
                ).divisions[0].teams[0]
    player = next(p for p in queries.team(demo.service, ants.team_id).players if p.number == 11)
    url = f"/desk/tournaments/{tid}/supplementary"
    both = post(dora, url, {"player": player.player_id, "games": "2", "extent": "pending_review",
                            "reason": "a brawl"})
    assert both.status_code == 422 and "not both" in both.text
    assert post(dora, url, {"player": player.player_id, "games": "", "extent": "pending_review",
                            "reason": "a brawl"}).status_code == 303
    status = demo.service.suspensions(tid)[player.player_id]
    assert [s.games for s in status.sanctions] == ["pending_review"]


def test_a_second_forfeit_is_previewed_as_a_removal_before_it_is_confirmed(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    tid, did = cup
    names = queries.team_names(demo.service, did)
    team_games = [g for g in games_of(demo, did) if names[g.home_team_id] == "Ants"
                  or names[g.away_team_id] == "Ants"]
    first, second = team_games[:2]
    url = f"/desk/tournaments/{tid}/forfeit"

    def side(g: queries.GameRow) -> str:
        return "home" if names[g.home_team_id] == "Ants" else "away"

    preview = post(dora, url, {"game": first.game_id, "team": side(first), "cause": "634(c)1"})
    assert preview.status_code == 200 and "A first forfeit" in preview.text
    assert queries.game(demo.service, first.game_id).version == 0  # nothing recorded yet
    assert post(dora, url, {"game": first.game_id, "team": side(first), "cause": "634(c)1",
                            "reason": "", "confirm": "yes"}).status_code == 422
    assert post(dora, url, {"game": first.game_id, "team": side(first), "cause": "634(c)1",
                            "reason": "three skaters", "confirm": "yes"}).status_code == 303
    state = demo.service.game_state(first.game_id)[1]
    assert state.result is not None and state.result.decided_by == "forfeit"
    again = post(dora, url, {"game": second.game_id, "team": side(second),
                             "cause": "634(c)2"})
    assert "second forfeit" in again.text and "634(e)4" in again.text
    assert post(dora, url, {"game": second.game_id, "team": side(second), "cause": "634(c)2",
                            "reason": "team went home", "confirm": "yes"}).status_code == 303
    ants = next(t for t, n in names.items() if n == "Ants")
    assert ants in demo.service.division_view(did).removed
    begun = post(dora, url, {"game": first.game_id, "team": "home", "cause": "634(c)1"})
    assert begun.status_code == 422 and "has begun" in begun.text
    wrong = post(dora, url, {"game": second.game_id + 1000, "team": "home", "cause": "x"})
    assert wrong.status_code == 404


@pytest.fixture
def ants_forfeited(demo: Demo, dora: Client) -> tuple[int, int]:
    """A cup of its own whose Ants forfeited twice and were removed (634(e)4)."""
    tid, did = small_cup(demo, dora, "Seeds Cup", TEAMS)
    names = queries.team_names(demo.service, did)
    for game in [g for g in games_of(demo, did)
                 if "Ants" in (names[g.home_team_id], names[g.away_team_id])][:2]:
        side = "home" if names[game.home_team_id] == "Ants" else "away"
        assert post(dora, f"/desk/tournaments/{tid}/forfeit", {
            "game": game.game_id, "team": side, "cause": "634(c)2", "reason": "no show",
            "confirm": "yes"}).status_code == 303
    return tid, did


def _forfeit_around(demo: Demo, dora: Client, tid: int, did: int) -> list[int]:
    """The pool's games left (the Ants removed) each forfeited by a different
    team, in a ring: Bees, Cats and Dogs end level on everything (one win,
    one forfeit, 1-1 in goals, casebook 23-24), every pool game decided (634)."""
    names = queries.team_names(demo.service, did)
    removed = demo.service.division_view(did).removed
    left = [g for g in games_of(demo, did)
            if not {g.home_team_id, g.away_team_id} & set(removed)]
    ring = sorted({t for g in left for t in (g.home_team_id, g.away_team_id)})
    for game in left:  # each team forfeits to the next in the ring
        home_forfeits = (ring.index(game.away_team_id) - ring.index(game.home_team_id)) % 3 == 1
        assert post(dora, f"/desk/tournaments/{tid}/forfeit", {
            "game": game.game_id, "team": "home" if home_forfeits else "away",
            "cause": "634(c)2", "reason": "no show", "confirm": "yes"}).status_code == 303
    return sorted(t for t, n in names.items() if n != "Ants")


def test_no_coin_toss_is_offered_before_the_pool_is_decided(
        demo: Demo, dora: Client, ants_forfeited: tuple[int, int]) -> None:
    """Casebook 24: the coin toss is the chain's last resort; three teams
    level only because their games are not played yet are not tied."""
    _, did = ants_forfeited
    page = dora[0].get(f"/desk/divisions/{did}/playoffs?teams=2")
    assert page.status_code == 200
    assert "Record the coin toss" not in page.text and "still tied" not in page.text
    assert "The seeds are known once every pool game is decided." in page.text
    assert desk_playoffs.playoff_desk(demo.service, did, 2).tied == []
    tied = [t for t, n in queries.team_names(demo.service, did).items() if n != "Ants"]
    refused = post(dora, f"/desk/divisions/{did}/coin-toss",
                   {"teams": "2", "place": [str(t) for t in tied]})
    assert refused.status_code == 422 and "no coin toss is due" in refused.text


def test_seeds_need_their_coin_toss_then_a_playoff_game_plays_under_639(
        demo: Demo, dora: Client, ants_forfeited: tuple[int, int]) -> None:
    tid, did = ants_forfeited
    tied = _forfeit_around(demo, dora, tid, did)
    page = dora[0].get(f"/desk/divisions/{did}/playoffs?teams=2")
    assert page.status_code == 200
    # Ants removed (634(e)6-7 erase its games): the three others are level on everything.
    assert "Record the coin toss" in page.text and "casebook 24" in page.text
    assert "Bees, Cats, Dogs are still tied for a seed" in page.text
    assert not re.search(r"\[\d+, \d+", page.text)  # names, never internal ids
    assert sorted(desk_playoffs.playoff_desk(demo.service, did, 2).tied) == tied
    assert post(dora, f"/desk/divisions/{did}/coin-toss",
                {"teams": "2", "place": [str(t) for t in tied[:1]]}).status_code == 422
    two = post(dora, f"/desk/divisions/{did}/coin-toss",
               {"teams": "2", "place": [str(t) for t in tied[:2]]})
    assert two.status_code == 422 and "all of them: Bees, Cats, Dogs" in two.text
    assert post(dora, f"/desk/divisions/{did}/coin-toss",
                {"teams": "2", "place": [str(t) for t in tied]}).status_code == 303
    page = dora[0].get(f"/desk/divisions/{did}/playoffs?teams=2")
    assert "Seeds" in page.text and "points" in page.text
    response = post(dora, f"/desk/divisions/{did}/playoffs/1",
                    {"teams": "2", "start": "2026-12-13T10:00", "rink": "Main"})
    assert response.status_code == 303
    playoff = next(g for g in queries.games(demo.service, did) if g.stage == "playoff")
    assert demo.service.game_state(playoff.game_id)[1].setup.settings.overtime == "shootout"
    twice = post(dora, f"/desk/divisions/{did}/playoffs/1",
                 {"teams": "2", "start": "2026-12-13T12:00", "rink": "Main"})
    assert twice.status_code == 422 and "scheduled already" in twice.text


@pytest.mark.parametrize("path", ["/desk/tournaments/{tid}/supplementary",
                                  "/desk/tournaments/{tid}/forfeit",
                                  "/desk/divisions/{did}/coin-toss",
                                  "/desk/divisions/{did}/playoffs/1"])
def test_only_the_director_disciplines_forfeits_and_seeds(
        demo: Demo, dora: Client, skip: Client, rick: Client, cup: tuple[int, int],
        path: str) -> None:
    tid, did = cup
    url = path.format(tid=tid, did=did)
    game = games_of(demo, did)[-1].game_id
    body = {"player": "1", "games": "1", "reason": "x", "game": game, "team": "home",
            "cause": "634(c)1", "confirm": "yes", "place": ["1", "2"], "teams": "2",
            "start": "2026-12-14T10:00", "rink": "Main"}
    before = changes.changes(demo.service)
    for who in (skip, rick):
        assert post(who, url, body).status_code == 403
    assert dora[0].post(url, data=body).status_code == 403
    assert changes.changes(demo.service) == before
    assert skip[0].get(f"/desk/tournaments/{tid}/discipline").status_code == 403
    assert rick[0].get(f"/desk/divisions/{did}/playoffs").status_code == 403


def test_a_removed_team_is_named_on_the_public_standings_with_its_rule(
        demo: Demo, dora: Client, ants_forfeited: tuple[int, int]) -> None:
    """634(e)4-7: the Ants leave the table after their second forfeit, and the
    public standings say so (not a team gone without a word)."""
    _, did = ants_forfeited
    page = dora[0].get(f"/divisions/{did}/standings").text
    table, notes = page.split("</table>", 1)
    assert "Ants" not in table
    removed = notes.split("<h2>Removed from the tournament</h2>")[1].split("</ul>")[0]
    assert "Ants</a>: second forfeit" in removed and "Rule 634(e)4" in removed
    assert "Rule 634(e)6-7" in removed


def test_the_page_shows_one_division_or_the_players_a_name_finds(
        demo: Demo, dora: Client) -> None:
    """Issue 30: the suspensions, players and games are the chosen
    division's (the first by default), or every division's players whose
    name holds the search: the page does not grow with the season."""
    tid, first = small_cup(demo, dora, "Two Division Cup", ("Elks", "Fox"))
    second = desk_teams.add_division(demo.service, tid, "U12", by="dora")
    desk_teams.import_roster_file(
        demo.service, second, "r.csv",
        b"team,number,name,goalie,captain\nGnus,1,Gnu Keeper,yes,\nGnus,9,Gnu Nine,no,C\n",
        by="dora")
    elk, gnu = ({p.name: p for t in queries.tournament_trees(demo.service)
                 if t.tournament_id == tid for d in t.divisions for team in d.teams
                 for p in queries.team(demo.service, team.team_id).players}[n]
                for n in ("Elks 10", "Gnu Nine"))
    for player in (elk, gnu):
        desk_discipline.add_supplementary(demo.service, player.player_id, "1", "spat",
                                          after_game_id=None, by="dora")
    url = f"/desk/tournaments/{tid}/discipline"
    default = dora[0].get(url).text
    assert "#10 Elks 10" in default.split("410(b)")[0] and "Gnu Nine" not in default
    u12 = dora[0].get(f"{url}?division={second}").text
    assert "#9 Gnu Nine" in u12.split("410(b)")[0] and "Elks 10" not in u12
    assert f'<option value="{second}" selected>U12</option>' in u12
    found = dora[0].get(f"{url}?name=gnu").text
    assert "#9 Gnu Nine" in found.split("410(b)")[0] and "Elks" not in found.split("</form>")[1]
    game = queries.games(demo.service, first)[0]  # the forfeit's choice: the division's games
    assert f'<option value="{game.game_id}">' in default
    assert f'<option value="{game.game_id}">' not in u12


def test_the_pending_cases_read_every_division_once(demo: Demo,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: the cases awaiting the directors (404(h), 405(b)) come from
    one reading of the tournament's suspensions, not two."""
    read: list[int] = []
    every = demo.service.suspensions

    def counted(tournament_id: int) -> dict[int, SuspensionStatus]:
        read.append(tournament_id)
        return every(tournament_id)

    monkeypatch.setattr(demo.service, "suspensions", counted)
    desk_reviews.pending(demo.service, demo.tournament_id)
    assert read == [demo.tournament_id]


def test_a_previewed_forfeit_stays_chosen_in_its_form(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    """The form under a forfeit's preview (634(e)) keeps the game, the side
    and the cause previewed, and a refused confirmation the reason typed,
    instead of falling back to the first game, home and 634(c)1."""
    tid, did = cup
    last = games_of(demo, did)[-1]
    url = f"/desk/tournaments/{tid}/forfeit"
    preview = post(dora, url, {"game": last.game_id, "team": "away", "cause": "634(c)2",
                               "reason": "a letter from the coach"})
    assert preview.status_code == 200 and "forfeit preview" in preview.text
    form = preview.text[preview.text.index('class="desk-form forfeit"'):]
    assert f'<option value="{last.game_id}" selected>' in form
    assert '<option value="away" selected>away</option>' in form
    assert '<option value="634(c)2" selected>' in form
    assert 'value="a letter from the coach"' in form
    refused = post(dora, url, {"game": last.game_id, "team": "away", "cause": "634(c)9",
                               "reason": "kept as typed", "confirm": "yes"})
    assert refused.status_code == 422 and 'value="kept as typed"' in refused.text
    assert queries.game(demo.service, last.game_id).version == 0  # nothing recorded
