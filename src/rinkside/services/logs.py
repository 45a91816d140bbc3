"""A game's record as its readers read it: the report, the game-log export
and import, and the scorekeeper's console.

Each read is one session: the game's setup, its log (with who wrote each
event and when) and the engine's state after it, all of one version
(:mod:`rinkside.services.replay`). FORMAT.md is the form of files and of the
console's HTTP API, so this is where the engine's events are written in it
(:func:`format_event`), with the settings the game is played by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from rinkside.formats import encode_event
from rinkside.present.corrections import goal_in_its_whistles_place
from rinkside.rules.events import Event
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.services import records, replay
from rinkside.services.base import ServiceBase
from rinkside.services.tournaments import NotFound
from rinkside.store import models
from rinkside.store.eventlog import LoggedEvent, RevisionInfo
from rinkside.tournament.model import Lineup, ScheduledGame

__all__ = [
    "GameHeader",
    "GameRecord",
    "LogLine",
    "format_event",
    "game_header",
    "game_record",
    "handed_lineups",
    "log_lines",
    "revision_json",
]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game at one version: the setup it is judged by, its current events
    (each with who wrote it and when), every revision, and the engine's state
    after the events."""

    game_id: int
    version: int
    setup: GameSetup
    entries: list[LoggedEvent]
    revisions: list[RevisionInfo]
    state: GameState

    @property
    def events(self) -> list[Event]:
        return [entry.event for entry in self.entries]

    @property
    def last_written(self) -> datetime | None:
        """When the log was last written (any revision), UTC; None: never."""
        return self.revisions[-1].at if self.revisions else None


@dataclass(frozen=True, slots=True)
class GameHeader:
    """Where and when a game is played, and the title of its exported log."""

    tournament: str
    division: str
    round_name: str
    rink: str | None
    start: datetime | None
    title: str


@dataclass(frozen=True, slots=True)
class LogLine:
    """One current event of the log: its position, the event, its FORMAT.md
    form (as the console's API sends it) and who wrote it and when."""

    position: int
    event: Event
    raw: dict[str, Any]
    by: str
    at: datetime
    corrected: str | None = None  # the reason of the last correction that wrote it


def _game(s: Session, game_id: int) -> models.Game:
    game = s.get(models.Game, game_id)
    if game is None:
        raise NotFound(f"There is no game {game_id}.")
    return game


def game_record(service: ServiceBase, game_id: int) -> GameRecord:
    """The game's record as it stands (:class:`NotFound` if unknown)."""
    with service.read() as s:
        stored = replay.load(s, _game(s, game_id))
    state = replay.state_of_log(service.cache, stored)
    return GameRecord(game_id, stored.version, stored.setup, stored.entries, stored.revisions,
                      state)


def game_header(service: ServiceBase, game_id: int) -> GameHeader:
    """The game's tournament, division, round, rink and start, and its title."""
    with service.read() as s:
        game = _game(s, game_id)
        when = f", {game.start:%Y-%m-%d %H:%M} UTC" if game.start is not None else ""
        rink = f", {game.rink}" if game.rink else ""
        stage = f", {game.round_name}" if game.round_name else ""
        title = (f"{game.home_team.name} vs {game.away_team.name}: {game.division.name}"
                 f"{stage}, {game.division.tournament.name}{when}{rink}")
        return GameHeader(game.division.tournament.name, game.division.name, game.round_name,
                          game.rink, game.start, title)


def handed_lineups(service: ServiceBase, game_id: int
                   ) -> tuple[ScheduledGame, dict[int, Lineup]]:
    """The game as scheduled and the lineups handed in for it, by team."""
    with service.read() as s:
        game = _game(s, game_id)
        return records.scheduled_game(game), records.lineups_of(s, [game_id]).get(game_id, {})


# --------------------------------------------------------------------------- FORMAT.md


def format_event(setup: GameSetup, event: Event) -> dict[str, Any]:
    """The event as FORMAT.md writes it for this game (the format numbers its
    moments from the game's settings: regulation periods, overtime 639)."""
    return encode_event(event, setup.settings)


def log_lines(record: GameRecord) -> list[LogLine]:
    """The current events, each with its FORMAT.md form and the reason of
    the last correction that wrote it, if one did."""
    notes = corrected(record.revisions)
    if len(notes) != len(record.entries):  # a log whose revisions do not replay to it
        notes = [None] * len(record.entries)
    return [LogLine(i, entry.event, format_event(record.setup, entry.event), entry.by, entry.at,
                    notes[i]) for i, entry in enumerate(record.entries)]


def corrected(revisions: Sequence[RevisionInfo]) -> list[str | None]:
    """For each event of the log as it stands, the reason of the last
    correction (a replace or an insert) that wrote it, None for an event as
    it was appended: the revisions replayed on the positions (a game
    timekeeper's clock nudge, 507(a), shows with its reason; a goal that took
    its own key's whistle's place, Rule 616, is simply recorded)."""
    notes: list[str | None] = []
    for r in revisions:
        if r.op == "append":
            notes.append(None)
        elif r.op == "insert":
            notes.insert(r.position, r.reason)
        elif r.op == "replace" and r.position < len(notes):
            # a goal in the place of its own key's whistle is recorded, not corrected (616)
            plain = goal_in_its_whistles_place(r.op, r.event, r.previous)
            notes[r.position] = None if plain else r.reason
        elif r.op == "delete" and r.position < len(notes):
            notes.pop(r.position)
    return notes


def revision_json(setup: GameSetup, info: RevisionInfo) -> dict[str, Any]:
    """One revision for the console's history: its events in FORMAT.md."""

    def raw(event: Event | None) -> dict[str, Any] | None:
        return None if event is None else format_event(setup, event)

    return {"revision": info.revision, "op": info.op, "position": info.position,
            "event": raw(info.event), "previous": raw(info.previous), "by": info.by,
            "at": info.at.isoformat(), "reason": info.reason}
