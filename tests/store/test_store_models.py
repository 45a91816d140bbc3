"""The tables' own guarantees: uniqueness, enumerations, UTC moments."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from storekit import WHEN

from rinkside.store.models import (
    CoinToss,
    Division,
    Game,
    LineupEntry,
    Player,
    RosterChange,
    SupplementaryDiscipline,
    Team,
    Tournament,
)


@pytest.fixture
def team(session: Session, game_id: int) -> Team:
    game = session.get(Game, game_id)
    assert game is not None
    return game.home_team


def _refused(session: Session, row: object) -> None:
    session.add(row)
    with pytest.raises(IntegrityError):
        session.flush()
    session.rollback()


def test_a_number_is_worn_once_among_a_teams_active_players(session: Session,
                                                            team: Team) -> None:
    session.add(Player(team=team, number=11, name="Ana Ruiz", captain="C"))
    session.commit()
    _refused(session, Player(team_id=team.id, number=11, name="Bea Lund"))


def test_a_removed_players_number_can_be_given_again(session: Session, team: Team) -> None:
    """Rule 203(b): the removed player's row and roster change stay readable."""
    removed = Player(team=team, number=11, name="Ana Ruiz", birth_date=date(2001, 5, 2))
    session.add(removed)
    session.flush()
    removed.active = False
    session.add(RosterChange(team_id=team.id, player_id=removed.id, action="removed",
                             before={"number": 11, "name": "Ana Ruiz"}, after=None,
                             reason="injured", by="director", at=WHEN))
    session.add(Player(team=team, number=11, name="Bea Lund"))
    session.commit()
    numbers = session.scalars(select(Player.name).where(Player.number == 11)
                              .order_by(Player.id)).all()
    assert numbers == ["Ana Ruiz", "Bea Lund"]
    change = session.scalars(select(RosterChange)).one()
    assert (change.before, change.after) == ({"number": 11, "name": "Ana Ruiz"}, None)


@pytest.mark.parametrize("fields", [{"number": 0}, {"number": 100}, {"captain": "X"}])
def test_a_player_within_the_book(session: Session, team: Team,
                                  fields: dict[str, object]) -> None:
    values: dict[str, object] = {"number": 9, "name": "Cy Park", **fields}
    _refused(session, Player(team_id=team.id, **values))


def test_team_names_are_unique_in_a_division(session: Session, team: Team) -> None:
    _refused(session, Team(division_id=team.division_id, name=team.name))
    other = Division(tournament_id=team.division.tournament_id, name="Silver")
    session.add(other)
    session.flush()
    session.add(Team(division_id=other.id, name=team.name))
    session.commit()


def test_a_game_is_between_two_teams_at_a_known_stage(session: Session, game_id: int) -> None:
    game = session.get(Game, game_id)
    assert game is not None
    _refused(session, Game(division_id=game.division_id, home_team_id=game.home_team_id,
                           away_team_id=game.home_team_id))
    _refused(session, Game(division_id=game.division_id, stage="final",
                           home_team_id=game.home_team_id, away_team_id=game.away_team_id))


def test_a_player_dresses_once_per_game(session: Session, game_id: int, team: Team) -> None:
    player = Player(team=team, number=4, name="Di Okafor")
    session.add(player)
    session.flush()
    session.add(LineupEntry(game_id=game_id, team_id=team.id, player_id=player.id))
    session.commit()
    _refused(session, LineupEntry(game_id=game_id, team_id=team.id, player_id=player.id))


def test_moments_are_utc_on_the_way_back(session: Session, game_id: int) -> None:
    pacific = timezone(timedelta(hours=-8))
    game = session.get(Game, game_id)
    assert game is not None
    game.start = datetime(2025, 3, 8, 6, 30, tzinfo=pacific)
    session.commit()
    session.expunge_all()
    stored = session.get(Game, game_id)
    assert stored is not None and stored.start == datetime(2025, 3, 8, 14, 30, tzinfo=UTC)
    assert stored.start.utcoffset() == timedelta(0)


def test_settings_and_tiebreaks_are_stored_as_written(session: Session, game_id: int) -> None:
    tournament = session.scalars(select(Tournament)).one()
    assert tournament.settings == {"minor": "1:30"}
    assert tournament.tiebreaks == ["head_to_head", "goal_difference", "coin_toss"]
    assert tournament.started is False


class TestSupplementaryDiscipline:
    """Rule 410(a): a number of games, the rest of the tournament, or pending review."""

    @pytest.fixture
    def player(self, session: Session, team: Team) -> Player:
        player = Player(team=team, number=15, name="Ed Voss")
        session.add(player)
        session.commit()
        return player

    @pytest.mark.parametrize(("games", "extent", "length"), [
        (2, None, 2), (None, "rest_of_tournament", "rest_of_tournament"),
        (None, "pending_review", "pending_review"),
    ])
    def test_lengths(self, session: Session, player: Player, games: int | None,
                     extent: str | None, length: object) -> None:
        row = SupplementaryDiscipline(player_id=player.id, games=games, extent=extent,
                                      reason="fight after the final horn", by="director",
                                      at=WHEN)
        session.add(row)
        session.commit()
        assert row.length == length

    @pytest.mark.parametrize(("games", "extent"), [(None, None), (2, "pending_review"),
                                                   (0, None), (None, "forever")])
    def test_exactly_one_length(self, session: Session, player: Player, games: int | None,
                                extent: str | None) -> None:
        _refused(session, SupplementaryDiscipline(player_id=player.id, games=games,
                                                  extent=extent, reason="r", by="d", at=WHEN))


def test_a_coin_toss_is_recorded(session: Session, team: Team) -> None:
    toss = CoinToss(division_id=team.division_id, team_ids=[3, 1, 2], order=[2, 3, 1],
                    reason="tied for second, pool A", by="director", at=WHEN)
    session.add(toss)
    session.commit()
    session.expunge_all()
    stored = session.scalars(select(CoinToss)).one()
    assert (stored.team_ids, stored.order, stored.at) == ([3, 1, 2], [2, 3, 1], WHEN)
