"""The Event Directors' side on the desk: a gross misconduct pending review
(404(h)) and a match penalty's report (405(b)) resolved with the decision and
its reason; a suspension shortened or lengthened (410(a)); another
organisation's suspension recorded (410(d)); each recorded in the desk's
changes, each the director's alone."""

from __future__ import annotations

import pytest
from deskkit import dora, people, post, rick, skip
from webkit import Client, Demo, new_game, record, skaters

from rinkside.rules.events import FaceOff, Forfeit, Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import changes, desk_reviews, queries

__all__ = ["dora", "people", "rick", "skip"]


def reported_game(demo: Demo, cls: PenaltyClass, why: str, rule: str) -> tuple[int, int]:
    """A finished game in which an away skater took ``cls``: (game, player id)."""
    game = new_game(demo)
    culprit = skaters(demo.service, game, "away")[2]
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
           Penalty(GameTime(1, 6000), "away", culprit, cls, why, rule),
           Forfeit(GameTime(1, 6000), "home", "left the floor"))
    case = next(c for c in desk_reviews.pending(demo.service, demo.tournament_id)
                if c.game_id == game)
    return game, case.player_id


def url(demo: Demo, what: str) -> str:
    return f"/desk/tournaments/{demo.tournament_id}/{what}"


def test_rule_404h_pending_review_is_resolved_on_the_desk_with_no_more_games(
        demo: Demo, dora: Client) -> None:
    game, player = reported_game(demo, PenaltyClass.GROSS_MISCONDUCT,
                                 "physical harm to an official", "601(f)")
    page = dora[0].get(url(demo, "discipline"))
    assert "pending review" in page.text and f'name="game" value="{game}"' in page.text
    form = {"player": player, "game": game, "rule": "404(h)"}
    unexplained = post(dora, url(demo, "review"), {**form, "decision": "none", "reason": ""})
    assert unexplained.status_code == 422 and "404(h)" in unexplained.text
    nonsense = post(dora, url(demo, "review"), {**form, "decision": "lots", "reason": "x"})
    assert nonsense.status_code == 422 and "404(h)" in nonsense.text
    wrong_rule = post(dora, url(demo, "review"), {**form, "rule": "405(b)", "decision": "1",
                                                  "reason": "x"})
    assert wrong_rule.status_code == 422 and "405(b)" in wrong_rule.text
    done = post(dora, url(demo, "review"), {**form, "decision": "none",
                                            "reason": "apologised in writing"})
    assert done.status_code == 303
    assert all(c.player_id != player for c in desk_reviews.pending(demo.service,
                                                                   demo.tournament_id))
    sanction = next(s for s in demo.service.suspensions(demo.tournament_id)[player].sanctions
                    if s.game_id == game)
    assert sanction.games == 0 and sanction.decision == "apologised in writing"
    latest = changes.changes(demo.service, demo.tournament_id)[0]
    assert latest.action == "review 404(h)" and latest.after == {"game": game, "games": 0}
    again = post(dora, url(demo, "review"), {**form, "decision": "2", "reason": "again"})
    assert again.status_code == 422 and "awaiting" in again.text


def test_rule_410a_a_suspension_is_lengthened_then_shortened_with_a_reason(
        demo: Demo, dora: Client) -> None:
    game, player = reported_game(demo, PenaltyClass.GROSS_MISCONDUCT, "spitting", "601(f)")
    assert post(dora, url(demo, "review"), {"player": player, "game": game, "rule": "404(h)",
                                            "decision": "2", "reason": "two"}
                ).status_code == 303

    def left() -> int:
        own = demo.service.suspensions(demo.tournament_id)[player].sanctions
        return next(s for s in own if s.game_id == game).remaining

    before = left()
    assert post(dora, url(demo, "suspension-change"),
                {"player": player, "games": "+1", "reason": "repeated it"}).status_code == 303
    assert left() == before + 1
    assert post(dora, url(demo, "suspension-change"),
                {"player": player, "games": "-2", "reason": "on appeal"}).status_code == 303
    assert left() == max(before - 1, 0)
    assert changes.changes(demo.service, demo.tournament_id)[0].reason == "on appeal"
    for bad in ({"games": "0", "reason": "x"}, {"games": "-1", "reason": ""}):
        refused = post(dora, url(demo, "suspension-change"), {"player": player, **bad})
        assert refused.status_code == 422 and "410(a)" in refused.text


def test_rule_410d_a_suspension_by_another_organisation_is_served_here(
        demo: Demo, dora: Client) -> None:
    game = new_game(demo)
    player = next(p for p in demo.service.game_state(game)[1].setup.home.players
                  if not p.goalie)
    row = queries.game(demo.service, game)
    pid = next(p.player_id for p in queries.team(demo.service, row.home_team_id).players
               if p.number == player.number)
    unnamed = post(dora, url(demo, "other-suspension"),
                   {"player": pid, "organisation": "", "games": "2", "reason": "x"})
    assert unnamed.status_code == 422 and "410(d)" in unnamed.text
    assert post(dora, url(demo, "other-suspension"),
                {"player": pid, "organisation": "NARCh", "games": "2",
                 "reason": "fight at the finals"}).status_code == 303
    sanction = demo.service.suspensions(demo.tournament_id)[pid].sanctions[-1]
    assert sanction.rule == "410(d)" and "NARCh" in sanction.what and sanction.games == 2
    assert changes.changes(demo.service, demo.tournament_id)[0].after == {
        "organisation": "NARCh", "games": 2}


@pytest.mark.parametrize("what", ["review", "suspension-change", "other-suspension"])
def test_only_the_director_resolves_reviews_and_changes_suspensions(
        demo: Demo, dora: Client, skip: Client, rick: Client, what: str) -> None:
    body = {"player": "1", "game": "1", "rule": "404(h)", "decision": "1", "games": "1",
            "organisation": "NARCh", "reason": "x"}
    before = changes.changes(demo.service)
    for who in (skip, rick):
        assert post(who, url(demo, what), body).status_code == 403
    assert dora[0].post(url(demo, what), data=body).status_code == 403  # no CSRF token
    assert changes.changes(demo.service) == before


def test_desk_writes_stamp_the_time_of_the_clock_passed_to_the_service(
        demo: Demo, dora: Client) -> None:
    from datetime import UTC, datetime

    from rinkside.services.base import system_ms
    from rinkside.store import models

    then = datetime(2026, 12, 12, 9, 30, tzinfo=UTC)
    team = queries.tournament_trees(demo.service)[0].divisions[0].teams[-1]
    pid = queries.team(demo.service, team.team_id).players[-1].player_id
    demo.service.use_clock(lambda: int(then.timestamp() * 1000))
    try:
        assert post(dora, url(demo, "other-suspension"),
                    {"player": pid, "organisation": "State Wars", "games": "1",
                     "reason": "abuse of an official"}).status_code == 303
    finally:
        demo.service.use_clock(system_ms)
    assert changes.changes(demo.service, demo.tournament_id)[0].at == then
    with demo.service.read() as s:
        row = s.query(models.SupplementaryDiscipline).order_by(
            models.SupplementaryDiscipline.id.desc()).first()
        assert row is not None and row.at == then and row.organisation == "State Wars"


def test_rule_405b_a_match_penalty_report_is_decided_for_the_rest_of_the_tournament(
        demo: Demo, dora: Client) -> None:
    # Last in the module: the player is out for the rest of the tournament (405(e)),
    # so his team's later games would need a lineup without him.
    game, player = reported_game(demo, PenaltyClass.MATCH, "deliberate injury", "601(f)")
    done = post(dora, url(demo, "review"), {"player": player, "game": game, "rule": "405(b)",
                                            "decision": "rest_of_tournament",
                                            "reason": "report read"})
    assert done.status_code == 303
    status = demo.service.suspensions(demo.tournament_id)[player]
    sanction = next(s for s in status.sanctions if s.game_id == game)
    assert sanction.reported is None and sanction.games == "rest_of_tournament"  # 405(e)
