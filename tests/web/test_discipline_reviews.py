"""The Event Directors' decisions on reported cases through the service
(404(h) gross misconduct, 405(b) match penalty): pending until decided."""

from __future__ import annotations

from webkit import Demo, new_game, record, skaters

from rinkside.rules.events import FaceOff, Forfeit, Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime


def test_rule_404h_a_gross_misconduct_is_pending_until_the_directors_resolve_it(
        demo: Demo) -> None:
    service = demo.service
    game = new_game(demo)
    culprit = skaters(service, game, "away")[1]
    record(service, game, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
           Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.GROSS_MISCONDUCT,
                   "physical harm to an official", "601(f)"),
           Forfeit(GameTime(1, 6000), "home", "left the floor"))
    pending = [s for s in service.pending_reviews(demo.tournament_id) if s.reported == "404(h)"]
    assert pending and pending[-1].games == "pending_review"
    player_id = pending[-1].player_id
    service.resolve_review(player_id, game, "404(h)", 2, "two games")
    assert all(s.player_id != player_id or s.reported is None
               for s in service.pending_reviews(demo.tournament_id))
    status = service.suspensions(demo.tournament_id)[player_id]
    decided = [s for s in status.sanctions if s.decision == "two games"]
    assert decided and decided[0].games == 2


def test_casebook_25_the_seeds_are_read_whatever_the_divisions_settings(demo: Demo) -> None:
    from webkit import first_division

    service = demo.service
    division = first_division(service, demo)
    table = service.standings(division)
    late = service.seeds(division)  # no TournamentRuleError whatever overtime says (639)
    assert sorted(late) == sorted(row.team_id for row in table)
    qualifiers = service.seeds(division, 2)  # the first two of the standings (casebook 25)
    assert set(qualifiers) == {row.team_id for row in table[:2]}
