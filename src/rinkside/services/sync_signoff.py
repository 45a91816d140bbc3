"""The league server takes a rink laptop's sign-off of a game and its
referees' written reports.

Rule 616(a): "Changes shall not be made on the scoring summary after the
Referees have signed the official score sheet." The referees sign at the
rink, on the laptop, and the signature that completes their set locks the
game there; the push brings the league server's game to the same sign-off,
entry by entry, so that it is signed and locked exactly as the laptop's.

:func:`take_signoff` receives the laptop's whole sign-off log of the game.
The league's own log must be where the laptop's began (the same entries, in
the same order): the entries after it are appended, each checked as a
signature made here would be (a referee assigned to the game signs a game
that is over, once; the signature completing the assigned referees' set is
the one that locks), and each carrying the referee's proof that they signed
it on that laptop with their credential for the rink
(:mod:`rinkside.services.sync_proof`; refused 403 without it, or from a
referee disabled since). A laptop never reopens a signed game (Rule 616(a):
only the tournament director reopens, and no director's credential leaves
the league): a reopening pushed is refused, the game stays signed here and
its corrections with it. Refused whole, nothing merged, when the league's
sign-off differs (signed here otherwise, or by other referees) or when the
league server does not hold the events the referees signed (push the events
first). The written reports filed on the laptop (502(l), 404(h), 405(b))
come with it, each taken once and with its referee's proof. A repeated push
changes nothing. The push that locks the game does what a signature made
here does: the webhooks hear the report signed, and the playoff places
waiting for the game's result fill in
(:func:`rinkside.services.playoff_places.fill_after`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.rules.log import GameLog
from rinkside.services import playoff_places, replay, sync_chain, sync_proof, webhooks
from rinkside.services.officiating import (
    SignOffRefused,
    assigned_in,
    refuse_report,
    refuse_signature,
)
from rinkside.services.sync import Officials, RinkRef, SyncRefused, rink_game
from rinkside.services.tournaments import Tournaments
from rinkside.store import models, signoffs

Key = tuple[str, str, datetime, str, bool]


@dataclass(frozen=True)
class Entry(sync_chain.Chained):
    """One sign-off entry as the laptop recorded it."""

    kind: str  # "sign" or "reopen"
    username: str
    at: datetime
    reason: str
    locks: bool

    @property
    def key(self) -> Key:
        return (self.kind, self.username, self.at, self.reason, self.locks)


@dataclass(frozen=True)
class Report(sync_chain.Chained):
    """A written report filed on the laptop."""

    kind: str  # "report" (a rule's) or "incident"
    rule: str | None
    text: str
    username: str
    at: datetime


@dataclass(frozen=True)
class SignOffOutcome:
    signoffs: int  # entries appended by this push (0: held already)
    reports: int  # written reports taken by this push
    locked: bool  # the game is signed and locked on the league server now (616(a))


def _told(keys: Sequence[Key]) -> str:
    if not keys:
        return "not signed"
    return ", ".join(f"{who} {'signed' if kind == 'sign' else 'reopened'} at "
                     f"{at.strftime('%H:%M:%S')}{' (locked)' if locks else ''}"
                     for kind, who, at, _reason, locks in keys)


def take_signoff(service: Tournaments, rink: RinkRef, game_id: int, version: int,
                 entries: Sequence[Entry], reports: Sequence[Report]) -> SignOffOutcome:
    """Bring the game's sign-off on the league server to the laptop's
    ``entries`` (signed on its ``version`` of the game) and take the
    ``reports`` it does not hold, in one transaction."""
    with service.write() as s:
        game = rink_game(s, rink, game_id)
        officials = Officials(s, rink, game_id)
        stored = [(e.kind, e.username, e.at, e.reason, bool(e.locks))
                  for e in signoffs.entries(s, game_id)]
        pushed = [e.key for e in entries]
        if pushed[:len(stored)] != stored:
            raise SyncRefused(409, f"game {game_id} is signed on the league server otherwise "
                              f"({_told(stored)}; on the laptop: {_told(pushed)}): Rule "
                              "616(a), the referees sign one score sheet; the push was "
                              "refused whole and nothing was merged")
        was_locked = signoffs.is_locked(s, game_id)
        new = list(entries[len(stored):])
        if new:
            _refuse_reopening(game_id, new)
            _same_events(game, version)
            _check(s, game, stored, new)
            for e in new:
                officials.check(e.username, "referee", sync_proof.signoff_message(
                    game_id, e.kind, e.username, e.at, e.reason, e.locks), e.proof,
                    f"{e.username}'s signature")
        taking: list[Entry | Report] = list(new)
        for r in reports:
            if _held(s, game_id, r):
                continue
            _check_report(s, game_id, r)
            officials.check(r.username, "referee", sync_proof.report_message(
                game_id, r.kind, r.rule, r.text, r.username, r.at), r.proof,
                f"{r.username}'s written report")
            taking.append(r)
        for item, carried in _in_chain_order(game_id, taking):
            _link(s, game_id, item, carried)
        taken = len(taking) - len(new)
        s.flush()
        locked = signoffs.is_locked(s, game_id)
        if locked and not was_locked:  # 616(a): the report signed, the game locked; told
            webhooks.enqueue_signed(s, game, service.now())
    if locked and not was_locked:  # its result stands: a bracket place it decides fills in
        playoff_places.fill_after(service, game_id)
    return SignOffOutcome(len(new), taken, locked)


def _in_chain_order(game_id: int, taking: list[Entry | Report]
                    ) -> list[tuple[Entry | Report, sync_chain.Carried]]:
    """The signatures and reports to take, each with its place and link in the
    laptop's chain (:mod:`rinkside.services.sync_chain`), in that chain's
    order; refused whole (422) when one carries none."""
    try:
        carried = [(item, sync_chain.required(_what(item), item.chain_seq, item.link))
                   for item in taking]
    except sync_chain.Unlinked as exc:
        raise SyncRefused(422, f"game {game_id}: {exc}; the sign-off and reports were "
                          "refused whole and nothing was merged") from None
    return sorted(carried, key=lambda pair: pair[1].seq)


def _what(item: Entry | Report) -> str:
    """The pushed signature, reopening or report, named."""
    if isinstance(item, Entry):
        return f"{item.username}'s {'signature' if item.kind == 'sign' else item.kind}"
    return f"{item.username}'s written report"


def _link(s: Session, game_id: int, item: Entry | Report, sent: sync_chain.Carried) -> None:
    """One signature or report linked at the end of the league's chain; refused
    whole (409) when that is not the link the laptop's chain gave it (``sent``)."""
    if isinstance(item, Entry):
        row: models.SignOffEntry | models.WrittenReport = signoffs.add(
            s, game_id, item.kind, item.username, reason=item.reason, locks=item.locks,
            at=item.at)
    else:
        row = signoffs.add_written(s, game_id, item.kind, item.rule, item.text, item.username,
                                   item.at)
    why = sync_chain.mismatch(_what(item), sent, row.chain_seq or 0, row.link or "")
    if why is not None:
        raise SyncRefused(409, f"game {game_id}: {why}; the sign-off and reports were refused "
                          "whole and nothing was merged")


def _refuse_reopening(game_id: int, new: Sequence[Entry]) -> None:
    """Rule 616(a): only the tournament director reopens a signed game. No
    director's credential leaves the league, so a laptop carries no
    reopening: the director reopens the game here, and the laptop pulls it."""
    reopened = [e for e in new if e.kind == "reopen"]
    if reopened:
        raise SyncRefused(403, f"game {game_id}: a laptop cannot reopen a signed game (Rule "
                          f"616(a): only the tournament director reopens one, on the league "
                          f"server; {reopened[0].username} reopened it on the laptop); the "
                          "sign-off and the corrections after it were refused whole and "
                          "nothing was merged")


def _same_events(game: models.Game, version: int) -> None:
    """The referees signed the laptop's ``version`` of the game: the league
    server must hold that very log."""
    if game.version < version:
        raise SyncRefused(409, f"game {game.id}: the league server holds {game.version} of "
                          f"the {version} events the referees signed; push the game's events "
                          "first (Rule 616(a): the signature is on the whole score sheet); "
                          "the sign-off was refused whole and nothing was merged")
    if game.version > version:
        raise SyncRefused(409, f"game {game.id} changed on the league server since this laptop "
                          f"pulled it (version {game.version} there, {version} signed on the "
                          "laptop): Rule 616(a), the referees sign the score sheet as it "
                          "stands; the sign-off was refused whole and nothing was merged")


def _refused(game_id: int, message: str) -> SyncRefused:
    return SyncRefused(422, f"game {game_id}: {message} (Rule 616(a)); the sign-off was "
                       "refused whole and nothing was merged")


def _check(s: Session, game: models.Game, stored: Sequence[Key], new: Sequence[Entry]) -> None:
    """Each new entry (a signature: :func:`_refuse_reopening` refused the
    rest) as a signature made here would be checked
    (:mod:`rinkside.services.officiating`), against the league's users."""
    # the game's referees and the signers alone, by their keys (issue 30)
    assigned = assigned_in(s, game.id)
    roles = {u.username: u for u in s.scalars(select(models.User).where(
        models.User.username.in_(sorted({e.username for e in new}))))}
    locked = bool(stored) and stored[-1][4]
    signed: set[str] = set()
    for kind, who, *_ in stored:
        signed = set() if kind == "reopen" else signed | {who}
    loaded = replay.load(s, game)
    final = GameLog.new(loaded.setup, loaded.events).state.status == "final"
    for e in new:
        user = roles.get(e.username)
        try:
            if e.kind != "sign":
                raise SignOffRefused(f"{e.kind!r} is no step of a sign-off")
            refuse_signature(user, e.username, game.id, final=final, locked=locked,
                             signed=signed)
        except SignOffRefused as exc:
            raise _refused(game.id, f"{exc.reason} (on the league server)") from None
        signed.add(e.username)
        completes = not [r for r in assigned if r not in signed]
        if completes != e.locks:
            raise _refused(game.id, f"{e.username}'s signature {'locks' if e.locks else 'leaves'}"
                           f" the game {'' if e.locks else 'open '}on the laptop, but its "
                           f"referees on the league server are {', '.join(assigned)}")
        locked = completes


def _held(s: Session, game_id: int, r: Report) -> bool:
    return s.scalars(select(models.WrittenReport.id).where(
        models.WrittenReport.game_id == game_id, models.WrittenReport.kind == r.kind,
        models.WrittenReport.username == r.username, models.WrittenReport.at == r.at,
        models.WrittenReport.text == r.text)).first() is not None


def _check_report(s: Session, game_id: int, r: Report) -> None:
    """As :func:`rinkside.services.officiating.add_written_report` checks it
    (:func:`~rinkside.services.officiating.refuse_report`), and its kind as
    its rule makes it."""
    user = s.scalars(select(models.User).where(models.User.username == r.username)).one_or_none()
    try:
        if r.kind != ("incident" if r.rule is None else "report"):
            raise SignOffRefused(f"a {r.kind!r} written report "
                                 f"{'with' if r.rule is None else 'under'} rule {r.rule}: a "
                                 "report the book calls for is a 'report', a note an "
                                 "'incident'", "502(l)")
        refuse_report(user, game_id, r.text, r.rule)
    except SignOffRefused as exc:
        raise SyncRefused(422, f"game {game_id}: {exc} (on the league server); the written "
                          "reports were refused whole and nothing was merged") from None
