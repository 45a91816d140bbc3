"""Facts of the store itself (the ``store_meta`` rows): the secret that signs
session cookies, kept with the store so that a restart or a second process
on the same store accepts the first one's cookies; and whether, and with
which tournament, ``rinkside demo`` built the store."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from rinkside.services.base import ServiceBase
from rinkside.store import models

SECRET_VARIABLE: Final = "RINKSIDE_SECRET"
SECRET_MIN_BYTES: Final = 32
SESSION_SECRET: Final = "session_secret"
DEMO_TOURNAMENT: Final = "demo_tournament"


class WeakSecret(ValueError):
    """A RINKSIDE_SECRET too short to sign cookies with."""


def get(service: ServiceBase, name: str) -> str | None:
    with service.read() as s:
        row = s.get(models.StoreMeta, name)
        return None if row is None else row.value


def put(service: ServiceBase, name: str, value: str) -> None:
    with service.write() as s:
        row = s.get(models.StoreMeta, name)
        if row is None:
            s.add(models.StoreMeta(name=name, value=value))
        else:
            row.value = value


def keep_first(service: ServiceBase, name: str, value: str) -> str:
    """The value stored under ``name``; ``value`` is stored first if there is
    none. Two processes racing here both get the one that was stored first."""
    try:
        with service.write() as s:
            if (row := s.get(models.StoreMeta, name)) is not None:
                return row.value
            s.add(models.StoreMeta(name=name, value=value))
        return value
    except IntegrityError:  # the other process stored its value first
        stored = get(service, name)
        assert stored is not None
        return stored


def session_secret(service: ServiceBase, environ: Mapping[str, str] | None = None) -> bytes:
    """The key that signs session cookies: RINKSIDE_SECRET (at least 32 bytes,
    else :class:`WeakSecret`), or else a random 256-bit one generated once and
    kept in the store."""
    env = os.environ if environ is None else environ
    given = env.get(SECRET_VARIABLE, "")
    if given:
        if len(given.encode()) < SECRET_MIN_BYTES:
            raise WeakSecret(
                f"{SECRET_VARIABLE} is {len(given.encode())} bytes: a secret that signs "
                f"session cookies needs at least {SECRET_MIN_BYTES} (for example "
                "`python -c 'import secrets; print(secrets.token_hex(32))'`), or leave it "
                "unset and rinkside keeps a generated one in the store")
        return given.encode()
    return keep_first(service, SESSION_SECRET, secrets.token_hex(32)).encode()


def contents(service: ServiceBase) -> tuple[int, int]:
    """How many tournaments and users the store holds."""
    with service.read() as s:
        return (s.scalar(select(func.count()).select_from(models.Tournament)) or 0,
                s.scalar(select(func.count()).select_from(models.User)) or 0)
