"""The league server's side of offline sync: rink tokens, a rink's setup
handed out, and a laptop's events taken in through the engine.

A rink laptop scores its rink's games on a SQLite store of its own with no
internet, and syncs with the league server (:mod:`rinkside.services.sync_local`
and :mod:`rinkside.services.sync_client` are its side). The league server is
the truth for the setup (divisions, teams, rosters, the schedule, settings,
users and their assignments); a game is scored in one place.

A league server never trusts a laptop or its token for more than its own
officials did there (:mod:`rinkside.services.sync_proof`): the token names
the rink, and each act pushed in an official's name carries the proof
made with that official's credential for the rink, which only a sign-in
with its secret on the laptop gives.

- :func:`issue_token` / :func:`revoke_tokens`: the director's per-rink
  tokens; only a token's SHA-256 hash is stored. :func:`rink_of` answers who
  a token is (refused: unknown or revoked).
- :func:`issue_credential`: an official's credential for a rink's laptop
  (the secret shown once; its argon2 hash and HMAC key kept).
- :func:`setup_for`: the rink's tournament as rows (:mod:`rinkside.services.sync_rows`),
  and its officials: the active scorekeepers and referees of its games, each
  with their credential's hash as their password on the laptop (never their
  league password's hash); a disabled one is not carried.
- :func:`take_push`: one game's revisions recorded on the laptop after the
  league version it pulled, appended here in one transaction through the
  engine (each event refused or accepted by the rules, as any other write,
  and with the stale-write contract: only onto that very version). Each
  revision's ``by`` must be an active scorekeeper of the game with its proof
  (:class:`Officials`), else refused (403). Refused whole, nothing merged, when
  the game changed here meanwhile or is signed (Rule 616(a)); a push already
  taken is answered as such and changes nothing. Each revision must carry
  its place and link in the laptop's hash chain (refused whole, 422, when
  one carries none), and one the league's chain does not give the same link
  is refused whole (409, :mod:`rinkside.services.sync_chain`).
- The game's sign-off and written reports: :mod:`rinkside.services.sync_signoff`.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.rules.errors import RuleViolation
from rinkside.rules.log import GameLog, Op
from rinkside.rules.outcome import DecidedBy
from rinkside.rules.state import GameState
from rinkside.services import (
    mail,
    playoff_places,
    replay,
    state_cache,
    sync_chain,
    sync_proof,
    users,
    webhooks,
)
from rinkside.services.base import ServiceBase
from rinkside.services.sync_rows import export_rows
from rinkside.services.tournaments import Tournaments
from rinkside.store import codec, eventlog, models, signoffs

Clock = Callable[[], datetime]


class SyncRefused(Exception):
    """A sync request refused, with the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class RinkRef:
    """The rink a token belongs to."""

    rink_id: int
    tournament_id: int
    name: str


@dataclass(frozen=True)
class Revision(sync_chain.Chained):
    """One revision of a game's log as the laptop recorded it (its proof,
    place and link: :class:`~rinkside.services.sync_chain.Chained`)."""

    revision: int
    op: Op
    position: int
    payload: list[Any] | dict[str, Any] | None  # the store's payload (version 2; 1 read)
    by: str
    at: datetime
    reason: str


@dataclass(frozen=True)
class PushOutcome:
    version: int  # the game's version on the league server now
    taken: int  # revisions appended by this push (0: it had been taken already)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _rink(s: Session, tournament_id: int, rink: str) -> models.Rink:
    row = s.scalars(select(models.Rink).where(models.Rink.tournament_id == tournament_id,
                                              models.Rink.name == rink)).first()
    if row is None:
        raise SyncRefused(404, f"tournament {tournament_id} has no rink named {rink!r} "
                          "(describe the rink first: rinkside tournament rink)")
    return row


def issue_token(service: ServiceBase, tournament_id: int, rink: str, clock: Clock) -> str:
    """A new token for ``rink``'s laptop (shown once; only its hash is kept)."""
    token = secrets.token_urlsafe(32)
    with service.write() as s:
        row = _rink(s, tournament_id, rink)
        s.add(models.SyncToken(rink_id=row.id, token_hash=_hash(token), issued_at=clock()))
    return token


def revoke_tokens(service: ServiceBase, tournament_id: int, rink: str, clock: Clock) -> int:
    """Revoke every live token of ``rink``; how many were revoked."""
    with service.write() as s:
        row = _rink(s, tournament_id, rink)
        live = s.scalars(select(models.SyncToken).where(models.SyncToken.rink_id == row.id,
                                                        models.SyncToken.revoked_at.is_(None))).all()
        for token in live:
            token.revoked_at = clock()
        return len(live)


def rink_of(service: ServiceBase, token: str | None) -> RinkRef:
    """The rink of a live token; refused (401) for a missing, unknown or revoked one."""
    if not token:
        raise SyncRefused(401, "the sync API needs the rink's token (Authorization: Bearer "
                          "TOKEN, issued by the director: rinkside sync token issue)")
    with service.read() as s:
        row = s.scalars(select(models.SyncToken).where(models.SyncToken.token_hash == _hash(token))
                        ).first()
        if row is None:
            raise SyncRefused(401, "this token is not one the director issued")
        if row.revoked_at is not None:
            raise SyncRefused(401, "this rink's token was revoked by the director; ask for "
                              "a new one")
        rink = s.get(models.Rink, row.rink_id)
        assert rink is not None
        return RinkRef(rink.id, rink.tournament_id, rink.name)


def rink_games(s: Session, rink: RinkRef) -> list[int]:
    """The ids of the games scored at the token's rink."""
    return list(s.scalars(select(models.Game.id).join(models.Division).where(
        models.Division.tournament_id == rink.tournament_id, models.Game.rink == rink.name)
        .order_by(models.Game.id)))


def rink_game(s: Session, rink: RinkRef, game_id: int) -> models.Game:
    """Game ``game_id``, locked for the write, if it is scored at the token's
    rink; else 404 (a laptop writes only its own rink's games)."""
    game = s.get(models.Game, game_id, with_for_update=True)
    if game is None or game_id not in rink_games(s, rink):
        raise SyncRefused(404, f"game {game_id} is not scored at rink {rink.name!r} "
                          f"of tournament {rink.tournament_id}")
    return game


def issue_credential(service: ServiceBase, tournament_id: int, rink: str, username: str,
                     clock: Clock) -> str:
    """A new credential of ``username`` for ``rink``'s laptop, replacing any
    before it: its secret, shown once (only its argon2 hash and the HMAC key
    derived from it are kept, :mod:`rinkside.services.sync_proof`). Only an
    active scorekeeper or referee of one of the rink's games has one."""
    secret = sync_proof.new_secret()
    verifier = users.hashed(secret)
    with service.write() as s:
        row = _rink(s, tournament_id, rink)
        user = s.scalars(select(models.User).where(models.User.username == username)).one_or_none()
        games = rink_games(s, RinkRef(row.id, tournament_id, row.name))
        if user is None or user.role == "director" or not user.active or not set(
                user.games) & set(games):
            raise SyncRefused(404, f"{username!r} is no active scorekeeper or referee of a "
                              f"game at rink {rink!r}: only a rink's officials score or sign "
                              "on its laptop (assign them first: rinkside user assign)")
        credential = s.scalars(select(models.SyncCredential).where(
            models.SyncCredential.rink_id == row.id, models.SyncCredential.user_id == user.id)
        ).one_or_none()
        if credential is None:
            credential = models.SyncCredential(rink_id=row.id, user_id=user.id)
            s.add(credential)
        credential.verifier = verifier
        credential.key = sync_proof.key_for(secret, row.id, username)
        credential.issued_at = clock()
    return secret


def _officials(s: Session, games: Sequence[int]) -> list[models.User]:
    """The active scorekeepers and referees of ``games``."""
    return list(s.scalars(select(models.User).where(
        models.User.role != "director", models.User.active.is_(True),
        models.User.id.in_(select(models.UserGame.user_id)  # by the games' keys (issue 30)
                           .where(models.UserGame.game_id.in_(list(games)))))
        .order_by(models.User.id)))


def setup_for(service: ServiceBase, rink: RinkRef) -> dict[str, Any]:
    """The rink's tournament as the laptop stores it: the tournament, this
    rink, every division, team and player (the rosters), the rink's games
    with their lineups, officials, sign-offs and logs, and the active users
    assigned to those games (their assignments cut to them), each with
    their credential for this rink's laptop as a hash (None: not issued
    yet), never the hash of their league password."""
    with service.read() as s:
        games = rink_games(s, rink)
        credentials = {c.user_id: c for c in s.scalars(select(models.SyncCredential).where(
            models.SyncCredential.rink_id == rink.rink_id))}
        officials = [(u, credentials.get(u.id)) for u in _officials(s, games)]
        rows = export_rows(s, rink.tournament_id, rink.rink_id, games)
    rows["users"] = [{"username": u.username, "role": u.role,
                      "games": sorted(set(u.games) & set(games)),
                      "credential": None if c is None else c.verifier,
                      "issued_at": None if c is None or c.issued_at is None
                      else c.issued_at.isoformat()}
                     for u, c in officials]
    return {"format": 2, "tournament_id": rink.tournament_id, "rink": rink.name,
            "games": games, "rows": rows}


class Officials:
    """The officials of one game at the token's rink, as the league knows
    them: :meth:`check` refuses (403) an act pushed in a name unless that
    user is an active official of the game in the role it needs and the act
    carries their proof with their credential for the rink's laptop (a
    laptop carries only what its own signed-in officials did,
    :mod:`rinkside.services.sync_proof`). Each name is looked up once."""

    def __init__(self, s: Session, rink: RinkRef, game_id: int) -> None:
        self._s, self._rink, self._game = s, rink, game_id
        self._keys: dict[tuple[str, str], str] = {}

    def _key(self, username: str, role: str, what: str) -> str:
        known = self._keys.get((username, role))
        if known is not None:
            return known
        game, rink = self._game, self._rink
        user = self._s.scalars(select(models.User).where(models.User.username == username)
                               ).one_or_none()
        if user is None or user.role != role or not user.active or game not in user.games:
            raise SyncRefused(403, f"game {game}, {what}: {username!r} is not an active {role} "
                              "of the game on the league server; a laptop carries only what "
                              "the game's own officials did there; refused whole and nothing "
                              "was merged")
        credential = self._s.scalars(select(models.SyncCredential).where(
            models.SyncCredential.rink_id == rink.rink_id, models.SyncCredential.user_id == user.id)
        ).one_or_none()
        if credential is None or credential.key is None:
            raise SyncRefused(403, f"game {game}, {what}: {username} holds no credential for "
                              f"the laptop of rink {rink.name!r} (rinkside sync credential "
                              "issue, then a pull); refused whole and nothing was merged")
        self._keys[(username, role)] = credential.key
        return credential.key

    def check(self, username: str, role: str, message: list[Any], sent: str | None,
              what: str) -> None:
        """``sent`` must be ``username``'s proof of ``message`` as the ``role``."""
        if not sync_proof.matches(self._key(username, role, what), message, sent):
            raise SyncRefused(403, f"game {self._game}, {what}: it carries no proof that "
                              f"{username} did it signed in on the laptop of rink "
                              f"{self._rink.name!r} with their credential (they log in there "
                              "with it, then push again); refused whole and nothing was merged")


def _stored(s: Session, game_id: int, after: int, count: int) -> list[models.EventRevision]:
    return list(s.scalars(select(models.EventRevision).where(
        models.EventRevision.game_id == game_id, models.EventRevision.revision > after,
        models.EventRevision.revision <= after + count).order_by(models.EventRevision.revision)))


def _same(stored: Sequence[models.EventRevision], pushed: Sequence[Revision]) -> bool:
    if len(stored) != len(pushed):
        return False
    return all((a.revision, a.op, a.position, a.by) == (b.revision, b.op, b.position, b.by)
               and _event(a.payload) == _event(b.payload)  # of either payload version
               for a, b in zip(stored, pushed, strict=True))


def _event(payload: Any) -> object:
    """The event a payload holds (the payload as it is when it holds none)."""
    try:
        return None if payload is None else codec.decode(payload)
    except codec.PayloadError:
        return payload


def take_push(service: Tournaments, rink: RinkRef, game_id: int, league_version: int,
              revisions: Sequence[Revision]) -> PushOutcome:
    """Append the laptop's ``revisions`` of ``game_id``, recorded after
    ``league_version``, in one transaction through the engine."""
    expected = list(range(league_version + 1, league_version + 1 + len(revisions)))
    if [r.revision for r in revisions] != expected:
        raise SyncRefused(422, f"game {game_id}: the revisions pushed must follow version "
                          f"{league_version} one by one ({expected[:3]}...): each is the next "
                          "version of the game's one log; the push was refused whole and "
                          "nothing was merged")
    with service.write() as s:
        game = rink_game(s, rink, game_id)
        officials = Officials(s, rink, game_id)
        for r in revisions:
            officials.check(r.by, "scorekeeper", sync_proof.revision_message(
                game_id, r.revision, r.op, r.position, r.payload, r.by, r.at, r.reason),
                r.proof, f"revision {r.revision}")
        if game.version >= league_version + len(revisions) and _same(
                _stored(s, game_id, league_version, len(revisions)), revisions):
            return PushOutcome(game.version, 0)  # taken already: a repeated push
        try:
            carried = [sync_chain.required(f"revision {r.revision}", r.chain_seq, r.link)
                       for r in revisions]
        except sync_chain.Unlinked as exc:
            raise SyncRefused(422, f"game {game_id}: {exc}; the push was refused whole and "
                              "nothing was merged") from None
        if signoffs.is_locked(s, game_id):
            raise SyncRefused(409, f"game {game_id} is signed on the league server: Rule "
                              "616(a), nothing changes once the referees have signed; "
                              "the push was refused whole and nothing was merged")
        if game.version != league_version:
            raise SyncRefused(409, f"game {game_id} changed on the league server since this "
                              f"laptop pulled it (version {game.version} there, {league_version}"
                              " when pulled): a game is scored in one place (Rule 506(a): "
                              "its Official Scorer keeps its one official game report); the "
                              "push was refused whole and nothing was merged")
        if game.version == 0 and service.begin_pushed(s, game) != 0:
            # 634(e) and the eligible rosters dressed (203(a)), as a console's
            # first write does; another write began the game meanwhile.
            raise SyncRefused(409, f"game {game_id} was begun on the league server while "
                              "this push was taken: a game is scored in one place (Rule "
                              "506(a)); the push was refused whole and nothing was merged")
        stored = replay.load(s, game)
        log = GameLog.new(stored.setup, stored.events)
        before = log.state
        version = game.version
        happened: list[tuple[str, dict[str, Any]]] = []  # for the webhooks, in order
        try:
            for r in revisions:
                prior = log.state
                log, version = _take(s, log, game_id, version, r)
                # each revision told as a console's write of it is: an event
                # appended, or a correction (what it changed, told again whole)
                happened += (webhooks.game_events(prior, log.state) if r.op == "append" else
                             webhooks.correction_events(
                                 prior, log.state, what=f"{r.op} of event {r.position + 1}",
                                 reason=r.reason))
        except RuleViolation as exc:
            # A player the league knows is suspended is refused with the rule
            # that suspended him (casebook 27), as on a console: the laptop may
            # not have known of it, the league's record must not hold it.
            named = [] if r.payload is None else [codec.decode(r.payload)]
            why = service.pushed_refusal(s, game, named, exc)
            raise SyncRefused(422, f"game {game_id}, revision {r.revision}: {why}; the push "
                              "was refused whole and nothing was merged") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise SyncRefused(422, f"game {game_id}, revision {r.revision} cannot be read: "
                              f"{exc}; the push was refused whole and nothing was merged"
                              ) from None
        _follows(s, game_id, league_version, revisions, carried)
        # What the push made, told as one step (a laptop's revisions may correct).
        webhooks.enqueue_game(s, game, version, happened, service.now())
        mail.mail_game_suspensions(s, game, log.state.suspensions()[
            len(before.suspensions()):], service.now())
        state_cache.store(s, game_id, version, log.state)
    service.committed(game_id, version, log.state)
    if _forfeited(log.state) and not _forfeited(before):
        playoff_places.fill_after(service, game_id)  # 634: the forfeit decides a bracket place
    return PushOutcome(version, len(revisions))


def _forfeited(state: GameState) -> bool:
    return state.result is not None and state.result.decided_by == DecidedBy.FORFEIT


def _follows(s: Session, game_id: int, league_version: int, revisions: Sequence[Revision],
             carried: Sequence[sync_chain.Carried]) -> None:
    """Each revision taken has the link the laptop's chain gave it (``carried``,
    :mod:`rinkside.services.sync_chain`), else the push is refused whole."""
    linked = s.execute(select(models.EventRevision.chain_seq, models.EventRevision.link).where(
        models.EventRevision.game_id == game_id,
        models.EventRevision.revision > league_version).order_by(models.EventRevision.revision)
    ).all()
    for r, sent, (seq, link) in zip(revisions, carried, linked, strict=True):
        why = sync_chain.mismatch(f"revision {r.revision}", sent, seq or 0, link or "")
        if why is not None:
            raise SyncRefused(409, f"game {game_id}: {why}; the push was refused whole and "
                              "nothing was merged")


def _take(s: Session, log: GameLog, game_id: int, version: int, r: Revision
          ) -> tuple[GameLog, int]:
    """One revision through the engine, then into the store."""
    event = None if r.payload is None else codec.decode(r.payload)
    if r.op == "append" and event is not None:
        log = log.append(event)
        return log, eventlog.append(s, game_id, version, event, r.by, at=r.at)
    if r.op == "replace" and event is not None:
        log = log.replace(r.position, event)
    elif r.op == "insert" and event is not None:
        log = log.insert(r.position, event)
    elif r.op == "delete":
        log = log.delete(r.position)
        event = None
    else:
        raise ValueError(f"{r.op!r} with{'out' if event is None else ''} an event")
    return log, eventlog.correct(s, game_id, version, r.op,
                                 r.position, event, r.by, r.reason, at=r.at)


def tokens(service: ServiceBase, tournament_id: int) -> list[tuple[str, datetime, bool]]:
    """The tournament's tokens: rink, when issued, whether still live."""
    with service.read() as s:
        rows = s.execute(select(models.Rink.name, models.SyncToken.issued_at,
                                models.SyncToken.revoked_at)
                         .join(models.Rink, models.Rink.id == models.SyncToken.rink_id)
                         .where(models.Rink.tournament_id == tournament_id)
                         .order_by(models.SyncToken.id)).all()
    return [(name, issued, revoked is None) for name, issued, revoked in rows]
