"""SVG text of a rink drawing (:mod:`.geometry`), written by hand.

The view box is in feet, the rink's own coordinates (x along the length, y
across), so the drawing is proportional by construction and an element's
position reads as feet; ``scale`` (pixels a foot) sets only the displayed
size. Floor markings are clipped to the boards; each element's class is its
role (``end-spot``, ``goal-line``...).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from rinkside.rink.geometry import (
    DEFAULT_SCALE,
    Arc,
    Circle,
    Line,
    Primitive,
    Rect,
    RinkDrawing,
    RoundedRect,
    Style,
)

__all__ = ["to_svg"]


def _n(value: float) -> str:
    """A coordinate, short: 12.5, 3.333."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _style(style: Style) -> str:
    parts = [f'fill="{style.fill or "none"}"']
    if style.stroke is not None:
        parts.append(f'stroke="{style.stroke}" stroke-width="{_n(style.width)}"')
    return " ".join(parts)


def _point(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _arc(item: Arc) -> list[str]:
    """A filled arc is its sector (fill only); a stroked arc the curve itself."""
    x1, y1 = _point(item.cx, item.cy, item.r, item.start)
    x2, y2 = _point(item.cx, item.cy, item.r, item.end)
    large = 1 if (item.end - item.start) % 360 > 180 else 0
    curve = f"A {_n(item.r)} {_n(item.r)} 0 {large} 1 {_n(x2)} {_n(y2)}"
    out = []
    if item.style.fill is not None:
        out.append(f'<path class="{item.role}" d="M {_n(item.cx)} {_n(item.cy)} '
                   f'L {_n(x1)} {_n(y1)} {curve} Z" fill="{item.style.fill}"/>')
    if item.style.stroke is not None:
        out.append(f'<path class="{item.role}" d="M {_n(x1)} {_n(y1)} {curve}" '
                   f'{_style(Style(item.style.stroke, item.style.width))}/>')
    return out


def _element(item: Primitive) -> list[str]:
    if isinstance(item, Line):
        return [(f'<line class="{item.role}" x1="{_n(item.x1)}" y1="{_n(item.y1)}" '
                 f'x2="{_n(item.x2)}" y2="{_n(item.y2)}" {_style(item.style)}/>')]
    if isinstance(item, Circle):
        return [(f'<circle class="{item.role}" cx="{_n(item.cx)}" cy="{_n(item.cy)}" '
                 f'r="{_n(item.r)}" {_style(item.style)}/>')]
    if isinstance(item, Arc):
        return _arc(item)
    if isinstance(item, Rect):
        return [(f'<rect class="{item.role}" x="{_n(item.x)}" y="{_n(item.y)}" '
                 f'width="{_n(item.w)}" height="{_n(item.h)}" {_style(item.style)}/>')]
    if isinstance(item, RoundedRect):
        return [(f'<rect class="{item.role}" x="{_n(item.x)}" y="{_n(item.y)}" '
                 f'width="{_n(item.w)}" height="{_n(item.h)}" rx="{_n(item.radius)}" '
                 f'ry="{_n(item.radius)}" {_style(item.style)}/>')]
    return [(f'<text class="{item.role}" x="{_n(item.x)}" y="{_n(item.y)}" '
             f'font-size="{_n(item.size)}" font-family="sans-serif" fill="{item.fill}" '
             f'text-anchor="{item.anchor}" dominant-baseline="central">'
             f'{escape(item.text)}</text>')]


def to_svg(drawing: RinkDrawing, *, scale: float = DEFAULT_SCALE) -> str:
    """The drawing as a standalone SVG document, ``scale`` pixels to the foot."""
    if not (math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be more than zero pixels a foot, got {scale!r}")
    dims, floor = drawing.dims, drawing.surface
    title = f"Rink {dims.width:g} x {dims.length:g} ft"
    view = " ".join(_n(v) for v in (drawing.left, drawing.top, drawing.width, drawing.height))
    lines = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" '
         f'width="{_n(drawing.width * scale)}" height="{_n(drawing.height * scale)}" '
         f'role="img" aria-label={quoteattr(title)}>'),
        f"<title>{escape(title)}</title>",
        ('<defs><clipPath id="rink-floor">'
         f'<rect x="{_n(floor.x)}" y="{_n(floor.y)}" width="{_n(floor.w)}" '
         f'height="{_n(floor.h)}" rx="{_n(floor.radius)}" ry="{_n(floor.radius)}"/>'
         "</clipPath></defs>"),
        (f'<rect class="background" x="{_n(drawing.left)}" y="{_n(drawing.top)}" '
         f'width="{_n(drawing.width)}" height="{_n(drawing.height)}" fill="#ffffff"/>'),
    ]
    group_open = False
    for item in drawing.items:
        if item.on_floor and not group_open:
            lines.append('<g class="markings" clip-path="url(#rink-floor)">')
            group_open = True
        elif not item.on_floor and group_open:
            lines.append("</g>")
            group_open = False
        lines += _element(item)
    if group_open:
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
