"""The frame cache keeps each game's newest state, built once for every
page: a change at the same version (the timekeeper sets the running clock,
Rule 507(a); the referees sign, 616(a)) forgets it and builds it again. A
build that read the game before such a change, and ends after it was
forgotten, is not kept: the refresh would otherwise find it and send every
page the state before the change (the clock's old anchor), kept until the
game's next version."""

from __future__ import annotations

import json
from typing import Any

import pytest
from webkit import Demo, game_in_play

from rinkside.web import views
from rinkside.web.frames import FrameCache
from rinkside.web.sse import Frame


def test_a_build_read_before_a_refresh_is_not_what_the_refresh_sends(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    service = demo.service
    game = game_in_play(demo)
    cache = FrameCache()
    built = views.state_json
    changed: list[bool] = []

    def read_before_the_clock_was_set(*args: Any, **kwargs: Any) -> dict[str, Any]:
        data = built(*args, **kwargs)
        if not changed:  # the timekeeper's clock set commits, and its refresh forgets
            service.set_running_clock(game, 5000, by="web test")
            cache.forget(game)
            changed.append(True)
        return data

    monkeypatch.setattr(views, "state_json", read_before_the_clock_was_set)
    stale = cache.build(service, game)  # a page's build, begun before the clock was set
    refreshed = cache.build(service, game)  # the refresh's (Broadcaster.refresh)
    now = built(service, game)
    assert json.loads(stale.text)["clock_anchor"] != now["clock_anchor"]
    assert json.loads(refreshed.text)["clock_anchor"] == now["clock_anchor"]
    assert cache.cached(game, refreshed.version) is refreshed


def test_a_frame_of_a_version_kept_is_not_replaced_by_another_of_it(demo: Demo) -> None:
    """Two builds of one version (a page's and a change heard from another
    process, one of them read as a later write landed): the first kept is
    every page's, until the game is forgotten."""
    cache = FrameCache()
    first = cache.keep_text(1, 7, '{"version":7,"clock":"10:00"}')
    again = cache.keep_text(1, 7, '{"version":7,"clock":"9:59"}')
    assert again is first and cache.cached(1, 7) is first
    cache.forget(1)
    after = cache.keep(1, Frame(7, "{}", b""))
    assert cache.cached(1, 7) is after
