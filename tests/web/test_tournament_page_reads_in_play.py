"""The public tournament page finds the games in play without reading every
played game's state (issue 30): a game over says so beside its stored state
(migration 0033), and only the begun games not known over are read."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from inplaykit import begun, four_teams, played
from sqlalchemy import select, update

from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.store.db import make_engine, migrate, session_factory
from rinkside.web import pages

NOW = datetime(2026, 12, 5, 7, tzinfo=UTC)


@pytest.fixture
def cup(tmp_path: Path) -> tuple[Tournaments, int, list[int]]:
    """Six games: four played on the 4th, one begun on the 4th (in play),
    one on the 5th (today) not begun."""
    engine = make_engine(f"sqlite:///{tmp_path / 'cup.sqlite'}")
    migrate(engine)
    service = Tournaments(session_factory(engine))
    service.use_clock(lambda: int(NOW.timestamp() * 1000))
    tid, ids = four_teams(service, "Past Cup", date(2026, 12, 4),
                          datetime(2026, 12, 4, 8, tzinfo=UTC))
    with service.write() as s:
        s.execute(update(models.Game).where(models.Game.id == ids[-1])
                  .values(start=NOW + timedelta(hours=3)))
    played(service, ids[:4], seed=30)
    begun(service, ids[4])
    return service, tid, ids


def test_the_games_over_are_known_by_their_stored_status(
        cup: tuple[Tournaments, int, list[int]]) -> None:
    service, tid, ids = cup
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[4]]
    with service.read() as s:
        statuses = {game_id: status for game_id, status in s.execute(
            select(models.GameStateCache.game_id, models.GameStateCache.status))}
    assert {statuses[g] for g in ids[:4]} == {"final"}
    assert statuses[ids[4]] == "in_play"


def test_the_tournament_page_reads_the_day_and_the_games_not_over(
        cup: tuple[Tournaments, int, list[int]], monkeypatch: pytest.MonkeyPatch) -> None:
    service, tid, ids = cup
    read: list[int] = []
    row_of = pages.score_row

    def counted(service: Tournaments, game: queries.GameRow,
                state: GameState | None = None) -> pages.ScoreRow:
        read.append(game.game_id)
        return row_of(service, game, state)

    monkeypatch.setattr(pages, "score_row", counted)
    listed: list[dict[str, Any]] = []
    games_of = queries.games

    def listing(*args: Any, **kwargs: Any) -> list[queries.GameRow]:
        listed.append(kwargs)
        return games_of(*args, **kwargs)

    monkeypatch.setattr(queries, "games", listing)
    page = pages.tournament_page(service, tid)
    assert page.day == date(2026, 12, 5)
    shown = [r.game.game_id for group in page.groups for r in group.games]
    assert shown == [ids[4], ids[5]]  # in play first, then the day's game
    assert sorted(read) == [ids[4], ids[5]]  # no game over read
    assert listed and all(k.get("between") for k in listed)  # the day's games listed alone


def test_a_state_stored_at_an_older_version_is_not_trusted(
        cup: tuple[Tournaments, int, list[int]]) -> None:
    service, tid, ids = cup
    with service.write() as s:  # as if the log moved on past the stored state
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[0])
                  .values(version=models.GameStateCache.version - 1))
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[0], ids[4]]


def test_a_state_stored_by_another_engine_is_not_trusted(
        cup: tuple[Tournaments, int, list[int]]) -> None:
    service, tid, ids = cup
    with service.write() as s:
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[1])
                  .values(engine="an older engine"))
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[1], ids[4]]


def test_the_page_finds_its_day_in_the_start_index_not_every_start(
        cup: tuple[Tournaments, int, list[int]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: the day (today, else the next with games, else the last)
    from two looks in the start index, never the season's starts."""
    service, tid, _ = cup

    def every_start(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("every start of the season read")

    monkeypatch.setattr(queries, "starts", every_start)
    assert pages.tournament_page(service, tid).day == date(2026, 12, 5)  # today
    service.use_clock(lambda: int((NOW - timedelta(days=3)).timestamp() * 1000))
    assert pages.tournament_page(service, tid).day == date(2026, 12, 4)  # the next
    service.use_clock(lambda: int((NOW + timedelta(days=30)).timestamp() * 1000))
    page = pages.tournament_page(service, tid)
    assert page.day == date(2026, 12, 5)  # the last
    assert page.card.starts_on == date(2026, 12, 4) and page.card.ends_on == date(2026, 12, 5)
    assert page.card.rinks == ("A",) and page.card.standing == "past"


def test_a_game_in_play_is_read_alone_not_its_divisions_view(
        cup: tuple[Tournaments, int, list[int]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: the games in play are read one by one; a division's view
    (every game of it) is read only for the day's begun games."""
    service, tid, ids = cup
    service.use_clock(lambda: int((NOW + timedelta(days=30)).timestamp() * 1000))
    views: list[int] = []
    view_of = service.division_view

    def counted(division_id: int) -> Any:
        views.append(division_id)
        return view_of(division_id)

    monkeypatch.setattr(service, "division_view", counted)
    page = pages.tournament_page(service, tid)
    assert page.day == date(2026, 12, 5)  # the last day: its game not begun
    assert [r.game.game_id for group in page.groups for r in group.games] == [ids[4], ids[5]]
    assert views == []
