"""PNG bytes of a rink drawing (:mod:`.geometry`), painted with Pillow.

The same primitives as the SVG, ``scale`` pixels to the foot, painted at
twice the size and scaled down for smooth edges. Floor markings go on a layer
masked by the floor, so paint stops at the boards as in the SVG. Lines are at
least one pixel wide, however small the scale.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from rinkside.rink.geometry import (
    DEFAULT_SCALE,
    Arc,
    Circle,
    Line,
    Primitive,
    Rect,
    RinkDrawing,
    RoundedRect,
)

__all__ = ["MAX_PIXELS", "to_png"]

SUPERSAMPLE = 2
MAX_PIXELS = 8000  # the longest side allowed, so a wild scale cannot exhaust memory

_Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=32)
def _font(size: int) -> _Font:
    return ImageFont.load_default(size=max(size, 1))


class _Painter:
    """Feet to pixels for one image: ``s`` pixels a foot from the view box corner."""

    def __init__(self, drawing: RinkDrawing, s: float) -> None:
        self.left, self.top, self.s = drawing.left, drawing.top, s

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.left) * self.s, (y - self.top) * self.s

    def box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        x0, y0 = self.xy(x, y)
        return x0, y0, x0 + w * self.s, y0 + h * self.s

    def px(self, feet: float) -> int:
        return max(SUPERSAMPLE, round(feet * self.s))

    def paint(self, draw: ImageDraw.ImageDraw, item: Primitive) -> None:
        if isinstance(item, Line):
            draw.line([self.xy(item.x1, item.y1), self.xy(item.x2, item.y2)],
                      fill=item.style.stroke, width=self.px(item.style.width))
        elif isinstance(item, Circle):
            draw.ellipse(self.box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r),
                         fill=item.style.fill, outline=item.style.stroke,
                         width=self.px(item.style.width) if item.style.stroke else 0)
        elif isinstance(item, Arc):
            bbox = self.box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
            if item.style.fill is not None:
                draw.pieslice(bbox, item.start, item.end, fill=item.style.fill)
            if item.style.stroke is not None:
                draw.arc(bbox, item.start, item.end, fill=item.style.stroke,
                         width=self.px(item.style.width))
        elif isinstance(item, Rect):
            draw.rectangle(self.box(item.x, item.y, item.w, item.h), fill=item.style.fill,
                           outline=item.style.stroke,
                           width=self.px(item.style.width) if item.style.stroke else 0)
        elif isinstance(item, RoundedRect):
            draw.rounded_rectangle(self.box(item.x, item.y, item.w, item.h),
                                   radius=item.radius * self.s, fill=item.style.fill,
                                   outline=item.style.stroke,
                                   width=self.px(item.style.width) if item.style.stroke else 0)
        else:
            draw.text(self.xy(item.x, item.y), item.text, fill=item.fill,
                      font=_font(round(item.size * self.s)),
                      anchor="mm" if item.anchor == "middle" else "lm")


def to_png(drawing: RinkDrawing, *, scale: float = DEFAULT_SCALE) -> bytes:
    """The drawing as PNG bytes, ``scale`` pixels to the foot."""
    if not (math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be more than zero pixels a foot, got {scale!r}")
    size = (max(1, round(drawing.width * scale)), max(1, round(drawing.height * scale)))
    if max(size) > MAX_PIXELS:
        raise ValueError(f"a {size[0]} x {size[1]} px image is too large "
                         f"(at most {MAX_PIXELS} px a side); use a smaller scale")
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    painter = _Painter(drawing, scale * SUPERSAMPLE)
    image = Image.new("RGB", big, "#ffffff")
    floor = drawing.surface
    mask = Image.new("L", big, 0)
    ImageDraw.Draw(mask).rounded_rectangle(painter.box(floor.x, floor.y, floor.w, floor.h),
                                           radius=floor.radius * painter.s, fill=255)
    layer: Image.Image | None = None
    for item in drawing.items:
        if item.on_floor:
            if layer is None:
                layer = Image.new("RGBA", big, (0, 0, 0, 0))
            painter.paint(ImageDraw.Draw(layer), item)
            continue
        if layer is not None:
            image.paste(layer, (0, 0), _clipped(layer, mask))
            layer = None
        painter.paint(ImageDraw.Draw(image), item)
    if layer is not None:
        image.paste(layer, (0, 0), _clipped(layer, mask))
    out = io.BytesIO()
    image.resize(size, Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


def _clipped(layer: Image.Image, mask: Image.Image) -> Image.Image:
    """The layer's own transparency, cut to the floor."""
    return ImageChops.multiply(layer.getchannel("A"), mask)
