"""Officials, referee sign-off and the lock of Rule 616(a), on both stores."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff, Goal, PeriodEnd
from rinkside.rules.times import GameTime
from rinkside.services import officiating, rinks, users
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.tournament.errors import GameLocked


def _t(period: int, minutes: int) -> GameTime:
    return GameTime(period, minutes * 600)


def _roster(prefix: str) -> list[dict[str, object]]:
    return [{"number": 1, "name": f"{prefix} Goalie", "goalie": True},
            *({"number": n, "name": f"{prefix} {n}", "captain": "C" if n == 2 else None}
              for n in range(2, 10))]


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


@pytest.fixture
def tournament(service: Tournaments) -> int:
    return service.create_tournament("Sign Cup", date(2026, 12, 5), {})


@pytest.fixture
def game(service: Tournaments, tournament: int) -> int:
    did = service.add_division(tournament, "D1")
    a, b = service.add_team(did, "Blades"), service.add_team(did, "Storm")
    service.set_roster(a, _roster("Blades"))
    service.set_roster(b, _roster("Storm"))
    game = service.add_game(did, a, b)
    users.create_user(service, "rita", "whistle", "referee", games=[game])
    users.create_user(service, "rex", "whistle", "referee", games=[game])
    users.create_user(service, "ref-elsewhere", "whistle", "referee")
    users.create_user(service, "dana", "director", "director")
    users.create_user(service, "sam", "scorer", "scorekeeper", games=[game])
    return game


def _play(service: Tournaments, game: int) -> int:
    version, _ = service.record(game, 0, [
        FaceOff(_t(1, 12)), Goal(_t(1, 5), "home", 5), FaceOff(_t(1, 5)),
        PeriodEnd(_t(1, 0)), FaceOff(_t(2, 12)), PeriodEnd(_t(2, 0))], by="sam")
    return version


def test_officials_are_named_by_role_and_bounded_by_the_book(service: Tournaments,
                                                             game: int) -> None:
    officiating.set_officials(service, game, {"referee": ["Rita Ray", " Rex Roe "],
                                              "official_scorer": ["Sam Sun"]})
    named = officiating.officials(service, game)
    assert named["referee"] == ["Rita Ray", "Rex Roe"]
    assert named["official_scorer"] == ["Sam Sun"]
    assert named["goal_judge"] == []
    with pytest.raises(ValueError, match="at most 2 referees"):
        officiating.set_officials(service, game, {"referee": ["A", "B", "C"]})
    with pytest.raises(ValueError, match="not an official's role"):
        officiating.set_officials(service, game, {"linesman": ["A"]})


NOT_THEIRS = "not a referee or the official scorer assigned"  # Rules 506(b), 616(a)


def test_the_game_locks_when_its_last_referee_signs(service: Tournaments, game: int) -> None:
    with pytest.raises(officiating.SignOffRefused, match=r"616\(a\).*not over"):
        officiating.sign(service, game, "rita")
    version = _play(service, game)
    with pytest.raises(officiating.SignOffRefused, match=NOT_THEIRS):
        officiating.sign(service, game, "ref-elsewhere")
    with pytest.raises(officiating.SignOffRefused, match=NOT_THEIRS):
        officiating.sign(service, game, "dana")
    status = officiating.sign(service, game, "rita")
    assert not status.locked and status.awaiting == ["rex"]
    with pytest.raises(officiating.SignOffRefused, match="already signed"):
        officiating.sign(service, game, "rita")
    # Not locked yet: the scoring summary may still be corrected.
    service.correct(game, version, "replace", 1, Goal(_t(1, 5), "home", 6), by="sam",
                    reason="scorer was 6")
    status = officiating.sign(service, game, "rex")
    assert status.locked and [s.username for s in status.signatures] == ["rita", "rex"]


def test_a_locked_game_refuses_every_write(service: Tournaments, game: int) -> None:
    version = _play(service, game)
    officiating.sign(service, game, "rita")
    officiating.sign(service, game, "rex")
    with pytest.raises(GameLocked, match=r"616\(a\)"):
        service.record(game, version, [FaceOff(_t(2, 0))], by="sam")
    with pytest.raises(GameLocked, match=r"616\(a\)"):
        service.correct(game, version, "replace", 1, Goal(_t(1, 5), "home", 6), by="sam",
                        reason="late fix")
    with pytest.raises(GameLocked, match=r"616\(a\)"):
        service.set_lineup(game, service.division_view(
            _division(service, game)).teams[0].team_id, [])
    with pytest.raises(GameLocked, match=r"616\(a\)"):
        officiating.set_officials(service, game, {"referee": ["Late Name"]})
    assert service.game_state(game)[0] == version  # nothing written


def test_only_the_director_reopens_and_only_with_a_reason(service: Tournaments,
                                                          game: int) -> None:
    version = _play(service, game)
    with pytest.raises(officiating.SignOffRefused, match="nothing to reopen"):
        officiating.reopen(service, game, "dana", "why not")
    officiating.sign(service, game, "rita")
    officiating.sign(service, game, "rex")
    with pytest.raises(officiating.SignOffRefused, match="only the tournament director"):
        officiating.reopen(service, game, "rita", "my mistake")
    with pytest.raises(officiating.SignOffRefused, match="with a reason"):
        officiating.reopen(service, game, "dana", "   ")
    status = officiating.reopen(service, game, "dana", "assist went to the wrong player")
    assert not status.locked and status.signatures == []
    assert [s.username for s in status.earlier_signatures] == ["rita", "rex"]
    assert status.reopenings[0].reason == "assist went to the wrong player"
    version, _ = service.correct(game, version, "replace", 1, Goal(_t(1, 5), "home", 6),
                                 by="sam", reason="fix")
    assert officiating.sign(service, game, "rex").awaiting == ["rita"]
    assert officiating.sign(service, game, "rita").locked


def test_recorded_times_and_unknown_games(service: Tournaments, game: int) -> None:
    assert officiating.times(service, game) == (None, None)
    _play(service, game)
    first, last = officiating.times(service, game)
    assert first is not None and last is not None and first <= last
    with pytest.raises(NotFound):
        officiating.signoff(service, 10_000)


def test_rinks_are_kept_by_name(service: Tournaments, tournament: int) -> None:
    rid = rinks.add_rink(service, tournament, "Rink A", {"width": 85, "length": 185})
    assert rinks.rink(service, rid).dimensions == {"width": 85.0, "length": 185.0}
    assert rinks.rink_named(service, tournament, "Rink A") == rinks.rink(service, rid)
    assert rinks.rink_named(service, tournament, "Rink B") is None
    with pytest.raises(ValueError, match="already has a rink"):
        rinks.add_rink(service, tournament, "Rink A", {})
    assert [r.name for r in rinks.rinks(service, tournament)] == ["Rink A"]


def _division(service: Tournaments, game: int) -> int:
    from rinkside.store import models

    with service.read() as s:
        row = s.get(models.Game, game)
        assert row is not None
        return row.division_id
