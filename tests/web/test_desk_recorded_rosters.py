"""A roster change never takes a recorded game down (Rules 202, 203(a)): a
game's log names its players by the numbers they wore, so a number changed,
a goaltender unmarked or a team's list replaced that would leave a recorded
game naming nobody is refused with the game and the rule, and nothing
changes; the game, its report and the division's pages keep answering."""

from __future__ import annotations

from typing import Any

from deskkit import dora, people, post, rick, skip
from webkit import Client, Demo

from rinkside.services import changes, queries
from rinkside.services.queries.teams import PlayerRow, TeamPage

__all__ = ["dora", "people", "rick", "skip"]


def _a_scorer(demo: Demo) -> tuple[int, int, int, PlayerRow]:
    """(game, team, player id, player) of the first goal of the first recorded game."""
    game = next(g for g in queries.games(demo.service) if g.version > 0
                and demo.service.game_state(g.game_id)[1].goals)
    goal = demo.service.game_state(game.game_id)[1].goals[0]
    team_id = game.home_team_id if goal.team == "home" else game.away_team_id
    player = next(p for p in queries.team(demo.service, team_id).players
                  if p.number == goal.scorer)
    return game.game_id, team_id, player.player_id, player


def test_renumbering_a_player_who_scored_is_refused_and_the_game_still_reads(
        demo: Demo, dora: Client) -> None:
    game_id, team_id, player_id, player = _a_scorer(demo)
    before = changes.changes(demo.service)
    response = post(dora, f"/desk/players/{player_id}", {
        "team_id": team_id, "number": "98", "name": player.name,
        "goalie": "yes" if player.goalie else "",
        "captain": player.captain or "", "reason": "new jersey"})
    assert response.status_code == 422
    assert "203(a)" in response.text and f"game {game_id}" in response.text
    numbers = {p.player_id: p.number for p in queries.team(demo.service, team_id).players}
    assert numbers[player_id] == player.number
    assert changes.changes(demo.service) == before
    client = dora[0]
    division = queries.game(demo.service, game_id).division_id
    for page in (f"/games/{game_id}", f"/divisions/{division}/standings",
                 f"/games/{game_id}/report"):
        assert client.get(page).status_code == 200, page


def test_an_import_that_drops_a_player_a_recorded_game_names_is_refused(
        demo: Demo, dora: Client) -> None:
    game_id, team_id, _, player = _a_scorer(demo)
    team = queries.team(demo.service, team_id)
    kept = [p for p in team.players if p.number != player.number]
    lines = ["team,number,name,goalie,captain"] + [
        f"{team.name},{p.number},{p.name},{'yes' if p.goalie else 'no'},{p.captain or ''}"
        for p in kept]
    client, token = dora
    response = client.post(f"/desk/divisions/{team.division.division_id}/import",
                           data={"csrf_token": token, "team": team.name, "reason": "new list"},
                           files={"file": ("r.csv", ("\n".join(lines) + "\n").encode(),
                                           "text/csv")}, follow_redirects=False)
    assert response.status_code == 422
    assert "203(a)" in response.text and f"game {game_id}" in response.text
    after = queries.team(demo.service, team_id).players
    assert [p.player_id for p in after] == [p.player_id for p in team.players]
    assert client.get(f"/games/{game_id}").status_code == 200


def _import(dora: Client, team: TeamPage, rows: list[tuple[int, str, bool, str | None]]) -> Any:
    lines = ["team,number,name,goalie,captain"] + [
        f"{team.name},{number},{name},{'yes' if goalie else 'no'},{captain or ''}"
        for number, name, goalie, captain in rows]
    client, token = dora
    return client.post(f"/desk/divisions/{team.division.division_id}/import",
                       data={"csrf_token": token, "team": team.name, "reason": "new list"},
                       files={"file": ("r.csv", ("\n".join(lines) + "\n").encode(),
                                       "text/csv")}, follow_redirects=False)


def test_an_import_giving_a_scorers_number_to_someone_else_is_refused(
        demo: Demo, dora: Client) -> None:
    game_id, team_id, _, player = _a_scorer(demo)
    team = queries.team(demo.service, team_id)
    rows = [(p.number, "Someone Else" if p.number == player.number else p.name, p.goalie,
             p.captain) for p in team.players]
    response = _import(dora, team, rows)
    assert response.status_code == 422
    assert f"game {game_id} as recorded names #{player.number}" in response.text
    assert f"{player.name}; with this roster #{player.number} would be Someone Else" \
        in response.text
    assert queries.team(demo.service, team_id).players == team.players
