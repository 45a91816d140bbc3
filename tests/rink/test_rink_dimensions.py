"""Rink dimensions against Section I (Rules 101-107): the smallest and largest
legal rinks, rinks that fail (each with the rule that fails them), and the
mapping the store and the CLI keep a rink as."""

from __future__ import annotations

import math

import pytest

from rinkside.rink import (
    RinkDimensions,
    RinkFormatError,
    Severity,
    check_rink,
    failures,
    parse_goal,
)

SMALLEST = RinkDimensions(width=60, length=160, corner_radius=15, goal_line_distance=12)
LARGEST = RinkDimensions(width=110, length=210, corner_radius=28, goal_line_distance=15,
                         goal_width=5, goal_height=3.5, goal_post_diameter=2, bench_seats=10)


def _rules(dims: RinkDimensions) -> set[tuple[str, str]]:
    """(rule, field) of each failure."""
    return {(p.rule, p.field) for p in failures(check_rink(dims))}


class TestLegal:
    def test_smallest_legal_rink_passes(self) -> None:
        problems = check_rink(SMALLEST)
        assert failures(problems) == []
        # At 60 ft the end circles' hash marks (2 ft beyond 15 ft circles set
        # 15 ft from the boards) reach past the side boards: advice, not a failure.
        assert [(p.rule, p.severity) for p in problems] == [("104(b)", Severity.ADVICE)]

    def test_largest_legal_rink_passes_without_advice(self) -> None:
        assert check_rink(LARGEST) == []

    def test_hash_marks_fit_once_the_rink_is_wide_enough(self) -> None:
        # 15 ft circle, hashes 2 ft out at 2 ft either side of the spot:
        # sqrt(15^2 - 2^2) + 2 = 16.87 ft must fit in a quarter of the width.
        need = 4 * (math.sqrt(15**2 - 2**2) + 2)
        assert check_rink(RinkDimensions(math.ceil(need), 185, 20, 13)) == []
        assert check_rink(RinkDimensions(math.floor(need), 185, 20, 13))[0].rule == "104(b)"

    def test_square_corners_are_advice(self) -> None:
        problems = check_rink(RinkDimensions(85, 185, 0, 13))
        assert [(p.rule, p.field, p.severity) for p in problems] == [
            ("101(c)", "corner_radius", Severity.ADVICE)]


class TestFailing:
    @pytest.mark.parametrize(("changes", "expected"), [
        ({"width": 59.9}, ("101(c)", "width")),
        ({"width": 110.5}, ("101(c)", "width")),
        ({"length": 159}, ("101(c)", "length")),
        ({"length": 211}, ("101(c)", "length")),
        ({"goal_line_distance": 11.5}, ("103(c)", "goal_line_distance")),
        ({"goal_line_distance": 15.5}, ("103(c)", "goal_line_distance")),
        ({"goal_width": 5.0}, ("102(a)", "goal_width")),  # 5 x 4: neither size
        ({"goal_width": 6.0, "goal_height": 3.5}, ("102(a)", "goal_width")),
        ({"goal_post_diameter": 1.5}, ("102(a)", "goal_post_diameter")),
        ({"bench_seats": 9}, ("105(a)", "bench_seats")),
        ({"corner_radius": 43}, ("101(c)", "corner_radius")),  # over half of 85 ft
    ])
    def test_each_failure_names_its_rule(self, changes: dict[str, float],
                                         expected: tuple[str, str]) -> None:
        base = {"width": 85.0, "length": 185.0, "corner_radius": 20.0,
                "goal_line_distance": 13.0}
        dims = RinkDimensions.from_mapping(base | changes)
        assert _rules(dims) == {expected}
        (problem,) = failures(check_rink(dims))
        assert problem.message.startswith(f"Rule {expected[0]}: ")

    def test_a_rink_can_fail_several_rules_in_book_order(self) -> None:
        dims = RinkDimensions(58, 215, 20, 16, 5, 4)
        assert [p.rule for p in failures(check_rink(dims))] == [
            "101(c)", "101(c)", "102(a)", "103(c)"]

    def test_end_circles_cut_by_large_corners(self) -> None:
        # Spots 22 ft from the end and 20 ft from the side; a 40 ft corner arc
        # comes within 15 ft of them (Rule 104(b)); the goal line also fails 103(c).
        dims = RinkDimensions(80, 185, 40, 2)
        assert _rules(dims) == {("103(c)", "goal_line_distance"), ("104(b)", "corner_radius")}
        assert ("104(b)", "corner_radius") not in _rules(RinkDimensions(80, 185, 30, 2))

    def test_half_the_width_is_the_largest_radius(self) -> None:
        assert _rules(RinkDimensions(85, 185, 42.5, 13)) == set()


class TestMapping:
    def test_round_trip(self) -> None:
        assert RinkDimensions.from_mapping(LARGEST.to_mapping()) == LARGEST
        assert RinkDimensions.from_mapping(SMALLEST.to_mapping()) == SMALLEST
        assert "bench_seats" not in SMALLEST.to_mapping()

    def test_store_floats_are_read_back(self) -> None:
        # The store hands every value back as a float, whole seats included.
        dims = RinkDimensions.from_mapping({**LARGEST.to_mapping(), "bench_seats": 12.0})
        assert dims.bench_seats == 12 and isinstance(dims.bench_seats, int)

    def test_goal_defaults_to_six_by_four(self) -> None:
        dims = RinkDimensions.from_mapping(
            {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 13})
        assert (dims.goal_width, dims.goal_height) == (6.0, 4.0)

    def test_every_bad_field_is_reported_at_once(self) -> None:
        with pytest.raises(RinkFormatError) as caught:
            RinkDimensions.from_mapping({"width": "85", "length": True, "corner_radius": 20,
                                         "widht": 3, "bench_seats": 10.5})
        errors = caught.value.errors
        assert any(e.startswith("width: expected a number") for e in errors)
        assert any(e.startswith("length: expected a number") for e in errors)
        assert any(e.startswith("unknown field 'widht'") for e in errors)
        assert any(e.startswith("goal_line_distance: missing") for e in errors)
        assert any(e.startswith("bench_seats: expected a whole number") for e in errors)
        assert len(errors) == 5

    @pytest.mark.parametrize("data", [
        {"width": -85}, {"width": 0}, {"corner_radius": -1}, {"length": math.inf},
        {"goal_width": math.nan},
    ])
    def test_impossible_values_are_refused(self, data: dict[str, float]) -> None:
        base = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 13}
        with pytest.raises(RinkFormatError) as caught:
            RinkDimensions.from_mapping(base | data)
        assert caught.value.errors[0].startswith(next(iter(data)))

    def test_not_a_mapping(self) -> None:
        with pytest.raises(RinkFormatError, match="must be a mapping"):
            RinkDimensions.from_mapping([85, 185])  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "size"), [
    ("6x4", (6.0, 4.0)), ("5 x 3.5", (5.0, 3.5)), ("6'x4'", (6.0, 4.0)), ("5×3.5", (5.0, 3.5)),
])
def test_parse_goal(text: str, size: tuple[float, float]) -> None:
    assert parse_goal(text) == size


@pytest.mark.parametrize("text", ["6", "6x", "x4", "six by four", "6x4x2"])
def test_parse_goal_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
        parse_goal(text)
