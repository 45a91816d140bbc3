"""The rink laid out to scale as drawing primitives, in feet (Rules 101-107).

Coordinates: x along the length from the left end boards, y across the width
from the top side boards, y pointing down (as in SVG and Pillow); angles in
degrees clockwise from +x. The renderers (:mod:`.svg`, :mod:`.png`) only
scale these. Every primitive has a ``role`` (the SVG class) and ``on_floor``:
floor markings are clipped to the boards, as paint is.

Where the book gives no measure (board thickness, net depth, bench size) the
value is ours, named and commented as such.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from rinkside.rink.dimensions import (
    FACEOFF_CIRCLE_RADIUS,
    HASH_APART,
    HASH_LENGTH,
    MIN_BENCH_SEATS,
    RinkDimensions,
    RinkProblem,
    Severity,
    board_inset,
    check_rink,
    end_spot_centres,
    failures,
    inches,
)

__all__ = [
    "DEFAULT_SCALE",
    "Arc",
    "Circle",
    "Line",
    "Primitive",
    "Rect",
    "RinkDrawing",
    "RinkNotDrawable",
    "RoundedRect",
    "Style",
    "Text",
    "layout",
]

# Colours: the book allows red or blue for every marking (103-104, 107).
RED = "#c8102e"
BLUE = "#0033a0"
CREASE_FILL = "#cfe8f7"  # not in the book: shows the crease area
FLOOR = "#f4f6f8"
BOARDS = "#222222"
BENCH = "#d9d2c3"
INK = "#222222"
PROBLEM_INK = "#b00020"
ADVICE_INK = "#8a5a00"

LINE = inches(2)  # Rules 103(a), 103(c), 104(a), 104(b), 107(a): lines 2 in wide
BOARD_THICKNESS = inches(6)  # not in the book
CREASE_RADIUS = 6.0  # Rule 103(b): semicircle of 6 ft for 6 x 4 goals
L_MARK_OUT = 4.0  # Rule 103(b): the imaginary 4 ft line from the goal line
L_MARK_LEG = inches(5)  # Rule 103(b): L of 5 in, both lines
NET_DEPTH = inches(40)  # not in the book: an NHL-style net (102(a)) about 40 in deep
POST = inches(2)  # Rule 102(a): pipes at least 2 in across
CENTRE_SPOT_RADIUS = inches(6)  # Rule 104(a): a 12 in spot (read as its diameter)
END_SPOT_RADIUS = inches(12)  # Rule 104(b): spot circles of 12 in radius
REFEREE_CREASE_RADIUS = 10.0  # Rule 107(a)
SEAT = 2.0  # not in the book: 2 ft of bench per person seated
BENCH_DEPTH = 4.0  # not in the book
BENCH_GAP = 3.0  # not in the book: each bench this far from the centre line
BENCH_OFF_BOARDS = 1.5  # not in the book
PENALTY_BENCH_LENGTH = 24.0  # not in the book
MARGIN = 8.0  # space around the boards for the benches
DEFAULT_SCALE = 5.0  # pixels a foot a drawing is shown at (SVG and PNG) unless asked otherwise


@dataclass(frozen=True, slots=True)
class Style:
    """Stroke colour and width (feet), fill colour; None draws nothing."""

    stroke: str | None = None
    width: float = 0.0
    fill: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    role: str
    style: Style
    on_floor: bool = True


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    role: str
    style: Style
    on_floor: bool = True


@dataclass(frozen=True, slots=True)
class Arc:
    """An arc from ``start`` to ``end`` degrees; with a fill, the sector is filled."""

    cx: float
    cy: float
    r: float
    start: float
    end: float
    role: str
    style: Style
    on_floor: bool = True


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    role: str
    style: Style
    on_floor: bool = False


@dataclass(frozen=True, slots=True)
class RoundedRect:
    x: float
    y: float
    w: float
    h: float
    radius: float
    role: str
    style: Style
    on_floor: bool = False


@dataclass(frozen=True, slots=True)
class Text:
    """Text centred on (x, y) (``anchor`` "middle"), or starting there ("start")."""

    x: float
    y: float
    text: str
    size: float
    role: str
    fill: str = INK
    anchor: str = "middle"
    on_floor: bool = False


Primitive = Line | Circle | Arc | Rect | RoundedRect | Text


class RinkNotDrawable(ValueError):
    """Dimensions no rink can be drawn from (the boards cannot close)."""

    def __init__(self, problem: RinkProblem) -> None:
        self.problem = problem
        super().__init__(problem.message)


@dataclass(frozen=True, slots=True)
class RinkDrawing:
    """The rink's primitives in painting order, the view box around them (feet)
    and the check's problems (drawn in the caption)."""

    dims: RinkDimensions
    problems: tuple[RinkProblem, ...]
    left: float
    top: float
    width: float
    height: float
    surface: RoundedRect
    items: tuple[Primitive, ...]

    def by_role(self, role: str) -> list[Primitive]:
        return [item for item in self.items if item.role == role]


def _stroke(colour: str, width: float = LINE) -> Style:
    return Style(stroke=colour, width=width)


def _fill(colour: str) -> Style:
    return Style(fill=colour)


def layout(dims: RinkDimensions) -> RinkDrawing:
    """The rink of ``dims`` drawn by the book, problems and all; refused only when
    the corner radius leaves no boards to draw (Rule 101(c))."""
    problems = tuple(check_rink(dims))
    for problem in problems:
        if problem.rule == "101(c)" and problem.field == "corner_radius" and \
                problem.severity is Severity.ERROR:
            raise RinkNotDrawable(problem)
    length, width = dims.length, dims.width
    surface = RoundedRect(0, 0, length, width, dims.corner_radius, "floor", _fill(FLOOR))
    items: list[Primitive] = [surface]
    items += _centre(dims)
    for end in (_left_end(dims), _right_end(dims)):
        items += _goal_line(dims, end)
        items += _crease(dims, end)
    for cx, cy in end_spot_centres(dims):
        items += _faceoff_circle(dims, cx, cy, "end", END_SPOT_RADIUS)
    items += _referee_crease(dims)
    for end in (_left_end(dims), _right_end(dims)):
        items.append(_goal(dims, end))
    # The boards over the floor's edge (thickness ours).
    items.append(RoundedRect(0, 0, length, width, dims.corner_radius, "boards",
                             _stroke(BOARDS, BOARD_THICKNESS)))
    items += _benches(dims)
    caption, caption_height = _caption(dims, problems)
    items += caption
    top = -MARGIN - 2
    return RinkDrawing(dims, problems, -MARGIN, top, length + 2 * MARGIN,
                       width - top + MARGIN + caption_height, surface, tuple(items))


End = Callable[[float], float]  # feet out from an end's goal line -> x


def _left_end(dims: RinkDimensions) -> End:
    return lambda out: dims.goal_line_distance + out


def _right_end(dims: RinkDimensions) -> End:
    return lambda out: dims.length - dims.goal_line_distance - out


def _across(dims: RinkDimensions, x: float) -> tuple[float, float]:
    """The floor's extent across the width at ``x`` (the corners cut it)."""
    inset = board_inset(dims, x)
    return inset, dims.width - inset


def _goal_line(dims: RinkDimensions, end: End) -> list[Primitive]:
    """Rule 103(c): a 2 in line completely across the width, 12-15 ft from the end."""
    x = end(0)
    y1, y2 = _across(dims, x)
    return [Line(x, y1, x, y2, "goal-line", _stroke(RED))]


def _crease(dims: RinkDimensions, end: End) -> list[Primitive]:
    """Rule 103(b): a 6 ft semicircle on the goal line's centre, L marks of 5 in
    where a 4 ft line out from the goal line meets it; all scaled to the goal
    width for other goals ("adjusted proportionally")."""
    k = dims.goal_scale
    radius, out, leg = CREASE_RADIUS * k, L_MARK_OUT * k, L_MARK_LEG * k
    x0, cy = end(0), dims.width / 2
    facing = 1.0 if end(1) > x0 else -1.0
    start = -90.0 if facing > 0 else 90.0
    items: list[Primitive] = [
        Arc(x0, cy, radius, start, start + 180, "crease-area", _fill(CREASE_FILL)),
        Arc(x0, cy, radius, start, start + 180, "crease", _stroke(BLUE)),
    ]
    # The L's corner on the semicircle, one leg back toward the goal line,
    # the other inward along the 4 ft line (our reading of "the arrow").
    side = math.sqrt(radius**2 - out**2)
    for sy in (-1.0, 1.0):
        px, py = end(out), cy + sy * side
        items.append(Line(px, py, end(out - leg), py, "crease-l", _stroke(BLUE)))
        items.append(Line(px, py, px, py - sy * leg, "crease-l", _stroke(BLUE)))
    return items


def _goal(dims: RinkDimensions, end: End) -> Rect:
    """Rule 102(a): the net on the goal line, 6 ft (or 5 ft) between the posts,
    red or blue pipes of 2 in; its depth (ours) scaled like the crease."""
    depth = NET_DEPTH * dims.goal_scale
    x = end(0) if end(1) < end(0) else end(0) - depth
    return Rect(x, dims.width / 2 - dims.goal_width / 2, depth, dims.goal_width, "goal",
                Style(stroke=RED, width=POST, fill="#ffffff"))


def _centre(dims: RinkDimensions) -> list[Primitive]:
    """The centre floor line (Rule 407(d) speaks of it; width ours, 2 in) and the
    centre spot with its circle and hash marks (Rule 104(a))."""
    x, y = dims.length / 2, dims.width / 2
    y1, y2 = _across(dims, x)
    return [Line(x, y1, x, y2, "centre-line", _stroke(RED)),
            *_faceoff_circle(dims, x, y, "centre", CENTRE_SPOT_RADIUS)]


def _faceoff_circle(dims: RinkDimensions, cx: float, cy: float, where: str,
                    spot_radius: float) -> list[Primitive]:
    """Rule 104: a spot, a 15 ft circle of 2 in around it, and on both sides of
    the circle two lines 2 ft long, 2 in wide, 4 ft apart (toward the side
    boards, cut where the boards are nearer)."""
    items: list[Primitive] = [
        Circle(cx, cy, FACEOFF_CIRCLE_RADIUS, f"{where}-circle", _stroke(RED)),
        Circle(cx, cy, spot_radius, f"{where}-spot", _fill(RED)),
    ]
    edge = math.sqrt(FACEOFF_CIRCLE_RADIUS**2 - (HASH_APART / 2) ** 2)
    for sx in (-1.0, 1.0):
        x = cx + sx * HASH_APART / 2
        low, high = _across(dims, x)
        for sy in (-1.0, 1.0):
            inner, outer = cy + sy * edge, cy + sy * (edge + HASH_LENGTH)
            outer = min(max(outer, low), high)
            if abs(outer - inner) > 1e-9 and (outer - inner) * sy > 0:
                items.append(Line(x, inner, x, outer, "hash-mark", _stroke(RED)))
    return items


def _referee_crease(dims: RinkDimensions) -> list[Primitive]:
    """Rule 107(a): a 10 ft semicircle, 2 in wide, in front of the timekeeper's
    seat, which is at the penalty bench (Rule 106(a)) across from the players'."""
    return [Arc(dims.length / 2, 0, REFEREE_CREASE_RADIUS, 0, 180, "referee-crease",
                _stroke(BLUE))]


def _benches(dims: RinkDimensions) -> list[Primitive]:
    """Rule 105(a): two players' benches alongside the floor, as near as possible
    to the centre, each for at least 10 persons (2 ft a seat, ours). Rule 106(a):
    the penalty bench, with the timekeeper and scorer, a substantial distance
    from them: on the other side."""
    seats = max(dims.bench_seats or MIN_BENCH_SEATS, 1)
    run = seats * SEAT
    mid = dims.length / 2
    below = dims.width + BENCH_OFF_BOARDS
    size = BENCH_DEPTH * 0.45
    items: list[Primitive] = []
    for x in (mid - BENCH_GAP - run, mid + BENCH_GAP):
        items.append(Rect(x, below, run, BENCH_DEPTH, "players-bench", _fill(BENCH)))
        items.append(Text(x + run / 2, below + BENCH_DEPTH / 2, "Players' bench", size,
                          "label"))
    above = -BENCH_OFF_BOARDS - BENCH_DEPTH
    items.append(Rect(mid - PENALTY_BENCH_LENGTH / 2, above, PENALTY_BENCH_LENGTH,
                      BENCH_DEPTH, "penalty-bench", _fill(BENCH)))
    items.append(Text(mid, above + BENCH_DEPTH / 2, "Penalty bench · timekeeper", size,
                      "label"))
    return items


def _caption(dims: RinkDimensions,
             problems: tuple[RinkProblem, ...]) -> tuple[list[Primitive], float]:
    """Under the benches: the dimensions, then each problem with its rule."""
    size = max(dims.length / 80, 1.5)
    leading = size * 1.4
    chars = max(int((dims.length + 2 * MARGIN) / (size * 0.55)), 30)
    summary = (f"{dims.width:g} x {dims.length:g} ft, corners {dims.corner_radius:g} ft, "
               f"goal lines {dims.goal_line_distance:g} ft from the ends, goals "
               f"{dims.goal_width:g} x {dims.goal_height:g} ft")
    verdict = ("fails the RHA rule book" if failures(list(problems))
               else "meets Rules 101-107")
    lines: list[tuple[str, str, str]] = [(f"{summary}: {verdict}", INK, "caption")]
    for problem in problems:
        ink = PROBLEM_INK if problem.severity is Severity.ERROR else ADVICE_INK
        lines += [(part, ink, "problem") for part in textwrap.wrap(problem.message, chars)]
    y = dims.width + BENCH_OFF_BOARDS + BENCH_DEPTH + leading
    items: list[Primitive] = []
    for text, ink, role in lines:
        items.append(Text(0, y, text, size, role, fill=ink, anchor="start"))
        y += leading
    return items, len(lines) * leading + leading

