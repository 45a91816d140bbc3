"""The desk merges two records of one person (issue 27): his career page
then shows both, the change is in the desk's record with its reason, and
a merge without a reason, with an unknown record, of two dates of birth or
by anyone but the director changes nothing."""

from __future__ import annotations

from datetime import date

import pytest
from careerkit import SKATER, Careers, build
from deskkit import dora, people, post, skip
from webkit import Client, Demo

from rinkside.services import careers, changes
from rinkside.store import models

__all__ = ["dora", "people", "skip"]


@pytest.fixture(scope="module")
def made(demo: Demo) -> tuple[Careers, int]:
    """The two tournaments of careerkit, and a second record of SKATER on the
    Lions under another spelling."""
    built = build(demo.service)
    other = demo.service.add_player(built.teams["Lions"], 44, "Lukasz Zolc")
    return built, other


def test_refused_without_a_reason_an_unknown_record_or_a_scorekeeper(
        made: tuple[Careers, int], demo: Demo, dora: Client, skip: Client) -> None:
    built, other = made
    lions = built.teams["Lions"]
    before = len(changes.changes(demo.service))
    page = post(dora, f"/desk/teams/{lions}/merge",
                {"player": other, "same_as": str(built.skater["Spring Cup"]), "reason": ""})
    assert page.status_code == 422 and "say why these two records are one person" in page.text
    page = post(dora, f"/desk/teams/{lions}/merge",
                {"player": other, "same_as": "abc", "reason": "same person"})
    assert page.status_code == 422 and "&#39;abc&#39; is not a player id" in page.text
    assert post(skip, f"/desk/teams/{lions}/merge",
                {"player": other, "same_as": str(built.skater["Spring Cup"]),
                 "reason": "same person"}).status_code == 403
    assert len(careers.career(demo.service, other).rows) == 1
    assert len(changes.changes(demo.service)) == before


def test_merged_one_career_and_recorded(made: tuple[Careers, int], demo: Demo,
                                        dora: Client) -> None:
    built, other = made
    lions = built.teams["Lions"]
    assert len(careers.career(demo.service, other).rows) == 1
    response = post(dora, f"/desk/teams/{lions}/merge",
                    {"player": other, "same_as": str(built.skater["Spring Cup"]),
                     "reason": "league number 4411 on both"})
    assert response.status_code == 303
    for entry in (other, *built.skater.values()):
        found = careers.career(demo.service, entry)
        assert sorted(r.team for r in found.rows) == ["Hawks", "Lions", "Wolves"]
    assert careers.career(demo.service, built.skater["Spring Cup"]).name == SKATER
    last = changes.changes(demo.service)[0]
    assert (last.action, last.by, last.reason) == ("merged", "dora",
                                                   "league number 4411 on both")
    assert last.before["person"] == "Lukasz Zolc" and last.after["person"] == SKATER
    again = post(dora, f"/desk/teams/{lions}/merge",
                 {"player": other, "same_as": str(built.skater["Autumn Open"]),
                  "reason": "again"})
    assert "already one person" in again.text


def test_two_dates_of_birth_are_two_people_and_are_not_merged(
        made: tuple[Careers, int], demo: Demo, dora: Client) -> None:
    built, _ = made
    spring, autumn = built.goalie["Spring Cup"], built.goalie["Autumn Open"]
    assert len(careers.career(demo.service, spring).rows) == 2  # one name, no dates: one
    with demo.service.write() as s:  # the registrations' dates of birth
        for entry, born in ((spring, date(2010, 1, 1)), (autumn, date(2011, 5, 5))):
            row = s.get(models.Player, entry)
            assert row is not None
            row.birth_date = born
    assert [r.team for r in careers.career(demo.service, spring).rows] == ["Wolves"]
    assert [r.team for r in careers.career(demo.service, autumn).rows] == ["Hawks"]
    refused = post(dora, f"/desk/teams/{built.teams['Hawks']}/merge",
                   {"player": autumn, "same_as": str(spring), "reason": "same person?"})
    assert refused.status_code == 422 and "two dates of birth" in refused.text
