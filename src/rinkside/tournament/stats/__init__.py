"""Tournament statistics: skaters, goaltenders, special teams, leaders and the
high-scorer award.

Everything is computed over the games the caller passes, which should be the
games that stand: a team removed under Rule 634(e) has its games taken out
before they reach this module (634(e) 6-7, casebook 26). The engine's final
state of each game already holds the scoring records of Rule 616 (credits
616(k), own goals to the attacker 616(c), penalty-shot goals to the shooter,
the forfeit goal to the winning captain 634(d)2, casebook 28) and the minutes
charged (casebook 12); this module maps its jersey numbers to player ids
through :attr:`PlayedGame.number_to_player` and adds the games up.

Readings this module takes where the book is silent (each named where it is
applied):

- A forfeited game (Rule 634(d)) is a game played for nobody: no skater GP
  and no goaltender statistics (634(d)3), and no special-teams figures
  either, since its recorded 1-0 replaces whatever was played before it. The
  winning captain's goal is credited (634(d)2), and penalties assessed before
  the forfeit keep their minutes (the records of 404(e) note 1 and the like
  are charged "regardless of when imposed").
- GAA is per regulation game: goals against x regulation length / time in
  goal, regulation length being that game's ``periods x period_length``; over
  several games the time in goal is summed in regulation-game units.
- Save percentage counts only games in which shots were recorded.

One module each, all importable from here: ``games`` (what the statistics
ask of a played game), ``skaters`` (and the leaders), ``goaltenders``,
``teams`` (special teams), ``award`` (the high scorer) and ``decisions``
(goaltenders' wins, losses, ties and shutouts, by the credit rule stated there).
"""

from __future__ import annotations

from rinkside.tournament.stats.award import AwardLine, HighScorerAward, high_scorer_award
from rinkside.tournament.stats.decisions import CREDIT_RULE, DecisionLine, decision_lines
from rinkside.tournament.stats.games import forfeited_by, is_forfeit, player_id
from rinkside.tournament.stats.goaltenders import (
    UNNAMED_GOALIE,
    GoaltenderLine,
    goaltender_lines,
)
from rinkside.tournament.stats.skaters import LeaderKey, SkaterLine, leaders, skater_lines
from rinkside.tournament.stats.teams import TeamLine, team_lines

__all__ = [
    "CREDIT_RULE",
    "UNNAMED_GOALIE",
    "AwardLine",
    "DecisionLine",
    "GoaltenderLine",
    "HighScorerAward",
    "LeaderKey",
    "SkaterLine",
    "TeamLine",
    "decision_lines",
    "forfeited_by",
    "goaltender_lines",
    "high_scorer_award",
    "is_forfeit",
    "leaders",
    "player_id",
    "skater_lines",
    "team_lines",
]
