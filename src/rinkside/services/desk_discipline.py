"""Discipline and forfeits on the director's desk, over what the tournament
already computes: the suspensions as they stand and those still owed at the
end (Rule 410(b)); supplementary discipline (410(a)); a forfeit before play
(634(c)1 and 2) recorded with its reason, after a preview of what it does
(634(e): a second forfeit removes the team, a last or next-to-last game's
forfeit leaves the team open to sanctions). Every change recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from rinkside.rules.events import Forfeit, Team
from rinkside.rules.game import replay
from rinkside.rules.times import GameTime
from rinkside.services import playoff_places, queries, webhooks
from rinkside.services.changes import record
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import forfeits
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.suspension_status import SuspensionStatus

CAUSES: Final = {
    "634(c)1": "at the start the team did not have four skaters and a goaltender dressed",
    "634(c)2": "the team official said in writing, accepted by the director, that the team "
               "cannot play",
}
EXTENTS: Final = ("rest_of_tournament", "pending_review")
# Each extent in the book's words, as the desk's forms offer it (Rules 410(a),
# 410(b): the rest of the tournament; 404(h): pending review).
EXTENT_WORDS: Final = {"rest_of_tournament": "the rest of the tournament (Rule 410(b))",
                       "pending_review": "pending review by the Event Directors (Rule 404(h))"}


def length_chosen(games: str, extent: str) -> str:
    """A form's length of a suspension: the number of games typed, or the
    extent chosen (one of :data:`EXTENTS`), not both: what the services read."""
    if not extent.strip():
        return games
    if extent.strip() not in EXTENTS:
        raise ValueError(f"{extent!r} is not a length to choose: "
                         + ", ".join(EXTENT_WORDS.values()))
    if games.strip():
        raise ValueError(f"give a number of games or {EXTENT_WORDS[extent.strip()]}, not both")
    return extent.strip()


def suspensions(service: Tournaments, tournament_id: int,
                team_ids: Iterable[int] | None = None) -> list[SuspensionStatus]:
    """Every player with a suspension, by name; of ``team_ids`` alone when
    given (their games read, not every division's)."""
    return by_name(service.suspensions(tournament_id) if team_ids is None
                   else service.team_suspensions(tournament_id, team_ids))


def by_name(statuses: Mapping[int, SuspensionStatus]) -> list[SuspensionStatus]:
    """The players of ``statuses`` by name (then number)."""
    return sorted(statuses.values(), key=lambda s: (s.name, s.number))


def still_owed(statuses: list[SuspensionStatus]) -> list[SuspensionStatus]:
    """Rule 410(b): what is not served when the tournament ends (the event
    directors alone decide the player's eligibility after it)."""
    return [s for s in statuses if s.remaining > 0 or s.open_ended is not None]


def add_supplementary(service: Tournaments, player_id: int, games: str, reason: str, *,
                      after_game_id: int | None, by: str) -> int:
    """Rule 410(a): games added by the director after investigating an
    incident: a number of games, the rest of the tournament, or pending review."""
    text = games.strip()
    amount: int | str
    if text.isdigit() and int(text) >= 1:
        amount = int(text)
    elif text in EXTENTS:
        amount = text
    else:
        raise ValueError(f"games: {games!r} is not a number of games (1 or more), "
                         "rest_of_tournament or pending_review (Rule 410(a))")
    if not reason.strip():
        raise ValueError("supplementary discipline needs its reason (Rule 410(a))")
    if after_game_id is not None:
        queries.game(service, after_game_id)
    with service.write() as s:  # the discipline and its record: one commit
        row_id = service.within(s).add_supplementary(player_id, amount, reason.strip(),
                                                     after_game_id=after_game_id, by=by)
        player = service.existing_row(s, models.Player, player_id)
        tid = player.team.division.tournament_id
        record(s, tid, f"player {player_id}", "supplementary discipline", None,
               {"games": amount, "after_game": after_game_id}, by=by, clock=service.now,
               reason=reason.strip())
        webhooks.enqueue_suspension(s, player, "supplementary discipline", {
            "games": str(amount), "rule": "410(a)", "after_game": after_game_id,
            "reason": reason.strip()}, service.now())
    return row_id


# --------------------------------------------------------------------------- forfeits


@dataclass(frozen=True, slots=True)
class ForfeitPreview:
    """What a forfeit before play would do, before it is confirmed (634(e))."""

    game_id: int
    team: Team
    team_name: str
    cause: str
    removes: bool  # its second forfeit: removed from the tournament (634(e)4)
    late: bool  # its last or next-to-last game (634(e)1-3)
    lines: tuple[str, ...]
    sanctions: tuple[str, ...] = ()  # the 634(e)1-3 sanctions it brings (the setting's)


def _cause(cause: str) -> str:
    if cause not in CAUSES:
        raise ValueError(f"a forfeit before play is for {' or '.join(CAUSES)}, not {cause!r} "
                         "(Rule 634(c)); during play the console records it (634(c)3)")
    return cause


def forfeit_preview(service: Tournaments, game_id: int, team: Team, cause: str
                    ) -> ForfeitPreview:
    """The forfeit as the engine and the tournament would take it, not recorded."""
    _cause(cause)
    row = queries.game(service, game_id)
    if row.version > 0:
        raise ValueError(f"game {game_id} has begun: a forfeit before play (Rule 634(c)1-2) "
                         "is for a game not started; during play the console records it")
    _, state = service.game_state(game_id)
    view = service.division_view(row.division_id)
    scheduled = next(g for g in view.schedule if g.game_id == game_id)
    ended = replay(state.setup, [Forfeit(GameTime(1, state.setup.settings.period_length),
                                         team, cause)])
    then = [*view.played, PlayedGame(scheduled, ended)]
    team_id = row.home_team_id if team == "home" else row.away_team_id
    name = row.home if team == "home" else row.away
    chosen = view.settings.late_forfeit_sanctions
    sanctioned = forfeits.late_forfeit_sanctions(view.schedule, then, chosen)
    removed = forfeits.removed_teams(view.schedule, then, sanctioned.disqualified)
    late = team_id in forfeits.late_forfeit_teams(view.schedule, then)
    goals = state.setup.settings.forfeit_goals
    lines = [(f"{name} forfeits: the opponent wins {goals}-0, {name} scores no point "
             "(Rule 634(d)).")]
    removes = team_id in removed and team_id not in view.removed
    if late:
        lines += late_sanction_lines(name, team_id, sanctioned)
    if removes and team_id not in sanctioned.disqualified:
        lines.append(f"This is {name}'s second forfeit: {name} is removed from the tournament "
                     "(Rule 634(e)4), its later games are refused, and every game it played "
                     "is erased from the standings and statistics for everyone (634(e)6-7).")
    elif not late:
        lines.append(f"A first forfeit, not in {name}'s last two games: no recourse to its "
                     "standing in the tournament (Rule 634(e)).")
    brings = tuple(k for k, teams in (("last_seed", sanctioned.last_seed),
                                      ("no_awards", sanctioned.no_awards),
                                      ("disqualify", sanctioned.disqualified))
                   if team_id in teams)
    return ForfeitPreview(game_id, team, name, cause, removes, late, tuple(lines), brings)


def late_sanction_lines(name: str, team_id: int, sanctioned: forfeits.LateForfeitSanctions
                        ) -> list[str]:
    """Rule 634(e)1-3: what the tournament's setting ``late_forfeit_sanctions``
    brings to a team that forfeits its last or next to last game."""
    lines = [(f"This is one of {name}'s last two games (Rule 634(e)); the tournament's "
              "late_forfeit_sanctions apply:")]
    if team_id in sanctioned.last_seed:
        lines.append(f"634(e)1: {name} drops to the last seed of the playoffs.")
    if team_id in sanctioned.no_awards:
        lines.append(f"634(e)2: {name}'s players are out of contention for individual awards.")
    if team_id in sanctioned.disqualified:
        lines.append(f"634(e)3: {name} is disqualified: removed from the tournament, its games "
                     "erased from the standings and statistics for everyone (634(e)5-7).")
    if len(lines) == 1:
        lines.append("none (the setting is off): no sanction follows.")
    return lines


def record_forfeit(service: Tournaments, game_id: int, team: Team, cause: str, reason: str, *,
                   by: str) -> ForfeitPreview:
    """Record the forfeit before play (634(c)1 or 2) with its reason, as the
    preview said; the game's log holds it as the engine's Forfeit event."""
    if not reason.strip():
        raise ValueError("a forfeit is recorded with its reason (Rule 634(c))")
    preview = forfeit_preview(service, game_id, team, cause)
    state = service.game_state(game_id)[1]
    text = f"{reason.strip()} (Rule {cause}: {CAUSES[cause]})"
    row = queries.game(service, game_id)
    with service.write() as s:  # the forfeit and its record: one commit
        version, _ = service.within(s).record(game_id, 0, [Forfeit(
            GameTime(1, state.setup.settings.period_length), team, text)], by=by)
        record(s, row.tournament_id, f"game {game_id}", "forfeit", None,
               {"team": preview.team_name, "rule": cause, "removes": preview.removes,
                "late": preview.late, "sanctions": list(preview.sanctions)},
               by=by, clock=service.now, reason=reason.strip())
    service.changed(game_id, version)  # committed: every page of the game learns it
    playoff_places.fill_after(service, game_id)  # 634: the forfeit decides a bracket place
    return preview
