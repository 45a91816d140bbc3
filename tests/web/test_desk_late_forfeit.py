"""Rule 634(e)1-3 on the desk: the event's late_forfeit_sanctions are set on
the settings form, and a forfeit of a team's last or next to last game is
previewed with the sanctions it brings, then applied once confirmed."""

from __future__ import annotations

import pytest
from deskkit import dora, people, post, rick, skip, small_cup
from webkit import Client, Demo

from rinkside.services import changes, queries

__all__ = ["dora", "people", "rick", "skip"]



@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> tuple[int, int]:
    return small_cup(demo, dora, "Late Forfeit Cup", ("Elks", "Foxes", "Gnus"))


def test_rule_634e_the_sanctions_setting_is_on_the_form_and_refused_when_unknown(
        dora: Client, cup: tuple[int, int]) -> None:
    tid, _ = cup
    page = dora[0].get(f"/desk/tournaments/{tid}")
    assert 'name="s_late_forfeit_sanctions"' in page.text and "634(e)" in page.text
    bad = post(dora, f"/desk/tournaments/{tid}/settings/pool",
               {"s_late_forfeit_sanctions": "banish"})
    assert bad.status_code == 422 and "634(e)" in bad.text


def test_rule_634e_a_late_forfeit_is_previewed_with_its_sanctions_then_disqualifies(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    tid, did = cup
    assert post(dora, f"/desk/tournaments/{tid}/settings/pool",
                {"s_late_forfeit_sanctions": "last_seed,no_awards,disqualify"}
                ).status_code in (200, 303)
    names = queries.team_names(demo.service, did)
    gnus = next(t for t, n in names.items() if n == "Gnus")
    last = [g for g in sorted(queries.games(demo.service, did), key=lambda g: g.start)
            if gnus in (g.home_team_id, g.away_team_id)][-1]
    side = "home" if last.home_team_id == gnus else "away"
    url = f"/desk/tournaments/{tid}/forfeit"
    preview = post(dora, url, {"game": last.game_id, "team": side, "cause": "634(c)2"})
    assert preview.status_code == 200
    for line in ("634(e)1: Gnus drops to the last seed", "634(e)2: Gnus&#39;s players",
                 "634(e)3: Gnus is disqualified"):
        assert line in preview.text
    assert queries.game(demo.service, last.game_id).version == 0  # nothing recorded yet
    assert post(dora, url, {"game": last.game_id, "team": side, "cause": "634(c)2",
                            "reason": "bus broke down", "confirm": "yes"}).status_code == 303
    assert gnus in demo.service.division_view(did).removed  # 634(e)3, 634(e)5
    latest = changes.changes(demo.service, tid)[0]
    assert latest.after["sanctions"] == ["last_seed", "no_awards", "disqualify"]
