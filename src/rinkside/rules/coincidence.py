"""What the penalties of one stoppage do to the floor, settled at the face-off.

Penalty time starts when the puck is dropped (Rule 409(d), casebook 9), so
the penalties assessed at a stoppage are looked at together at the next
face-off, in this order:

1. Coincident penalties (casebook 4): equal penalties to the two teams cancel
   in pairs for strength: first a player's whole set that includes a major
   against an equal set of a player of the other team (403(c), casebook 67),
   then minor against minor (a double minor is two minors, 402(h) situation
   #1) and major against major or match (403(c), 405(d)); of unequal sets
   (403(d)) only the majors cancel, and the penalties that make the
   difference are served first in the normal way (402(f), casebook 19, 20).
   The players go to the box and substitutes play (402(g), 403(c)), except
   in the plain case of 402(d) note 1 and 402(h) situation #2: one minor to
   each team at full strength is served without substitution, when they are
   the stoppage's only penalties (casebook 67: beside a misconduct, a game
   misconduct or a major, substitutes play for them too).
2. Rule 403(e) (casebook 19): a major to one team and a minor (or a double
   minor, both its halves) to the other, when the major cannot be served in
   full (inside the last major-length of regulation, or in overtime): both
   are served with substitutes and the difference starts at once as a major
   served by a player of the offending team.
3. Starting (408(a), 408(d), 402(f)): each team's new penalties, the minor
   recorded first, start at once, queue behind their server's earlier
   penalty, or are held as a third penalty while two teammates serve.
4. Rule 402(h) (casebook 5): if a team with more penalties in force would
   still not be short of its opponent on the floor, the counting minors of
   both teams are paired off as coincident, longest time left first.
"""

from __future__ import annotations

from rinkside.rules.box import (
    MAJOR_TIME,
    MINOR_TIME,
    MISCONDUCT_TIME,
    Box,
    Clock,
    ServerKey,
    Unit,
    counting,
    held_third,
    in_force,
    pause_misconduct,
    serving_order,
)
from rinkside.rules.events import TEAMS, PenaltyClass, Team, other


def _pair(box: Box, a: list[Unit], b: list[Unit], *, substituted: bool,
          latest: bool = False) -> tuple[Box, int]:
    """Pair ``a`` and ``b`` off in order; with ``latest``, the ones recorded
    last first (casebook 39: the minor recorded first counts)."""
    pairs = min(len(a), len(b))
    if latest:
        a, b = a[::-1], b[::-1]
    marked = {u.uid for u in a[:pairs]} | {u.uid for u in b[:pairs]}
    if not marked:
        return box, 0
    box = tuple(u._replace(coincident=True, substituted=substituted) if u.uid in marked else u
                for u in box)
    return box, pairs


def _new_units(box: Box, team: Team) -> list[Unit]:
    new = []
    for u in box:  # a plain loop, sorted only when there are several (most: one)
        if u.team == team and u.status == "pending" and u.pending_reason == "faceoff":
            new.append(u)
    if len(new) > 1:
        new.sort(key=_uid)
    return new


def _uid(u: Unit) -> int:
    return u.uid


def _cancel_coincident(box: Box, window: bool, only_minors: bool) -> Box:
    """Steps 1 and 2 above. ``only_minors``: the stoppage's penalties are all
    minors or bench minors (none that puts nobody in the box, casebook 67)."""
    new = {t: _new_units(box, t) for t in TEAMS}
    minors = {t: [u for u in new[t] if u.kind == MINOR_TIME] for t in TEAMS}
    majors = {t: [u for u in new[t] if u.kind == MAJOR_TIME] for t in TEAMS}

    plain = (
        only_minors
        and all(len(new[t]) == 1 and len(minors[t]) == 1 and not majors[t] for t in TEAMS)
        and all(minors[t][0].penalty_class != PenaltyClass.DOUBLE_MINOR for t in TEAMS)
        and all(in_force(box, t) == 0 for t in TEAMS)
    )
    if plain:  # 402(d) note 1, 402(h) situation #2: three a side, no substitutes
        box, _ = _pair(box, minors["home"], minors["away"], substituted=False)
        return box
    box, in_sets = _pair_equal_sets(box, new)
    if in_sets:
        minors = {t: [u for u in minors[t] if u.uid not in in_sets] for t in TEAMS}
        majors = {t: [u for u in majors[t] if u.uid not in in_sets] for t in TEAMS}
    # Casebook 39 (402(h)): the minors recorded last pair off first, a double
    # minor's two halves among them (casebook 4), so the one recorded first counts.
    box, _ = _pair(box, minors["home"], minors["away"], substituted=True, latest=True)
    box = _split_double_minors(box)
    box, n_major = _pair(box, majors["home"], majors["away"], substituted=True)
    if not window:
        return box
    left_minors = {t: [u for u in minors[t] if not _paired(box, u)] for t in TEAMS}
    left_majors = {t: majors[t][n_major:] for t in TEAMS}
    for team in TEAMS:
        opp = other(team)
        while left_majors[team] and left_minors[opp] and not left_majors[opp]:
            major = left_majors[team].pop(0)
            # 403(e): "the difference in penalty time" is the major's against
            # one penalty's minor time, both halves of a double minor (402(h)).
            halves = _closest_minor_time(major, left_minors[opp])
            minor = halves[0]
            left_minors[opp] = [u for u in left_minors[opp] if u not in halves]
            paired = {major.uid} | {u.uid for u in halves}
            box = tuple(u._replace(coincident=True, substituted=True) if u.uid in paired else u
                        for u in box)
            duration = major.duration - sum(u.duration for u in halves)
            if duration <= 0:
                continue  # equal time: coincident as under 403(c), no difference
            difference = major._replace(
                uid=-major.uid, served_by=None,
                server=ServerKey("penalty", major.team, major.penalty_id * 1000 + minor.uid),
                duration=duration, coincident=False,
                substituted=False, kind=MAJOR_TIME, half=0,
            )
            box = box + (difference,)
    return box


def _closest_minor_time(major: Unit, minors: list[Unit]) -> list[Unit]:
    """Rule 403(e) with several minors against one major: the major pairs
    with the penalty (a minor, or a double minor's two halves) whose time is
    the most it can cover, so that a double minor of the major's length is
    coincident with it as Rule 403(c) makes "penalties of equal duration
    including a major" (four-minute majors), whatever order the scorer wrote
    them in; between equal times the one recorded last pairs and the first
    counts (casebook 39). The rest are served in the normal way (403(d) 1)."""
    by_penalty: dict[int, list[Unit]] = {}
    for u in minors:
        by_penalty.setdefault(u.penalty_id, []).append(u)

    def rank(units: list[Unit]) -> tuple[bool, int, int]:
        total = sum(u.duration for u in units)
        covered = total <= major.duration
        return covered, (total if covered else -total), units[0].uid

    return max(by_penalty.values(), key=rank)


def _pair_equal_sets(box: Box, new: dict[Team, list[Unit]]) -> tuple[Box, set[int]]:
    """Casebook 67, Rule 403(c): "coincidental penalties of equal duration
    including a major penalty ... upon a player of each team": a player's
    minors and majors of this stoppage that include a major are paired as a
    whole with a player of the other team whose set has the same total time,
    before any other penalty of the stoppage pairs with a part of them
    (casebook 39's order is for the rest). Each player still serves his
    minor first (402(f), casebook 20). The uids paired."""
    sets: dict[Team, list[list[Unit]]] = {}
    for team in TEAMS:
        by_player: dict[int, list[Unit]] = {}
        for u in new[team]:
            if u.player is not None and u.kind != MISCONDUCT_TIME:
                by_player.setdefault(u.player, []).append(u)
        sets[team] = [units for units in by_player.values()
                      if any(u.kind == MAJOR_TIME for u in units)]
    paired: set[int] = set()
    free = list(sets["away"])
    for mine in sets["home"]:
        total = sum(u.duration for u in mine)
        theirs = next((s for s in free if sum(u.duration for u in s) == total), None)
        if theirs is None:
            continue
        free.remove(theirs)
        paired |= {u.uid for u in (*mine, *theirs)}
    if not paired:
        return box, paired
    return tuple(u._replace(coincident=True, substituted=True) if u.uid in paired else u
                 for u in box), paired


def _paired(box: Box, unit: Unit) -> bool:
    return any(u.uid == unit.uid and u.coincident for u in box)


def _split_double_minors(box: Box) -> Box:
    """402(h) situation #1: when one half of a double minor is coincident and
    the other is not, a teammate serves the other half at the same time."""
    halves: dict[int, list[Unit]] = {}
    for u in box:
        if u.half and u.status == "pending" and u.pending_reason == "faceoff":
            halves.setdefault(u.penalty_id, []).append(u)
    for pair in halves.values():
        if len(pair) == 2 and pair[0].substituted != pair[1].substituted:
            lone = next(u for u in pair if not u.substituted)
            teammate = ServerKey("penalty", lone.team, lone.uid)
            box = _replace(box, lone, lone._replace(server=teammate))
    return box


def _start_new(box: Box, now: int, max_counting: int, teams: set[Team]) -> Box:
    """Step 3 above, for the ``teams`` with new penalties."""
    for team in TEAMS:
        if team not in teams:
            continue
        new = _new_units(box, team)
        if len(new) == 1 and not new[0].after and new[0].kind != MISCONDUCT_TIME:
            box = _start_one(box, new[0], now, max_counting)
        elif new:
            box = _start_team(box, team, new, now, max_counting)
    return box


def _start_team(box: Box, team: Team, new: list[Unit], now: int, max_counting: int) -> Box:
    """Step 3 for ``team``'s new units."""
    box, new = _misconduct_after(box, new)
    busy = {u.server for u in box if u.team == team and u.status in ("running", "pending")
            and u.pending_reason != "faceoff"}
    team_order = sorted(new, key=lambda u: (0 if u.kind == MINOR_TIME else 1, u.uid))
    by_server: dict[ServerKey, list[Unit]] = {}
    for u in sorted(new, key=serving_order):
        by_server.setdefault(u.server, []).append(u)
    firsts = {units[0].uid for server, units in by_server.items() if server not in busy}
    alive = {x.uid for x in box if x.status in ("running", "pending")}
    for u in team_order:
        current = next(x for x in box if x.uid == u.uid)
        # a unit that follows one unit waits for it alone, not for its
        # server's order (casebook 44, 66)
        waits = u.after in alive if u.after else u.uid not in firsts
        if waits:
            box = _replace(box, current, current.held("queue"))
        elif current.kind != MISCONDUCT_TIME and not current.substituted and \
                counting(box, team) >= max_counting:
            box = _replace(box, current, current.held("third"))
        else:
            box = _replace(box, current, current.running_from(now))
    return box


def _start_one(box: Box, unit: Unit, now: int, max_counting: int) -> Box:
    """Step 3 for a team's one new unit of minor or major time, following
    no other (the most frequent case), as :func:`_start_team` takes it: it
    queues behind
    its server's earlier time (402(f)), is held as a third penalty (408(a))
    or starts now."""
    team, server = unit.team, unit.server
    for u in box:
        if u.server == server and u.team == team and u.pending_reason != "faceoff" \
                and u.status in ("running", "pending"):
            return _replace(box, unit, unit.held("queue"))
    if not unit.substituted and counting(box, team) >= max_counting:
        return _replace(box, unit, unit.held("third"))
    return _replace(box, unit, unit.running_from(now))


def _misconduct_after(box: Box, new: list[Unit]) -> tuple[Box, list[Unit]]:
    """Casebook 40 (404(b), 404(e)): a misconduct given with a minor, a double
    minor or a major to the same player starts when that penalty ends; it is
    queued behind it (one server). Casebook 65 (402(f), 409 second (c)): one
    player's penalties are served one after another, so a misconduct given at
    a later stoppage to a player whose own minor or major time is still in
    the box starts when that time ends: the ten minutes of 404(a) remove him
    from the game beyond the time he already sits."""
    for m in [u for u in new if u.kind == MISCONDUCT_TIME and u.server.kind == "misconduct"]:
        first = next((u for u in new if u.player == m.player and u.kind != MISCONDUCT_TIME
                      and u.penalty_id != m.penalty_id), None)
        if first is None:
            earlier = _earlier_time(box, m)
            if earlier is not None and not m.after:
                # linked to that time alone (as 629(c)'s minor is, casebook 44):
                # a minor he is given later still follows his minor at once
                linked = m._replace(after=earlier.uid)
                box = _replace(box, m, linked)
                new = [linked if u.uid == m.uid else u for u in new]
            continue
        moved = m._replace(server=first.server)
        box = _replace(box, m, moved)
        new = [moved if u.uid == m.uid else u for u in new]
    return box, new


def _earlier_time(box: Box, m: Unit) -> Unit | None:
    """The last of ``m``'s player's own minor or major time from an earlier
    stoppage still to serve (running, or pending behind it), or of the time
    he sits for a teammate (a goaltender's, 407(a); a bench minor, 402(c):
    "as if it was a minor penalty imposed upon him/her"; casebook 65, 66: he
    sits one penalty at a time), if any."""
    his = [u for u in box if u.team == m.team and m.player in (u.player, u.served_by)
           and u.kind != MISCONDUCT_TIME and u.group < m.group
           and u.status in ("running", "pending") and u.pending_reason != "faceoff"]
    return max(his, key=serving_order) if his else None


def _replace(box: Box, old: Unit, new: Unit) -> Box:
    uid = old.uid
    i = 0
    for u in box:  # a plain loop and a list: no generator per change (issue 30)
        if u.uid == uid:
            changed = list(box)
            changed[i] = new
            return tuple(changed)
        i += 1
    return box


def _by_time_left(box: Box, team: Team, now: int) -> list[Unit]:
    return sorted((u for u in box if u.team == team and u.counts and u.kind == MINOR_TIME),
                  key=lambda u: (-(u.end - now), u.uid))


def _balance(box: Box, now: int, max_counting: int) -> Box:
    """Step 4 above (402(h), casebook 5)."""
    for team in TEAMS:
        opp = other(team)
        theirs = in_force(box, opp)
        if theirs < max_counting or in_force(box, team) <= theirs:
            continue  # the opponent is not at its limit, or this team is not past it

        box, _ = _pair(box, _by_time_left(box, team, now), _by_time_left(box, opp, now),
                       substituted=True)
        for t in (team, opp):
            while counting(box, t) < max_counting and held_third(box, t):
                held = held_third(box, t)[0]
                box = pause_misconduct(_replace(box, held, held.running_from(now)), held, now)
    return box


def waiting_for_faceoff(box: Box) -> bool:
    """Whether a penalty assessed at the stoppage waits for the face-off to
    start (409(d)): what :func:`resolve_faceoff` settles, asked before the
    rest of what it needs is gathered (most face-offs have none)."""
    for u in box:
        if u.status == "pending" and u.pending_reason == "faceoff":
            return True
    return False


def resolve_faceoff(box: Box, now: int, clock: Clock, *, major_window: bool,
                    only_minors: bool) -> Box:
    """Settle and start the penalties waiting for this face-off; ``only_minors``:
    whether every penalty of the stoppage was a minor or bench minor (casebook 67)."""
    new: list[Unit] = []
    home = away = False  # whether each team has time in the box
    for u in box:  # one pass (asked at every face-off with someone in the box)
        if u.team == "home":
            home = True
        else:
            away = True
        if u.status == "pending" and u.pending_reason == "faceoff":
            new.append(u)
    if not new:
        return box
    cap = clock.max_counting
    box = _misconduct_aside(box, new)
    if len(new) == 1:
        # One new unit (most stoppages with a penalty): nothing to pair it
        # with (steps 1 and 2); it starts as step 3 starts it.
        unit = new[0]
        if not unit.after and unit.kind is not MISCONDUCT_TIME:
            box = _start_one(box, unit, now, cap)
        else:
            box = _start_team(box, unit.team, new, now, cap)
        box = _misconduct_waits(box, new, now)
        return _balance(box, now, cap) if home and away else box
    new_teams = {u.team for u in new}
    if not (home and away):
        # Only one team's penalties anywhere: nothing to pair (steps 1, 2 and 4).
        return _misconduct_waits(_start_new(box, now, cap, new_teams), new, now)
    if len(new_teams) == 2:  # steps 1 and 2 pair new penalties of both teams
        box = _cancel_coincident(box, major_window, only_minors)
    box = _misconduct_waits(_start_new(box, now, cap, new_teams), new, now)
    return _balance(box, now, cap)


def _misconduct_aside(box: Box, new: list[Unit]) -> Box:
    """Casebook 65, 40: a misconduct of a player that is running on the key
    of the minor or major it came with (404(b), 404(e): his own, or the
    substitute's named for it) does not hold back, nor run beside, a penalty
    given to him at a later stoppage: it goes on its own key (404(a)), so
    that the new time starts at the face-off and :func:`_misconduct_waits`
    pauses it."""
    for m in box:
        if m.status == "running" and m.kind is MISCONDUCT_TIME and m.server.kind != "misconduct" \
                and m.served_by is None and m.player is not None:
            break
    else:
        return box  # most face-offs: no such misconduct running
    for m in [u for u in box if u.status == "running" and u.kind is MISCONDUCT_TIME
              and u.server.kind != "misconduct" and u.served_by is None]:
        player = m.player
        if player is None:
            continue
        own = ServerKey("player", m.team, player)  # a skater who sits the new time himself
        if any(u.team == m.team and u.player == player and u.kind is not MISCONDUCT_TIME
               and u.server in (m.server, own) for u in new):
            box = _replace(box, m, m._replace(server=ServerKey("misconduct", m.team, player)))
    return box


def _misconduct_waits(box: Box, new: list[Unit], now: int) -> Box:
    """Casebook 65 and 40 (404(a), 402(b), 409(d)): a minor, double minor or
    major given at a later stoppage to a player whose own misconduct is
    running starts at the face-off, the team short from then; one player's
    penalties are served one after another, the misconduct's own time after
    the time that leaves the team short, so the time his misconduct has left
    waits until that penalty ends (on time or ended by a goal) and then runs
    on. (629(c)'s minor is the book's other order: "after serving the
    un-expired penalty", queued behind it, casebook 44.)"""
    misconducts = [u for u in box if u.status == "running" and u.kind is MISCONDUCT_TIME
                   and u.server.kind == "misconduct"]
    if not misconducts:
        return box  # most face-offs: no misconduct running
    for m in misconducts:
        ids = {u.uid for u in new if u.team == m.team and u.kind is not MISCONDUCT_TIME
               and m.player in (u.player, u.served_by)}
        his = [u for u in box if u.uid in ids and u.status == "running"]
        if not his:
            continue  # nothing of his started now (held as a third, 408(a); queued)
        last = max((u for u in box if u.uid in ids), key=serving_order)
        paused = m._replace(status="pending", pending_reason="queue", duration=m.left(now),
                            start=0, after=last.uid)
        box = _replace(box, m, paused)
        # A misconduct given with that penalty (404(b), casebook 40) comes
        # after the rest of his earlier one, not beside it (casebook 65).
        for u in box:
            if u.team == m.team and u.player == m.player and u.kind is MISCONDUCT_TIME \
                    and u.uid != m.uid and u.status == "pending" and not u.after \
                    and any(x.uid == u.uid for x in new):
                box = _replace(box, u, u._replace(after=m.uid))
    return box
