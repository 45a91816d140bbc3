"""The rule book's pages: /rules by section and /rules/{number} sub-rule by
sub-rule, with what rinkside does, where and the tests, as generated."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from rinkside.book.sources import current_coverage


def test_the_index_lists_every_rule_by_section_under_one_h1(client: TestClient) -> None:
    page = client.get("/rules")
    assert page.status_code == 200
    html = page.text
    assert len(re.findall(r"<h1[ >]", html)) == 1 and "<h1>The rule book</h1>" in html
    assert html.count('<h2 id="section-') == 6
    assert '<th scope="col">Rule</th><th scope="col">What rinkside does</th>' in html
    for rc in current_coverage().rules:
        assert f'<a href="/rules/{rc.rule.number}">' in html, rc.rule.number
    assert '<a href="/rules">Rules</a>' in html  # in the site's navigation
    assert "<dt>flagged</dt><dd>the engine warns when the referees" in html


def test_a_rule_page_shows_each_sub_rule_with_what_rinkside_does_where_and_tests(
        client: TestClient) -> None:
    page = client.get("/rules/402")
    assert page.status_code == 200
    html = page.text
    assert "<h1>Rule 402: Minor Penalties</h1>" in html
    assert '<section class="subrule" id="r402d"' in html
    d = html[html.index('id="r402d"'):html.index('id="r402e"')]
    assert "first of such penalties shall automatically terminate" in d
    assert '<span class="shown enforced">enforced</span>' in d
    assert "enforced in <code>rules/goals.py: goal</code>" in d
    assert '<th scope="row">Tests</th>' in d
    a = html[html.index('id="r402a"'):html.index('id="r402b"')]
    assert "tests/test_scenario_format.py::test_a_1_45_minor_breaks_rule_402a" in a
    assert 'rel="prev"' in html and 'href="/rules/403"' in html


def test_a_sub_rule_with_nothing_for_software_says_why(client: TestClient) -> None:
    html = client.get("/rules/101").text
    a = html[html.index('id="r101a"'):html.index('id="r101b"')]
    assert "nothing for software to do</span>: the building and its floor" in a
    assert "none cites it" in a


def test_a_sections_own_note_is_on_its_first_rules_page(client: TestClient) -> None:
    html = client.get("/rules/301").text
    assert 'id="rSection-III-note-1"' in html
    assert "measurement of equipment shall be limited to one per team" in html


def test_an_unknown_rule_is_a_404_page_saying_so(client: TestClient) -> None:
    for path in ("/rules/999", "/rules/abc"):
        page = client.get(path)
        assert page.status_code == 404, path
        assert "The rule book has no Rule" in page.text and "<h1>Not found</h1>" in page.text
