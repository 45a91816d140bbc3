"""The rules core: pure, typed, no I/O.

A game is its event log; the state follows from folding the events::

    from rinkside.rules import GameSetup, Settings, default_roster, replay
    state = replay(GameSetup(Settings(), default_roster("A"), default_roster("B")), events)
    state.score, state.skaters("home"), state.box("away"), state.result

Modules, each one idea:

- ``times``: integer tenths and the ``"1 11:42"`` edge format;
- ``settings``: every choice the book leaves to an event, one typed table;
- ``events``: the event dataclasses; ``roster``: Section II checks;
- ``box``: penalty units, strength, expiry and release (401-405, 408);
- ``coincidence``: what one stoppage's penalties do (402(d)-(h), 403(c)-(e));
- ``shootout``: 639(b); ``records``: minutes, goals, suspensions;
- ``outcome``: how a game was decided and its result;
- ``state``: the queries; ``game``: ``apply``, each event refused, the
  clock run (``clock``), the change made (``play``, ``goals``,
  ``penalties``, ``goaltenders``) and the game's end settled (``ending``);
- ``timing``: each penalty's on and off times; ``serving``: who serves it;
- ``log``: corrections (replace, insert, delete) on a game's event log;
- ``goal_whistle``: the whistle a goal takes the place of (616, 507(a));
- ``infraction_catalog``: the Section VI catalog; ``infractions``: looking an
  assessment up in it and checking its class; ``escalation``: 601(a)'s next step;
- ``automatic``: what the book makes automatic around a penalty (casebook 42-48);
- ``incidents``: warnings, leaving the box, a suspended game, the referees' time-out;
- ``notices``: the engine's warnings (``RuleWarning``) and reasons (``Reason``);
- ``upcoming``: the changes the clock makes with no event; ``accepts``: the
  kinds of event the game takes now, and the rule that closes each other.
"""

from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.rules.game import apply, replay, start
from rinkside.rules.notices import Reason, RuleWarning
from rinkside.rules.roster import GameSetup, Player, Roster, default_roster
from rinkside.rules.settings import Settings
from rinkside.rules.state import BoxEntry, GameState, Result
from rinkside.rules.times import GameTime

__all__ = [
    "BoxEntry",
    "GameSetup",
    "GameState",
    "GameTime",
    "MalformedEvent",
    "Player",
    "Reason",
    "Result",
    "Roster",
    "RuleViolation",
    "RuleWarning",
    "Settings",
    "SettingsError",
    "apply",
    "default_roster",
    "replay",
    "start",
]
