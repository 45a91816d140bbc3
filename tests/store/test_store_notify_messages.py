"""The payload of a notification between server processes: the game and its
version, a refresh's mark, and the state when it fits (PostgreSQL takes a
payload of fewer than 8,000 bytes)."""

from __future__ import annotations

import json

from rinkside.store.notify import PAYLOAD_LIMIT, Heard, message, parse

STATE = json.dumps({"version": 12, "home": {"name": "Storm: North"}, "clock": "1:02"},
                   separators=(",", ":"))


def test_a_change_with_its_state_reads_back_whole() -> None:
    assert parse(message(7, 12, STATE)) == Heard(7, 12, STATE)  # colons in the state kept


def test_a_refresh_is_marked() -> None:
    assert parse(message(7, 12, STATE, refresh=True)) == Heard(7, 12, STATE, refresh=True)
    assert parse(message(7, 12, refresh=True)) == Heard(7, 12, None, refresh=True)


def test_a_state_too_big_for_a_notification_is_left_out() -> None:
    big = json.dumps({"name": "é" * (PAYLOAD_LIMIT // 2)}, ensure_ascii=False)  # 2 bytes each
    assert len(big) < PAYLOAD_LIMIT < len(big.encode())
    payload = message(7, 12, big)
    assert payload == "7:12" and parse(payload) == Heard(7, 12)
    fits = "x" * (PAYLOAD_LIMIT - len("7:12:"))
    assert len(message(7, 12, fits).encode()) == PAYLOAD_LIMIT
    assert parse(message(7, 12, fits)) == Heard(7, 12, fits)


def test_a_notification_not_of_ours_is_ignored() -> None:
    assert parse("hello") is None
    assert parse("r:x:1") is None
    assert parse("") is None
