"""The hand-kept part of the coverage table: for the sub-rules no code cites,
why. ``nothing``: nothing for software to do (the referees' eyes on the
floor, the building, a cross-reference); ``open``: software could, and it is
not done yet (what it would take). Everything else in the table is generated
from the code and the tests; a sub-rule that gains a citation shows the
code's kind, and its ``open`` line here is then removed (a test says so)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["ACCOUNTS", "Account"]


@dataclass(frozen=True, slots=True)
class Account:
    kind: Literal["nothing", "open"]
    reason: str


def _nothing(reason: str) -> Account:
    return Account("nothing", reason)


def _open(reason: str) -> Account:
    return Account("open", reason)


_BUILDING = _nothing("the building and its floor: the rink's owner sees to them before the "
                     "event; no game's record holds them")
_WATCH = _nothing("the referees' watch on the floor: only a penalty they call for it reaches "
                  "the game's record, and the console records it like any other")
_ENDS = _nothing("benches and ends: the referees' watch; the game's record has no ends of "
                 "the rink")
_PLAY = _nothing("how play goes on the floor (the referees' call); the game's record keeps "
                 "the stoppages and face-offs they make, not why")
_SPOT = _nothing("where the face-off is held: the referees' call; the record keeps the "
                 "face-off's time, not its spot")
_GOAL_CALL = _nothing("whether a goal counts is the referees' final decision (502(e)); the "
                      "console records only the goals they allow")
_JUDGE = _nothing("how the referees judge the infraction: the catalog offers its penalties "
                  "(`rinkside infractions`), the call is theirs")
_DRESS = _nothing("dress and uniforms: the referees' check before play; the record keeps "
                  "only a penalty they call")
_DUTY = _nothing("an official's duty at the rink; rinkside keeps who officiated a game "
                 "(`rinkside game officials`) and what they called")
_CROSS = _nothing("a cross-reference: the rule it points to carries it")
_INJURY = _nothing("an injury and when play stops for it: the referees' call; the record "
                   "keeps the stoppage")

ACCOUNTS: Final[dict[str, Account]] = {
    # Section I
    "101(a)": _BUILDING,
    "101(b)": _nothing("paint on the floor: rinkside checks the measures (101(c)-104) and "
                       "draws the diagram from them"),
    "105(b)": _WATCH, "105(c)": _WATCH, "105(d)": _ENDS, "105(e)": _ENDS,
    # Section II
    "202(e)": _WATCH,
    "203(d)": _WATCH,
    "205(a)": _WATCH, "205(b)": _WATCH,
    "205 note 1": _JUDGE, "205 note 2": _SPOT,
    "206(a)": _INJURY, "206(b)": _INJURY,
    "206(e)": _INJURY, "206(f)": _INJURY, "206(g)": _INJURY, "206 note 1": _INJURY,
    # Section III
    "306(a)": _nothing("the event's puck: the organisers' choice, not a game's record"),
    "307(a)": _DRESS, "307(b)": _DRESS, "307(d)": _DRESS, "307(e)": _DRESS, "307(f)": _DRESS,
    # Section IV
    "401(b)": _nothing("a penalty recorded during a stoppage is the same penalty: the engine "
                       "records penalties in play and out of it alike"),
    "402(h) note 1": _open("the note's cases are 402(h)'s, which rules/coincidence.py carries; "
                           "they want a test of their own"),
    "405(c)": _WATCH,
    "406 note 1": _CROSS,
    "406(b)": _GOAL_CALL,
    "406(f)": _SPOT,
    "406(j)": _WATCH, "406(k)": _GOAL_CALL,
    "406(l)": _open("the clock does not run during a penalty shot (the engine moves no time "
                    "for it); the code that keeps it so should cite this"),
    "408 note 1": _open("delayed penalties to different players of one team: rules/box.py's "
                        "408 handling covers it; a test should cite the note"),
    "409 note 1": _PLAY,
    "409 note 2": _GOAL_CALL,
    "409(c)#2": _open("other fouls by the same player on the same play served one after "
                      "another: the engine keeps them as separate penalties; not checked"),
    "410(d)": _nothing("another organisation's suspension: the Event Directors' decision, "
                       "entered with `rinkside discipline` (410(a))"),
    # Section V
    "501(a)": _DUTY, "502(a)": _DUTY, "502(b)": _DUTY, "502(c)": _DUTY, "502(d)": _DUTY,
    "502(e)": _GOAL_CALL, "502(f)": _DUTY, "502(g)": _DUTY, "502(i)": _DUTY,
    "502(f)#2": _DUTY, "502(k)": _DRESS,
    "503(a)": _DUTY,
    "503(b)": _DUTY,
    "503(c)": _open("the official who called each penalty on the record and the report: "
                    "issue 13"),
    "504(a)": _DUTY, "504(b)": _DUTY, "504(c)": _DUTY, "504(d)": _GOAL_CALL,
    "504 note 1": _CROSS, "504(e)": _DUTY,
    "507(b)": _nothing("the timekeeper's signal to start: the console's face-off starts the "
                       "clock"),
    "507(c)": _nothing("a whistle when the buzzer fails: the console's period end is recorded "
                       "either way"),
    # Section VI
    "602(c)": _WATCH,
    "604 note 1": _JUDGE, "605 note 1": _JUDGE, "606 note 1": _JUDGE, "607 note 1": _JUDGE,
    "608 note 1": _JUDGE, "610 note 1": _JUDGE,
    "613(b)": _WATCH, "613(d) note 1": _SPOT, "613(f)": _SPOT, "613(f) note 1": _SPOT,
    "613(g)": _SPOT, "613(h)": _SPOT, "613(i)": _SPOT, "613(j)": _SPOT,
    "613(k) note 1": _WATCH,
    "614(a) note 1": _JUDGE, "614(c) note 1": _JUDGE,
    "615(b) note 1": _JUDGE, "615 note 2": _JUDGE,
    "615(f) note 1": _CROSS, "615(g) note 1": _CROSS,
    "616(d)": _GOAL_CALL, "616(e)": _GOAL_CALL, "616(f)": _GOAL_CALL, "616(g)": _GOAL_CALL,
    "616(h)": _GOAL_CALL, "616(i)": _GOAL_CALL, "616(j)": _GOAL_CALL,
    "617(a)": _PLAY, "617(c) note 1": _JUDGE, "617(f)": _PLAY, "617(f) note 1": _JUDGE,
    "618 note 1": _JUDGE, "619 note 1": _JUDGE, "619 note 2": _JUDGE,
    "619(e)": _PLAY, "619(f)": _GOAL_CALL,
    "621 note 1": _JUDGE, "621 note 2": _JUDGE,
    "624(a) note 1": _JUDGE, "624(d)": _JUDGE, "624(e)": _GOAL_CALL, "624(f)": _GOAL_CALL,
    "624(f) note 1": _JUDGE, "624 note 2": _JUDGE,
    "625(a)": _PLAY, "625(c)": _PLAY,
    "627(a)": _GOAL_CALL, "627(b)": _GOAL_CALL,
    "629(b)": _WATCH,
    "629(h)": _GOAL_CALL,
    "631(a)": _PLAY, "631(d)": _PLAY, "631(e)": _PLAY, "631(f)": _PLAY,
    "632(a)": _PLAY, "632(b)": _PLAY, "632 note 1": _SPOT, "632 note 2": _PLAY,
    "633(a)": _PLAY, "633(b)": _PLAY, "633 note 1": _PLAY,
    "634(c) note 1": _nothing("when players must be dressed: the Tournament Director's "
                              "forfeit decision, recorded as a forfeit (634)"),
    "635 note 1": _JUDGE, "636 note 1": _JUDGE, "638 note 1": _JUDGE,
    "637(b)": _ENDS, "637(c)": _ENDS, "637(d)": _DRESS,
    "640(c)": _open("unexpired penalties stay in force in overtime: the engine's box runs on "
                    "into overtime; the code should cite this"),
    "641(b)": _WATCH,
    "641(c)": _WATCH,
    "642(a) note 1": _JUDGE, "642(e) note 1": _JUDGE, "642 note 2": _JUDGE,
}
