"""Penalties: assessed at a stoppage (409(a)), signalled during play (409(b)),
carried by an equipment measurement (Section III), assessed at the whistle
that ends a delayed penalty; and the captain's choice of who returns first
(408(c)).

``refuse_*`` functions only read the state and raise :class:`RuleViolation`;
the changes (:func:`assess` and the rest) refuse nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rinkside.rules import automatic, clock, measurement, serving, timing
from rinkside.rules.box import (
    MAJOR_TIME,
    MINOR_TIME,
    MISCONDUCT_TIME,
    Half,
    Kind,
    ServerKey,
    Unit,
    assessed_unit,
    designated_first,
    release_waiting,
    server_key,
    serving_order,
    sits_for,
    units_of,
)
from rinkside.rules.eligibility import (
    GOALTENDER_SERVED,
    REMOVAL_RULE,
    ejection_rule,
    refuse_goaltender_server,
    refuse_unlisted,
)
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Designate,
    Measurement,
    Penalty,
    PenaltyClass,
    PenaltySignal,
    Team,
    other,
)
from rinkside.rules.goaltenders import change_goalie
from rinkside.rules.infractions import assessment_warning, lookup
from rinkside.rules.notices import warn
from rinkside.rules.records import Chain, MeasurementRecord, assessed_record
from rinkside.rules.state import REPLACEMENT_GOALIE, GameState
from rinkside.rules.times import GameTime

LEAVING = "Leaving the penalty bench early"  # the 629(c) minor the engine assesses
# PenaltyClass's members as module names, for the branches taken at every
# penalty: Python 3.11 reads an enum's member off its class through the enum
# type's ``__getattr__`` hook, unspecialized (issue 30; as box.py's MINOR_TIME).
MINOR: Final = PenaltyClass.MINOR
BENCH_MINOR: Final = PenaltyClass.BENCH_MINOR
DOUBLE_MINOR: Final = PenaltyClass.DOUBLE_MINOR
MAJOR: Final = PenaltyClass.MAJOR
MATCH: Final = PenaltyClass.MATCH
MISCONDUCT: Final = PenaltyClass.MISCONDUCT
MINOR_CLASSES = frozenset({PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR,
                           PenaltyClass.DOUBLE_MINOR})
Removed = dict[tuple[Team, int], PenaltyClass]


# -- refusals -----------------------------------------------------------------


def refuse_penalty(s: GameState, event: Penalty) -> None:
    """Rule 409(a), (b): a penalty is assessed at a stoppage."""
    if s.phase == "in_play":
        raise RuleViolation("409(b)", "play is on: a penalty is assessed at a stoppage; record "
                            "the whistle first, or a delayed penalty signal")
    if s.phase not in ("final", "shootout") or not clock.keeps_clock(s, event.at):
        clock.refuse_moment(s, event.at)  # (kept in a shootout: no time to serve)
    refuse_penalized(s, event)
    automatic.refuse_penalty(s, event)


def refuse_signal(s: GameState, event: PenaltySignal) -> None:
    """Rule 409(b): a delayed penalty is signalled while play goes on."""
    if s.phase != "in_play":
        raise RuleViolation("409(b)", "a delayed penalty is signalled during play; at a "
                            "stoppage record the penalty itself")
    clock.refuse_moment(s, event.at)
    refuse_penalized(s, event)


def refuse_penalized(s: GameState, event: Penalty | PenaltySignal,
                     removed: Removed | None = None) -> None:
    """The penalized player is on the roster (203(a)); only a bench minor goes
    to the bench (401(a)); the player named to serve it is on the roster and
    still in the game (``removed``: also those an earlier penalty of the same
    batch removes; 404(c)-(g), 405(a))."""
    team = event.team
    if event.player is not None:
        if event.player not in (s.setup.home if team == "home" else s.setup.away).numbers:
            refuse_unlisted(s, team, event.player, "penalized player")  # 203(a), inline
        if event.official is not None:
            raise RuleViolation("601(a)", "a penalty names a player or a team official, not "
                                "both")
    elif event.official is None and event.penalty_class != BENCH_MINOR:
        raise RuleViolation("402(c)", f"a {event.penalty_class.text} is given to a player or "
                            "to a team official (601(a)); only a bench minor goes to the bench")
    if event.served_by is None:
        return
    refuse_unlisted(s, team, event.served_by, "player serving the penalty")
    if s.is_goaltender(team, event.player):
        refuse_goaltender_server(s, event.at, team, event.served_by, event.penalty_class)
    key = (team, event.served_by)
    if removed and key in removed:
        rule = REMOVAL_RULE[removed[key]]
    elif s.is_ejected(team, event.served_by):
        rule = ejection_rule(s, team, event.served_by)
    else:
        return
    raise RuleViolation(rule, f"#{event.served_by} was removed from the game and cannot "
                        "serve a penalty")




def refuse_assessing(s: GameState, batch: Iterable[Penalty | PenaltySignal]) -> None:
    """Penalties assessed one after another (the delayed ones at the whistle,
    409(b); a measurement's): each is refused as the earlier ones leave the
    game, for an earlier one may remove the player named to serve a later one."""
    removed: Removed = {}
    for p in batch:
        refuse_penalized(s, p, removed)
        if p.penalty_class.removes_player and p.player is not None:
            removed[(p.team, p.player)] = p.penalty_class


def refuse_measurement(s: GameState, event: Measurement) -> None:
    """An equipment measurement is asked for at a stoppage, one request per
    team at a stoppage of play (Section III Note 1); the penalty its result
    carries must be one the book sets (:mod:`rinkside.rules.measurement`)."""
    if s.phase != "stopped":
        state = "play is in progress" if s.phase == "in_play" else f"the game is {s.phase}"
        raise RuleViolation(measurement.NOTE, "equipment is measured at a stoppage of play; "
                            f"{state.replace('_', ' ')}")
    if any(r.stoppage == s.stoppage and r.team == event.team for r in s.measurements):
        raise RuleViolation(measurement.NOTE, f"{event.team} has already asked for a "
                            "measurement at this stoppage: one request per team at a stoppage "
                            "of play")
    refuse_unlisted(s, other(event.team), event.player, "player whose equipment is measured")
    _refuse_goaltender_item(s, event)
    calls = measurement.penalties(event)
    clock.refuse_moment(s, event.at)
    refuse_assessing(s, calls)


def _refuse_goaltender_item(s: GameState, event: Measurement) -> None:
    """Rules 301(c), 303: the goaltender's stick, blocker, catching glove and
    leg pads are a goaltender's equipment: measured on a player who is not
    a goaltender (on the roster or in goal), the request names the wrong
    player or the wrong item."""
    rule = measurement.GOALTENDER_ITEMS.get(event.item)
    if rule is None:
        return
    team = other(event.team)
    if s.is_goaltender(team, event.player):
        return
    raise RuleViolation(rule, f"#{event.player} ({team}) is not a goaltender: the "
                        f"{event.item.replace('_', ' ')} measured under Rule {rule} is a "
                        "goaltender's equipment")


def refuse_designate(s: GameState, event: Designate) -> None:
    """Rule 408(c): the player named must be in the box, for a penalty of his
    own or one he serves (a bench minor, 402(c); a goaltender's, 407(a))."""
    clock.refuse_moment(s, event.at)
    box = clock.box_at(s, event.at)
    if not any(sits_for(u, event.player) for u in units_of(box, event.team)):
        raise RuleViolation("408(c)", f"#{event.player} ({event.team}) has no penalty in the box "
                            "and serves none")


# -- changes ------------------------------------------------------------------


def stop_play(s: GameState) -> None:
    """The whistle: delayed penalties are assessed, and players waiting for a
    stoppage come back (402(g), 403(c), 404(a), 408(b))."""
    if s.phase == "in_play":
        s.stoppage += 1
        if s.back_at_stoppage or s.units:
            automatic.note_back_at_whistle(s)  # 406(c): they were off the floor at the foul
    s.phase = "stopped"
    if s.signals:  # most whistles: none delayed
        signals, s.signals = s.signals, ()
        for signal in signals:
            assess(s, signal.assessed(s.clock))
    if s.units:  # most whistles: nobody in the box
        s.units = release_waiting(s.units, "stoppage")
    if s.out_of_box:
        _back_in_box(s)


def _back_in_box(s: GameState) -> None:
    """Casebook 44, 629(e): at the stoppage a player who left the box early is
    back in it: his unexpired time from the face-off, then the additional
    minor of 629(c) (none after the timekeeper's error, 629(f), nor for one
    whose time was already over, casebook 56: his penalty ends here)."""
    out, s.out_of_box = s.out_of_box, frozenset()
    s.units = tuple(u._replace(group=s.stoppage) if u.pending_reason == "left" else u
                    for u in s.units)  # still counted until the face-off (casebook 44)
    for team, player, no_minor in sorted(out):
        if not no_minor:
            assess_leaving(s, team, player)


def assess_leaving(s: GameState, team: Team, player: int) -> None:
    """Rule 629(c), casebook 44: the additional minor, "served after serving
    the un-expired penalty": it follows his time in the box, a misconduct's
    included (404(a) keeps that time apart from his others)."""
    server = ServerKey("player", team, player)
    alive = [u for u in s.units if u.team == team and u.status != "done" and (
        u.served_by == player or (u.server.number == player
                                  and u.server.kind in ("player", "misconduct")))]
    if alive and not any(u.server == server for u in alive):
        # only a misconduct of his is left to serve, or time he serves in
        # another's queue (casebook 65, 66): the minor follows it there
        server = alive[-1].server
    after = _last_sat(s, team, player, alive)
    if after is not None:
        server = after.server
    assess(s, Penalty(s.clock, team, player, PenaltyClass.MINOR, LEAVING, "629(c)"),
           added_by="629(c)", server=server, after=0 if after is None else after.uid)


def _sits(s: GameState, u: Unit, player: int) -> bool:
    """Whether ``player`` himself sits ``u``'s time: it names him to serve it;
    or it names nobody and is his own, or a goaltender's on his key (407(a):
    the teammate who sits the goaltender's earlier penalty sits it too).
    Narrower than :func:`rinkside.rules.box.sits_for`, which counts a penalty
    another serves for him."""
    if u.served_by is not None:
        return u.served_by == player
    if u.player is not None and s.is_goaltender(u.team, u.player):
        return u.server == server_key("player", u.team, player)
    return u.player == player


def _last_sat(s: GameState, team: Team, player: int, alive: list[Unit]) -> Unit | None:
    """Casebook 44, 66: the unit after which 629(c)'s minor starts, where the
    queue he sits in goes on with another player's time (the misconduct of
    the player whose minor he serves, 404(b), casebook 40; a fighter's minor
    another substitute serves after his major, casebook 65): his minor is his
    own, served "after serving the un-expired penalty", not after theirs.
    None where the queue holds only his time: the minor goes at its end."""
    # Plain loops: a comprehension here would make its names cells at every
    # penalty that asks (issue 30).
    sat = []
    for u in alive:
        if _sits(s, u, player):
            sat.append(u)
    if not sat:
        return None
    last = max(sat, key=_queue_order)
    for u in s.units:
        if u.team == team and u.server == last.server and u.status == "pending" \
                and not _sits(s, u, player):
            return last
    return None


def _queue_order(u: Unit) -> tuple[bool, tuple[int, int, int, int]]:
    """The time he sat last: queued time after running time, then in
    :func:`serving_order`."""
    return (u.pending_reason == "queue", serving_order(u))


# Rule 409(b): calls for which the referee raises no arm (a game ejection alike).
NO_ARM_RAISED = frozenset({PenaltyClass.MISCONDUCT, PenaltyClass.GAME_EJECTION,
                           PenaltyClass.GAME_MISCONDUCT, PenaltyClass.GROSS_MISCONDUCT})


def signal(s: GameState, event: PenaltySignal) -> None:
    """Rule 409(b): a delayed call, assessed at the next stoppage. For a
    misconduct, game ejection, game misconduct or gross misconduct no arm is
    raised, but the whistle waits all the same: the call is recorded with a
    warning (casebook 63), and no goal wipes it out (409(c) wipes minors)."""
    if event.penalty_class in NO_ARM_RAISED:
        warn(s, "409(b)", f"the referee raises no arm for a {event.penalty_class.text} but "
             f"waits for {event.team} to gain possession before stopping play: the delayed "
             f"{event.penalty_class.text} to {offender(event)} is assessed at the stoppage, "
             "and a goal does not wipe it out (409(c), casebook 63).")
    s.signals = s.signals + (event,)


def offender(event: Penalty | PenaltySignal) -> str:
    """Whom a penalty names, as a warning says it: ``#5``, ``the bench``, ``Coach``."""
    if event.official is not None:
        return event.official
    return "the bench" if event.player is None else f"#{event.player}"


def assess(s: GameState, event: Penalty, *, added_by: str | None = None,
           companions: bool = True, server: ServerKey | None = None, after: int = 0) -> None:
    """Record the penalty (506(a)) and put its time in the box, to start at
    the face-off (409(d)): a minor one unit, a double minor two (casebook 7),
    a major or a match penalty's time portion one (405(a), casebook 14), a
    misconduct one served beside the player's other time (404(a)). Who sits
    the time is :mod:`rinkside.rules.serving`'s table. What the book makes
    automatic around it is :mod:`rinkside.rules.automatic` (casebook 42-47)."""
    entry = lookup(event.infraction, event.rule)  # once, for instead and after
    if added_by is None:
        kept = automatic.instead(s, event, entry)
        if kept is None:
            return
        event, decided = kept
        server = server or decided
    team = event.team
    warning = assessment_warning(event.infraction, event.penalty_class, event.rule)
    if warning:
        warn(s, *warning)
    player = event.player
    cls = event.penalty_class
    served_by = event.served_by
    # s.is_goaltender(team, player), inline (asked at every penalty)
    is_goalie = player is not None and (
        player == s.goalies[0 if team == "home" else 1]
        or player in (s.setup.home if team == "home" else s.setup.away).goalie_numbers)
    pid = s.next_id
    s.next_id += 1
    record = assessed_record(
        pid, event.at, team, None if cls is BENCH_MINOR else player, served_by, cls,
        event.infraction, event.rule, event.suspension, is_goalie, event.official,
        event.called_by, s.stoppage, added_by)
    s.penalty_chain = Chain.push(s.penalty_chain, record)
    if added_by is not None:
        s.auto_added = s.auto_added | {pid}

    if server is None:
        number = serving.server_number(cls, player, served_by, goaltender=is_goalie)
        # With the box empty nobody shares a server with him or sits before
        # him (402(f), 407(a), 409(c)): the scans below would find nothing.
        shared = _shared_server(s, team, player, cls, goaltender=is_goalie,
                                named=served_by is not None) if s.units else None
        if shared is not None:
            server = shared
        elif number is not None:
            server = server_key("player", team, number)
        else:
            server = server_key("penalty", team, pid)
        if s.units and served_by is not None:
            _follow_named(s, team, player, cls, server, goaltender=is_goalie)
        if s.units and shared is None and number is not None and not after:
            # 402(f): he serves his own after the time he sits, not after the
            # other player's time queued behind it on that key (casebook 40, 65)
            alive = []
            for u in s.units:  # a loop: a comprehension would make ``server`` a cell
                if u.server == server and u.status != "done":
                    alive.append(u)
            sat = _last_sat(s, team, number, alive)
            after = 0 if sat is None else sat.uid
    st = s.setup.settings

    new: tuple[Unit, ...] = ()
    if cls is MINOR or cls is BENCH_MINOR:
        new = (_unit(s, pid, event, server, MINOR_TIME, st.minor, 0, after),)
    elif cls is DOUBLE_MINOR:
        first = _unit(s, pid, event, server, MINOR_TIME, st.minor, 1, after)
        new = (first, _unit(s, pid, event, server, MINOR_TIME, st.minor, 2, after))
    elif cls is MAJOR or cls is MATCH:
        new = (_unit(s, pid, event, server, MAJOR_TIME, st.major, 0, after),)  # 405(a), cb 14
    elif cls is MISCONDUCT and player is not None and not s.is_ejected(team, player):
        # 404(a): substitute at once; a goaltender's is served by a teammate.
        if served_by is None and not is_goalie:
            server = server_key("misconduct", team, player)
        new = (_unit(s, pid, event, server, MISCONDUCT_TIME, st.misconduct, 0, after),)
    if cls in REMOVAL_RULE and player is not None:  # cls.removes_player (404(c)-(g), 405(a))
        _remove_from_game(s, team, player, event.at)
    if s.phase != "final":  # else recorded; no time left to serve
        # Before or during a shootout the time is in the box, all of it
        # unexpired (639(b)4F), beside what regulation and overtime left there.
        s.units = s.units + new
    for companion in automatic.after(s, event, record, entry, companions=companions):
        assess(s, companion, added_by=companion.rule)



def _unit(s: GameState, pid: int, event: Penalty, server: ServerKey, kind: Kind,
          duration: int, half: Half, after: int) -> Unit:
    """A unit of ``event``'s time, pending for the face-off (409(d)), with the
    state's next id."""
    uid = s.next_id
    s.next_id = uid + 1
    return assessed_unit(uid, pid, event.team, event.player, event.served_by, server, kind,
                         event.penalty_class, event.infraction, duration, s.stoppage, half,
                         after)


_CONSECUTIVE = frozenset({PenaltyClass.MINOR, PenaltyClass.DOUBLE_MINOR, PenaltyClass.MAJOR})


def _shareable(s: GameState, team: Team, player: int | None, cls: PenaltyClass, *,
               goaltender: bool) -> list[Unit]:
    """The penalized player's time already assessed at this stoppage that one
    server sits with ``cls`` (402(f), 409(c)): a goaltender's, 407(a)
    (his misconduct too, 404(a)); a skater's minors and major."""
    classes = GOALTENDER_SERVED if goaltender else _CONSECUTIVE
    if player is None or cls not in classes:
        return []
    found = []
    for u in s.units:  # a loop: a comprehension would make four names cells at each call
        if u.team == team and u.player == player and u.group == s.stoppage \
                and u.status == "pending" and u.pending_reason == "faceoff" \
                and u.penalty_class in classes:
            found.append(u)
    return found


def _shared_server(s: GameState, team: Team, player: int | None, cls: PenaltyClass, *,
                   goaltender: bool, named: bool) -> ServerKey | None:
    """Rules 402(f), 407(a), 409(c), casebook 20, 40 and 65: a player's
    penalties at one stoppage are served one after the other (a major first,
    a misconduct's own time last) whoever serves them. They share the key of
    the teammate named for his earlier one (404(e)'s substitute, 407(a)'s
    teammate), whether another teammate is ``named`` for the new one or
    nobody is; a goaltender's that nobody is named to serve shares the key
    of the unnamed teammate who sits for him. The unit keeps its own
    ``served_by``: the key orders the time, the number says who sits."""
    for u in _shareable(s, team, player, cls, goaltender=goaltender):
        if u.served_by is not None or (goaltender and u.server.kind == "penalty" and not named):
            return u.server
    return None


def _follow_named(s: GameState, team: Team, player: int | None, cls: PenaltyClass,
                  server: ServerKey, *, goaltender: bool) -> None:
    """The same rules the other way round: the player's earlier penalties of
    this stoppage that nobody was named to serve go to the teammate now
    named, one after the other, rather than beside his time. (What the engine
    added itself keeps its place: 629(c)'s minor follows his unexpired time.)"""
    own = server_key("player", team, player) if player is not None else None
    moved = {u.uid for u in _shareable(s, team, player, cls, goaltender=goaltender)
             if u.served_by is None and u.server != server
             and u.penalty_id not in s.auto_added
             and (u.server.kind == "penalty" if goaltender else u.server == own)}
    if moved:
        s.units = tuple(u._replace(server=server) if u.uid in moved else u for u in s.units)


def _remove_from_game(s: GameState, team: Team, player: int, at: GameTime) -> None:
    """404(c), (d), (g), 405(a): the player leaves the game; a misconduct of
    his has nobody left to keep in the box, and a goaltender is replaced
    (407(b), (c))."""
    s.ejected = s.ejected | {(team, player)}
    box = s.units
    s.units = tuple(u for u in box if not (
        u.team == team and u.player == player and u.kind == MISCONDUCT_TIME
        and u.status != "done"))
    if len(s.units) != len(box):
        timing.note_removed(s, box, at)
    if player == s.goalie(team):
        change_goalie(s, team, REPLACEMENT_GOALIE)


def measure(s: GameState, event: Measurement) -> None:
    """The measurement's penalties (Rules 301(d), 301(e), 303(g), 304(e)-(f),
    610(f)) are assessed, and the request recorded."""
    for penalty in measurement.penalties(event):  # its companions are among them
        assess(s, penalty, companions=False)
    s.measurements = (*s.measurements, MeasurementRecord(
        s.stoppage, event.at, event.team, event.player, event.item, event.result))


def designate(s: GameState, event: Designate) -> None:
    """Rule 408(c): the captain names who returns first."""
    s.units = designated_first(s.units, event.team, event.player)
