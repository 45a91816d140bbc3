"""A log stored before the edges refused bad text is still read: JSON that
orjson refuses but the standard allows (a lone surrogate escaped) is parsed
by the standard library, and the game's events come back whole."""

from __future__ import annotations

import json

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.store import codec
from rinkside.store.log_rows import decoded_all


def test_a_lone_surrogate_stored_in_a_reason_still_reads_back() -> None:
    events = [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000), reason="bell\ud800")]
    text = json.dumps([codec.encode(e) for e in events])  # "\ud800" escaped, as stored
    assert decoded_all(1, text) == events
