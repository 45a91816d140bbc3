"""Why a write to a game's event log was refused, or its log cannot be read.

Each message is written for the scorekeeper or director who will see it:
what happened and what to do.
"""

from __future__ import annotations

__all__ = ["EventLogError", "LogCorrupted", "NoSuchPosition", "StaleWrite", "UnknownGame"]


class EventLogError(Exception):
    """A write to an event log that was refused, or a log that cannot be read."""


class StaleWrite(EventLogError):
    """The log changed since the writer read it: another write came first.

    Nothing was written. ``current_version`` is the version now stored;
    reload the log, look at what changed, and write again.
    """

    def __init__(self, game_id: int, read_version: int, current_version: int) -> None:
        self.game_id = game_id
        self.read_version = read_version
        self.current_version = current_version
        super().__init__(
            f"game {game_id} changed since you loaded it (you read version {read_version}, "
            f"it is now {current_version}): reload and try again"
        )


class UnknownGame(EventLogError, LookupError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"there is no game {game_id}")


class NoSuchPosition(EventLogError, IndexError):
    """A correction or a history names a position the log does not have."""

    def __init__(self, game_id: int, position: int, length: int, what: str) -> None:
        self.game_id = game_id
        self.position = position
        self.length = length
        places = "no events" if length == 0 else f"events 0-{length - 1}"
        super().__init__(
            f"game {game_id} has {length} event{'s' if length != 1 else ''} ({places}): "
            f"there is no position {position} to {what}"
        )


class LogCorrupted(EventLogError):
    """The stored revisions do not replay: rows were written or removed
    outside :mod:`rinkside.store.eventlog`. The message names the revision."""
