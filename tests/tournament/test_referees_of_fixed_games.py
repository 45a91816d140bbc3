"""The builder's referee pass (Rule 501(a)) around games that keep their
officials (locked, begun, or not rebuilt): those officials are where their
game is, so a new game at the same time is given others."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from rinkside.tournament.schedule_check import Placed, conflicts
from rinkside.tournament.schedule_officials import assign_referees

DAY = datetime(2026, 12, 12, 9, 0, tzinfo=UTC)
GAME = timedelta(minutes=40)


def test_a_new_game_is_not_given_the_referees_of_a_fixed_game_at_its_time() -> None:
    kept = Placed(1, DAY, "East", (1, 2), frozenset({"Cy", "Di"}))
    new = Placed(2, DAY, "West", (3, 4))
    done = assign_referees([kept, new], ["Al", "Bo", "Cy", "Di"], length=GAME)
    assert done.referees[1] == ("Cy", "Di")  # what is named stays
    assert set(done.referees[2]) == {"Al", "Bo"}
    given = Placed(2, DAY, "West", (3, 4), frozenset(done.referees[2]))
    assert conflicts([kept, given], length=GAME) == []


def test_with_only_the_fixed_games_referees_free_the_new_game_is_short() -> None:
    kept = Placed(1, DAY, "East", (1, 2), frozenset({"Cy", "Di"}))
    new = Placed(2, DAY + GAME / 2, "West", (3, 4))
    done = assign_referees([kept, new], ["Cy", "Di"], length=GAME)
    assert done.referees[2] == ()
    assert "0 of 2 referees" in done.short[2] and "Rule 501(a)" in done.short[2]
