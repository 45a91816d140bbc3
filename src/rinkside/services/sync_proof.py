"""What a rink laptop proves to the league server: that each act it pushes
was done by an official signed in on that laptop.

A rink's token says only which rink a laptop is: the league server trusts
it for nothing an official did. Each official of the rink (a scorekeeper or
referee assigned to its games, active) holds a credential for that rink's
laptop, issued by the director on the league server
(:func:`rinkside.services.sync.issue_credential`, ``rinkside sync credential
issue``): a random secret, shown once and handed to the official, of which
the league keeps two things and never the secret itself:

- its argon2 hash (``verifier``): a pull carries it to the laptop as the
  official's password there, so the official logs in on the laptop with no
  internet, and the league's own password hashes never leave the league;
- ``key``, the HMAC key derived from the secret (:func:`key_for`), which
  the laptop cannot compute until the official types the secret there.

When the official signs in on the laptop with the secret, the laptop
derives the same key and keeps it (:func:`rinkside.services.sync_local.keep_key`).
Every act pushed in an official's name carries its proof, an HMAC-SHA256
with that key of what was done (:func:`proof`): each event revision under
its ``by`` (:func:`revision_message`), each signature
(:func:`signoff_message`), each written report (:func:`report_message`). The
league recomputes it with the key it holds and takes nothing whose proof
does not match, nor anything in the name of a user who is not an active
official of that game at that rink (Rule 616(a): its referees sign, and
only the director reopens, which no laptop can carry).

The limit, honestly: the laptop keeps the keys of the officials who signed
in on it (until a pull stops carrying them or carries a new credential), so
whoever holds the laptop's store could act in those officials' names, as
they could edit its log anyway. The token alone, or a store whose officials
never signed in on it, acts in nobody's name.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from datetime import UTC, datetime
from typing import Any, Final

_ALPHABET: Final = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i to misread
_GROUPS: Final = 4
_GROUP: Final = 4  # 16 letters of 31: 79 bits, out of reach of a guess at its hash


def new_secret() -> str:
    """A credential's secret, to type on the laptop: ``abcd-efgh-jkmn-pqrs``."""
    letters = "".join(secrets.choice(_ALPHABET) for _ in range(_GROUPS * _GROUP))
    return "-".join(letters[i:i + _GROUP] for i in range(0, len(letters), _GROUP))


def key_for(secret: str, rink_id: int, username: str) -> str:
    """The HMAC key of ``username``'s credential for rink ``rink_id`` (hex)."""
    return hmac.new(secret.encode(), f"rinkside-sync-key:{rink_id}:{username}".encode(),
                    hashlib.sha256).hexdigest()


def proof(key: str, message: list[Any]) -> str:
    """The proof of ``message`` (one of the ``*_message`` below) with ``key``."""
    text = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(bytes.fromhex(key), text.encode(), hashlib.sha256).hexdigest()


def matches(key: str, message: list[Any], sent: str | None) -> bool:
    """Whether ``sent`` is the proof of ``message`` with ``key``."""
    return sent is not None and hmac.compare_digest(proof(key, message), sent)


def _moment(at: datetime) -> str:
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).isoformat(
        timespec="microseconds")


def revision_message(game_id: int, revision: int, op: str, position: int, payload: Any,
                     by: str, at: datetime, reason: str) -> list[Any]:
    """One revision of a game's log, recorded by ``by``."""
    return ["event", game_id, revision, op, position, payload, by, _moment(at), reason]


def signoff_message(game_id: int, kind: str, username: str, at: datetime, reason: str,
                    locks: bool) -> list[Any]:
    """One sign-off entry of a game (Rule 616(a)), made by ``username``."""
    return ["signoff", game_id, kind, username, _moment(at), reason, locks]


def report_message(game_id: int, kind: str, rule: str | None, text: str, username: str,
                   at: datetime) -> list[Any]:
    """One written report on a game (502(l), 404(h), 405(b)), filed by ``username``."""
    return ["report", game_id, kind, rule, text, username, _moment(at)]
