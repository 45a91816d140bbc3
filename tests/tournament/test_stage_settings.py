"""The settings a tournament's games play under (:mod:`rinkside.tournament.stage_settings`)."""

from __future__ import annotations

from rinkside.rules.settings import Settings
from rinkside.tournament.stage_settings import playoff_settings, pool_settings, stage_settings


class TestServersNamed:
    def test_a_tournaments_games_wait_for_the_server_the_book_asks_for(self) -> None:
        """402(c), 404(b), 404(e), 405(a), 407(a): on for the games rinkside
        runs, pool and playoff; the book's scenarios keep the default, off."""
        assert Settings().servers_named is False
        pool = pool_settings({"minor": "1:30"}, None)
        assert pool.servers_named is True
        assert playoff_settings(pool, None).servers_named is True
        assert stage_settings("playoff", None, None, None).servers_named is True

    def test_a_tournament_may_turn_it_off_and_a_game_keeps_what_it_began_under(self) -> None:
        assert pool_settings({"servers_named": "off"}, None).servers_named is False
        assert pool_settings(None, {"servers_named": False}).servers_named is False
        assert stage_settings("pool", None, None, None, {"minor": "2:00"}).servers_named \
            is False
