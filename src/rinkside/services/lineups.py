"""Lineups: the players a team dresses for a game (204, 202(c)).

A team that hands in no lineup dresses its eligible roster: when the game's
first event is written, every player of its roster not suspended for the
game (casebook 27: 404(d), 615(d), 405(e), 410) is entered as its lineup, so
the engine refuses any event naming a suspended or undressed player (203(a));
such a refusal names the suspension and its rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event
from rinkside.services import records
from rinkside.services.discipline import Discipline
from rinkside.services.division import views_held
from rinkside.store import models, signoffs
from rinkside.tournament import forfeits, lineups, suspension_check
from rinkside.tournament.model import Lineup


class Lineups(Discipline):
    """Lineup writes (a suspended player is not dressed: the discipline part)."""

    def set_lineup(self, game_id: int, team_id: int, player_ids: Sequence[int], *,
                   captain: int | None = None, alternates: Sequence[int] = (),
                   starting_goalie: int | None = None, by: str = ""
                   ) -> lineups.LineupCheck:
        """Dress players for a game (204, 202(c)); a suspended player is refused
        with the rule that suspended him (casebook 27). ``starting_goalie``:
        the dressed goaltender named to start (Rule 204(a)), kept with the
        lineup; it only prefills the console's first ``goalie`` event. A lineup changed after
        a team official signed it voids that signature (Rule 202(c): the
        signature is on the lineup as it was): a void entry by ``by`` follows
        it in the game's chain (what that asks of the team official, before or
        after the start: team_officials.lineup_signing)."""
        with self.write() as s:
            game = self.existing_row(s, models.Game, game_id)
            self._hold(s, game)  # not beside the first event's dressing of the rosters
            self.refuse_locked(s, game_id)
            if team_id not in (game.home_team_id, game.away_team_id):
                raise ValueError(f"team {team_id} does not play game {game_id}")
            # Only the team's players are dressed: their suspensions alone are
            # read (casebook 27, 410(c)), from the team's games (and a twin's
            # team's), not every division's; 634(e) is decided by the team's
            # own games, read with them once (issue 30).
            with views_held(s):
                status = self._team_suspension_status(s, game.division.tournament, [team_id])
                forfeits.refuse_if_removed(
                    team_id, self.teams_view_in(s, game.division_id, [team_id]).removed)
            roster = records.players_of(s, [team_id])
            barred = suspension_check.barred(player_ids, records.scheduled_game(game), status)
            check = lineups.check_lineup(roster, player_ids, captain, alternates,
                                         {pid: exc.sentence for pid, exc in barred.items()},
                                         starting_goalie=starting_goalie)
            check.raise_if_refused()
            before = {(e.player_id, e.letter, e.starts) for e in game.lineup
                      if e.team_id == team_id}
            for entry in [e for e in game.lineup if e.team_id == team_id]:
                s.delete(entry)
            s.flush()
            lineup = Lineup(team_id, tuple(player_ids), captain, tuple(alternates))
            s.add_all(models.LineupEntry(game_id=game_id, team_id=team_id, player_id=pid,
                                         letter=lineup.letter(pid),
                                         starts=pid == starting_goalie)
                      for pid in player_ids)
            s.flush()
            self.refuse_contradicted_record(s, game)
            after = {(pid, lineup.letter(pid), pid == starting_goalie) for pid in player_ids}
            if after != before and signoffs.standing_lineup_signature(s, game_id, team_id):
                signoffs.add_team(s, game_id, team_id, "void", by,
                                  "the lineup changed after it was signed (Rule 202(c))",
                                  self.now())
            return check

    def lineup_of(self, game_id: int, team_id: int) -> tuple[list[int], int | None, list[int]]:
        """The lineup handed in for a team in a game: the players dressed,
        the captain, the alternates (no players: none handed in yet)."""
        with self.read() as s:
            entries = [e for e in self.existing_row(s, models.Game, game_id).lineup
                       if e.team_id == team_id]
            return ([e.player_id for e in entries],
                    next((e.player_id for e in entries if e.letter == "C"), None),
                    [e.player_id for e in entries if e.letter == "A"])

    def starting_goalie(self, game_id: int, team_id: int) -> int | None:
        """The goaltender the team's lineup names to start (Rule 204(a));
        None when none was named (or no lineup handed in)."""
        with self.read() as s:
            return next((e.player_id for e in self.existing_row(s, models.Game, game_id).lineup
                         if e.team_id == team_id and e.starts), None)

    def starting_goaltenders(self, game_id: int) -> dict[str, int]:
        """Side ("home", "away") -> the jersey number of the goaltender its
        lineup names to start (Rule 204(a)); sides that named none left out."""
        with self.read() as s:
            game = self.existing_row(s, models.Game, game_id)
            numbers = {p.player_id: p.number
                       for p in records.players_of(s, [game.home_team_id, game.away_team_id])}
            sides = {game.home_team_id: "home", game.away_team_id: "away"}
            return {sides[e.team_id]: numbers[e.player_id] for e in game.lineup
                    if e.starts and e.player_id in numbers and e.team_id in sides}

    def barred_for(self, game_id: int, team_id: int) -> dict[int, str]:
        """The team's players who may not dress for the game, each with the
        sentence of their suspension and its rule (casebook 27: 404(d),
        615(d), 405(e), 410)."""
        with self.write() as s:  # as suspensions(): its divisions' views may be built
            game = self.existing_row(s, models.Game, game_id)
            roster = [p.player_id for p in records.players_of(s, [team_id])]
            status = self._team_suspension_status(s, game.division.tournament, [team_id])
            barred = suspension_check.barred(roster, records.scheduled_game(game), status)
            return {pid: exc.sentence for pid, exc in barred.items()}

    def short_lineups(self, game_id: int) -> list[str]:
        """Rule 204(a): for each team whose lineup handed in cannot field a
        goaltender and four skaters, the warning the table and the referees
        see (the team named); empty when none is short."""
        with self.write() as s:  # as barred_for(): its divisions' views may be built
            game = self.existing_row(s, models.Game, game_id)
            status = self._team_suspension_status(s, game.division.tournament,
                                                  [game.home_team_id, game.away_team_id])
            scheduled = records.scheduled_game(game)
            warnings = []
            for team in (game.home_team, game.away_team):
                entries = [e for e in game.lineup if e.team_id == team.id]
                if not entries:
                    continue  # none handed in: the eligible roster dresses (203(a))
                dressed = [e.player_id for e in entries]
                barred = suspension_check.barred(dressed, scheduled, status)
                check = lineups.check_lineup(records.players_of(s, [team.id]), dressed, None,
                                             (), {pid: exc.sentence for pid, exc in barred.items()})
                if check.forfeit_candidate and check.forfeit_reason:
                    warnings.append(f"{team.name}: {check.forfeit_reason}")
            return warnings

    def lineup_warnings(self, game_id: int, team_id: int) -> list[str]:
        """The warnings the lineup the team handed in carries, as its hand-in
        gave them (:meth:`set_lineup`): short of a goaltender and four
        skaters first (Rule 204(a)), then the rest (no captain named,
        202(c)); empty when none was handed in. What the manager's page says
        on every visit, the hand-in's answer included (a redirect after it)."""
        with self.write() as s:  # as short_lineups(): its divisions' views may be built
            game = self.existing_row(s, models.Game, game_id)
            entries = [e for e in game.lineup if e.team_id == team_id]
            if not entries:
                return []
            status = self._team_suspension_status(s, game.division.tournament, [team_id])
            dressed = [e.player_id for e in entries]
            barred = suspension_check.barred(dressed, records.scheduled_game(game), status)
            check = lineups.check_lineup(
                records.players_of(s, [team_id]), dressed,
                next((e.player_id for e in entries if e.letter == "C"), None),
                [e.player_id for e in entries if e.letter == "A"],
                {pid: exc.sentence for pid, exc in barred.items()},
                starting_goalie=next((e.player_id for e in entries if e.starts), None))
            warnings = [str(w) for w in check.warnings]
            if check.forfeit_candidate and check.forfeit_reason:
                warnings.insert(0, check.forfeit_reason)
            return warnings

    def dress_eligible(self, game_id: int) -> None:
        """Dress the eligible roster of each team of a game not begun that
        handed in no lineup (what its first event does; the demo's games
        are played by the rosters so dressed)."""
        with self.write() as s:
            game = self.existing_row(s, models.Game, game_id)
            if game.version == 0 and self._hold(s, game) == 0:
                self._dress(s, game, self._barred_undressed(s, game))

    def begin_pushed(self, s: Session, game: models.Game) -> int:
        """A game begun on a rink laptop, at its first push to the league
        (:func:`rinkside.services.sync.take_push`), begins as one begun here
        (a console's first write, :meth:`Tournaments._record`): its row held,
        634(e) checked (a removed team's later games are not played), and
        each team that handed in no lineup dressed with its eligible roster,
        the players the league knows are suspended for the game left out
        (Rule 203(a), casebook 27). Returns the version held (0 unless
        another write began it meanwhile: nothing is then dressed)."""
        held = self._hold(s, game)
        if held != 0:
            return held
        teams = (game.home_team_id, game.away_team_id)
        with views_held(s):
            barred = self._barred_undressed(s, game)
            removed = self.teams_view_in(s, game.division_id, teams).removed
            for team_id in teams:  # 634(e): its own forfeited game aside
                removal = removed.get(team_id)
                if removal is not None and removal.game_id != game.id:
                    forfeits.refuse_if_removed(team_id, removed)
        self._dress(s, game, barred)
        return held

    def pushed_refusal(self, s: Session, game: models.Game, events: Iterable[Event],
                       refused: RuleViolation) -> RuleViolation:
        """What a laptop's push refused by the engine is told: as a console's
        write is, the suspension and its rule when an event names a player
        the league knows is suspended for the game (casebook 27: 404(d),
        615(d), 405(e); not dressed, Rule 203(a)), else ``refused`` itself."""
        return self._suspension_refusal(s, game, events, refused)

    @staticmethod
    def _hold(s: Session, game: models.Game) -> int:
        """The game's row held (written to) until the transaction ends, and
        its version then: a lineup entered (by hand or by a first event's
        dressing, 203(a)) waits for another being entered, and sees it, so
        that the version check and the dressing are one step (a console
        that lost the race is told the game moved on, not a duplicate
        lineup). A write is what SQLite takes its one writer's lock on."""
        s.execute(update(models.Game).where(models.Game.id == game.id)
                  .values(version=models.Game.version)
                  .execution_options(synchronize_session=False))
        version: int = s.scalars(select(models.Game.version).where(models.Game.id == game.id)).one()
        return version

    def _barred_undressed(self, s: Session, game: models.Game
                          ) -> dict[int, tuple[list[int], set[int]]]:
        """Rule 203(a), casebook 27: for each team of the game with no lineup
        handed in, its roster and who of it is suspended for this game (read,
        nothing written: :meth:`_dress` enters the lineups)."""
        dressed = {entry.team_id for entry in game.lineup}
        undressed = [t for t in (game.home_team_id, game.away_team_id) if t not in dressed]
        if not undressed:
            return {}
        # Only the two teams' players are dressed: their suspensions alone are
        # read (casebook 27, 410(c)), not every division's view.
        status = self._team_suspension_status(s, game.division.tournament,
                                              [game.home_team_id, game.away_team_id])
        scheduled = records.scheduled_game(game)
        out: dict[int, tuple[list[int], set[int]]] = {}
        for team_id in undressed:
            roster = [p.player_id for p in records.players_of(s, [team_id])]
            out[team_id] = roster, set(suspension_check.barred(roster, scheduled, status))
        return out

    @staticmethod
    def _dress(s: Session, game: models.Game,
               barred: dict[int, tuple[list[int], set[int]]]) -> None:
        """Rule 203(a): each team of ``barred`` (:meth:`_barred_undressed`) is
        dressed with its roster less the players suspended for this game
        (entered as its lineup only when someone is left out)."""
        for team_id, (roster, out) in barred.items():
            if not out:
                continue  # the whole roster is eligible: it dresses as it is
            s.add_all(models.LineupEntry(game_id=game.id, team_id=team_id, player_id=pid,
                                         letter=None)
                      for pid in roster if pid not in out)
        s.flush()
        s.expire(game, ["lineup"])

    def _suspension_refusal(self, s: Session, game: models.Game, events: Iterable[Event],
                            refused: RuleViolation) -> RuleViolation:
        """The refusal to give for ``refused`` (Rule 203(a): not dressed): the
        player's suspension and its rule when an event names a suspended
        player (404(d), 615(d), 405(e)), else ``refused`` itself."""
        if refused.rule != "203(a)":
            return refused
        named = {(team, number) for event in events for team, number in _named(event)}
        if not named:
            return refused
        ids = {(p.team_id, p.number): p.player_id
               for p in records.players_of(s, [game.home_team_id, game.away_team_id])}
        sides = {"home": game.home_team_id, "away": game.away_team_id}
        wanted = [ids[(sides[team], number)] for team, number in named
                  if (sides[team], number) in ids]
        status = self._team_suspension_status(s, game.division.tournament,
                                              [game.home_team_id, game.away_team_id])
        barred = suspension_check.barred(wanted, records.scheduled_game(game), status)
        for suspended in barred.values():
            return RuleViolation(suspended.rule, f"{suspended.reason}: not dressed for this "
                                 "game (Rule 203(a))")
        return refused


NAMED = ("scorer", "assist", "player", "served_by", "shooter", "goalie")


def _named(event: Event) -> list[tuple[str, int]]:
    """The (team, number) of each player an event names."""
    team = getattr(event, "team", None)
    if team not in ("home", "away"):
        return []
    out: list[tuple[str, int]] = []
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in NAMED and isinstance(value, int) and not isinstance(value, bool):
            out.append((team, value))
    return out
