"""A webhook's secret is kept encrypted (rinkside.store.webhook_key): a new
one is stored sealed and still signs its deliveries; migration 0037 seals
the secrets a store kept as they were made, and its downgrade opens them
again; a server without the key says so as it starts and sends nothing it
cannot sign."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Engine,
    Integer,
    String,
    column,
    insert,
    select,
    table,
)
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import changes, desk_api, webhooks
from rinkside.services.tournaments import Tournaments
from rinkside.store import models, webhook_key
from rinkside.store.db import downgrade, migrate, session_factory

TOURNAMENTS = table("tournaments", column("id", Integer), column("name", String),
                    column("settings", JSON), column("tiebreaks", JSON),
                    column("started", Boolean))
WEBHOOKS = table("webhooks", column("id", Integer), column("tournament_id", Integer),
                 column("url", String), column("events", JSON), column("secret", String),
                 column("created_by", String), column("created_at", DateTime(timezone=True)))


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No key given by the environment: the one kept in a keys folder of this test's."""
    monkeypatch.delenv(webhook_key.KEY_VARIABLE, raising=False)
    monkeypatch.setenv(webhook_key.KEYS_DIR_VARIABLE, str(tmp_path / "keys"))
    return tmp_path / "keys" / webhook_key.KEY_FILE


def _stored(engine: Engine) -> dict[int, str]:
    with session_factory(engine)() as s:
        return {int(i): str(secret) for i, secret in s.execute(
            select(WEBHOOKS.c.id, WEBHOOKS.c.secret).order_by(WEBHOOKS.c.id))}


def test_a_new_secret_is_stored_sealed_and_signs_its_deliveries(
        sessions: sessionmaker[Session], keys: Path) -> None:
    service = Tournaments(sessions)
    tid = changes.create_tournament(service, "Cup", None, by="dora")
    hook, secret = desk_api.register(service, tid, "http://receiver.example/hook", ["goal"],
                                     by="dora")
    assert keys.stat().st_mode & 0o777 == 0o600  # made at the first, its owner's alone
    with service.read() as s:
        stored = s.get(models.Webhook, hook)
        assert stored is not None
        kept = stored.secret
        s.add(models.WebhookDelivery(webhook_id=hook, event="goal", body='{"goal": 1}',
                                     created_at=datetime(2026, 12, 5, tzinfo=UTC),
                                     next_at=datetime(2026, 12, 5, tzinfo=UTC), attempts=0))
        s.commit()
    assert kept.startswith("fernet:") and secret not in kept
    assert webhook_key.unseal(webhook_key.load(), kept) == secret
    posted: list[dict[str, str]] = []

    def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
        posted.append(headers)
        return 200, "ok"

    sent = webhooks.deliver_due(service, post, lambda: datetime(2026, 12, 6, tzinfo=UTC))
    assert sent == 1
    timestamp = int(posted[0]["X-Rinkside-Timestamp"])
    assert posted[0]["X-Rinkside-Signature"] == webhooks.signature(
        secret, timestamp, b'{"goal": 1}')


def test_without_the_key_start_up_says_so_and_nothing_is_sent_unsigned(
        sessions: sessionmaker[Session], keys: Path) -> None:
    service = Tournaments(sessions)
    tid = changes.create_tournament(service, "Cup", None, by="dora")
    assert webhooks.key_problem(service) == (
        f"no webhook key at {keys}: one is made there when the first webhook is "
        "registered (or give it as RINKSIDE_WEBHOOK_KEY)")
    hook, _ = desk_api.register(service, tid, "http://receiver.example/hook", ["goal"], by="dora")
    assert webhooks.key_problem(service) is None
    with service.write() as s:
        s.add(models.WebhookDelivery(webhook_id=hook, event="goal", body="{}",
                                     created_at=datetime(2026, 12, 5, tzinfo=UTC),
                                     next_at=datetime(2026, 12, 5, tzinfo=UTC), attempts=0))
    keys.unlink()  # the server moved without its keys
    problem = webhooks.key_problem(service)
    assert problem is not None and problem.startswith(f"no webhook key at {keys}: the secrets "
                                                      "of the 1 webhook registered")

    def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
        raise AssertionError("a delivery sent that could not be signed")

    assert webhooks.deliver_due(service, post, lambda: datetime(2026, 12, 6, tzinfo=UTC)) == 0
    with pytest.raises(ValueError, match="no webhook can be registered"):
        keys.write_text("not a key\n")
        desk_api.register(service, tid, "http://receiver.example/two", ["goal"], by="dora")


def test_the_migration_seals_the_secrets_kept_and_its_downgrade_opens_them(
        empty_engine: Engine, keys: Path) -> None:
    migrate(empty_engine, "0036")
    with session_factory(empty_engine)() as s:
        s.execute(insert(TOURNAMENTS).values(name="Cup", settings={}, tiebreaks=[],
                                             started=False))
        tid = s.scalars(select(TOURNAMENTS.c.id)).one()
        for n in (1, 2):
            s.execute(insert(WEBHOOKS).values(
                tournament_id=tid, url=f"http://receiver.example/{n}", events=["goal"],
                secret=f"whsec_plain-{n}", created_by="dora",
                created_at=datetime(2026, 12, 1, tzinfo=UTC)))
        s.commit()
    migrate(empty_engine)
    sealed = _stored(empty_engine)
    assert all(v.startswith("fernet:") and "plain" not in v for v in sealed.values())
    key = webhook_key.load()
    assert [webhook_key.unseal(key, v) for v in sealed.values()] == ["whsec_plain-1",
                                                                     "whsec_plain-2"]
    downgrade(empty_engine, "0036")
    assert list(_stored(empty_engine).values()) == ["whsec_plain-1", "whsec_plain-2"]
    assert Fernet(keys.read_bytes().strip())  # the key made by the upgrade is kept


def test_two_workers_making_the_key_at_once_keep_one(
        keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another worker makes the key while this one makes its own: this one
    keeps the other's (a secret it seals, the other reads), never a second."""
    theirs = Fernet.generate_key()
    made = Fernet.generate_key

    def meanwhile() -> bytes:
        keys.parent.mkdir(parents=True, exist_ok=True)
        keys.write_bytes(theirs + b"\n")  # the other worker's, linked first
        return made()

    monkeypatch.setattr(Fernet, "generate_key", staticmethod(meanwhile))
    sealed = webhook_key.seal(webhook_key.load_or_make(), "whsec_one")
    assert webhook_key.unseal(Fernet(theirs), sealed) == "whsec_one"
    assert sorted(p.name for p in keys.parent.iterdir()) == [webhook_key.KEY_FILE]
