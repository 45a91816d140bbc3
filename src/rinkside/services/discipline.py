"""Discipline across the tournament: every suspension and how much of it is
served (casebook 27; 410(c) across divisions), the director's
supplementary discipline (410(a)), and the Event Directors' decisions on
the cases reported to them (404(h) gross misconduct, 405(b) match penalty).

A decision is a ``review_decisions`` row, read back as a
:class:`~rinkside.tournament.suspensions.Review`; the directors' shortening or
lengthening of a suspension (410(a)) a ``suspension_changes`` row; a
suspension handed down by another organisation (410(d)) a supplementary row
naming it. Every time stamped comes from the service's clock."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from sqlalchemy import bindparam, func, select, union
from sqlalchemy.orm import Session

from rinkside.services import mail, records
from rinkside.services.base import ServiceBase
from rinkside.store import models
from rinkside.store.connections import connection_of
from rinkside.tournament import forfeits, suspensions
from rinkside.tournament.model import (
    PlayedGame,
    ScheduledGame,
    SupplementaryDiscipline,
    SuspensionChange,
)
from rinkside.tournament.suspension_status import Sanction, SuspensionStatus


class Discipline(ServiceBase):
    """Suspensions and supplementary discipline."""

    def suspensions(self, tournament_id: int) -> dict[int, SuspensionStatus]:
        """Every suspension of the tournament and how much of it is served
        (casebook 27; 410(c) across divisions)."""
        with self.write() as s:
            return self._suspension_status(
                s, self.existing_row(s, models.Tournament, tournament_id))

    def team_suspensions(self, tournament_id: int, team_ids: Iterable[int]
                         ) -> dict[int, SuspensionStatus]:
        """The entries of :meth:`suspensions` whose player is on one of
        ``team_ids`` (each the same), read from their games and those of
        their players' other teams alone (casebook 27; 410(c) across
        divisions): what a page of a division, a team or a game shows,
        whatever the size of the tournament."""
        wanted = set(team_ids)
        with self.write() as s:
            t = self.existing_row(s, models.Tournament, tournament_id)
            if not wanted:
                return {}
            status = self._team_suspension_status(s, t, sorted(wanted))
        return {pid: st for pid, st in status.items() if st.team_id in wanted}

    def _suspension_status(self, s: Session, t: models.Tournament
                           ) -> dict[int, SuspensionStatus]:
        schedule_all: list[ScheduledGame] = []
        played_all: list[PlayedGame] = []
        team_ids: list[int] = []
        # Every played game of the tournament is read at once: room for them all.
        self.cache.reserve(_played_games(s, t.id))
        for division in t.divisions:
            view = self.division_view_in(s, division.id)
            schedule_all += view.schedule
            played_all += view.played
            team_ids += [team.team_id for team in view.teams]
        players = records.players_of(s, team_ids)
        ids = [p.player_id for p in players]
        played_all.sort(key=lambda p: forfeits.schedule_key(p.game))
        return suspensions.status(schedule_all, played_all, players, _supplementary(s, ids),
                                  _reviews(s, ids), _changes(s, ids))

    def _team_suspension_status(self, s: Session, t: models.Tournament,
                                team_ids: list[int]) -> dict[int, SuspensionStatus]:
        """The suspensions of the players of ``team_ids`` as
        :meth:`_suspension_status` gives them (each entry of theirs the same),
        read from the games of their teams alone (issue 30), not their
        divisions' or every division's.

        Casebook 27: a player's suspensions arise in his team's games and are
        served by its later games; Rule 410(c): the same person's entries on
        other teams (another division) bar him too, so their teams' games and
        discipline are read as well; 410(a): a supplementary suspension placed
        after a game keeps that game in the timeline. Every other game of the
        tournament is left out, which keeps the order of the games kept, and
        is not read: each division's games of those teams and those games
        alone (:meth:`teams_view_in`)."""
        connection = connection_of(s)
        own = records.players_of(s, team_ids)
        persons = sorted({p.person_key for p in own})
        # Only the teams of the tournament with one of these persons on them
        # (410(c)) are read, not every player of the tournament.
        division_of: dict[int, int] = dict(connection.execute(
            _TEAMS_OF, {"tournament": t.id, "teams": team_ids, "persons": persons,
                        "names": persons}).all())
        relevant = set(team_ids) | set(division_of)
        others = sorted(relevant - set(team_ids))
        everyone = own + (records.players_of(s, others) if others else [])
        ids = [p.player_id for p in everyone]
        supplementary = _supplementary(s, ids)
        after = {x.after_game_id for x in supplementary if x.after_game_id is not None}
        divisions = {division_of[team] for team in relevant} | set(s.scalars(
            select(models.Game.division_id).where(models.Game.id.in_(after))))
        schedule: list[ScheduledGame] = []
        played: list[PlayedGame] = []

        def kept(game: ScheduledGame) -> bool:
            return (game.home_team_id in relevant or game.away_team_id in relevant
                    or game.game_id in after)

        for division_id in sorted(divisions):
            view = self.teams_view_in(
                s, division_id, [team for team in relevant if division_of[team] == division_id],
                after)
            schedule += [g for g in view.schedule if kept(g)]
            played += [p for p in view.played if kept(p.game)]
        opponents = {team for g in schedule for team in (g.home_team_id, g.away_team_id)}
        played.sort(key=lambda p: forfeits.schedule_key(p.game))
        opposing = sorted(opponents - relevant)
        return suspensions.status(schedule, played,
                                  everyone + (records.players_of(s, opposing) if opposing
                                              else []),
                                  supplementary, _reviews(s, ids), _changes(s, ids))

    def pending_reviews(self, tournament_id: int) -> list[Sanction]:
        """The cases reported to the Event Directors still awaiting their
        decision (404(h), 405(b))."""
        return suspensions.pending_reviews(self.suspensions(tournament_id))

    def resolve_review(self, player_id: int, game_id: int, rule: str,
                       games: int | Literal["rest_of_tournament"], decision: str, *,
                       by: str = "event directors") -> int:
        """Record the Event Directors' decision on a reported case: 404(h)
        (the games the gross misconduct now carries from that game on, 0 for
        none more) or 405(b) (the match penalty's report; within the
        tournament the player stays disqualified, 405(e))."""
        if rule not in models.REVIEWED_RULES:
            raise ValueError(f"Rule {rule} reports no case to the Event Directors: 404(h) "
                             "(gross misconduct) or 405(b) (match penalty)")
        if isinstance(games, int) and games < 0:
            raise ValueError(f"{games} is not a number of games (0 or more, Rule {rule})")
        with self.write() as s:
            self.existing_row(s, models.Player, player_id)
            self.existing_row(s, models.Game, game_id)
            row = models.ReviewDecision(
                player_id=player_id, game_id=game_id, rule=rule,
                games=games if isinstance(games, int) else None,
                extent=None if isinstance(games, int) else games,
                decision=decision, by=by, at=self.now())
            s.add(row)
            s.flush()
            mail.mail_desk_suspension(  # the notice to the team's managers, in this write
                s, player_id, games, rule, f"the Event Directors' decision: {decision}",
                self.now(), after_game_id=game_id)
            return row.id

    def add_supplementary(self, player_id: int, games: int | str, reason: str, *,
                          after_game_id: int | None = None, by: str = "tournament director",
                          organisation: str | None = None) -> int:
        """Rule 410(a): discipline added by the director after a game; with
        ``organisation``, a suspension that organisation handed down (410(d))."""
        with self.write() as s:
            self.existing_row(s, models.Player, player_id)
            row = models.SupplementaryDiscipline(
                player_id=player_id, games=games if isinstance(games, int) else None,
                extent=None if isinstance(games, int) else games, reason=reason,
                after_game_id=after_game_id, by=by, at=self.now(),
                organisation=organisation or None)
            s.add(row)
            s.flush()
            cause = (f"a suspension handed down by {organisation}" if organisation
                     else "supplementary discipline by the tournament director")
            mail.mail_desk_suspension(  # the notice to the team's managers, in this write
                s, player_id, games, "410(d)" if organisation else "410(a)",
                f"{cause}: {reason}", self.now(), after_game_id=after_game_id)
            return row.id

    def change_suspension(self, player_id: int, games: int, reason: str, *,
                          by: str = "tournament director") -> int:
        """Rule 410(a): the directors shorten (``games`` below 0) or lengthen
        a player's suspension of a number of games, with the reason."""
        if games == 0 or not reason.strip():
            raise ValueError("a suspension is shortened or lengthened by a number of games "
                             "other than 0, with a reason (Rule 410(a))")
        with self.write() as s:
            self.existing_row(s, models.Player, player_id)
            row = models.SuspensionChange(player_id=player_id, games=games, reason=reason.strip(),
                                          by=by, at=self.now())
            s.add(row)
            s.flush()
            mail.mail_suspension_change(s, player_id, games, reason.strip(), self.now())
            return row.id


# The teams of the tournament, with their divisions, that are one of
# ``teams`` or have one of ``persons`` on their roster (410(c): a person is
# his key, else his name, as records.players_of reads it). The key and the
# name are compared apart, found by their index (migration 0034), not
# every player of the tournament read.
# The teams asked for, and those players', are looked up by their keys (the
# teams of the tournament are not all read).
_P = models.Player
_TEAMS_OF: Final = (
    select(models.Team.id, models.Team.division_id)
    .where(models.Team.division_id.in_(select(models.Division.id).where(
               models.Division.tournament_id == bindparam("tournament"))),
           models.Team.id.in_(union(
               select(models.Team.id).where(models.Team.id.in_(bindparam("teams",
                                                                         expanding=True))),
               select(_P.team_id)
               .where(_P.active.is_(True),
                      (_P.person_key.in_(bindparam("persons", expanding=True))
                       & (_P.person_key != ""))
                      | (_P.name.in_(bindparam("names", expanding=True))
                         & (_P.person_key == "")))))))

_PLAYED_GAMES: Final = (select(func.count()).select_from(models.Game)
                        .join(models.Division, models.Game.division_id == models.Division.id)
                        .where(models.Division.tournament_id == bindparam("tournament"),
                               models.Game.version > 0))


def _played_games(s: Session, tournament_id: int) -> int:
    """How many of the tournament's games have a log (one count)."""
    return int(connection_of(s).execute(_PLAYED_GAMES, {"tournament": tournament_id})
               .scalar_one())


def _supplementary(s: Session, player_ids: list[int]) -> list[SupplementaryDiscipline]:
    rows = s.scalars(select(models.SupplementaryDiscipline)
                     .where(models.SupplementaryDiscipline.player_id.in_(player_ids))
                     .order_by(models.SupplementaryDiscipline.id)).all()
    return [records.supplementary(r) for r in rows]


def _reviews(s: Session, player_ids: list[int]) -> list[suspensions.Review]:
    """The directors' decisions, oldest first (the newest on a case stands)."""
    rows = s.scalars(select(models.ReviewDecision)
                     .where(models.ReviewDecision.player_id.in_(player_ids))
                     .order_by(models.ReviewDecision.id)).all()
    return [suspensions.Review(r.player_id, r.game_id, r.rule,
                               r.games if r.games is not None else "rest_of_tournament", r.decision)
            for r in rows]


def _changes(s: Session, player_ids: list[int]) -> list[SuspensionChange]:
    rows = s.scalars(select(models.SuspensionChange)
                     .where(models.SuspensionChange.player_id.in_(player_ids))
                     .order_by(models.SuspensionChange.id)).all()
    return [SuspensionChange(r.player_id, r.games, r.reason) for r in rows]
