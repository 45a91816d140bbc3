"""The rink laptop talking to the league server: pull, push, and the
retry loop ``rinkside serve`` runs while the store is linked to a league.

HTTP through the standard library (the laptop needs nothing more), JSON
both ways, the rink's token as ``Authorization: Bearer``. A push goes game
by game, each one transaction on the league server; after each game the
laptop notes what the league holds, so a cut connection loses nothing: the
next push sends what is left, and a game whose push was taken but whose
answer was lost is answered "taken already" (pushes are idempotent). A
game's sign-off (Rule 616(a)) and its written reports go in requests of
their own, all in the order of the game's hash chain on the laptop (issue 29,
:mod:`rinkside.services.sync_chain`).

The league server's refusal of a game (4xx: it changed there, is signed
there otherwise, the rules refuse an event) is remembered with the game as
it stood (:func:`rinkside.services.sync_local.remember_refusal`): neither
``sync push`` nor the retry loop sends it again until it changes here or
the operator asks (``retry_refused``). A league server that cannot be
reached (or answers 5xx) refuses nothing: the loop tries again later, each
failure doubling the wait up to a cap. A refused token (401) is the
laptop's, not a game's: the push stops and says so.
"""

from __future__ import annotations

import http.client
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rinkside.services import sync_local
from rinkside.services.base import ServiceBase
from rinkside.services.sync_local import Clock, LocalSyncError, PendingGame, PullSummary, Refusal
from rinkside.services.ticker import Ticker

log = logging.getLogger("rinkside.sync")

# (method, url, headers, body) -> (status, body): urllib by default, swapped by tests.
Transport = Callable[[str, str, dict[str, str], bytes | None], tuple[int, bytes]]


class Unreachable(Exception):
    """The league server did not answer (no network, a cut connection)."""


class Refused(Exception):
    """The league server answered no (4xx), with its reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def urllib_transport(timeout: float = 30.0) -> Transport:
    def send(method: str, url: str, headers: dict[str, str], body: bytes | None
             ) -> tuple[int, bytes]:
        request = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return int(response.status), bytes(response.read())
        except urllib.error.HTTPError as exc:
            return int(exc.code), bytes(exc.read())
        except (OSError, urllib.error.URLError, http.client.HTTPException) as exc:
            raise Unreachable(f"{url}: {getattr(exc, 'reason', exc)}") from None

    return send


class LeagueClient:
    def __init__(self, url: str, token: str, transport: Transport | None = None) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.transport = transport or urllib_transport()

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        status, answer = self.transport(method, self.url + path, headers, data)
        try:
            decoded = json.loads(answer) if answer else {}
        except ValueError:
            raise Unreachable(f"{self.url}{path}: answered {status} with no JSON") from None
        detail = decoded.get("detail") if isinstance(decoded, dict) else None
        if status >= 500:  # the server's failure, not a refusal: tried again later
            raise Unreachable(f"{self.url}{path}: the league server failed ({status}: "
                              f"{detail or 'no reason given'})")
        if status >= 400:
            raise Refused(status, str(detail or f"HTTP {status}"))
        return decoded

    def setup(self) -> dict[str, Any]:
        answer: dict[str, Any] = self._call("GET", "/api/sync/setup")
        return answer

    def push(self, game_id: int, body: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self._call("POST", f"/api/sync/games/{game_id}/events", body)
        return answer

    def signoff(self, game_id: int, body: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self._call("POST", f"/api/sync/games/{game_id}/signoff", body)
        return answer


def pull(service: ServiceBase, url: str, token: str, rink: str, clock: Clock,
         transport: Transport | None = None) -> PullSummary:
    """Take the rink's setup from the league server into this store."""
    data = LeagueClient(url, token, transport).setup()
    if data.get("rink") != rink:
        raise LocalSyncError(f"this token is rink {data.get('rink')!r}'s, not {rink!r}'s")
    return sync_local.store_pull(service, url, token, data, clock)


@dataclass
class PushReport:
    pushed: list[tuple[int, int]] = field(default_factory=list)  # (game, revisions taken)
    already: list[int] = field(default_factory=list)  # taken by an earlier push
    refused: list[tuple[int, str]] = field(default_factory=list)
    signed: list[tuple[int, int, int, bool]] = field(  # (game, entries, reports, locked)
        default_factory=list)
    held: list[tuple[int, Refusal]] = field(default_factory=list)  # refused before, unchanged


def push(service: ServiceBase, url: str | None = None, transport: Transport | None = None,
         *, retry_refused: bool = False) -> PushReport:
    """Send every game's events, sign-off and written reports not pushed yet
    to the league server (the store's own league unless ``url``), except the
    games it refused as they stand (all of them again with ``retry_refused``).
    Raises :class:`Unreachable` when the server cannot be reached (each game
    taken before that stays taken) and :class:`Refused` for the token."""
    linked = sync_local.link(service)
    if linked is None:
        raise LocalSyncError("this store was never pulled from a league server: "
                             "rinkside sync pull URL --rink R --token T first")
    if retry_refused:
        sync_local.clear_refusals(service)
    client = LeagueClient(url or linked.league_url, linked.token, transport)
    report = PushReport()
    for game in sync_local.pending(service):
        if game.refusal is not None:
            report.held.append((game.game_id, game.refusal))
            continue
        try:
            _push_game(service, client, game, report)
        except Refused as exc:
            if exc.status == 401:
                raise
            report.refused.append((game.game_id, str(exc)))
            sync_local.remember_refusal(service, game, exc.status, str(exc))
    return report


def _push_game(service: ServiceBase, client: LeagueClient, game: PendingGame,
               report: PushReport) -> None:
    """The game's events, sign-off and reports in the order of its hash chain
    here (:func:`rinkside.services.sync_local.chain_runs`), so that the league
    links them as this laptop did (:mod:`rinkside.services.sync_chain`): a
    report filed between two events goes between them, and a reopening made
    here goes before the corrections after it (the league's copy stays locked
    until then and would refuse them, Rule 616(a))."""
    taken, entries, reports, locked, sent = 0, 0, 0, False, False
    for kind, through, filed in sync_local.chain_runs(service, game.game_id):
        if kind == "events":
            body = sync_local.outgoing(service, game.game_id, through)
            answer = client.push(game.game_id, body)
            sync_local.mark_pushed(service, game.game_id,
                                   body["league_version"] + len(body["revisions"]))
            taken += int(answer.get("taken", 0))
        else:
            signed, held = sync_local.outgoing_signoff(service, game.game_id, through, filed)
            answer = client.signoff(game.game_id, signed)
            sync_local.mark_signoff_pushed(service, game.game_id, len(signed["signoffs"]), held)
            entries += int(answer.get("signoffs", 0))
            reports += int(answer.get("reports", 0))
            locked = bool(answer.get("locked"))
            sent = True
    if taken:
        report.pushed.append((game.game_id, taken))
    if entries or reports:
        report.signed.append((game.game_id, entries, reports, locked))
    if not taken and not (entries or reports) and (game.unpushed > 0 or sent):
        report.already.append(game.game_id)


class PushLoop(Ticker):
    """While ``serve`` runs on a linked store: push what is waiting every
    ``interval`` seconds of ``clock`` (monotonic seconds), waiting twice as
    long after each failure to reach the league (up to ``longest``); a game
    the league refused is not sent again until it changes. :meth:`tick` is one look; the
    thread (:class:`~rinkside.services.ticker.Ticker`) calls it every ``tick_seconds``."""

    def __init__(self, service: ServiceBase, clock: Callable[[], float], *,
                 interval: float = 30.0, longest: float = 600.0, tick_seconds: float = 1.0,
                 transport: Transport | None = None) -> None:
        super().__init__("rinkside-push", tick_seconds, log, "rinkside: the push loop failed")
        self.service = service
        self.clock = clock
        self.interval = interval
        self.longest = longest
        self.transport = transport
        self.delay = interval
        self.due = clock()
        self.last: PushReport | str | None = None  # the last attempt's report, or its failure

    def tick(self) -> bool:
        """Push now if due and something waits; whether it tried."""
        now = self.clock()
        if now < self.due or all(g.refusal for g in sync_local.pending(self.service)):
            return False  # not due, or nothing waits but games refused as they stand
        try:
            self.last = push(self.service, transport=self.transport)
            self.delay = self.interval
        except (Unreachable, Refused, LocalSyncError) as exc:
            self.last = str(exc)
            self.delay = min(self.delay * 2, self.longest)
            log.warning("rinkside: push to the league server failed (%s); again in %.0f s",
                        exc, self.delay)
        self.due = now + self.delay
        return True

    def work(self) -> None:
        self.tick()
