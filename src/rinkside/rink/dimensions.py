"""A rink's dimensions and their check against Section I (Rules 101-107).

Lengths are feet as floats. The book's limits are whole feet (60-110, 160-210,
12-15) or halves (a 3.5 ft goal), all exact in binary floating point, so a
number a director types compares exactly; the drawing needs floats anyway, and
a surveyed rink (85 ft 4 in) has no whole number of inches to force. The few
inch measures of the book (2 in lines, 12 in spots) are converted once, by
:func:`inches`.

:func:`check_rink` answers with :class:`RinkProblem` values, each naming its
rule: ``ERROR`` where the book says shall/must/may only vary between, ``ADVICE``
where it says should/recommended. A rink passes with advice only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

__all__ = [
    "GOAL_SIZES",
    "RinkDimensions",
    "RinkFormatError",
    "RinkProblem",
    "Severity",
    "board_inset",
    "check_rink",
    "end_spot_centres",
    "failures",
    "hash_mark_ends",
    "inches",
    "parse_goal",
]


def inches(value: float) -> float:
    """Inches in feet."""
    return value / 12


# Rule 101(c): the rink surface, feet.
WIDTH_RANGE = (60.0, 110.0)
LENGTH_RANGE = (160.0, 210.0)
# Rule 102(a): 6 ft wide by 4 ft tall, or 5 ft by 3.5 ft; pipes at least 2 in across.
GOAL_SIZES: tuple[tuple[float, float], ...] = ((6.0, 4.0), (5.0, 3.5))
MIN_POST_DIAMETER_IN = 2.0
# Rule 103(c): the goal line 12 to 15 ft from each end of the rink.
GOAL_LINE_RANGE = (12.0, 15.0)
# Rule 104(b): end-zone spots 20 ft out from the goal line, 25% of the width from
# the side boards, inside a 15 ft circle with 2 ft hash marks 4 ft apart.
END_SPOT_OUT = 20.0
END_SPOT_ACROSS = 0.25
FACEOFF_CIRCLE_RADIUS = 15.0
HASH_LENGTH = 2.0
HASH_APART = 4.0
# Rule 105(a): each players' bench seats at least 10 persons.
MIN_BENCH_SEATS = 10


class Severity(StrEnum):
    """ERROR: the book says shall, must or may only vary between; ADVICE: should."""

    ERROR = "error"
    ADVICE = "advice"


@dataclass(frozen=True, slots=True)
class RinkProblem:
    """One way a rink departs from the book: its rule, the field and a sentence."""

    rule: str
    field: str
    text: str
    severity: Severity = Severity.ERROR

    @property
    def message(self) -> str:
        """The sentence as a user sees it, rule first: ``Rule 101(c): ...``."""
        return f"Rule {self.rule}: {self.text}"

    def __str__(self) -> str:
        return self.message


class RinkFormatError(ValueError):
    """Dimensions that cannot be read: one sentence per bad field in ``errors``."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("; ".join(errors))


@dataclass(frozen=True, slots=True)
class RinkDimensions:
    """A rink surface in feet (Rules 101-105).

    ``goal_post_diameter`` is in inches as the book gives it (102(a)); it and
    ``bench_seats`` (105(a)) are checked only when known.
    """

    width: float
    length: float
    corner_radius: float
    goal_line_distance: float
    goal_width: float = 6.0
    goal_height: float = 4.0
    goal_post_diameter: float | None = None
    bench_seats: int | None = None

    def __post_init__(self) -> None:
        errors = _field_errors(self)
        if errors:
            raise RinkFormatError(errors)

    @property
    def goal_scale(self) -> float:
        """The crease's proportion to the 6 ft goal it is drawn for (Rule 103(b))."""
        return self.goal_width / GOAL_SIZES[0][0]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RinkDimensions:
        """Dimensions from a JSON/TOML mapping (the store keeps a rink as one);
        every bad, missing or unknown field is reported in one RinkFormatError."""
        if not isinstance(data, Mapping):
            raise RinkFormatError([f"rink dimensions must be a mapping, not {_kind(data)}"])
        known = {f.name: f for f in fields(cls)}
        errors = [f"unknown field {key!r} (known: {', '.join(known)})"
                  for key in data if key not in known]
        values: dict[str, Any] = {}
        for name in known:
            if name not in data or data[name] is None:
                if name in _REQUIRED:
                    errors.append(f"{name}: missing (feet)")
                continue
            value = _number(name, data[name], errors)
            if value is not None:
                values[name] = value
        if errors:
            raise RinkFormatError(errors)
        return cls(**values)

    def to_mapping(self) -> dict[str, float]:
        """The fields as a JSON-ready mapping; unknown optional ones left out."""
        out: dict[str, float] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value
        return out


_REQUIRED = ("width", "length", "corner_radius", "goal_line_distance")


def _kind(value: object) -> str:
    return type(value).__name__


def _number(name: str, value: object, errors: list[str]) -> float | int | None:
    """The field's value as a number, or None with a sentence in ``errors``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        errors.append(f"{name}: expected a number, got {value!r}")
        return None
    if name == "bench_seats":
        if not float(value).is_integer():
            errors.append(f"bench_seats: expected a whole number, got {value!r}")
            return None
        return int(value)
    return float(value)


def _field_errors(dims: RinkDimensions) -> list[str]:
    """Values no rink can have: not finite, negative, or zero where a size is needed."""
    errors = []
    for f in fields(dims):
        value = getattr(dims, f.name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            errors.append(f"{f.name}: expected a number, got {value!r}")
        elif not math.isfinite(value):
            errors.append(f"{f.name}: must be a finite number, got {value!r}")
        elif value < 0 or (value == 0 and f.name != "corner_radius"):
            need = "zero or more" if f.name == "corner_radius" else "more than zero"
            errors.append(f"{f.name}: must be {need}, got {value:g}")
    return errors


_GOAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:ft|')?\s*[x×X*]\s*(\d+(?:\.\d+)?)\s*(?:ft|')?\s*$")


def parse_goal(text: str) -> tuple[float, float]:
    """``"6x4"`` or ``"5 x 3.5"`` -> (width, height) in feet (Rule 102(a))."""
    match = _GOAL.match(text)
    if match is None:
        raise ValueError(f"goal size {text!r}: expected WIDTHxHEIGHT in feet, e.g. 6x4 or 5x3.5")
    return float(match.group(1)), float(match.group(2))


def _ft(value: float) -> str:
    return f"{value:g} ft"


def _between(problems: list[RinkProblem], rule: str, field: str, what: str, value: float,
             bounds: tuple[float, float]) -> None:
    low, high = bounds
    if not low <= value <= high:
        problems.append(RinkProblem(rule, field, f"{what} is {_ft(value)}; the book allows "
                                                 f"{low:g} to {high:g} ft."))


def check_rink(dims: RinkDimensions) -> list[RinkProblem]:
    """Every way ``dims`` departs from Rules 101-105, in the book's order."""
    problems: list[RinkProblem] = []
    # Rule 101(c): 60 to 110 ft wide, 160 to 210 ft long.
    _between(problems, "101(c)", "width", "the width", dims.width, WIDTH_RANGE)
    _between(problems, "101(c)", "length", "the length", dims.length, LENGTH_RANGE)
    problems += _corner_problems(dims)
    # Rule 102(a): 6 x 4 ft goals, or 5 x 3.5 ft; pipes of 2 in or more.
    if (dims.goal_width, dims.goal_height) not in GOAL_SIZES:
        problems.append(RinkProblem(
            "102(a)", "goal_width",
            f"the goals are {dims.goal_width:g} x {dims.goal_height:g} ft; "
            "they must be 6 x 4 ft (or 5 x 3.5 ft)."))
    if dims.goal_post_diameter is not None and dims.goal_post_diameter < MIN_POST_DIAMETER_IN:
        problems.append(RinkProblem(
            "102(a)", "goal_post_diameter",
            f"the goal pipes are {dims.goal_post_diameter:g} in across; "
            f"the minimum is {MIN_POST_DIAMETER_IN:g} in."))
    # Rule 103(c): the goal line 12 to 15 ft from each end.
    _between(problems, "103(c)", "goal_line_distance", "the goal line's distance from the end",
             dims.goal_line_distance, GOAL_LINE_RANGE)
    problems += _end_circle_problems(dims)
    # Rule 105(a): benches for at least 10 persons.
    if dims.bench_seats is not None and dims.bench_seats < MIN_BENCH_SEATS:
        problems.append(RinkProblem(
            "105(a)", "bench_seats",
            f"each players' bench seats {dims.bench_seats}; it must seat at least "
            f"{MIN_BENCH_SEATS} persons."))
    return problems


def failures(problems: list[RinkProblem]) -> list[RinkProblem]:
    """The problems that fail the book (advice left out)."""
    return [p for p in problems if p.severity is Severity.ERROR]


def _corner_problems(dims: RinkDimensions) -> list[RinkProblem]:
    """Rule 101(c): corners 'recommended' uniformly rounded (one radius for all four,
    as this record holds); a radius over half the width or length is no rink."""
    half = min(dims.width, dims.length) / 2
    if dims.corner_radius > half:
        return [RinkProblem(
            "101(c)", "corner_radius",
            f"a corner radius of {_ft(dims.corner_radius)} cannot fit a rink "
            f"{_ft(dims.width)} wide; it can be at most half the width ({_ft(half)}).")]
    if dims.corner_radius == 0:
        return [RinkProblem("101(c)", "corner_radius",
                            "square corners: the book recommends corners rounded in the arc "
                            "of a circle.", Severity.ADVICE)]
    return []


def board_inset(dims: RinkDimensions, x: float) -> float:
    """How far the boards are from the bounding rectangle's long side at ``x`` feet
    along the length: 0 along the straight sides, more in the rounded corners."""
    r = dims.corner_radius
    along = min(x, dims.length - x)
    if along >= r:
        return 0.0
    if along < 0:
        return math.inf
    return r - math.sqrt(max(r * r - (r - along) ** 2, 0.0))


def end_spot_centres(dims: RinkDimensions) -> list[tuple[float, float]]:
    """The four end-zone face-off spots (Rule 104(b)): 20 ft out from each goal
    line, 25% of the width in from each side board; (x along the length, y across)."""
    near = dims.goal_line_distance + END_SPOT_OUT
    xs = (near, dims.length - near)
    ys = (dims.width * END_SPOT_ACROSS, dims.width * (1 - END_SPOT_ACROSS))
    return [(x, y) for x in xs for y in ys]


def _circle_inside(dims: RinkDimensions, cx: float, cy: float, radius: float) -> bool:
    """Whether a circle lies inside the boards (a rectangle with rounded corners)."""
    if not (radius <= cx <= dims.length - radius and radius <= cy <= dims.width - radius):
        return False
    r = dims.corner_radius
    if r <= radius:
        return True
    # The corner centre nearest the circle; inside the corner square the circle
    # must sit within the arc's circle shrunk by its own radius.
    kx = min(max(cx, r), dims.length - r)
    ky = min(max(cy, r), dims.width - r)
    return math.hypot(cx - kx, cy - ky) <= r - radius + 1e-9


def hash_mark_ends(dims: RinkDimensions, cx: float, cy: float) -> list[tuple[float, float]]:
    """The outer ends of a face-off circle's four hash marks (Rule 104): 2 ft lines
    4 ft apart on both sides of the 15 ft circle, toward the side boards."""
    dx = HASH_APART / 2
    edge = math.sqrt(FACEOFF_CIRCLE_RADIUS**2 - dx**2)
    reach = edge + HASH_LENGTH
    return [(cx + sx * dx, cy + sy * reach) for sx in (-1, 1) for sy in (-1, 1)]


def _end_circle_problems(dims: RinkDimensions) -> list[RinkProblem]:
    """Rule 104(b): the end-zone circles must fit inside the boards; their hash
    marks too, else they are cut at the boards (advice)."""
    if dims.corner_radius > min(dims.width, dims.length) / 2:
        return []  # no boards to fit in; reported under 101(c)
    for cx, cy in end_spot_centres(dims):
        # Too narrow for them (a quarter of the width under 15 ft) is exactly a width
        # under 60 ft, reported under 101(c); here only the corners cutting in.
        narrow = min(cy, dims.width - cy) < FACEOFF_CIRCLE_RADIUS
        if not narrow and not _circle_inside(dims, cx, cy, FACEOFF_CIRCLE_RADIUS):
            return [RinkProblem(
                "104(b)", "corner_radius",
                f"the end-zone face-off circles ({FACEOFF_CIRCLE_RADIUS:g} ft around spots "
                f"{END_SPOT_OUT:g} ft out from the goal line, {END_SPOT_ACROSS:.0%} of the width "
                "from the side boards) cross the rounded corners; a smaller corner radius or "
                "a longer goal-line distance fits them.")]
    for cx, cy in end_spot_centres(dims):
        for x, y in hash_mark_ends(dims, cx, cy):
            inset = board_inset(dims, x)
            if not inset <= y <= dims.width - inset:
                return [RinkProblem(
                    "104(b)", "width",
                    f"the end-zone circles' {HASH_LENGTH:g} ft hash marks reach past the side "
                    f"boards at a width of {_ft(dims.width)}; they are cut at the boards.",
                    Severity.ADVICE)]
    return []
