"""Rink drawings: the smallest and largest legal rinks and a failing one, as
SVG (parsed as XML, elements where the book puts them) and PNG (opened with
Pillow at the drawing's proportions). Each is kept under ``test-output/rink/``."""

from __future__ import annotations

import io
import math
from xml.etree import ElementTree

import pytest
from PIL import Image
from rinkkit import Keep

from rinkside.rink import RinkDimensions, RinkNotDrawable, layout
from rinkside.rink.geometry import Arc, Circle, Line, Rect, Text
from rinkside.rink.png import to_png
from rinkside.rink.svg import to_svg

SVG = "{http://www.w3.org/2000/svg}"

SMALLEST = RinkDimensions(60, 160, 15, 12)
LARGEST = RinkDimensions(110, 210, 28, 15, 5, 3.5, bench_seats=14)
FAILING = RinkDimensions(58, 215, 0, 16, 5, 4)


def _by_class(root: ElementTree.Element, cls: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def _f(element: ElementTree.Element, attribute: str) -> float:
    return float(element.get(attribute, "nan"))


@pytest.mark.parametrize(("name", "dims"), [("smallest", SMALLEST), ("largest", LARGEST),
                                            ("failing", FAILING)])
class TestSvg:
    def test_parses_and_keeps_the_book_positions(self, name: str, dims: RinkDimensions,
                                                 keep: Keep) -> None:
        text = to_svg(layout(dims), scale=5)
        keep(f"rink-{name}.svg", text)
        root = ElementTree.fromstring(text)
        assert root.tag == f"{SVG}svg"
        # The view box is in feet: the rink's own coordinates.
        left, top, width, height = map(float, root.get("viewBox", "").split())
        assert _f(root, "width") == pytest.approx(width * 5)
        floor = _by_class(root, "floor")[0]
        assert (_f(floor, "width"), _f(floor, "height")) == (dims.length, dims.width)
        assert _f(floor, "rx") == dims.corner_radius
        # Rule 104(b): end-zone spots 20 ft out from each goal line, at 25% and 75%
        # of the width; their x positions follow the length.
        spots = _by_class(root, "end-spot")
        near = dims.goal_line_distance + 20
        found = sorted((round(_f(s, "cx"), 3), round(_f(s, "cy"), 3)) for s in spots)
        assert found == sorted((round(x, 3), round(y, 3)) for x in (near, dims.length - near)
                               for y in (dims.width / 4, dims.width * 3 / 4))
        assert {round(_f(s, "cx") / dims.length, 4) for s in spots} == {
            round(near / dims.length, 4), round(1 - near / dims.length, 4)}
        assert all(_f(s, "r") == pytest.approx(1.0) for s in spots)  # 12 in radius
        circles = _by_class(root, "end-circle") + _by_class(root, "centre-circle")
        assert [_f(c, "r") for c in circles] == [15.0] * 5  # Rule 104: 15 ft circles
        centre = _by_class(root, "centre-spot")[0]
        assert (_f(centre, "cx"), _f(centre, "cy")) == (dims.length / 2, dims.width / 2)
        # Rule 103(c): the goal lines at the goal-line distance from each end.
        xs = sorted(_f(g, "x1") for g in _by_class(root, "goal-line"))
        assert xs == pytest.approx([dims.goal_line_distance,
                                    dims.length - dims.goal_line_distance])
        # Rule 102(a): the goals as wide as the book's goal, on the goal lines.
        goals = _by_class(root, "goal")
        assert [_f(g, "height") for g in goals] == [dims.goal_width] * 2
        # Floor markings sit in a group clipped to the boards.
        assert all(e.get("clip-path") == "url(#rink-floor)"
                   for e in _by_class(root, "markings"))
        # Everything drawn lies within the view box.
        for e in root.iter(f"{SVG}circle"):
            assert left <= _f(e, "cx") - _f(e, "r") and _f(e, "cx") + _f(e, "r") <= left + width
            assert top <= _f(e, "cy") - _f(e, "r") and _f(e, "cy") + _f(e, "r") <= top + height

    def test_png_at_the_drawings_proportions(self, name: str, dims: RinkDimensions,
                                             keep: Keep) -> None:
        drawing = layout(dims)
        data = to_png(drawing, scale=4)
        keep(f"rink-{name}.png", data)
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG"
        assert image.size == (round(drawing.width * 4), round(drawing.height * 4))
        assert image.size[0] / image.size[1] == pytest.approx(
            drawing.width / drawing.height, rel=0.01)
        # The floor is painted, the boards' corner is not floor: sample pixels.
        rgb = image.convert("RGB")
        cx, cy = ((dims.length / 2 + 10 - drawing.left) * 4,
                  (dims.width / 4 - drawing.top) * 4)  # 10 ft right of centre: bare floor
        assert rgb.getpixel((round(cx), round(cy))) == (0xF4, 0xF6, 0xF8)
        spot_x, spot_y = dims.goal_line_distance + 20, dims.width / 4
        red = rgb.getpixel((round((spot_x - drawing.left) * 4), round((spot_y - drawing.top) * 4)))
        assert isinstance(red, tuple) and red[0] > 150 and red[1] < 80  # a red face-off spot


def test_the_drawing_scales_with_the_rink() -> None:
    small, large = layout(SMALLEST), layout(LARGEST)
    assert large.surface.w / small.surface.w == pytest.approx(210 / 160)
    assert large.surface.h / small.surface.h == pytest.approx(110 / 60)
    # The crease scales with the goal (Rule 103(b)): 6 ft for 6 ft goals, 5 ft for 5.
    assert {a.r for a in small.by_role("crease") if isinstance(a, Arc)} == {6.0}
    assert {a.r for a in large.by_role("crease") if isinstance(a, Arc)} == {5.0}


def test_crease_l_marks_are_four_feet_out_on_the_semicircle() -> None:
    drawing = layout(RinkDimensions(85, 185, 20, 13))
    corners = {(line.x1, line.y1) for line in drawing.by_role("crease-l")
               if isinstance(line, Line)}
    assert len(corners) == 4
    for x, y in corners:
        out = abs(x - 13) if x < 92.5 else abs(185 - 13 - x)
        assert out == pytest.approx(4.0)  # Rule 103(b): the 4 ft line
        assert math.hypot(out, y - 42.5) == pytest.approx(6.0)  # on the 6 ft semicircle


def test_hash_marks_are_cut_at_the_boards() -> None:
    drawing = layout(SMALLEST)
    for line in drawing.by_role("hash-mark"):
        assert isinstance(line, Line)
        assert 0 <= min(line.y1, line.y2) and max(line.y1, line.y2) <= SMALLEST.width
        assert abs(line.y2 - line.y1) <= 2.0 + 1e-9  # Rule 104: 2 ft long
    full = [line for line in layout(LARGEST).by_role("hash-mark") if isinstance(line, Line)]
    assert len(full) == 20 and all(abs(h.y2 - h.y1) == pytest.approx(2.0) for h in full)


def test_goal_lines_end_at_the_rounded_boards() -> None:
    dims = RinkDimensions(85, 185, 28, 12)  # the goal line crosses the corner arcs
    (left, _) = [g for g in layout(dims).by_role("goal-line") if isinstance(g, Line)]
    inset = 28 - math.sqrt(28**2 - (28 - 12) ** 2)
    assert (left.y1, left.y2) == pytest.approx((inset, 85 - inset))


def test_benches_and_referee_crease() -> None:
    drawing = layout(LARGEST)
    benches = [b for b in drawing.by_role("players-bench") if isinstance(b, Rect)]
    penalty = [b for b in drawing.by_role("penalty-bench") if isinstance(b, Rect)]
    # Rule 105(a): alongside the floor, one each side of centre, seats at 2 ft each;
    # Rule 106(a): the penalty bench across the floor from them.
    assert [b.w for b in benches] == [14 * 2.0] * 2
    assert all(b.y > LARGEST.width for b in benches)
    assert benches[0].x + benches[0].w < 105 < benches[1].x
    assert penalty and penalty[0].y + penalty[0].h < 0
    (crease,) = [a for a in drawing.by_role("referee-crease") if isinstance(a, Arc)]
    assert (crease.cx, crease.cy, crease.r) == (105, 0, 10.0)  # Rule 107(a)
    assert not [c for c in drawing.by_role("end-circle") if isinstance(c, Circle)
                and math.hypot(c.cx - crease.cx, c.cy - crease.cy) < c.r + crease.r]


def test_a_failing_rink_is_drawn_with_its_problems() -> None:
    drawing = layout(FAILING)
    texts = [t.text for t in drawing.items if isinstance(t, Text) and t.role == "problem"]
    joined = " ".join(texts)
    for rule in ("101(c)", "102(a)", "103(c)"):
        assert f"Rule {rule}" in joined
    caption = [t.text for t in drawing.by_role("caption") if isinstance(t, Text)]
    assert caption and "fails the RHA rule book" in caption[0]


def test_a_rink_whose_boards_cannot_close_is_refused() -> None:
    with pytest.raises(RinkNotDrawable, match=r"Rule 101\(c\)"):
        layout(RinkDimensions(85, 185, 50, 13))


def test_scale_limits() -> None:
    drawing = layout(SMALLEST)
    with pytest.raises(ValueError, match="scale"):
        to_svg(drawing, scale=0)
    with pytest.raises(ValueError, match="too large"):
        to_png(drawing, scale=100)
