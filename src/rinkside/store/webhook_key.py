"""The key that keeps the webhooks' secrets unreadable at rest.

A webhook's secret signs each of its deliveries, so the league must be able
to read it back: it is stored encrypted (Fernet: AES-128-CBC and an
HMAC-SHA256, :mod:`cryptography`), ``fernet:`` and the token, never as typed.
The key lives where the league's report-signing key does, outside the
database and the repository: ``RINKSIDE_WEBHOOK_KEY`` (the key itself, for a
server given its keys by its environment), else ``webhook-key`` in
``RINKSIDE_KEYS_DIR`` (else ``~/.config/rinkside/keys``, the folder of
:func:`rinkside.reports.signing.keys_dir`), readable by its owner only. It is
made the first time a secret is sealed (:func:`load_or_make`); a server
that runs without it says so at start-up (:func:`missing`) and sends none
of the deliveries it cannot sign.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from cryptography.fernet import Fernet, InvalidToken

KEY_VARIABLE: Final = "RINKSIDE_WEBHOOK_KEY"
KEYS_DIR_VARIABLE: Final = "RINKSIDE_KEYS_DIR"  # the report-signing key's folder
KEY_FILE: Final = "webhook-key"
PREFIX: Final = "fernet:"


class NoWebhookKey(Exception):
    """The key that reads the webhooks' secrets is not where it is kept, or is not one."""


def key_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the key is kept when the environment does not give it."""
    env = os.environ if environ is None else environ
    named = env.get(KEYS_DIR_VARIABLE)
    if named:
        return Path(named) / KEY_FILE
    base = Path(env.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "rinkside" / "keys" / KEY_FILE


def load(environ: Mapping[str, str] | None = None) -> Fernet:
    """The key (NoWebhookKey: none is kept, or what is kept is not a key)."""
    env = os.environ if environ is None else environ
    given = env.get(KEY_VARIABLE)
    where = f"{KEY_VARIABLE}" if given else str(key_path(env))
    try:
        raw = given.encode() if given else key_path(env).read_bytes().strip()
    except FileNotFoundError:
        raise NoWebhookKey(f"no webhook key at {where}") from None
    except OSError as exc:
        raise NoWebhookKey(f"the webhook key at {where} cannot be read: {exc}") from None
    try:
        return Fernet(raw)
    except ValueError:
        raise NoWebhookKey(f"{where} holds no webhook key (32 url-safe base64 bytes, as "
                           "Fernet.generate_key() makes)") from None


def load_or_make(environ: Mapping[str, str] | None = None) -> Fernet:
    """The key, made (only its owner may read it) when none is kept yet."""
    env = os.environ if environ is None else environ
    try:
        return load(env)
    except NoWebhookKey:
        if env.get(KEY_VARIABLE) or key_path(env).exists():
            raise  # one is given or kept but unreadable: never replaced by another
    path = key_path(env)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = Fernet.generate_key()
    # Written whole under a name of its own, then linked in place (never
    # replacing one): a worker that makes it at the same moment as another
    # finds the other's, whole, and keeps it.
    draft = path.with_name(f".{KEY_FILE}.{os.getpid()}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key + b"\n")
        os.link(draft, path)
    except FileExistsError:
        return load(env)
    finally:
        draft.unlink(missing_ok=True)
    return Fernet(key)


def missing(environ: Mapping[str, str] | None = None) -> str | None:
    """Why the key cannot be read (None: it can)."""
    try:
        load(environ)
    except NoWebhookKey as exc:
        return str(exc)
    return None


def seal(key: Fernet, secret: str) -> str:
    """``secret`` as it is stored: ``fernet:`` and its token."""
    return PREFIX + key.encrypt(secret.encode()).decode()


def sealed(stored: str) -> bool:
    return stored.startswith(PREFIX)


def unseal(key: Fernet, stored: str) -> str:
    """The secret a stored one seals (NoWebhookKey: sealed with another key)."""
    if not sealed(stored):
        raise NoWebhookKey("a webhook secret not sealed (the store is older than "
                           "migration 0037: run rinkside db upgrade)")
    try:
        return key.decrypt(stored.removeprefix(PREFIX).encode()).decode()
    except InvalidToken:
        raise NoWebhookKey("a webhook secret sealed with another key than this "
                           "server's") from None
