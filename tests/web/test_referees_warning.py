"""Rule 501(a): "There should be two Referees on the floor at all times." A
game named fewer than two referees is warned of (never refused) on the
desk's schedule, the console and the report (HTML and PDF); computed once
in the application layer (services.officiating.referee_shortfall)."""

from __future__ import annotations

import io
import re

from deskkit import dora, people, rick, skip, small_cup
from pypdf import PdfReader
from webkit import Client, Demo

from rinkside.services import desk_schedule, officiating, users

__all__ = ["dora", "people", "rick", "skip"]

WARNING = "Rule 501(a): two referees should be on the floor at all times"


def test_the_shortfall_in_words() -> None:
    assert officiating.referee_shortfall([]) == f"{WARNING}; none is named."
    assert officiating.referee_shortfall(["Rita Ray", " "]) == (
        f"{WARNING}; only one is named (Rita Ray).")
    assert officiating.referee_shortfall(["Rita Ray", "Roy Roe"]) is None


def test_a_game_with_one_referee_is_warned_of_everywhere(demo: Demo, dora: Client) -> None:
    client, _ = dora
    tid, _ = small_cup(demo, dora, "Referees Cup", ("R1", "R2", "R3", "R4"))
    games = sorted((g for day in desk_schedule.grid(demo.service, tid).days
                    for g in day.cells.values()), key=lambda g: g.game_id)
    one, two = games[0].game_id, games[1].game_id
    users.create_user(demo.service, "ref-uno", "whistle-uno-1", "referee",
                      full_name="Rosa Uno")
    officiating.set_officials(demo.service, one, {"referee": ["ref-uno"]})
    officiating.set_officials(demo.service, two, {"referee": ["Rita Ray", "Roy Roe"]})

    schedule = client.get(f"/desk/tournaments/{tid}/schedule").text
    slots = dict(re.findall(r'<div class="slot[^"]*" data-game="(\d+)"(.*?)</div>', schedule,
                            re.S))
    assert f"{WARNING}; only one is named (ref-uno)." in slots[str(one)]
    assert "501(a)" not in slots[str(two)]

    console = client.get(f"/console/games/{one}").text
    assert f"{WARNING}; only one is named (Rosa Uno)." in console
    assert "501(a)" not in client.get(f"/console/games/{two}").text

    report = client.get(f"/games/{one}/report").text
    assert f'<p class="rule-warning">{WARNING}; only one is named (Rosa Uno).</p>' in report
    assert WARNING not in client.get(f"/games/{two}/report").text
    pdf = client.get(f"/games/{one}/report.pdf").content
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert f"{WARNING}; only one is named (Rosa Uno)." in text
