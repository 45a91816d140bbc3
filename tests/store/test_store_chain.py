"""Each game's record is one hash chain (issue 29): events, corrections,
sign-off steps and written reports each linked on the one before; a row
edited, deleted or inserted with raw SQL is found, naming the game and the
entry, by the store and by ``rinkside verify --db`` (SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import storekit
from sqlalchemy import Engine, event, text
from sqlalchemy.orm import Session
from storekit import WHEN, new_game
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.formats import decode_event
from rinkside.store import chain, signoffs
from rinkside.store.db import downgrade, migrate
from rinkside.store.eventlog import StaleWrite, append, correct

EVENTS = tuple(decode_event(raw, 0, 2) for raw in storekit.EVENTS)
runner = CliRunner()


def _game(session: Session) -> int:
    """A game with 3 events, a correction, a written report, a signature and a
    reopening: 7 entries over three tables."""
    game_id = new_game(session)
    version = 0
    for n, played in enumerate(EVENTS[:3]):
        version = append(session, game_id, version, played, "table 1",
                         at=WHEN + timedelta(seconds=n))
    version = correct(session, game_id, version, "replace", 1, EVENTS[1], "table 1",
                      "wrong player", at=WHEN + timedelta(seconds=5))
    signoffs.add_written(session, game_id, "incident", None, "a fan threw a cup", "rita",
                         WHEN + timedelta(seconds=6))
    signoffs.add(session, game_id, "sign", "rita", locks=True, at=WHEN + timedelta(seconds=7))
    signoffs.add(session, game_id, "reopen", "dana", reason="wrong scorer",
                 at=WHEN + timedelta(seconds=8))
    session.commit()
    return game_id


def _verify_cli(engine: Engine, *args: str) -> tuple[int, str]:
    url = engine.url.render_as_string(hide_password=False)
    result = runner.invoke(app, ["verify", "--db", url, *args])
    return result.exit_code, result.output


def test_an_untouched_record_is_intact_and_its_head_is_the_games(
        engine: Engine, session: Session) -> None:
    game_id = _game(session)
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is None
    assert checked.length == 7
    assert chain.head(session, game_id) == (checked.head, 7)
    assert len(checked.head) == 64 and checked.head != chain.genesis(game_id)
    code, output = _verify_cli(engine, "--game", str(game_id))
    assert code == 0, output
    assert f"game {game_id}: intact, 7 entries, head {checked.head}" in output


def test_an_event_edited_in_the_database_is_found(engine: Engine, session: Session) -> None:
    game_id = _game(session)
    session.execute(text("UPDATE event_revisions SET recorded_by = 'mallory' "
                         "WHERE game_id = :g AND revision = 2"), {"g": game_id})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert (checked.broken.seq, checked.broken.entry) == (2, "event revision 2")
    assert "edited outside rinkside" in checked.broken.reason
    code, output = _verify_cli(engine)
    assert code == 1
    assert f"BROKEN game {game_id}, entry 2 (event revision 2)" in output


def test_a_written_report_edited_in_the_database_is_found(
        engine: Engine, session: Session) -> None:
    game_id = _game(session)
    session.execute(text("UPDATE written_reports SET text = 'nothing happened' "
                         "WHERE game_id = :g"), {"g": game_id})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert checked.broken.seq == 5 and checked.broken.entry.startswith("written report ")


def test_an_event_deleted_in_the_database_is_found(engine: Engine, session: Session) -> None:
    game_id = _game(session)
    session.execute(text("DELETE FROM event_revisions WHERE game_id = :g AND revision = 3"),
                    {"g": game_id})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert checked.broken.seq == 3
    assert "missing" in checked.broken.reason
    code, output = _verify_cli(engine, "--game", str(game_id))
    assert code == 1 and f"BROKEN game {game_id}, entry 3: the entry is missing" in output


def test_the_newest_entry_deleted_is_found_by_the_games_head(
        engine: Engine, session: Session) -> None:
    game_id = _game(session)
    session.execute(text("DELETE FROM signoff_entries WHERE game_id = :g AND kind = 'reopen'"),
                    {"g": game_id})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert (checked.broken.seq, checked.broken.entry) == (7, "")
    assert "missing" in checked.broken.reason


def test_a_signature_inserted_in_the_database_is_found(
        engine: Engine, session: Session) -> None:
    game_id = _game(session)
    session.execute(text(
        "INSERT INTO signoff_entries (game_id, kind, username, at, reason, locks) "
        "VALUES (:g, 'sign', 'mallory', :at, '', true)"), {"g": game_id, "at": WHEN})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert checked.broken.entry.startswith("sign-off entry ")
    assert "inserted outside rinkside" in checked.broken.reason
    code, output = _verify_cli(engine)
    assert code == 1 and "inserted outside rinkside" in output


def test_an_event_inserted_in_the_database_is_found(engine: Engine, session: Session) -> None:
    game_id = _game(session)
    payload = session.execute(text("SELECT payload FROM event_revisions WHERE game_id = :g "
                                   "AND revision = 1"), {"g": game_id}).scalar_one()
    session.execute(text(
        "INSERT INTO event_revisions (game_id, revision, op, position, payload, recorded_by,"
        " recorded_at, reason) VALUES (:g, 5, 'append', 3, :p, 'mallory', :at, '')"),
        {"g": game_id, "p": payload if isinstance(payload, str) else json.dumps(payload),
         "at": WHEN})
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is not None
    assert checked.broken.entry == "event revision 5"


def test_a_whole_game_deleted_chain_of_another_stays_intact(
        engine: Engine, session: Session) -> None:
    first, second = _game(session), _game(session)
    session.execute(text("UPDATE event_revisions SET reason = 'x' WHERE game_id = :g "
                         "AND revision = 4"), {"g": first})
    session.commit()
    code, output = _verify_cli(engine)
    assert code == 1
    assert f"BROKEN game {first}, entry 4 (event revision 4)" in output
    assert f"game {second}: intact" in output
    assert "1 intact, 1 broken" in output


def test_an_append_after_a_signature_links_onto_it(session: Session) -> None:
    game_id = new_game(session)
    signoffs.add(session, game_id, "sign", "rita", at=WHEN)
    append(session, game_id, 0, EVENTS[0], "table 1", at=WHEN)
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is None and checked.length == 2
    assert [(e.kind, e.seq) for e in chain.entries(session, game_id)] == [
        ("event", 2), ("signoff", 1)]


def test_an_append_linked_on_a_head_that_moved_meanwhile_is_stale(session: Session) -> None:
    """The head moves (a sign-off elsewhere) between the append's read of it
    and its insert: the insert names the chain length it linked onto, so it
    stores nothing and is refused as a stale write, never a forked chain."""
    game_id = new_game(session)
    connection = session.connection()

    def sign_meanwhile(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith("INSERT INTO event_revisions"):
            cursor.execute("UPDATE games SET chain_length = chain_length + 1")

    event.listen(connection, "before_cursor_execute", sign_meanwhile)
    try:
        with pytest.raises(StaleWrite):
            append(session, game_id, 0, EVENTS[0], "table 1", at=WHEN)
    finally:
        event.remove(connection, "before_cursor_execute", sign_meanwhile)
    assert session.execute(text("SELECT count(*) FROM event_revisions")).scalar_one() == 0


def test_migration_0022_chains_the_rows_stored_before(empty_engine: Engine) -> None:
    migrate(empty_engine)
    with Session(empty_engine) as s:
        game_id = _game(s)
        expected = chain.verify(s, game_id)
        assert expected is not None and expected.broken is None
    downgrade(empty_engine, "0021")  # the store before the chain
    migrate(empty_engine)
    with Session(empty_engine) as s:
        again = chain.verify(s, game_id)
    assert again == expected  # the same order by moment, the same links


def test_an_append_after_a_rolled_back_one_links_onto_the_stored_head(
        session: Session) -> None:
    """The head an append left is remembered in the process; a write rolled
    back, or a sign-off since, leaves it stale, and the next append links onto
    the head as stored (the insert names the head it linked onto)."""
    game_id = new_game(session)
    append(session, game_id, 0, EVENTS[0], "table 1", at=WHEN)
    session.rollback()
    append(session, game_id, 0, EVENTS[1], "table 1", at=WHEN)
    session.commit()
    signoffs.add_written(session, game_id, "incident", None, "a cup thrown", "rita", WHEN)
    append(session, game_id, 1, EVENTS[2], "table 1", at=WHEN)
    session.commit()
    checked = chain.verify(session, game_id)
    assert checked is not None and checked.broken is None and checked.length == 3


@pytest.mark.parametrize("at", [
    datetime(2026, 12, 3, 12, 0, 5, 123456, tzinfo=UTC),
    datetime(2026, 12, 3, 12, 0, 5, tzinfo=UTC),  # no microseconds: still six digits
    datetime(2026, 12, 3, 23, 30, 0, 7, tzinfo=timezone(timedelta(hours=-5))),  # next day
    datetime(2027, 1, 1, 0, 15, tzinfo=timezone(timedelta(hours=1))),  # the year before
    datetime(2026, 6, 1, 9, 8, 7, 65),  # naive, as SQLite hands one back: taken as UTC
    datetime(5, 1, 2, 3, 4, 5, 6, tzinfo=UTC),
])
def test_a_moment_is_linked_as_the_isoformat_of_its_utc_wall_time(at: datetime) -> None:
    """The moment each stored link covers is written field by field on the
    hot path; it must stay the very text the chain has always hashed
    (isoformat of the UTC wall time with microseconds, then Z), or every
    chain stored before would read as edited."""
    wall = at if at.tzinfo is None else at.astimezone(UTC).replace(tzinfo=None)
    expected = wall.isoformat(timespec="microseconds") + "Z"
    assert chain._moment(at) == expected
    content = chain.written_content("incident", None, "a cup thrown", "rita", at)
    whole = {"v": chain.VERSION, "prev": chain.genesis(1), "seq": 1, "kind": "written",
             "content": content}
    reference = hashlib.sha256(json.dumps(whole, sort_keys=True, separators=(",", ":"))
                               .encode()).hexdigest()
    assert content["at"] == expected
    assert chain.link(chain.genesis(1), 1, "written", content) == reference
