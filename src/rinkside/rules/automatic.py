"""What the book makes automatic around a penalty, whoever enters it.

Asked by :func:`rinkside.rules.penalties.assess` before and after it records
a penalty, and by :mod:`rinkside.rules.game` around face-offs and penalty
shots:

- casebook 42: the automatic companions of the infraction catalog ("a major
  penalty and automatic game misconduct": 604(e), 607(c), 615(a), 618(b),
  620(c), 636(c); 629(d) a minor plus a game misconduct), assessed with a
  warning unless the stoppage already records them; a companion recorded
  later at the stoppage replaces the one the engine added. 615(d): a punch
  carries at least three games. 619(c)'s "must" is a warning only.
- casebook 43: 205 note 3 and 610(e) in the last two minutes of regulation
  or in overtime give a penalty shot instead of the penalty
  (:attr:`GameState.penalty_shot_due`, a face-off refused until it is
  taken); 406(c) who may shoot.
- casebook 62: only the penalty marked ``penalty_shot`` is the foul a
  penalty shot was awarded for (recorded before the shot it makes the shot
  due); its minor is neither served nor charged (406(h)), any other class
  is imposed (406(g)). No other penalty is linked to a shot by its order or
  its rule: an unmarked minor citing a penalty-shot foul gets a warning.
- casebook 46: the penalties given "after a warning" checked against the
  referees' warnings (:mod:`rinkside.rules.incidents` records them).
- casebook 47: a team official's penalties (601(a)).
- casebook 48: who may serve a match penalty's time (405(a)).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from rinkside.rules.box import MISCONDUCT_TIME, ServerKey, Unit
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Penalty, PenaltyClass, PenaltyShot, Team, other
from rinkside.rules.infractions import Infraction, lookup
from rinkside.rules.notices import warn
from rinkside.rules.outcome import DecidedBy
from rinkside.rules.records import Chain, PenaltyRecord, items
from rinkside.rules.state import GameState

PC = PenaltyClass
LAST_MINUTES: Final = 1200  # 205 note 3, 610(e): "less than two minutes remaining"
PUNCH_GAMES: Final = 3  # 615(d): "a minimum suspension of three games"
# Casebook 46: the penalties given "after a warning", and whom the warning goes to.
AFTER_WARNING: Final[dict[str, str]] = {
    "304(b)": "player", "610(d)": "player", "613note1": "player", "617(b)": "player",
    "205(d)": "team", "610(c)": "team", "631(b)": "team", "634(a)": "team",
}
SHOWN: Final[dict[str, str]] = {"613note1": "613 note 1", "205note3": "205 note 3"}
# 613(c) note 1 gives 613(c)'s penalty after a warning: the catalog cites 613(c).
_ALIASES: Final[dict[str, str]] = {"613(c)": "613note1", "613(c)note1": "613note1"}
_MINORS: Final = frozenset({PC.MINOR, PC.BENCH_MINOR, PC.DOUBLE_MINOR})
_EJECTIONS: Final = frozenset({PC.GAME_EJECTION, PC.GAME_MISCONDUCT})
# Classes compared on the fold's path, as module names: Python 3.11 reads an
# enum's members off its class unspecialized (issue 30).
_MATCH: Final = PC.MATCH
_MAJOR: Final = PC.MAJOR
# Casebook 62: the rules whose foul the book punishes with a penalty shot.
SHOT_FOULS: Final = ("614(c)", "617(e)", "624(b)", "629(g)", "638(a)", "642(e)")


@lru_cache(maxsize=1024)
def rule_key(text: str | None) -> str:
    """A rule as a comparable key: ``"Rule 610 (d)"`` -> ``"610(d)"``,
    ``"613 Note 1"`` -> ``"613note1"``. Rule 613(c)'s penalty is the one of
    its note 1 (a delay of game after a warning), so ``"613(c)"`` and
    ``"613(c) note 1"`` are that note's key (casebook 46)."""
    if not text:
        return ""
    # str.split() drops the whitespace re's \s matches, without the re module's
    # trip through its pattern cache: asked at each new rule text (issue 30)
    key = "".join(text.casefold().split()).removeprefix("rule")
    return _ALIASES.get(key, key)


def shown(key: str) -> str:
    return SHOWN.get(key, key)


def penalty_rule(event: Penalty, entry: Infraction | None) -> str:
    """The rule a penalty is given under: the one recorded, else the catalog's."""
    return rule_key(event.rule) or (rule_key(entry.rule) if entry is not None else "")


# -- refusals -------------------------------------------------------------------------


def refuse_penalty(s: GameState, event: Penalty) -> None:
    """Casebook 48 (405(a)): a match penalty's time is served by a player with
    no penalty of his own in the box who is not a goaltender; a team
    official removed from the game gets no further penalty (404(d)) but a
    gross misconduct, which 601(f) gives for what he does anywhere in the
    rink, before, during or after the game."""
    if event.official is not None and (event.team, event.official) in s.ejected_officials \
            and event.penalty_class != PC.GROSS_MISCONDUCT:
        raise RuleViolation("404(d)", f"{event.official} ({event.team}) was removed from the "
                            "game: only a gross misconduct (601(f)) may still be given to him")
    if event.penalty_class != _MATCH or event.served_by is None:
        return
    n, team = event.served_by, event.team
    if s.is_goaltender(team, n):
        raise RuleViolation("405(a)", f"#{n} is a goaltender: a match penalty's time is served "
                            "by a non-penalized player, not the goaltender")
    if n == event.player or any(u.team == team and u.player == n and u.status != "done"
                                for u in s.units):
        raise RuleViolation("405(a)", f"#{n} has a penalty of his own: a match penalty's time "
                            "is served by a non-penalized player")


def refuse_faceoff(s: GameState, event: FaceOff) -> None:
    """Casebook 43: while a penalty shot is due, play does not resume."""
    if s.penalty_shot_due is not None:
        raise RuleViolation(s.shot_due_rule or "406(a)", f"a penalty shot is due to "
                            f"{s.penalty_shot_due} (casebook 43): it is taken before the "
                            "face-off (406(a))")


def refuse_penalty_shot(s: GameState, event: PenaltyShot) -> None:
    """Rule 406(c), casebook 43: the shooter was on the floor when the foul was
    committed; a player serving a penalty from an earlier stoppage may not
    shoot (one penalized at this stoppage still may, 406(d)). One who had left
    the box early (casebook 44) is back in it serving that earlier time."""
    now = s.stoppage + (1 if s.phase == "in_play" else 0)
    if s.phase != "in_play" and (event.team, event.shooter, now) in s.back_at_stoppage:
        raise RuleViolation("406(c)", f"#{event.shooter} was still in the penalty box when the "
                            "foul was committed (his time had run out; he came back at the "
                            "whistle): he was not on the floor and does not take the shot")
    for u in s.units:
        if u.team != event.team or u.status == "done" or (
                u.group >= now and u.pending_reason != "left"):
            continue
        server = _server(s, u)
        if server == event.shooter and u.pending_reason == "left":
            raise RuleViolation("406(c)", f"#{event.shooter} left the penalty bench early and is "
                                "back in it serving a penalty from an earlier stoppage (629(c), "
                                "casebook 43, 44): he does not take the shot")
        if server == event.shooter:
            raise RuleViolation("406(c)", f"#{event.shooter} is serving a penalty and was not "
                                "on the floor when the foul was committed")


def _server(s: GameState, u: Unit) -> int | None:
    """The player sitting in the box for ``u`` (None: not named yet)."""
    if u.kind == MISCONDUCT_TIME and not s.is_goaltender(u.team, u.player):
        return u.player  # he sits out his own misconduct (404(a))
    # a goaltender's misconduct is served by a teammate (404(a), 407(a)), as are
    # his other penalties, a bench minor's and those of a player named to sit
    return u.served_by if u.served_by is not None else (
        u.player if u.server.kind != "penalty" else None)


def note_back_at_whistle(s: GameState) -> None:
    """Rule 406(c), casebook 43: the players waiting in the box for this
    stoppage (402(g), 404(a), 408(b)) were not on the floor when a foul of
    the play it ends was committed; kept for this stoppage's penalty shot."""
    back: tuple[tuple[Team, int, int], ...] = ()
    for u in s.units:  # a plain loop: asked at every whistle with someone in the box
        if u.status == "expired" and u.wait == "stoppage" and (n := _server(s, u)) is not None:
            back += ((u.team, n, s.stoppage),)
    s.back_at_stoppage = back


# -- before and after a penalty is recorded ------------------------------------------


def instead(s: GameState, event: Penalty, entry: Infraction | None
            ) -> tuple[Penalty, ServerKey | None] | None:
    """The penalty to record for ``event`` (None: nothing to serve or charge),
    with the changes the book makes automatic (casebook 42, 43, 62; 406(h)),
    and who serves it where that is already decided: the additional minor of
    629(c) that it is (casebook 44), after the time it follows. ``entry``:
    the catalog's entry for it (:func:`lookup`, asked once by the caller)."""
    shot_rule = _shot_instead(event.infraction, event.rule)
    in_window = False
    if shot_rule is not None:  # the window matters only to 205 note 3 and 610(e)
        periods = s.setup.settings.periods
        in_window = s.period > periods or (s.period == periods and s.left < LAST_MINUTES)
        in_window = in_window and (s.phase not in ("final", "shootout") or _at_buzzer(s))
    if event.penalty_shot:
        if not _awarded_for(s, event, shot_rule if shot_rule and in_window else "406(a)"):
            return None
    elif shot_rule and in_window and _match_taken_shot(s, event):
        # Casebook 43: the 205 note 3 or 610(e) offense recorded after the
        # shot it gave is that shot's foul (not due again): a minor is
        # neither served nor charged (406(h)).
        warn(s, "406(h)", f"the {event.penalty_class.text} is not served or charged: the "
             f"penalty shot was awarded for the foul ({shot_rule}, casebook 43)")
        return None
    elif shot_rule and in_window:
        _make_due(s, other(event.team), shot_rule)
        warn(s, shot_rule, f"with less than 2:00 left in regulation or in overtime, a "
             f"penalty shot is awarded to {other(event.team)} instead of the "
             f"{event.penalty_class.text} (casebook 43)")
        return None
    elif s.penalty_shots and any(p.team == other(event.team) and p.stoppage == s.stoppage
                                 for p in s.penalty_shots):
        _unmarked(s, event)
    if (entry is not None and entry.key == "dropping_gloves_punch") or ((
            event.suspension or 0) >= PUNCH_GAMES and rule_key(event.rule).startswith("615(d)")):
        if (event.suspension or 0) < PUNCH_GAMES and event.penalty_class == PC.GAME_MISCONDUCT:
            if event.suspension is not None:  # the event says fewer: the book's minimum stands
                warn(s, "615(d)", "a game misconduct for dropping the gloves and throwing a "
                     f"punch carries a minimum suspension of {PUNCH_GAMES} games, not "
                     f"{event.suspension}")
            event = _with_suspension(event, PUNCH_GAMES)
    return event, (_replace_added(s, event) if s.auto_added else None)  # most: none added


def _awarded_for(s: GameState, event: Penalty, rule: str) -> bool:
    """Casebook 62: the penalty marked as the foul a penalty shot was awarded
    for (406; ``rule``: 406(a), or 205 note 3 or 610(e) where casebook 43
    gives the shot). Recorded before the shot, that shot is due until taken;
    recorded after it, it is only the record. A minor so marked is neither
    served nor charged (406(h)); any other class is imposed (406(g)).
    Whether it is imposed."""
    team = other(event.team)
    if not _match_taken_shot(s, event) and (s.phase not in ("final", "shootout")
                                            or _at_buzzer(s)):
        _make_due(s, team, rule)
        if rule != "406(a)":
            warn(s, rule, f"a penalty shot is awarded to {team} for the "
                 f"{event.penalty_class.text} (casebook 43)")
    if event.penalty_class in _MINORS:
        warn(s, "406(h)", f"the {event.penalty_class.text} is not served or charged: a "
             f"penalty shot is awarded to {team} for the foul")
        return False
    return True


def _match_taken_shot(s: GameState, event: Penalty) -> bool:
    """Whether the other team took a penalty shot at this stoppage that no
    foul recorded after it has claimed yet; if so the foul claims it."""
    taken = (other(event.team), s.stoppage)
    if taken not in s.shot_stoppages:
        return False
    at = s.shot_stoppages.index(taken)
    s.shot_stoppages = s.shot_stoppages[:at] + s.shot_stoppages[at + 1:]
    return True


def _make_due(s: GameState, team: Team, rule: str) -> None:
    """A penalty shot is due to ``team`` (casebook 43, 62): a face-off is
    refused until it is taken; each offense awards its own (610(e), 205 note 3)."""
    if s.penalty_shot_due is None:
        s.penalty_shot_due = team
        s.shot_due_rule = rule
    else:
        s.more_shots_due = (*s.more_shots_due, (team, rule))


def _unmarked(s: GameState, event: Penalty) -> None:
    """Casebook 62: an unmarked minor at a penalty shot's stoppage that cites
    a foul the book punishes with a penalty shot is served and charged, with
    a warning citing 406(h): the engine never links it to the shot itself."""
    key = penalty_rule(event, lookup(event.infraction, event.rule))
    if event.penalty_class not in _MINORS or not key.startswith(SHOT_FOULS):
        return
    warn(s, "406(h)", f"the {event.penalty_class.text} to {_who(event)} (Rule "
         f"{shown(key)}) cites a foul that gives a penalty shot, at a penalty shot's "
         "stoppage, but is not marked as the foul the shot was awarded for: it is served "
         "and charged (casebook 62)")


def _who(event: Penalty) -> str:
    if event.official is not None:
        return event.official
    return "the bench" if event.player is None else f"#{event.player}"


def _with_suspension(e: Penalty, games: int) -> Penalty:
    return Penalty(e.at, e.team, e.player, e.penalty_class, e.infraction, e.rule, e.served_by,
                   games, e.official, e.called_by, e.penalty_shot)


@lru_cache(maxsize=1024)
def _shot_instead(infraction: str, rule: str | None) -> str | None:
    """The rule that gives a penalty shot instead of a penalty for
    ``infraction`` under ``rule`` in the last minutes (205 note 3, 610(e),
    casebook 43), if any: worked out once per infraction and rule, not at
    every penalty (issue 30)."""
    entry = lookup(infraction, rule)
    key = rule_key(rule)
    if (key.startswith("205") and "note3" in key) or (
            entry is not None and entry.key == "illegal_substitution"
            and "deliberate" in infraction.casefold()):
        return "205 note 3"
    if key.startswith("610(e)") or (entry is not None and entry.key == "displacing_goal"
                                    and (not key or key.startswith("610"))):
        return "610(e)"
    return None


def _replace_added(s: GameState, event: Penalty) -> ServerKey | None:
    """Casebook 42, 44: a penalty recorded at this stoppage that the engine
    had added for the player is that penalty, not a second one. The 629(c)
    minor it replaces is served after the player's unexpired time, his
    misconduct's included (casebook 44): the one recorded is served the same
    way (its server is returned)."""
    if not s.auto_added:
        return None
    for record in items(s.penalty_chain):
        if record.penalty_id not in s.auto_added or record.stoppage != s.stoppage or \
                record.team != event.team or record.player != event.player or \
                record.penalty_class != event.penalty_class:
            continue
        if record.added_by == "629(c)" and not (rule_key(event.rule).startswith(("629(c)",
                                                                                "629(d)"))):
            continue
        servers = [u.server for u in s.units if u.penalty_id == record.penalty_id]
        drop(s, record.penalty_id)
        return servers[0] if record.added_by == "629(c)" and servers else None
    return None


def _at_buzzer(s: GameState) -> bool:
    """Rule 406(i), casebook 43: the game's time has just run out (the
    buzzer ended regulation or overtime, before any shootout attempt), so a
    penalty shot awarded for a foul in playing time is still taken, and one
    that 205 note 3 or 610(e) awards is due. Not after a sudden-death goal
    (639(b)3) or a mercy or forfeit ending."""
    if s.phase == "shootout":
        return not s.shootout_shots
    return s.result is not None and s.left == 0 and s.result.decided_by in (
        DecidedBy.REGULATION, DecidedBy.OVERTIME, DecidedBy.TIE)


def drop(s: GameState, penalty_id: int) -> None:
    """Take a penalty the engine added out of the record and the box."""
    kept = tuple(r for r in items(s.penalty_chain) if r.penalty_id != penalty_id)
    chain: Chain[PenaltyRecord] | None = None
    for r in kept:
        chain = Chain.push(chain, r)
    s.penalty_chain = chain
    s.units = tuple(u for u in s.units if u.penalty_id != penalty_id)
    s.auto_added = s.auto_added - {penalty_id}


def after(s: GameState, event: Penalty, record: PenaltyRecord, entry: Infraction | None, *,
          companions: bool = True) -> list[Penalty]:
    """The warnings on a penalty just recorded, and the companions the
    engine assesses with it (casebook 42, 46, 47; 619(c)). ``entry``: the
    catalog's entry for it (:func:`lookup`, asked once by the caller)."""
    if event.official is not None:
        _official(s, event, record)
    key = penalty_rule(event, entry)
    if key in AFTER_WARNING and not _warned(s, event, key):
        whom = "the player" if AFTER_WARNING[key] == "player" else "the team"
        warn(s, shown(key), f"the book gives this penalty after a warning to {whom}, and no "
             "warning was recorded; recorded as the referees' discretion (502, casebook 46)")
    if entry is None or event.player is None or not (
            entry.companions or entry.rule.startswith("619")):
        return []
    # His other penalties of this stoppage: the chain's newest records, read
    # back only as far as this stoppage goes (not the game's every penalty).
    recorded = []
    node = s.penalty_chain
    while node is not None and node.head.stoppage == s.stoppage:
        r = node.head
        if r.team == event.team and r.player == event.player \
                and r.penalty_id != record.penalty_id:
            recorded.append(r)
        node = node.tail
    if entry.rule.startswith("619") and event.penalty_class == _MAJOR and not any(
            r.penalty_class in _EJECTIONS for r in recorded):
        warn(s, "619(c)", f"a major for high sticking must also include a game ejection or "
             f"game misconduct (#{event.player}, {event.team})")
    elif entry.rule.startswith("619") and event.penalty_class in _EJECTIONS:
        # the ejection followed the major at this stoppage: the "must" is met
        stale = f"(#{event.player}, {event.team})"
        s.warnings = tuple(w for w in s.warnings
                           if not (w.rule == "619(c)" and w.text.endswith(stale)))
    if not companions or not entry.companions or event.penalty_class not in entry.classes or \
            event.penalty_class == _MATCH or event.penalty_class in entry.companions:
        return []
    have = {r.penalty_class for r in recorded}
    out = []
    for cls in entry.companions:
        if cls in have:
            continue
        warn(s, entry.rule, f"a {cls.text} comes automatically with the "
             f"{event.penalty_class.text} for {entry.name.lower()} (casebook 42)")
        out.append(Penalty(event.at, event.team, event.player, cls, event.infraction,
                           entry.rule, called_by=event.called_by))
    return out


def _warned(s: GameState, event: Penalty, key: str) -> bool:
    to_player = AFTER_WARNING[key] == "player"
    return any(c.team == event.team and c.rule == key
               and (not to_player or c.player is None or c.player == event.player)
               for c in s.cautions)


def _official(s: GameState, event: Penalty, record: PenaltyRecord) -> None:
    """Rule 601(a), casebook 47: a team official's first penalty is a bench
    minor, a further one a game misconduct."""
    earlier = [r for r in items(s.penalty_chain) if r.official == event.official
               and r.team == event.team and r.penalty_id != record.penalty_id]
    cls = event.penalty_class
    if not earlier and cls == PC.GAME_MISCONDUCT:
        warn(s, "601(a)", f"a team official's first penalty is a bench minor; {event.official} "
             "was given a game misconduct at once (recorded as the referees' discretion)")
    elif earlier and cls in _MINORS:
        warn(s, "601(a)", f"{event.official} was penalized before: a further penalty to a team "
             "official is a game misconduct")
    if cls.removes_player:
        s.ejected_officials = s.ejected_officials | {(event.team, event.official or "")}


def penalty_shot_taken(s: GameState, event: PenaltyShot) -> None:
    """Casebook 43, 62: the due shot is taken (each team's, where both teams'
    offenses made one due at the stoppage, in either order: 610(e), 205
    note 3; or the one a marked foul made due); otherwise it waits for its
    foul, if recorded after it. No penalty recorded before it is linked to
    it by its order or its rule: an unmarked minor citing a penalty-shot
    foul gets a warning citing 406(h)."""
    now = s.stoppage + (1 if s.phase == "in_play" else 0)
    for record in items(s.penalty_chain):
        if record.stoppage == now and record.team == other(event.team) and \
                record.penalty_id not in s.auto_added:
            _unmarked(s, Penalty(record.at, record.team, record.player, record.penalty_class,
                                 record.infraction, record.rule, official=record.official))
    if s.penalty_shot_due == event.team:  # the next one due, if any, is due now
        s.penalty_shot_due, s.shot_due_rule = s.more_shots_due[0] if s.more_shots_due \
            else (None, "")
        s.more_shots_due = s.more_shots_due[1:]
        return
    taken = next((i for i, (team, _) in enumerate(s.more_shots_due) if team == event.team),
                 None)
    if taken is not None:  # the shot due to this team after the other team's
        s.more_shots_due = s.more_shots_due[:taken] + s.more_shots_due[taken + 1:]
        return
    s.shot_stoppages = (*s.shot_stoppages, (event.team, now))
