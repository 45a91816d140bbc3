"""The rink laptop's side of offline sync, in its own store: the league's
setup written in (a pull), and what it has recorded that the league server
has not had yet.

The laptop keeps the league server's ids (:mod:`rinkside.services.sync_rows`)
and, per pulled game, ``league_version``: the league server's version that
the local log is known to equal. Every revision after it was recorded here
and is still to be pushed. A pull brings the setup up to the league's (the
league server is the truth for it) and extends a game's log with the
league's later revisions only while nothing recorded here waits to be
pushed: a game is scored in one place, and a push that finds the game
changed on the league server is refused whole (:func:`rinkside.services.sync.take_push`).

The game's sign-off (Rule 616(a)) and the written reports filed here
(502(l), 404(h), 405(b)) go to the league too: ``league_signoffs`` and
``league_reports`` count how many of them the league server holds. A pull
takes the league's sign-off log of a game whose own waits for nothing to be
pushed. The league server's refusal of a game's push is kept with the game
as it was then (:func:`remember_refusal`): while the game stays so, it is
not sent again unless the operator asks (:func:`clear_refusals`).

The officials come with the pull, never their league passwords
(:mod:`rinkside.services.sync_proof`): each active scorekeeper and referee
of the rink's games, whose password here is the hash of their credential
for this laptop (none issued yet: nobody logs in as them). An official the
league no longer carries (disabled there, or no longer of the rink's games)
is disabled here at that pull and every session of theirs ends; a new
credential ends the sessions made with the old one. When an official signs
in here, :func:`keep_key` keeps the key their credential's secret gives,
and every act pushed in their name carries its proof with that key
(:func:`outgoing`, :func:`outgoing_signoff`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.orm import Session

from rinkside.services import sync_proof, users
from rinkside.services.base import ServiceBase
from rinkside.services.sessions import revoke_user
from rinkside.services.sync_rows import (
    LOG_TABLE,
    SETUP_TABLES,
    SIGNOFF_TABLE,
    decoded_revision,
    decoded_signoff,
    upsert,
)
from rinkside.store import models, signoffs

Clock = Callable[[], datetime]

SETUP_FORMAT = 2  # what :func:`rinkside.services.sync.setup_for` answers
# The password of an official the league carries with no credential for this
# laptop, or no longer carries: no hash, so no password logs in with it.
NO_CREDENTIAL = "!no credential for this laptop"


class LocalSyncError(ValueError):
    """This store cannot take the pull (it holds something else)."""


@dataclass(frozen=True)
class Link:
    league_url: str
    token: str
    tournament_id: int
    rink: str
    pulled_at: datetime


@dataclass(frozen=True)
class Refusal:
    """The league server's refusal of a game's push: its HTTP status, its
    message, the rule it names (if any) and when it came."""

    status: int
    message: str
    rule: str | None
    at: datetime | None


@dataclass(frozen=True)
class PendingGame:
    """A game with events, sign-off entries or written reports recorded here
    and not pushed yet, and the league's refusal of it as it stands (None:
    not refused, or changed since)."""

    game_id: int
    league_version: int
    local_version: int
    signoffs: int = 0  # sign-off entries not pushed yet (616(a))
    reports: int = 0  # written reports not pushed yet
    refusal: Refusal | None = None
    state: str = ""  # the game as it stands here: version/sign-offs/reports

    @property
    def unpushed(self) -> int:
        return self.local_version - self.league_version


@dataclass
class PullSummary:
    tournament_id: int
    rink: str
    games: list[int] = field(default_factory=list)
    new_rows: int = 0
    revisions: int = 0  # league revisions added to local logs
    kept: list[int] = field(default_factory=list)  # games whose unpushed events were kept


def link(service: ServiceBase) -> Link | None:
    """The league server this store was pulled from (None: never pulled)."""
    with service.read() as s:
        row = s.scalars(select(models.SyncLink)).first()
        if row is None:
            return None
        return Link(row.league_url, row.token, row.tournament_id, row.rink, row.pulled_at)


def store_pull(service: ServiceBase, url: str, token: str, data: Mapping[str, Any],
               clock: Clock) -> PullSummary:
    """Write the league's setup of a rink (``data``, :func:`rinkside.services.sync.setup_for`)
    into this store, in one transaction."""
    if data.get("format") != SETUP_FORMAT:
        raise LocalSyncError(f"the league server answers setup format {data.get('format')!r}, "
                             f"this laptop reads format {SETUP_FORMAT}: run the same version of "
                             "rinkside on both")
    tournament_id = int(data["tournament_id"])
    rows: Mapping[str, list[dict[str, Any]]] = data["rows"]
    summary = PullSummary(tournament_id, str(data["rink"]), [int(g) for g in data["games"]])
    with service.write() as s:
        linked = s.scalars(select(models.SyncLink)).first()
        if linked is None and s.scalars(select(models.Tournament.id)).first() is not None:
            raise LocalSyncError("this store already holds a tournament of its own: pull a "
                                 "rink's tournament into a new store (--db sqlite:///rink.sqlite)")
        if linked is not None and (linked.league_url, linked.tournament_id) != (url, tournament_id):
            raise LocalSyncError(f"this store was pulled from {linked.league_url} (tournament "
                                 f"{linked.tournament_id}); pull {url} into a new store")
        for name in SETUP_TABLES:
            summary.new_rows += upsert(s, name, rows.get(name, []))
        _users(s, int(rows["rinks"][0]["id"]), rows.get("users", []))
        league_versions = {int(g["id"]): int(g["version"]) for g in rows.get("games", [])}
        logs = _by_game(rows.get(LOG_TABLE, []))
        signed = _by_game(rows.get(SIGNOFF_TABLE, []))
        chains = {int(g["id"]): (str(g.get("chain_head") or ""), int(g.get("chain_length") or 0))
                  for g in rows.get("games", [])}
        for game_id, league_version in league_versions.items():
            summary.revisions += _extend(s, game_id, league_version, logs.get(game_id, []),
                                         summary)
            _take_signoff(s, game_id, signed.get(game_id, []), summary)
            if game_id not in summary.kept:  # the league's record, with its chain (issue 29)
                s.execute(update(models.Game).where(models.Game.id == game_id).values(
                    chain_head=chains[game_id][0], chain_length=chains[game_id][1]))
        if linked is None:
            linked = models.SyncLink(league_url=url, token=token, tournament_id=tournament_id,
                                     rink=summary.rink, pulled_at=clock())
            s.add(linked)
        linked.token, linked.rink, linked.pulled_at = token, summary.rink, clock()
    return summary


def _by_game(rows: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    games: dict[int, list[dict[str, Any]]] = {}
    for raw in rows:
        games.setdefault(int(raw["game_id"]), []).append(raw)
    return games


def _users(s: Session, rink_id: int, carried: list[dict[str, Any]]) -> None:
    """The league's officials of the rink's games, by name (a user made on
    the laptop itself keeps its own id), each logging in here with their
    credential for this laptop; the officials carried before and no longer
    are disabled, their sessions ended."""
    held = {c.user_id: c for c in s.scalars(select(models.SyncCredential).where(
        models.SyncCredential.rink_id == rink_id))}
    kept: set[int] = set()
    for raw in carried:
        verifier: str | None = raw.get("credential")
        user = s.scalars(select(models.User).where(models.User.username == raw["username"])).first()
        if user is None:
            user = models.User(username=raw["username"], password_hash=NO_CREDENTIAL,
                               role=raw["role"], games=[])
            s.add(user)
            s.flush()
        credential = held.get(user.id)
        if credential is None:
            credential = models.SyncCredential(rink_id=rink_id, user_id=user.id)
            s.add(credential)
        if credential.verifier != verifier or user.password_hash != (verifier or NO_CREDENTIAL):
            credential.key = None  # a new credential: signed in with the old one no longer
            revoke_user(s, user.id)
        credential.verifier = verifier
        credential.issued_at = (datetime.fromisoformat(raw["issued_at"])
                                if raw.get("issued_at") else None)
        user.password_hash, user.role, user.active = verifier or NO_CREDENTIAL, raw["role"], True
        users.set_games(s, user, (int(g) for g in raw["games"]))
        kept.add(user.id)
    for user_id, credential in held.items():
        if user_id in kept:
            continue
        # disabled on the league, or none of the rink's games now
        gone = s.get(models.User, user_id)
        if gone is not None:
            gone.active, gone.password_hash = False, NO_CREDENTIAL
        revoke_user(s, user_id)
        s.delete(credential)


def keep_key(service: ServiceBase, user_id: int, secret: str) -> bool:
    """An official the league carries signed in here with ``secret``, their
    credential for this laptop (the login checked it against its hash): keep
    the key it gives, which proves their acts to the league
    (:mod:`rinkside.services.sync_proof`). Whether one was kept (not for a
    user of the laptop's own)."""
    with service.write() as s:
        if s.scalars(select(models.SyncLink.id)).first() is None:
            return False  # no laptop: the league's own credentials stay as issued
        user = s.get(models.User, user_id)
        credential = s.scalars(select(models.SyncCredential).where(
            models.SyncCredential.user_id == user_id)).first()
        if user is None or credential is None or credential.verifier is None \
                or credential.verifier != user.password_hash:
            return False
        credential.key = sync_proof.key_for(secret, credential.rink_id, user.username)
        return True


@dataclass(frozen=True)
class Official:
    """An official the league carries to this laptop: whether they hold a
    credential for it, and whether they signed in here with it (their acts
    are pushed with its proof only then)."""

    username: str
    role: str
    credential: bool
    signed_in: bool


def officials(service: ServiceBase) -> list[Official]:
    """The league's officials on this laptop, by name."""
    with service.read() as s:
        rows = s.execute(select(models.User.username, models.User.role,
                                models.SyncCredential.verifier, models.SyncCredential.key)
                         .join(models.SyncCredential,
                               models.SyncCredential.user_id == models.User.id)
                         .where(models.User.active.is_(True))
                         .order_by(models.User.username)).all()
    return [Official(name, role, verifier is not None, key is not None)
            for name, role, verifier, key in rows]


def _keys(s: Session) -> dict[str, str]:
    """The key of each official signed in here, by username."""
    return {name: key for name, key in s.execute(
        select(models.User.username, models.SyncCredential.key)
        .join(models.SyncCredential, models.SyncCredential.user_id == models.User.id)
        .where(models.SyncCredential.key.is_not(None))) if key is not None}


def _proof(keys: Mapping[str, str], username: str, message: list[Any]) -> str | None:
    key = keys.get(username)
    return None if key is None else sync_proof.proof(key, message)


def _extend(s: Any, game_id: int, league_version: int, revisions: list[dict[str, Any]],
            summary: PullSummary) -> int:
    """The league's revisions after the local log, unless events recorded
    here wait to be pushed (then the push decides). How many were added."""
    game = s.get(models.Game, game_id)
    synced = s.get(models.SyncGame, game_id)
    if synced is None:
        synced = models.SyncGame(game_id=game_id, league_version=0)
        s.add(synced)
    if game.version > synced.league_version:
        summary.kept.append(game_id)
        return 0
    newer = [r for r in revisions if int(r["revision"]) > game.version]
    for raw in sorted(newer, key=lambda r: int(r["revision"])):
        s.execute(insert(models.Base.metadata.tables[LOG_TABLE]).values(decoded_revision(raw)))
    s.flush()
    s.expire(game)
    synced.league_version = league_version
    return len(newer)


def _take_signoff(s: Session, game_id: int, league: list[dict[str, Any]],
                  summary: PullSummary) -> None:
    """The league's sign-off log of the game, unless entries made here wait
    to be pushed (then the push decides)."""
    synced = s.get(models.SyncGame, game_id)
    assert synced is not None
    local = signoffs.entries(s, game_id)
    if len(local) > synced.league_signoffs:
        if game_id not in summary.kept:
            summary.kept.append(game_id)
        return
    rows = [decoded_signoff(r) for r in sorted(league, key=lambda r: int(r["id"]))]
    if [signoff_key(e) for e in local] != [
            (r["kind"], r["username"], r["at"], r.get("reason", ""), bool(r.get("locks")))
            for r in rows]:
        s.execute(delete(models.SignOffEntry).where(models.SignOffEntry.game_id == game_id))
        for row in rows:  # in the league's order, numbered here
            s.execute(insert(models.SignOffEntry).values(row))
    synced.league_signoffs = len(rows)


def signoff_key(e: models.SignOffEntry) -> tuple[str, str, datetime, str, bool]:
    """What makes two sign-off entries the same one, in either store."""
    return (e.kind, e.username, e.at, e.reason, bool(e.locks))


def _counts(s: Session,
            table: type[models.SignOffEntry] | type[models.WrittenReport]) -> dict[int, int]:
    return {g: n for g, n in s.execute(select(table.game_id, func.count()).group_by(
        table.game_id))}


def _state(version: int, signed: int, reports: int) -> str:
    return f"{version}/{signed}/{reports}"


def pending(service: ServiceBase) -> list[PendingGame]:
    """The pulled games with events, sign-off entries or written reports
    recorded here and not pushed yet."""
    with service.read() as s:
        signed, reported = _counts(s, models.SignOffEntry), _counts(s, models.WrittenReport)
        rows = s.execute(select(models.SyncGame, models.Game.version)
                         .join(models.Game, models.Game.id == models.SyncGame.game_id)
                         .order_by(models.SyncGame.game_id)).all()
        out = []
        for synced, version in rows:
            entries, reports = signed.get(synced.game_id, 0), reported.get(synced.game_id, 0)
            waiting = PendingGame(synced.game_id, synced.league_version, version,
                                  max(entries - synced.league_signoffs, 0),
                                  max(reports - synced.league_reports, 0),
                                  state=_state(version, entries, reports))
            if not (waiting.unpushed > 0 or waiting.signoffs or waiting.reports):
                continue
            if synced.refused_state == waiting.state and synced.refused_message is not None:
                waiting = replace(waiting, refusal=Refusal(
                    synced.refused_status or 0, synced.refused_message, synced.refused_rule,
                    synced.refused_at))
            out.append(waiting)
    return out


_RULE = re.compile(r"\bRule (\d{3}(?:\([a-z]\))?)")


def remember_refusal(service: ServiceBase, game: PendingGame, status: int, message: str
                     ) -> Refusal:
    """The league server refused ``game`` as it stood (``game.state``): not
    sent again until it changes or :func:`clear_refusals`."""
    rule = _RULE.search(message)
    refusal = Refusal(status, message, rule.group(1) if rule else None, service.now())
    with service.write() as s:
        synced = s.get(models.SyncGame, game.game_id)
        if synced is not None:
            synced.refused_state, synced.refused_status = game.state, status
            synced.refused_message, synced.refused_rule = message, refusal.rule
            synced.refused_at = refusal.at
    return refusal


def clear_refusals(service: ServiceBase) -> int:
    """Forget every refusal: the next push sends those games again. How many."""
    with service.write() as s:
        refused = s.scalars(select(models.SyncGame)
                            .where(models.SyncGame.refused_state.is_not(None))).all()
        for synced in refused:
            synced.refused_state = synced.refused_status = synced.refused_message = None
            synced.refused_rule = synced.refused_at = None
        return len(refused)


def outgoing(service: ServiceBase, game_id: int, through: int | None = None
             ) -> dict[str, Any]:
    """The push of one game: its league version and every revision after it
    (up to revision ``through``), each with its recorder's proof (None: they
    never signed in here) and its place and link in the game's hash chain
    here (:mod:`rinkside.services.sync_chain`)."""
    with service.read() as s:
        keys = _keys(s)
        synced = s.get(models.SyncGame, game_id)
        if synced is None:
            raise LocalSyncError(f"game {game_id} was not pulled from the league server")
        after = select(models.EventRevision).where(
            models.EventRevision.game_id == game_id,
            models.EventRevision.revision > synced.league_version)
        if through is not None:
            after = after.where(models.EventRevision.revision <= through)
        revisions = s.scalars(after.order_by(models.EventRevision.revision)).all()
        return {"league_version": synced.league_version, "revisions": [
            {"revision": r.revision, "op": r.op, "position": r.position, "payload": r.payload,
             "by": r.by, "at": r.at.isoformat(), "reason": r.reason,
             "proof": _proof(keys, r.by, sync_proof.revision_message(
                 game_id, r.revision, r.op, r.position, r.payload, r.by, r.at, r.reason)),
             "chain_seq": r.chain_seq, "link": r.link}
            for r in revisions]}


def outgoing_signoff(service: ServiceBase, game_id: int, signed: int | None = None,
                     filed: int | None = None) -> tuple[dict[str, Any], int]:
    """The push of one game's sign-off: the game's version here (the events
    signed), its sign-off log (its first ``signed`` entries), and the written
    reports filed here that the league does not hold yet (up to the
    ``filed``-th), each with its referee's proof and its place and link in
    the game's hash chain here; and how many reports that pushes the league to."""
    with service.read() as s:
        keys = _keys(s)
        synced, game = s.get(models.SyncGame, game_id), s.get(models.Game, game_id)
        if synced is None or game is None:
            raise LocalSyncError(f"game {game_id} was not pulled from the league server")
        reports = s.scalars(select(models.WrittenReport)
                            .where(models.WrittenReport.game_id == game_id)
                            .order_by(models.WrittenReport.id)).all()[:filed]
        body = {"version": game.version, "signoffs": [
            {"kind": e.kind, "username": e.username, "at": e.at.isoformat(),
             "reason": e.reason, "locks": bool(e.locks),
             "proof": _proof(keys, e.username, sync_proof.signoff_message(
                 game_id, e.kind, e.username, e.at, e.reason, bool(e.locks))),
             "chain_seq": e.chain_seq, "link": e.link}
            for e in signoffs.entries(s, game_id)[:signed]],
            "reports": [{"kind": r.kind, "rule": r.rule, "text": r.text,
                         "username": r.username, "at": r.at.isoformat(),
                         "proof": _proof(keys, r.username, sync_proof.report_message(
                             game_id, r.kind, r.rule, r.text, r.username, r.at)),
                         "chain_seq": r.chain_seq, "link": r.link}
                        for r in reports[synced.league_reports:]]}
        return body, len(reports)


def chain_runs(service: ServiceBase, game_id: int) -> list[tuple[str, int, int]]:
    """What the game waits to push, in the order of its hash chain here
    (:mod:`rinkside.services.sync_chain`: the league links them in the order
    taken, so it must take them in this one), as runs: ``("events", R, 0)``
    the revisions through R, ``("signoff", S, W)`` the sign-off log's first S
    entries and the reports filed here through the W-th. Entries with no
    place in the chain come last: events, then the sign-off and reports."""
    with service.read() as s:
        synced = s.get(models.SyncGame, game_id)
        if synced is None:
            raise LocalSyncError(f"game {game_id} was not pulled from the league server")
        waiting: list[tuple[float, int, str, int]] = []
        for revision, seq in s.execute(
                select(models.EventRevision.revision, models.EventRevision.chain_seq).where(
                    models.EventRevision.game_id == game_id,
                    models.EventRevision.revision > synced.league_version)):
            waiting.append((_place(seq), 0, "events", revision))
        for n, entry in enumerate(signoffs.entries(s, game_id)[synced.league_signoffs:]):
            waiting.append((_place(entry.chain_seq), 1, "signed",
                            synced.league_signoffs + n + 1))
        filed = s.scalars(select(models.WrittenReport.chain_seq)
                          .where(models.WrittenReport.game_id == game_id)
                          .order_by(models.WrittenReport.id)).all()
        for n, seq in enumerate(filed[synced.league_reports:]):
            waiting.append((_place(seq), 2, "filed", synced.league_reports + n + 1))
        signed, reported = synced.league_signoffs, synced.league_reports
    runs: list[tuple[str, int, int]] = []
    for *_, what, through in sorted(waiting):
        if what == "events":
            if runs and runs[-1][0] == "events":
                runs.pop()
            runs.append(("events", through, 0))
            continue
        if what == "signed":
            signed = through
        else:
            reported = through
        if runs and runs[-1][0] == "signoff":
            runs.pop()
        runs.append(("signoff", signed, reported))
    return runs


def _place(seq: int | None) -> float:
    return float("inf") if seq is None else float(seq)


def mark_signoff_pushed(service: ServiceBase, game_id: int, signed: int, reports: int) -> None:
    """The league server holds the game's first ``signed`` sign-off entries
    and the first ``reports`` written reports filed here."""
    with service.write() as s:
        synced = s.get(models.SyncGame, game_id)
        if synced is not None:
            synced.league_signoffs = max(synced.league_signoffs, signed)
            synced.league_reports = max(synced.league_reports, reports)


def mark_pushed(service: ServiceBase, game_id: int, league_version: int) -> None:
    """The league server holds this game's log up to ``league_version``."""
    with service.write() as s:
        synced = s.get(models.SyncGame, game_id)
        if synced is not None and league_version > synced.league_version:
            synced.league_version = league_version
