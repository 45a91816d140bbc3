"""Webhooks against a real HTTP receiver on 127.0.0.1: each delivery is
signed (HMAC-SHA256 of the timestamp and the body, the secret shown once),
a receiver that fails twice gets the third attempt after the backoff, an
acknowledged delivery is never sent again (unless the desk resends it), the
outbox row is written by the game's write itself (a refused write leaves
none), and the delivery loop delivers off the write, woken by it."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from webkit import Demo, first_division, game_in_play, new_game, record, skaters

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, PeriodEnd, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import (
    desk_api,
    desk_discipline,
    desk_reviews,
    officiating,
    queries,
    users,
    webhooks,
)
from rinkside.web.server import build_server


@dataclass
class Receiver:
    """What the receiver was sent, and how many first requests it fails (500)."""

    url: str
    fail_first: int = 0
    got: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    box = Receiver("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            box.got.append(({k: v for k, v in self.headers.items()}, body))
            failing = len(box.got) <= box.fail_first
            self.send_response(500 if failing else 200)
            self.end_headers()
            self.wfile.write(b"down for now" if failing else b"thanks")
            box.arrived.set()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield box
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def one_webhook_a_test(demo: Demo) -> Iterator[None]:
    """The module's demo store is shared: each test's webhooks go with it."""
    yield
    for hook in desk_api.webhooks(demo.service, demo.tournament_id):
        desk_api.remove(demo.service, hook.webhook_id, by="director")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def verified(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """What a receiver does: recompute the signature of TIMESTAMP.BODY."""
    mac = hmac.new(secret.encode(), headers["X-Rinkside-Timestamp"].encode() + b"." + body,
                   hashlib.sha256).hexdigest()
    return hmac.compare_digest("sha256=" + mac, headers["X-Rinkside-Signature"])


def _goal(demo: Demo, game_id: int) -> None:
    scorer = skaters(demo.service, game_id, "home")[0]
    record(demo.service, game_id, Goal(GameTime(1, 5000), "home", scorer))


def test_a_receiver_failing_twice_gets_the_third_and_nothing_after(
        demo: Demo, receiver: Receiver) -> None:
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    hook, secret = desk_api.register(demo.service, tournament, receiver.url, ["goal"],
                                          by="director")
    receiver.fail_first = 2
    _goal(demo, game_id)
    clock = Clock()
    post = webhooks.urllib_post()
    assert webhooks.deliver_due(demo.service, post, clock) == 1
    assert webhooks.deliver_due(demo.service, post, clock) == 0  # not due again yet
    clock.now += webhooks.BACKOFF[0]
    assert webhooks.deliver_due(demo.service, post, clock) == 1
    clock.now += webhooks.BACKOFF[1] - timedelta(seconds=1)
    assert webhooks.deliver_due(demo.service, post, clock) == 0
    clock.now += timedelta(seconds=1)
    assert webhooks.deliver_due(demo.service, post, clock) == 1  # the third: acknowledged
    clock.now += timedelta(days=2)
    assert webhooks.deliver_due(demo.service, post, clock) == 0  # never again
    assert len(receiver.got) == 3
    bodies = {body for _, body in receiver.got}
    assert len(bodies) == 1  # the same event each time
    assert len({h["X-Rinkside-Delivery"] for h, _ in receiver.got}) == 1
    for headers, body in receiver.got:
        assert verified(secret, headers, body)
        assert not verified("whsec_another", headers, body)
        assert headers["X-Rinkside-Event"] == "goal"
    sent = json.loads(bodies.pop())
    assert (sent["event"], sent["game_id"], sent["data"]["team"]) == ("goal", game_id, "home")
    listed = next(w for w in webhooks_of(demo, tournament) if w.webhook_id == hook)
    delivery = listed.deliveries[0]
    assert (delivery.state, delivery.attempts, delivery.last_status,
            delivery.last_answer) == ("delivered", 3, 200, "thanks")


def webhooks_of(demo: Demo, tournament: int) -> list[webhooks.WebhookRow]:
    return desk_api.webhooks(demo.service, tournament)


def test_the_desk_resends_an_acknowledged_delivery_as_it_was(
        demo: Demo, receiver: Receiver) -> None:
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    hook, secret = desk_api.register(demo.service, tournament, receiver.url,
                                          ["goal", "penalty"], by="director")
    _goal(demo, game_id)
    clock = Clock()
    post = webhooks.urllib_post()
    assert webhooks.deliver_due(demo.service, post, clock) == 1
    [listed] = [w for w in webhooks_of(demo, tournament) if w.webhook_id == hook]
    desk_api.resend(demo.service, listed.deliveries[0].delivery_id, by="director")
    clock.now = demo.service.now()
    assert webhooks.deliver_due(demo.service, post, clock) == 1
    (first, body), (again, resent) = receiver.got
    assert body == resent and first["X-Rinkside-Delivery"] == again["X-Rinkside-Delivery"]
    assert verified(secret, again, resent)


def test_the_outbox_is_written_by_the_write_itself(demo: Demo, receiver: Receiver) -> None:
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    hook, _ = desk_api.register(demo.service, tournament, receiver.url,
                                     ["goal", "game_started"], by="director")
    version, _ = demo.service.game_state(game_id)
    scorer = skaters(demo.service, game_id, "home")[0]
    with pytest.raises(RuleViolation):  # a goal, then a face-off in play: refused whole
        demo.service.record(game_id, version, [Goal(GameTime(1, 5500), "home", scorer),
                                               FaceOff(GameTime(1, 5500)),
                                               FaceOff(GameTime(1, 5400))], by="test")
    assert next(w for w in webhooks_of(demo, tournament) if w.webhook_id == hook
                ).deliveries == ()
    _goal(demo, game_id)  # the game had begun before the webhook: only the goal
    [listed] = [w for w in webhooks_of(demo, tournament) if w.webhook_id == hook]
    assert [d.event for d in listed.deliveries] == ["goal"]
    desk_api.remove(demo.service, hook, by="director")
    scorer = skaters(demo.service, game_id, "home")[0]  # play resumes: a goal only in play (616(b))
    record(demo.service, game_id, FaceOff(GameTime(1, 5000)))
    record(demo.service, game_id, Goal(GameTime(1, 4900), "home", scorer))
    assert webhooks.deliver_due(demo.service, webhooks.urllib_post(), Clock()) == 0


def test_the_loop_delivers_when_a_write_wakes_it(demo: Demo, receiver: Receiver) -> None:
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    _, secret = desk_api.register(demo.service, tournament, receiver.url, ["goal"],
                                       by="director")
    loop = webhooks.DeliveryLoop(demo.service, tick_seconds=60).start()
    before = demo.service.on_change
    demo.service.on_change = lambda change: loop.wake()
    try:
        _goal(demo, game_id)
        assert receiver.arrived.wait(10)
    finally:
        demo.service.on_change = before
        loop.stop()
    [(headers, body)] = receiver.got
    assert verified(secret, headers, body)


def test_a_delivery_being_sent_is_no_other_workers(demo: Demo, receiver: Receiver) -> None:
    """Another worker (another process of ``serve --workers``) looking for
    due deliveries while one is being posted leaves it: it is leased."""
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    desk_api.register(demo.service, tournament, receiver.url, ["goal"], by="director")
    _goal(demo, game_id)
    clock = Clock()
    real = webhooks.urllib_post()
    meanwhile: list[int] = []

    def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
        meanwhile.append(webhooks.deliver_due(demo.service, real, clock))  # the other worker
        return real(url, body, headers)

    assert webhooks.deliver_due(demo.service, post, clock) == 1
    assert meanwhile == [0]
    assert len(receiver.got) == 1


def test_the_running_server_delivers_what_a_write_made(demo: Demo, receiver: Receiver) -> None:
    """``serve``'s server starts the delivery loop once it listens and wakes it
    after each write of its own: the receiver hears the goal."""
    built = build_server("127.0.0.1", _free_port(), f"sqlite:///{demo.path}",
                         log_level="warning")
    assert built.deliveries is not None
    thread = threading.Thread(target=built.run, daemon=True)
    thread.start()
    try:
        assert built.ready.wait(10)
        service = built.config.app.state.service  # type: ignore[attr-defined]
        game_id = game_in_play(Demo(service, demo.tournament_id, demo.path))
        _, secret = desk_api.register(service, demo.tournament_id, receiver.url, ["goal"],
                                      by="director")
        _goal(Demo(service, demo.tournament_id, demo.path), game_id)
        assert receiver.arrived.wait(10)
    finally:
        built.should_exit = True
        thread.join(10)
    [(headers, body)] = receiver.got
    assert verified(secret, headers, body) and json.loads(body)["game_id"] == game_id


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_a_goal_deleted_by_a_correction_is_heard(demo: Demo, receiver: Receiver) -> None:
    """A correction on a console or the desk (the engine recomputing what
    followed) tells the goals again, whole and marked as a correction: the
    receiver learns the goal is gone and the score."""
    game_id = game_in_play(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    _, secret = desk_api.register(demo.service, tournament, receiver.url, ["goal", "penalty"],
                                  by="director")
    _goal(demo, game_id)
    version, state = demo.service.game_state(game_id)
    assert state.score["home"] == 1
    demo.service.correct(game_id, version, "delete", version - 1, None, by="scorer",
                         reason="the puck never crossed the line")
    assert webhooks.deliver_due(demo.service, webhooks.urllib_post(), Clock()) == 2
    (_, goal), (headers, corrected) = receiver.got
    assert verified(secret, headers, corrected) and headers["X-Rinkside-Event"] == "goal"
    assert json.loads(goal)["data"]["team"] == "home"
    told = json.loads(corrected)
    assert (told["event"], told["game_id"]) == ("goal", game_id)
    assert told["data"]["correction"] == {"what": f"delete of event {version}",
                                          "reason": "the puck never crossed the line"}
    assert told["data"]["goals"] == [] and told["data"]["score"] == {"home": 0, "away": 0}


def test_a_suspension_the_desk_adds_or_changes_is_heard(
        demo: Demo, receiver: Receiver) -> None:
    """410(a): supplementary discipline and a change to it, made on the desk,
    each reach the receiver naming the player and the team."""
    division = first_division(demo.service, demo)
    team = demo.service.standings(division)[-1].team_id  # a team the tests above leave alone
    player = queries.team(demo.service, team).players[-1]
    _, secret = desk_api.register(demo.service, demo.tournament_id, receiver.url,
                                  ["suspension"], by="director")
    desk_discipline.add_supplementary(demo.service, player.player_id, "2", "spat at an official",
                                      after_game_id=None, by="director")
    desk_reviews.change(demo.service, player.player_id, "-1", "apologised", by="director")
    assert webhooks.deliver_due(demo.service, webhooks.urllib_post(), Clock()) == 2
    told = []
    for headers, body in receiver.got:
        assert verified(secret, headers, body) and headers["X-Rinkside-Event"] == "suspension"
        told.append(json.loads(body)["data"])
    assert [(d["source"], d["what"], d["player"], d["player_id"], d["rule"]) for d in told] == [
        ("desk", "supplementary discipline", player.name, player.player_id, "410(a)"),
        ("desk", "suspension changed", player.name, player.player_id, "410(a)")]
    assert (told[0]["games"], told[1]["change"]) == ("2", -1)
    assert told[0]["team_name"] == queries.team_names(demo.service, division)[team]


# Last: its game misconduct suspends a player of the teams the tests above play.
def test_a_game_played_to_its_end_tells_each_event_in_order(demo: Demo) -> None:
    """Started, a goal, a game misconduct and the suspension it brings
    (casebook 13), each period's end, the final: one delivery each, in the
    order they happened, written by the writes that made them; then the
    report signed, which locks the game (616(a))."""
    game_id = new_game(demo)
    tournament = queries.game(demo.service, game_id).tournament_id
    hook, _ = desk_api.register(demo.service, tournament, "http://127.0.0.1:9/all",
                                list(webhooks.EVENTS), by="director")
    scorer = skaters(demo.service, game_id, "home")[0]
    culprit = skaters(demo.service, game_id, "away")[0]
    record(demo.service, game_id, FaceOff(GameTime(1, 7200)),
           Goal(GameTime(1, 6000), "home", scorer), FaceOff(GameTime(1, 6000)))
    record(demo.service, game_id, Stoppage(GameTime(1, 5000)),
           Penalty(GameTime(1, 5000), "away", culprit, PenaltyClass.GAME_MISCONDUCT,
                   "Abuse of officials", "601(c)"))
    record(demo.service, game_id, FaceOff(GameTime(1, 5000)), PeriodEnd(GameTime(1, 0)),
           FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0)))
    [listed] = [w for w in desk_api.webhooks(demo.service, tournament) if w.webhook_id == hook]
    told = [d.event for d in reversed(listed.deliveries)]
    assert told[:3] == ["game_started", "goal", "penalty"]
    assert "suspension" in told[3:5]
    assert told[-3:] == ["period_end", "period_end", "final"]
    users.create_user(demo.service, "hook-referee", "whistle-hook-1", "referee",
                      games=[game_id])
    assert officiating.sign(demo.service, game_id, "hook-referee").locked  # 616(a)
    [listed] = [w for w in desk_api.webhooks(demo.service, tournament) if w.webhook_id == hook]
    assert listed.deliveries[0].event == "report_signed"
