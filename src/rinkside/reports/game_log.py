"""A stored game as a FORMAT.md game log (JSON), and such a file imported
into a scheduled game.

Export writes what the engine judged the game by: the settings in force
(the FORMAT.md keys, as edge values), both rosters as dressed (Rule 203(a):
numbers, names, goaltenders identified; 202(c): the captain and alternates
named for the game) and the events as recorded (Rule 506(a): the official
scorer's record), in FORMAT.md's form. The file reads back with
:func:`rinkside.formats.load_game_log` and through ``rinkside replay``.

Import is all or nothing, checked in this order, and every refusal says
what and where (file, field or ``events[i]``):

1. the file is read and validated as a FORMAT.md game log;
2. the game exists and has no event yet;
3. every setting the file states equals the game's (the engine judges the
   events by the game's settings; each difference names its rule);
4. each team the file describes is the game's team: its name, and its
   roster number by number (203(a), 307(c), 202(c));
5. the events are replayed by the engine from the game's opening state; the
   first refused one is reported with its rule;
6. the events are recorded through the service, which checks them again and
   writes them in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rinkside.formats import encode_roster, encode_settings, load_game_log_file
from rinkside.rules.errors import MalformedEvent, RuleViolation
from rinkside.rules.events import TEAMS, Team
from rinkside.rules.game import apply
from rinkside.rules.roster import Player, Roster
from rinkside.rules.settings import SPECS, Settings
from rinkside.rules.state import GameState
from rinkside.services import logs
from rinkside.services.tournaments import Tournaments

__all__ = [
    "GameLogError",
    "GameLogRefused",
    "export_game",
    "export_game_json",
    "import_game",
]

class GameLogError(ValueError):
    """A game log that cannot be imported into the game; nothing was recorded.
    ``problems`` lists every reason found, each starting with where."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            text = f"{source}: {self.problems[0]}; nothing was recorded"
        else:
            text = (f"{source}: {len(self.problems)} problems; nothing was recorded:\n"
                    + "\n".join(f"  {p}" for p in self.problems))
        super().__init__(text)


class GameLogRefused(GameLogError):
    """The engine refused one of the file's events (``rule`` is the rule
    that forbids it, ``index`` its place in ``events``)."""

    def __init__(self, source: str, index: int, problem: str, rule: str) -> None:
        self.index = index
        self.rule = rule
        super().__init__(source, [problem])


# --------------------------------------------------------------------------- export


def export_game(service: Tournaments, game_id: int) -> dict[str, Any]:
    """The game as a FORMAT.md game log (a dict ready for ``json.dump``).

    The events and the setup come from the same version of the log. A game
    with no event yet is refused: a game log holds one event at least.
    """
    title = logs.game_header(service, game_id).title  # NotFound for an unknown game
    record = logs.game_record(service, game_id)  # the setup and events of one version
    if not record.entries:
        raise ValueError(f"game {game_id} has no event recorded yet: there is no game log "
                         "to export (a FORMAT.md game log holds at least one event)")
    setup = record.setup
    return {"id": f"game-{game_id}", "title": title,
            "settings": encode_settings(setup.settings),
            "home": encode_roster(setup.home), "away": encode_roster(setup.away),
            "events": [line.raw for line in logs.log_lines(record)]}


def export_game_json(service: Tournaments, game_id: int) -> str:
    """:func:`export_game` as JSON text: UTF-8, indented, one player or event
    a line (a log reads and diffs line by line)."""
    return _render(export_game(service, game_id)) + "\n"


def _render(value: Any, depth: int = 0) -> str:
    pad = "  " * depth
    if isinstance(value, dict) and value and depth < 2:
        items = [f'{pad}  {json.dumps(k)}: {_render(v, depth + 1)}' for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and value:
        items = [f"{pad}  {json.dumps(v, ensure_ascii=False)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------- import


def _show(key: str, value: Any) -> str:
    return SPECS[key].show(value)


def _settings_problems(stated: Mapping[str, Any], read: Settings, game: Settings,
                       game_id: int) -> list[str]:
    """Each setting the file states that the game is not played with."""
    problems = []
    for key in stated:
        mine, theirs = getattr(read, key), getattr(game, key)
        if mine != theirs:
            problems.append(f"settings.{key}: the file says {_show(key, mine)} but game "
                            f"{game_id} is played with {_show(key, theirs)} "
                            f"(Rule {SPECS[key].rule})")
    return problems


def _label(p: Player) -> str:
    return f"#{p.number} {p.name}".rstrip()


def _roster_problems(side: Team, stated: Mapping[str, Any], read: Roster, game: Roster,
                     other_name: str, game_id: int) -> list[str]:
    """How the file's team differs from the game's (only what the file states;
    another team's roster is not compared player by player)."""
    problems: list[str] = []
    name = stated.get("name")
    if name is not None and name != game.name:
        swapped = " (home and away swapped?)" if name == other_name else ""
        return [(f"{side}.name: the file's {side} team is '{name}' but game {game_id}'s is "
                 f"'{game.name}'{swapped}; its roster was not compared")]
    if "roster" not in stated:
        return problems
    where = f"{side}.roster"
    theirs = {p.number: p for p in game.players}
    mine = {p.number: p for p in read.players}
    for number, p in mine.items():
        q = theirs.get(number)
        if q is None:
            problems.append(f"{where}: {_label(p)} is not dressed for {game.name} in game "
                            f"{game_id} (Rule 203(a): only the team's listed players play; "
                            "a lineup is set with `rinkside game lineup`)")
            continue
        if p.name and p.name != q.name:
            problems.append(f"{where}: #{number} is '{p.name}' in the file but '{q.name}' on "
                            f"{game.name}'s roster (Rule 203(b): names and numbers)")
        if p.goalie != q.goalie:
            problems.append(f"{where}: #{number} is {'a' if p.goalie else 'not a'} goaltender "
                            f"in the file but {'is' if q.goalie else 'is not'} one on "
                            f"{game.name}'s roster (Rule 203(a): goaltenders identified)")
        if p.captain != q.captain:
            problems.append(f"{where}: #{number} wears '{p.captain or 'no letter'}' in the file "
                            f"but '{q.captain or 'no letter'}' in game {game_id} "
                            "(Rule 202(c): captain and alternates named before the game)")
    for number, q in theirs.items():
        if number not in mine:
            problems.append(f"{where}: {_label(q)} is dressed for {game.name} in game "
                            f"{game_id} but is not in the file (Rule 203(a))")
    return problems


def import_game(service: Tournaments, game_id: int, path: Path, *, by: str
                ) -> tuple[int, GameState]:
    """Record the events of the game log at ``path`` into game ``game_id``
    (which must have none yet); returns the game's version and state.

    Raises :class:`~rinkside.formats.ScenarioError` for a file that
    is not a game log, :class:`GameLogError` when it does not fit the game,
    :class:`GameLogRefused` when the engine refuses an event; in every case
    nothing is recorded.
    """
    path = Path(path)
    source = str(path)
    log = load_game_log_file(path)  # 1: the format (ScenarioError names file and field)
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    record = logs.game_record(service, game_id)  # 2: NotFound for an unknown game
    version, state, recorded = record.version, record.state, len(record.entries)
    if recorded:
        raise GameLogError(source, [(
            f"game {game_id} already has {recorded} event(s) recorded; a game log is "
            "imported only into a game with none (add events with `rinkside game record`)")])
    setup = state.setup
    problems = _settings_problems(raw.get("settings") or {}, log.setup.settings,
                                  setup.settings, game_id)  # 3
    for side in TEAMS:  # 4
        if side in raw:
            problems += _roster_problems(side, raw[side], log.setup.roster(side),
                                         setup.roster(side),
                                         setup.roster("away" if side == "home" else "home").name,
                                         game_id)
    if problems:
        raise GameLogError(source, problems)
    check = state  # 5: the engine's verdict on each event, before anything is written
    for i, event in enumerate(log.events):
        try:
            check = apply(check, event)
        except RuleViolation as exc:
            entry = log.raw_events[i]
            raise GameLogRefused(source, i, f"events[{i}] ({entry.get('type')} at "
                                 f"{entry.get('at')}): refused: {exc}", exc.rule) from None
        except MalformedEvent as exc:
            raise GameLogError(source, [f"events[{i}]: {exc}"]) from None
    return service.record(game_id, version, log.events, by)  # 6
