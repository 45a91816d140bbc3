"""FORMAT.md events: the ``events`` entries read onto the engine's events and back.

The two directions live a module each: :mod:`.event_reader`
(:func:`decode_event`, failing with an :class:`EventFieldError` that names
the event index and the field) and :mod:`.event_writer`
(:func:`encode_event`, an engine event in the form FORMAT.md gives it).
This module gives both under the one name they had together.
"""

from __future__ import annotations

from rinkside.formats.event_reader import (
    EVENT_TYPE_NAMES,
    EventFieldError,
    decode_event,
    describe_malformed,
)
from rinkside.formats.event_writer import encode_event

__all__ = [
    "EVENT_TYPE_NAMES",
    "EventFieldError",
    "decode_event",
    "describe_malformed",
    "encode_event",
]
