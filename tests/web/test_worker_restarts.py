"""``serve --workers N`` starts a dead worker again unless too many die
within a window: a rate, not a budget for the server's whole life. Time comes
from a clock passed in, which the tests run on; the workers are real
processes that die at once (``workerkit``)."""

from __future__ import annotations

import os
import signal
import socket

import pytest
from workerkit import die_at_once

from rinkside.web.workers import RESTARTS, WINDOW, RestartLimit, serve_workers


class Clock:
    """Reads ``now`` and moves on by ``step`` per reading; at reading
    ``stop_at`` it asks the server to stop (SIGTERM, as an operator would)."""

    def __init__(self, step: float, stop_at: int | None = None) -> None:
        self.now, self.step, self.stop_at, self.readings = 1000.0, step, stop_at, 0

    def __call__(self) -> float:
        self.readings += 1
        if self.readings == self.stop_at:
            os.kill(os.getpid(), signal.SIGTERM)
        self.now += self.step
        return self.now


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_deaths_spread_over_the_servers_life_are_all_started_again() -> None:
    limit = RestartLimit(clock=Clock(step=WINDOW / 2))
    assert all(limit.allows() for _ in range(10 * RESTARTS))


def test_more_deaths_than_the_limit_within_the_window_stop_it_and_it_recovers() -> None:
    clock = Clock(step=0.0)
    limit = RestartLimit(clock=clock)
    assert [limit.allows() for _ in range(RESTARTS + 1)] == [True] * RESTARTS + [False]
    clock.now += WINDOW  # a window later the burst is forgotten
    assert limit.allows()


def test_a_worker_dying_again_and_again_over_time_is_started_each_time() -> None:
    """Three times the old lifetime budget of deaths, a window apart: every
    one started again until the operator stops the server."""
    deaths = 3 * (RESTARTS + 1)
    clock = Clock(step=WINDOW, stop_at=deaths)
    assert serve_workers("127.0.0.1", free_port(), None, 1, die_at_once,
                         RestartLimit(clock=clock))  # stopped by the signal
    assert clock.readings == deaths  # each death read the clock: none stopped the server


def test_a_worker_dying_in_a_burst_stops_the_server(capfd: pytest.CaptureFixture[str]) -> None:
    clock = Clock(step=0.0)
    assert not serve_workers("127.0.0.1", free_port(), None, 1, die_at_once,
                             RestartLimit(clock=clock))  # gave up: `serve` exits 1
    assert clock.readings == RESTARTS + 1
    said = capfd.readouterr().err
    assert f"{RESTARTS + 1} have died within {WINDOW:g} seconds" in said
    assert said.count("starting another") == RESTARTS
