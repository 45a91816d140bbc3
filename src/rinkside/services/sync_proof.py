"""An official's credential for a rink's laptop: how they log in there
with no internet, and the key that proves their acts to the league server.

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
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

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
