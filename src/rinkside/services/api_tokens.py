"""Read tokens for the public API (``/api/v1``), which the director issues
and revokes on the desk: the token shown once, only its SHA-256 hash kept
(as a rink's sync token, :mod:`rinkside.services.sync`), each issue and
revocation in the desk's record.

Public data is public: the API answers anonymous reads too. A token names
who reads (a club's site, a league's app) and gives it the higher rate limit
(:mod:`rinkside.web.rate_limits`); a token unknown or revoked is refused
(401), never read as anonymous, so that its holder learns it is dead.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import bindparam, select

from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.errors import NotFound
from rinkside.store import models

PREFIX: Final = "rk_"  # a token says what it is in a log or a config file
LABEL_LENGTH: Final = 200


class TokenRefused(Exception):
    """A token sent that opens nothing (unknown or revoked): 401, saying why."""


@dataclass(frozen=True, slots=True)
class ApiTokenRow:
    token_id: int
    label: str
    issued_by: str
    issued_at: datetime
    revoked_at: datetime | None

    @property
    def live(self) -> bool:
        return self.revoked_at is None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue(service: ServiceBase, label: str, *, by: str, tournament_id: int | None = None
          ) -> str:
    """A new read token for ``label`` (who will read with it): returned to be
    shown once; its hash and its line in the record committed together."""
    label = label.strip()
    if not label:
        raise ValueError("a token needs a label: who reads with it (a club's site, an app)")
    if len(label) > LABEL_LENGTH:
        raise ValueError(f"a token's label is at most {LABEL_LENGTH} characters")
    token = PREFIX + secrets.token_urlsafe(32)
    with service.write() as s:
        row = models.ApiToken(label=label, token_hash=_hash(token), issued_by=by,
                              issued_at=service.now())
        s.add(row)
        s.flush()
        record(s, tournament_id, f"API token {row.id}", "issued", None, {"label": label},
               by=by, clock=service.now)
    return token


def revoke(service: ServiceBase, token_id: int, *, by: str,
           tournament_id: int | None = None) -> None:
    """The token opens nothing from now on; refused when it is revoked already."""
    with service.write() as s:
        row = s.get(models.ApiToken, token_id)
        if row is None:
            raise NotFound(f"There is no API token {token_id}.")
        if row.revoked_at is not None:
            raise ValueError(f"the API token {token_id} ({row.label}) is revoked already")
        row.revoked_at = service.now()
        record(s, tournament_id, f"API token {token_id}", "revoked", {"label": row.label},
               None, by=by, clock=service.now)


def tokens(service: ServiceBase) -> list[ApiTokenRow]:
    """Every token issued, the newest first (none of them readable again)."""
    with service.read() as s:
        return [ApiTokenRow(r.id, r.label, r.issued_by, r.issued_at, r.revoked_at)
                for r in s.scalars(select(models.ApiToken).order_by(models.ApiToken.id.desc()))]


# The token of a hash: read on every request that sends one, in one statement
# that stands alone (no transaction of its own: one round trip on PostgreSQL).
_HOLDER: Final = select(
    models.ApiToken.id, models.ApiToken.label, models.ApiToken.issued_by,
    models.ApiToken.issued_at, models.ApiToken.revoked_at,
).where(models.ApiToken.token_hash == bindparam("token_hash"))


def holder(service: ServiceBase, token: str) -> ApiTokenRow:
    """The live token ``token`` is; :class:`TokenRefused` when it is none
    (read at every request: a revoked token is refused from the next one)."""
    if not token.isascii() or not token.startswith(PREFIX):
        raise TokenRefused("this is not a rinkside API token (they begin with rk_)")
    with service.autocommit() as c:
        row = c.execute(_HOLDER, {"token_hash": _hash(token)}).first()
    if row is None:
        raise TokenRefused("this API token is not one the director issued")
    found = ApiTokenRow(*row)
    if not found.live:
        raise TokenRefused("this API token was revoked by the director; ask for a new one")
    return found
